import Dispatch
import Foundation
import Synchronization
import Testing
import InterlinearTestSupport

/// The persisted shape cache as users meet it: `typeset` and `a11y` write the same bytes with an empty cache, a warm
/// one and `--no-cache`; processes writing the cache at once never corrupt it; a damaged or unwritable cache never
/// fails a command. Each test points XDG_CACHE_HOME into a folder of its own.
@Suite struct ShapeCacheCommandTests {
    /// A fresh folder for XDG_CACHE_HOME; the cache files land in its `interlinear/`.
    struct CacheHome {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)").path
        var environment: [String: String] {
            var environment = testEnvironment
            environment["XDG_CACHE_HOME"] = path
            environment["INTERLINEAR_CACHE"] = nil  // it would name another folder (CachePolicy)
            return environment
        }
        var folder: String { path + "/interlinear" }
        /// The shape cache files in it (beside them: the font cache, `fonts-1.cache`).
        func files() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix("fonts-") }
                .sorted()
        }
        /// Identity and times of the one cache file: changes whenever a process writes it anew.
        func stamp() throws -> [String] {
            let names = files()
            try #require(names.count == 1 && names[0].hasPrefix("shapes-") && names[0].hasSuffix(".bin"), "\(names)")
            var info = stat()
            try #require(stat(folder + "/" + names[0], &info) == 0)
            return names + ["\(info.st_ino)", "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)", "\(info.st_size)"]
        }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    static func arguments(_ command: String, _ reference: String) -> [String] {
        switch command {
        case "a11y": [command, reference, "--screen-reader", "on", "--all"]
        case "render": [command, reference, "--format", "svg"]  // glyphs drawn from the mapping
        default: [command, reference]
        }
    }

    func run(_ arguments: [String], _ home: CacheHome) throws -> ProcessResult {
        let result = try InterlinearTestSupport.run(interlinearBinary, arguments, environment: home.environment,
                                                    directory: packageRoot)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        return result
    }

    @Test(arguments: [("typeset", "John 1"), ("typeset", "Genesis 1"), ("a11y", "John 1"), ("a11y", "Genesis 1"),
                      ("render", "Genesis 1")])
    func theOutputIsTheSameColdWarmAndWithoutTheCache(command: String, reference: String) throws {
        let home = CacheHome(), other = CacheHome()
        defer { home.remove(); other.remove() }
        let arguments = Self.arguments(command, reference)
        let cold = try run(arguments, home)
        let written = try home.stamp()
        let warm = try run(arguments, home)
        #expect(try home.stamp() == written, "the warm run served every string from the file: nothing new to write")
        let uncached = try run(arguments + ["--no-cache"], other)
        #expect(other.files().isEmpty && !FileManager.default.fileExists(atPath: other.path),
                "--no-cache writes nothing")
        #expect(cold.stdout == warm.stdout, "cold and warm differ")
        #expect(cold.stdout == uncached.stdout, "cold and --no-cache differ")
        #expect(!cold.stdout.isEmpty)
        if command != "render" {
            #expect(try schemaViolation(warm.stdout, schema: command == "a11y" ? "a11y-4" : "layout-3") == nil)
        }
        // --no-cache with a warm cache there: read nothing, write nothing.
        let ignoring = try run(arguments + ["--no-cache"], home)
        let after = try home.stamp()
        #expect(ignoring.stdout == cold.stdout && after == written)
    }

    /// Several processes typesetting (and saving the cache) at once, three rounds: each output is the fresh one,
    /// and what is left is one whole file that later runs load and serve from.
    @Test func processesWritingAtOnceNeverCorruptTheCache() throws {
        let home = CacheHome()
        defer { home.remove() }
        let references = ["John 1", "Genesis 1", "John 1", "Romans 8"]
        var fresh: [String: Data] = [:]
        for reference in Set(references) {
            let empty = CacheHome()
            defer { empty.remove() }
            fresh[reference] = try run(["typeset", reference, "--no-cache"], empty).stdout
        }
        for round in 0..<3 {
            let results = Mutex<[Int: ProcessResult]>([:])
            DispatchQueue.concurrentPerform(iterations: references.count) { k in
                let result = try? InterlinearTestSupport.run(
                    interlinearBinary, ["typeset", references[k]], environment: home.environment, directory: packageRoot)
                results.withLock { $0[k] = result }
            }
            for (k, reference) in references.enumerated() {
                let result = try #require(results.withLock { $0[k] }, "round \(round): \(reference) did not run")
                #expect(result.status == 0 && result.stderr.isEmpty, "round \(round) \(reference): \(result.stderr)")
                #expect(result.stdout == fresh[reference], "round \(round): \(reference) differs from a fresh run")
            }
            #expect(home.files().count == 1, "one file, no temporary files left: \(home.files())")
        }
        // Whichever process renamed its file last, the file loads: one sequential pass adds what it lacks, and a
        // second pass finds everything there (the file is not written again).
        for reference in Set(references).sorted() {
            #expect(try run(["typeset", reference], home).stdout == fresh[reference])
        }
        let settled = try home.stamp()
        for reference in Set(references).sorted() {
            #expect(try run(["typeset", reference], home).stdout == fresh[reference])
        }
        #expect(try home.stamp() == settled, "every chapter was served from the file")
    }

    /// Whatever is at the cache file's path, the command succeeds with the fresh output, says nothing, and leaves
    /// a good file that the next run serves from.
    @Test(arguments: ["garbage", "truncated", "empty", "folder"])
    func aDamagedCacheFileNeverFailsACommand(damage: String) throws {
        let home = CacheHome()
        defer { home.remove() }
        let fresh = try run(["typeset", "John 1"], home).stdout
        let name = try #require(home.files().first)
        let path = home.folder + "/" + name
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: path)
        switch damage {
        case "garbage": try Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: URL(fileURLWithPath: path))
        case "truncated": try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        #expect(try run(["typeset", "John 1"], home).stdout == fresh)
        if damage == "folder" {
            // A folder at the path cannot be replaced: the command still succeeds, every time.
            #expect(try run(["typeset", "John 1"], home).stdout == fresh)
            return
        }
        let repaired = try home.stamp()
        #expect(try run(["typeset", "John 1"], home).stdout == fresh)
        #expect(try home.stamp() == repaired, "the rewritten file serves everything")
    }

    @Test func anUnwritableCacheFolderNeverFailsACommand() throws {
        let home = CacheHome()
        defer { home.remove() }
        // XDG_CACHE_HOME names a regular file: no folder can be made under it.
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let blocker = home.path + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let fresh = try run(["typeset", "John 1", "--no-cache"], home).stdout
        var environment = home.environment
        environment["XDG_CACHE_HOME"] = blocker
        let result = try InterlinearTestSupport.run(interlinearBinary, ["typeset", "John 1"], environment: environment,
                                                    directory: packageRoot)
        #expect(result.status == 0 && result.stderr.isEmpty && result.stdout == fresh, "\(result.stderr)")
    }
}
