import Foundation
import InterlinearTestSupport
import Testing

/// The font cache as users meet it: `typeset` and `a11y` write it to `$INTERLINEAR_CACHE` and give the same bytes
/// with it, without it (`--no-cache`) and over a corrupt one; a cache folder that cannot be written is no error.
@Suite struct CacheCommandTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cache-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func run(_ arguments: [String], cache: String) throws -> ProcessResult {
        var environment = testEnvironment
        environment["INTERLINEAR_CACHE"] = cache
        return try InterlinearTestSupport.run(
            interlinearBinary, arguments, environment: environment, directory: packageRoot)
    }

    @Test(arguments: [["typeset", "John 1"], ["a11y", "Genesis 1", "--screen-reader", "on", "--all"]])
    func outputIsTheSameWithAndWithoutTheCache(arguments: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fonts-1.cache")

        let off = try run(arguments + ["--no-cache"], cache: folder.path)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "--no-cache writes no cache file")

        let cold = try run(arguments, cache: folder.path)
        #expect(FileManager.default.fileExists(atPath: file.path), "the first run writes the cache file")
        let written = try Data(contentsOf: file)
        #expect(written.prefix(8) == Data(Array("ILFONTS".utf8) + [0]))
        let warm = try run(arguments, cache: folder.path)
        #expect(cold.status == 0 && warm.status == 0)
        #expect(cold.stdout == off.stdout && warm.stdout == off.stdout, "the same bytes with and without the cache")
        #expect(try Data(contentsOf: file) == written, "a valid cache file is read, not rewritten")

        try Data("garbage, not a cache file".utf8).write(to: file)
        let repaired = try run(arguments, cache: folder.path)
        #expect(repaired.status == 0 && repaired.stdout == off.stdout && repaired.stderr.isEmpty)
        #expect(
            try Data(contentsOf: file).prefix(8) == Data(Array("ILFONTS".utf8) + [0]), "a corrupt file is rewritten")

        let disabled = try run(arguments, cache: "off")
        #expect(disabled.status == 0 && disabled.stdout == off.stdout)
    }

    @Test func anUnwritableCacheFolderIsNoError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let result = try run(["typeset", "Rev 22"], cache: blocker.appendingPathComponent("cache").path)
        let plain = try run(["typeset", "Rev 22", "--no-cache"], cache: folder.path)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout == plain.stdout)
    }
}
