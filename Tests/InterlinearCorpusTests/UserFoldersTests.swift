import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// Issue 39: the tests looked for the validators and the shared stores under the password database's home
/// (`homeDirectoryForCurrentUser`) while scripts/setup put them under `$HOME`: a CI workspace with `HOME` elsewhere
/// failed 9 tests. One rule now: the product's `UserFolders`, which scripts/setup and the tests follow. Checked
/// against setup's own lines, run by bash with `HOME` set elsewhere than the password database says.
@Suite struct UserFoldersTests {
    /// Where scripts/setup puts the sources and the validators' environment under `environment`: its lines that
    /// compute `cache_home`, `cache` and `venv`, taken from the script and run by bash.
    func setupFolders(_ environment: [String: String]) throws -> (sources: String, venv: String) {
        let setup = try String(contentsOf: packageRoot.appendingPathComponent("scripts/setup"), encoding: .utf8)
        let wanted = setup.split(separator: "\n").filter {
            $0.hasPrefix("cache_home=") || $0.hasPrefix("if [[ ${XDG_CACHE_HOME") || $0.hasPrefix("cache=")
                || $0.hasPrefix("venv=")
        }
        #expect(wanted.count == 4, "setup's lines for its folders: \(wanted)")
        let script = wanted.joined(separator: "\n") + "\nprintf '%s\\n%s\\n' \"$cache\" \"$venv\"\n"
        let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        try #require(result.status == 0 && lines.count == 2, "\(result.stderr)")
        return (lines[0], lines[1])
    }

    @Test(arguments: [nil, "relative/cache", "/somewhere/xdg-cache"])
    func theProductAndTheTestsFollowSetup(xdgCache: String?) throws {
        // A HOME that is not the password database's home (that one is what homeDirectoryForCurrentUser reads).
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)").path
        #expect(home != FileManager.default.homeDirectoryForCurrentUser.path)
        var environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
        if let xdgCache { environment["XDG_CACHE_HOME"] = xdgCache }
        let setup = try setupFolders(environment)
        let cache = UserFolders.cache(environment: environment)
        #expect(cache.appendingPathComponent("interlinear/venv").path == setup.venv)
        #expect(cache.appendingPathComponent("interlinear/sources").path == setup.sources)
        // The product's importer reads the sources from the folder setup fills.
        #expect(SourceData.defaultDirectory(environment: environment).path.hasPrefix(setup.sources + "/"))
        #expect(setup.venv.hasPrefix(xdgCache?.hasPrefix("/") == true ? xdgCache! : home + "/.cache"))
    }

    /// The test support's own folders, in this process: where setup put them for this process's environment.
    @Test func theTestSupportUsesTheRule() throws {
        let environment = ProcessInfo.processInfo.environment
        let setup = try setupFolders(environment)
        if (environment["INTERLINEAR_VENV"] ?? "").isEmpty { #expect(Validators.venv.path == setup.venv) }
        if (environment["INTERLINEAR_TEST_CACHE"] ?? "").isEmpty {
            #expect(
                SharedStore.folder.path
                    == URL(fileURLWithPath: setup.sources).deletingLastPathComponent()
                    .appendingPathComponent("test-stores").path)
        }
    }
}
