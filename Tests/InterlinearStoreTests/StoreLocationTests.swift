import Foundation
@testable import InterlinearStore
import Testing

@Suite struct StoreLocationTests {
    @Test func defaultFolderFollowsXDG() {
        #expect(StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path == "/x/data/interlinear")
        #expect(StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path == "/h/.local/share/interlinear")
        #expect(StoreLocation.defaultDirectory(environment: ["INTERLINEAR_DATA": "/d", "XDG_DATA_HOME": "/x"]).path == "/d")
    }

    @Test func corpusNamesAFileOrAFolder() {
        #expect(StoreLocation.storeFile(explicit: "/nowhere/my.sqlite", environment: [:]).path == "/nowhere/my.sqlite")
        #expect(StoreLocation.storeFile(explicit: "/nowhere/folder", environment: [:]).path == "/nowhere/folder/interlinear.sqlite")
        #expect(StoreLocation.storeFile(explicit: nil, environment: ["INTERLINEAR_DATA": "/d"]).path == "/d/interlinear.sqlite")
    }

    /// `joined` names what `URL.appendingPathComponent` named, for every kind of folder a variable can hold.
    @Test(arguments: ["/x/data", "/x/data/", "/", "/x//y", "/x/./y", "/x/../y", "relative", "relative/dir/", ".",
                      "/tmp", "/x y/z", "/ünï/cödé"])
    func joinedPathsAreAppendedURLPaths(_ directory: String) {
        for component in ["interlinear", ".local/share/interlinear", "interlinear.sqlite"] {
            let appended = URL(fileURLWithPath: directory).appendingPathComponent(component).path
            #expect(URL(fileURLWithPath: StoreLocation.joined(directory, component)).path == appended,
                    "\(directory) + \(component)")
        }
    }

    @Test func storeFileInAnExistingFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = URL(fileURLWithPath: folder).appendingPathComponent("interlinear.sqlite").path
        #expect(StoreLocation.storeFile(explicit: folder, environment: [:]).path == expected)
        #expect(StoreLocation.storeFile(explicit: nil, environment: ["XDG_DATA_HOME": folder]).path
                == URL(fileURLWithPath: folder).appendingPathComponent("interlinear/interlinear.sqlite").path)
    }
}
