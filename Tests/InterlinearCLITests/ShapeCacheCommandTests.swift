import Dispatch
import Foundation
import InterlinearTestSupport
import Synchronization
import Testing

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
        /// The shape cache files in it (beside them: the font cache, `fonts-1.cache`, and the spoken forms an
        /// `a11y` run keeps, `spoken-John.1.bin`).
        func files() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { !$0.hasPrefix("fonts-") && !$0.hasPrefix("spoken-") }.sorted()
        }
        /// Identity and times of a file in the folder, or nil when it is missing.
        func stamp(of name: String) -> [String]? {
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0 else { return nil }
            return ["\(info.st_ino)", "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)", "\(info.st_size)"]
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
        let result = try InterlinearTestSupport.run(
            interlinearBinary, arguments, environment: home.environment,
            directory: packageRoot)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        return result
    }

    @Test(arguments: [
        ("typeset", "John 1"), ("typeset", "Genesis 1"), ("a11y", "John 1"), ("a11y", "Genesis 1"),
        ("render", "Genesis 1"),
    ])
    func theOutputIsTheSameColdWarmAndWithoutTheCache(command: String, reference: String) throws {
        let home = CacheHome(), other = CacheHome()
        defer { home.remove(); other.remove() }
        let arguments = Self.arguments(command, reference)
        let cold = try run(arguments, home)
        let written = try home.stamp()
        let spoken =
            "spoken-"
            + reference.replacingOccurrences(of: "John 1", with: "John.1")
            .replacingOccurrences(of: "Genesis 1", with: "Gen.1") + ".bin"
        let spokenWritten = home.stamp(of: spoken)
        #expect((spokenWritten != nil) == (command == "a11y"), "only a tree's spoken forms are kept: \(spoken)")
        let warm = try run(arguments, home)
        #expect(try home.stamp() == written, "the warm run served every string from the file: nothing new to write")
        #expect(home.stamp(of: spoken) == spokenWritten, "the warm run took every spoken form from the file")
        let uncached = try run(arguments + ["--no-cache"], other)
        #expect(
            other.files().isEmpty && !FileManager.default.fileExists(atPath: other.path),
            "--no-cache writes nothing")
        #expect(cold.stdout == warm.stdout, "cold and warm differ")
        #expect(cold.stdout == uncached.stdout, "cold and --no-cache differ")
        #expect(!cold.stdout.isEmpty)
        if command != "render" {
            #expect(try schemaViolation(warm.stdout, schema: command == "a11y" ? "a11y-5" : "layout-4") == nil)
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
                    interlinearBinary, ["typeset", references[k]], environment: home.environment, directory: packageRoot
                )
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

    /// What `INTERLINEAR_SHAPE_STATS` makes a command say on stderr: strings shaped, served, bytes written.
    static func shapeStats(_ stderr: String) -> (shaped: Int, served: Int, written: Int)? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("interlinear: shape cache: ") })
        else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : nil
    }

    /// Eight processes typesetting different chapters at once into one empty cache folder (issue 32): each output
    /// is byte for byte the serial `--no-cache` one; no process rewrote the file (together they wrote no more than
    /// the file holds); and afterwards every chapter is typeset again without shaping a string, writing nothing.
    @Test func eightProcessesAtOnceIntoOneEmptyCacheFolder() throws {
        let home = CacheHome()
        defer { home.remove() }
        let environment = home.environment.merging(["INTERLINEAR_SHAPE_STATS": "1"]) { $1 }
        // The seven committed chapters, and one of them again at another width (the same strings, other lines).
        let jobs: [[String]] =
            [
                "Genesis 1", "Psalm 23", "Isaiah 53", "Matthew 1", "John 1", "Romans 8",
                "Revelation 22",
            ].map { ["typeset", $0] } + [["typeset", "Matthew 1", "--width", "500"]]
        var serial: [Data] = []
        for job in jobs {
            let empty = CacheHome()
            defer { empty.remove() }
            serial.append(try run(job + ["--no-cache"], empty).stdout)
        }
        let results = Mutex<[Int: ProcessResult]>([:])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { k in
            let result = try? InterlinearTestSupport.run(
                interlinearBinary, jobs[k], environment: environment,
                directory: packageRoot)
            results.withLock { $0[k] = result }
        }
        var written = 0
        for (k, job) in jobs.enumerated() {
            let result = try #require(results.withLock { $0[k] }, "\(job) did not run")
            #expect(result.status == 0, "\(job): \(result.stderr)")
            #expect(result.stdout == serial[k], "\(job) differs from the serial run")
            let stats = try #require(Self.shapeStats(result.stderr), "\(job): \(result.stderr)")
            written += stats.written
        }
        let name = try #require(home.files().first)
        #expect(home.files().count == 1, "one file, no temporary files left: \(home.files())")
        let size = try #require(FileManager.default.attributesOfItem(atPath: home.folder + "/" + name)[.size] as? Int)
        // The file is sized by what it holds and rewritten larger when half full, so what racing processes wrote
        // (each its own shapes, a rewrite all of them) may add up past its size; that every run is served from it
        // without writing again is checked below.
        #expect(written > 0 && size > 0, "written \(written) bytes in all, the file is \(size)")
        let settled = try home.stamp()
        for (k, job) in jobs.enumerated() {
            let again = try InterlinearTestSupport.run(
                interlinearBinary, job, environment: environment,
                directory: packageRoot)
            #expect(again.stdout == serial[k], "\(job)")
            let stats = try #require(Self.shapeStats(again.stderr), "\(job): \(again.stderr)")
            #expect(stats.shaped == 0 && stats.served > 0 && stats.written == 0, "\(job): \(stats)")
        }
        #expect(try home.stamp() == settled, "nothing was written after the parallel pass")
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
        case "garbage":
            try Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(
                to: URL(fileURLWithPath: path))
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
        let result = try InterlinearTestSupport.run(
            interlinearBinary, ["typeset", "John 1"], environment: environment,
            directory: packageRoot)
        #expect(result.status == 0 && result.stderr.isEmpty && result.stdout == fresh, "\(result.stderr)")
    }

    /// HarfBuzz (and glib, graphite2, pcre2 with it), FreeType (libpng, brotli) and fontconfig (expat) are loaded on
    /// first use: a warm `typeset`, which serves every string from the shape cache file, names that file by the
    /// HarfBuzz version the font cache remembers and takes its fonts' files and metrics from the font cache, loads
    /// none of them; the cold run before it does (so the dynamic loader's log, `LD_DEBUG=files`, would show them).
    /// The output is the same.
    @Test func aWarmTypesetLoadsNoHarfBuzzFreeTypeOrFontconfig() throws {
        let home = CacheHome()
        defer { home.remove() }
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("ld-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: logs) }
        /// Runs `typeset "John 1"` with the loader's log in `logs/NAME.PID`; returns the output and the log.
        func typeset(_ name: String) throws -> (output: Data, log: String) {
            var environment = home.environment
            environment["LD_DEBUG"] = "files"
            environment["LD_DEBUG_OUTPUT"] = logs + "/" + name
            let result = try InterlinearTestSupport.run(
                interlinearBinary, ["typeset", "John 1"], environment: environment, directory: packageRoot)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: logs).filter { $0.hasPrefix(name + ".") }
            try #require(files.count == 1, "one log of the loader: \(files)")
            return (result.stdout, try String(contentsOfFile: logs + "/" + files[0], encoding: .utf8))
        }
        let cold = try typeset("cold")
        #expect(cold.log.contains("file=libharfbuzz.so.0"), "the cold run shapes, so it loads HarfBuzz")
        for library in ["libfreetype.so.6", "libfontconfig.so.1"] {
            #expect(cold.log.contains("file=\(library)"), "the cold run finds its fonts, so it loads \(library)")
        }
        let warm = try typeset("warm")
        #expect(warm.log.contains("file=libc.so.6"), "the log names the libraries loaded")
        #expect(!warm.log.contains("harfbuzz") && !warm.log.contains("libglib"), "the warm run loads no HarfBuzz")
        for library in ["libfreetype", "libfontconfig", "libpng", "libbrotli", "libexpat"] {
            #expect(!warm.log.contains(library), "the warm run loads no \(library)")
        }
        #expect(warm.output == cold.output)
    }

    /// A cold run shapes, so with HarfBuzz unloadable (an empty `libharfbuzz.so.0` first on `LD_LIBRARY_PATH`, where
    /// dlopen looks before its cache) `typeset` says so in one line naming the Debian package, exits 69 (the README's
    /// "unavailable") and writes nothing, rather than a layout whose every glyph is missing; with FreeType or
    /// fontconfig unloadable the same, as a cold `typeset` must find and open its fonts.
    @Test(arguments: [
        ("libharfbuzz.so.0", "HarfBuzz", "libharfbuzz0b"), ("libfreetype.so.6", "FreeType", "libfreetype6"),
        ("libfontconfig.so.1", "fontconfig", "libfontconfig1"),
    ])
    func aColdTypesetWithoutAFontLibrarySaysSo(soname: String, name: String, package: String) throws {
        let home = CacheHome()
        defer { home.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lib-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/" + soname, contents: Data()))
        var environment = home.environment
        environment["LD_LIBRARY_PATH"] = folder
        let result = try InterlinearTestSupport.run(
            interlinearBinary, ["typeset", "John 1"], environment: environment, directory: packageRoot)
        #expect(result.status == 69, "\(soname): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("interlinear: error: cannot load \(name) (") == true, "\(lines)")
        #expect(lines.first?.hasSuffix("; install the Debian package \(package)") == true, "\(lines)")
    }
}
