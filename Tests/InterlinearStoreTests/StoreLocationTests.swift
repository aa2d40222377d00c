import Foundation
import InterlinearStore
import Testing

@Suite struct StoreLocationTests {
    @Test func defaultFolderFollowsXDG() {
        #expect(
            StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path
                == "/x/data/interlinear")
        #expect(
            StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path
                == "/h/.local/share/interlinear")
        #expect(
            StoreLocation.defaultDirectory(environment: ["INTERLINEAR_DATA": "/d", "XDG_DATA_HOME": "/x"]).path == "/d")
    }

    @Test func corpusNamesAFileOrAFolder() {
        #expect(StoreLocation.storeFile(explicit: "/nowhere/my.sqlite", environment: [:]).path == "/nowhere/my.sqlite")
        #expect(
            StoreLocation.storeFile(explicit: "/nowhere/folder", environment: [:]).path
                == "/nowhere/folder/interlinear.sqlite")
        #expect(
            StoreLocation.storeFile(explicit: nil, environment: ["INTERLINEAR_DATA": "/d"]).path
                == "/d/interlinear.sqlite")
    }
}
