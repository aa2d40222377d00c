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

    /// `storePath` (no Foundation `URL`, the path every read command opens) is the path `storeFile` gives, Foundation
    /// being the oracle: for absolute and relative paths, existing files and folders, extensions, and the paths
    /// Foundation rewrites (which `storePath` hands to it).
    @Test func storePathIsStoreFilesPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-location-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("plain-file"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("dir.sqlite"), withIntermediateDirectories: true)
        let base = folder.path
        let explicits: [String?] = [
            nil, "", "/nowhere/my.sqlite", "/nowhere/my.db", "/nowhere/my.sqlite3", "/nowhere/folder",
            "/nowhere/.sqlite", "/nowhere/a.b.sqlite", "/nowhere/ends.", "relative/x.sqlite", "relative", ".", "..",
            "./x", "x/../y.db", "/", "//double//slash", "/trailing/", "/a/./b", "/a/b/..", "~/x.sqlite",
            "/with space/é.sqlite", "/percent%20/x", base + "/plain-file", base + "/dir.sqlite", base,
            base + "/missing.sqlite",
        ]
        let environments: [[String: String]] = [
            [:], ["INTERLINEAR_DATA": "/d"], ["INTERLINEAR_DATA": ""], ["INTERLINEAR_DATA": "rel/data"],
            ["XDG_DATA_HOME": "/x/data", "HOME": "/h"], ["XDG_DATA_HOME": "relative", "HOME": "/h"],
            ["XDG_DATA_HOME": "/x//data/"], ["HOME": "/h/"], ["HOME": "/h/user"], ["HOME": ""],
        ]
        for environment in environments {
            for explicit in explicits {
                let expected = StoreLocation.storeFile(explicit: explicit, environment: environment).path
                let found = StoreLocation.storePath(explicit: explicit) { environment[$0] }
                #expect(found == expected, "explicit \(explicit ?? "nil") in \(environment)")
            }
        }
    }
}
