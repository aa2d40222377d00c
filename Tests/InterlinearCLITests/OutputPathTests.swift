import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// Every command's output path, as users meet it: standard output that cannot be written, and `--output` onto
/// what can be at a path. Scratch folders only; `/dev/full` is only ever a spawned process's stdout redirection.
@Suite struct OutputPathTests {
    /// The commands that write to standard output (plain `read`: its stdout is not a terminal here).
    static let commands: [[String]] = [
        ["typeset", "John 1"],
        ["a11y", "John 1"],
        ["bench", "Romans 8", "--iterations", "1", "--json"],
        ["bench", "Romans 8", "--iterations", "1"],
        ["read", "John 1"],
        ["render", "Revelation 22", "--format", "svg"],
        ["braille", "Revelation 22"],
    ]

    /// A write that fails is one line on stderr and exit 74: never a trap, never a silent 0.
    @Test(arguments: commands)
    func unwritableStandardOutputIsOneLineAndExit74(command: [String]) throws {
        let cases: [(SpawnedStdout, Bool, String)] = [
            (.path("/dev/full"), false, "No space left on device"),
            (.closed, false, "Bad file descriptor"),
            (.brokenPipe, true, "Broken pipe"),
        ]
        for (stdout, ignoreSIGPIPE, reason) in cases {
            let result = try spawnInterlinear(command, stdout: stdout, ignoreSIGPIPE: ignoreSIGPIPE)
            #expect(result.status == 74, "\(command) \(stdout): \(result.status) \(result.stderr)")
            #expect(
                result.stderrLines == ["interlinear: error: cannot write to standard output: \(reason)"],
                "\(command) \(stdout): \(result.stderr)")
        }
    }

    /// With SIGPIPE at its default (as shells leave it), a closed pipe ends the process quietly, like any filter.
    @Test(arguments: commands)
    func aBrokenPipeWithSIGPIPEAtItsDefaultEndsQuietlyWith141(command: [String]) throws {
        let result = try spawnInterlinear(command, stdout: .brokenPipe)
        #expect(result.signal == SIGPIPE && result.status == 141, "\(command): \(result.status) \(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    /// The import's one-line report into a full disk: a miniature source folder is enough (the report is the point).
    @Test func importFailsWhenItsReportCannotBeWritten() throws {
        let data = try FakeAlignmentsData()
        defer { data.remove() }
        let scratch = try ScratchFolder("import-out")
        defer { scratch.remove() }
        let result = try spawnInterlinear(
            ["import", "John 1", "--source", data.root.path, "--corpus", scratch.url.path],
            stdout: .path("/dev/full"))
        #expect(result.status == 74)
        #expect(result.stderrLines == ["interlinear: error: cannot write to standard output: No space left on device"])
    }

    /// `import --output` regenerates the committed chapters byte for byte, through the same atomic writer.
    @Test func importWritesChapterFilesLikeTheCommittedOnes() throws {
        try #require(
            SourceData.isComplete(SourceData.defaultDirectory()),
            "the bible-alignments data is not downloaded (scripts/setup)")
        let scratch = try ScratchFolder("chapter-files")
        defer { scratch.remove() }
        let result = try interlinear("import", "Revelation 22", "Matthew 1", "--output", scratch.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        // Then the totals of the SBLGNT-as-printed decisions (Matthew 1:20 κατ’ …), listed in the report beside them.
        let report = scratch.url.appendingPathComponent("sblgnt-alignment.tsv")
        #expect(result.stdoutText.hasPrefix("imported 2 chapter file(s) into \(scratch.url.path)\n"))
        #expect(result.stdoutText.hasSuffix("every decision: \(report.path)\n"))
        #expect(
            try String(contentsOf: report, encoding: .utf8).contains(
                "Matthew 1:20\t8\tκατ\tκατ’\telision mark restored"))
        for file in ["66-Rev/22.tsv", "40-Matt/01.tsv"] {
            #expect(
                try Data(contentsOf: scratch.url.appendingPathComponent(file))
                    == Data(contentsOf: corpusDirectory.appendingPathComponent("chapters/" + file)), "\(file)")
        }
    }

    /// `search` reads the store: the shared whole-New-Testament store (built once, cached: `SharedStore`).
    @Test func searchFailsWhenItsOutputCannotBeWritten() throws {
        try #require(SharedStore.sourceMissing == nil, "\(SharedStore.sourceMissing ?? "")")
        let store = try SharedStore.wholeNewTestament.get().path
        for arguments in [["search", "λόγος", "--corpus", store], ["search", "λόγος", "--json", "--corpus", store]] {
            for (stdout, ignoreSIGPIPE, reason) in [
                (SpawnedStdout.path("/dev/full"), false, "No space left on device"),
                (.closed, false, "Bad file descriptor"), (.brokenPipe, true, "Broken pipe"),
            ] {
                let result = try spawnInterlinear(arguments, stdout: stdout, ignoreSIGPIPE: ignoreSIGPIPE)
                #expect(result.status == 74, "\(arguments) \(stdout): \(result.stderr)")
                #expect(result.stderrLines == ["interlinear: error: cannot write to standard output: \(reason)"])
            }
            let quiet = try spawnInterlinear(arguments, stdout: .brokenPipe)
            #expect(quiet.status == 141 && quiet.stderr.isEmpty)
        }
    }

    /// Issue 39: a link at the output's name is never written through (a planted `out.json -> ~/.bashrc`); the
    /// user names the file itself.
    @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        try Data("old".utf8).write(to: scratch.url.appendingPathComponent("real.json"))
        #expect(symlink("real.json", scratch.path("link.json")) == 0)
        let result = try interlinear("typeset", "Revelation 22", "--output", scratch.path("link.json"))
        expectOneErrorLine(result, status: 73, ["link.json", "it is a symbolic link", "name the file itself"])
        #expect(result.stdout.isEmpty)
        var info = stat()
        #expect(lstat(scratch.path("link.json"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("real.json")) == Data("old".utf8))
        #expect(try scratch.entries() == ["link.json", "real.json"])
    }

    @Test func aPrivateFileStaysPrivate() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let file = scratch.path("private.json")
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600]))
        if geteuid() == 0 { #expect(chown(file, 65534, 65534) == 0) }  // as root, the owner must survive too
        let result = try interlinear("typeset", "Revelation 22", "--output", file)
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(stat(file, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        if geteuid() == 0 { #expect(info.st_uid == 65534 && info.st_gid == 65534) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count > 100_000)
    }

    @Test func aFIFOIsWrittenIntoNotReplaced() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let reading = DispatchGroup()
        reading.enter()
        DispatchQueue.global().async {
            received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            reading.leave()
        }
        let result = try interlinear("typeset", "Revelation 22", "--output", fifo)
        // Should the command fail before opening the FIFO, open it once so the reader is not left waiting.
        let release = open(fifo, O_WRONLY | O_NONBLOCK)
        if release >= 0 { close(release) }
        reading.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try interlinear("typeset", "Revelation 22").stdout
        #expect(received == expected && !received.isEmpty)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        #expect(try scratch.entries() == ["pipe"])
    }

    @Test func devStdoutIsWrittenDirectly() throws {
        let result = try interlinear("typeset", "Revelation 22", "--output", "/dev/stdout")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try interlinear("typeset", "Revelation 22").stdout))
        let dash = try interlinear("typeset", "Revelation 22", "--output", "-")
        #expect(dash.stdout == result.stdout)
    }

    @Test func aFolderIsAClearError() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let result = try interlinear("typeset", "Revelation 22", "--output", scratch.url.path)
        #expect(result.status == 73)
        #expect(
            result.stderr
                == "interlinear: error: cannot write output file \(scratch.url.path): it is a folder; name a file inside it\n"
        )
        #expect(try scratch.entries().isEmpty)
    }

    /// A write that fails part-way (here the file-size limit) leaves nothing new, and an existing file untouched,
    /// on the unnamed-temporary path and on the named fallback alike.
    @Test(arguments: ["", "INTERLINEAR_TEMP_FILES=named"])
    func aFailedWriteLeavesNothingBehind(environment: String) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        try Data("old".utf8).write(to: scratch.url.appendingPathComponent("existing.json"))
        for name in ["new.json", "existing.json"] {
            let script =
                "ulimit -f 16; exec env \(environment) \"$0\" typeset 'John 1' --output '\(scratch.path(name))'"
            let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, interlinearBinary.path])
            #expect(result.status == 74, "\(result.stderr)")
            #expect(
                result.stderr == "interlinear: error: cannot write output file \(scratch.path(name)): File too large\n")
        }
        #expect(try scratch.entries() == ["existing.json"])
        #expect(try String(contentsOfFile: scratch.path("existing.json"), encoding: .utf8) == "old")
    }

    @Test(.enabled(if: geteuid() != 0, "root may write any file, whatever its mode"))
    func aReadOnlyFileIsNotReplaced() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let file = scratch.path("locked.json")
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data("old".utf8), attributes: [.posixPermissions: 0o444]))
        let result = try interlinear("typeset", "Revelation 22", "--output", file)
        #expect(result.status == 73)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
    }

    /// A file's name says its format, as every program that opens it reads it: each file begins with the magic
    /// bytes of the format its extension names (PNG's signature, PDF's header, SVG's root, a ZIP whose first member
    /// is EPUB's `mimetype`, HTML's doctype), and a `--format` that contradicts the name is a usage error that
    /// writes nothing.
    @Test func anOutputNameChoosesTheFormatAndAContradictionIsRefused() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let magic: [(command: String, name: String, prefix: [UInt8])] = [
            ("render", "page.PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            ("render", "page.pdf", Array("%PDF-".utf8)),
            ("render", "page.svg", Array("<?xml".utf8)),
            ("render", "page", [0x89, 0x50, 0x4E, 0x47]),
            ("export", "book.epub", [0x50, 0x4B, 0x03, 0x04]),
            ("export", "book.htm", Array("<!DOCTYPE html>".utf8)),
        ]
        for (command, name, prefix) in magic {
            let result = try interlinear(command, "Revelation 22", "--output", scratch.path(name))
            #expect(result.status == 0, "\(command) \(name): \(result.stderr)")
            let written = try Data(contentsOf: scratch.url.appendingPathComponent(name))
            #expect(Array(written.prefix(prefix.count)) == prefix, "\(command) \(name)")
            if name.hasSuffix(".epub") { #expect(written.range(of: Data("mimetypeapplication/epub+zip".utf8)) != nil) }
        }
        for (command, format, name) in [("render", "png", "page2.pdf"), ("export", "html", "book2.epub")] {
            let result = try interlinear(command, "Revelation 22", "--format", format, "--output", scratch.path(name))
            #expect(result.status == 64, "\(command) --format \(format) \(name): \(result.stderr)")
            #expect(
                result.stderr.split(separator: "\n").count == 1
                    && result.stderr.contains("--format \(format) contradicts"))
            #expect(!FileManager.default.fileExists(atPath: scratch.path(name)))
        }
    }
}
