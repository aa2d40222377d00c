import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear export --format epub --audio` (issue 45): a book narrated by espeak-ng with EPUB 3 media overlays.
/// Checked with tools independent of the exporter: EPUBCheck judges the package; Python's zipfile and ElementTree
/// read the overlays and the content documents (`Harness/overlay_check.py`); sox's `soxi` measures each MP3; the
/// source TSVs count the words; espeak-ng's English voice (`EnglishVoice`) hears what each word's clip says.
@Suite(
    "interlinear export --audio: EPUB media overlays", .serialized,
    .enabled(
        if: SystemTool.required("epubcheck", "java", "soxi", "espeak-ng"),
        "epubcheck, sox (soxi with libsox-fmt-mp3) or espeak-ng is not installed: run scripts/setup"))
struct EPUBAudioTests {
    /// The books narrated: two chapters in source order, and John 1 as the reverse interlinear (`--order english`),
    /// whose clips are the English words'.
    static let chapters = ["John 1", "Genesis 1", englishOrder]
    static let englishOrder = "John 1 in English order"

    static func book(_ name: String) throws -> URL {
        let file = try ExportFixture.temporaryDirectory().appendingPathComponent("narrated.epub")
        let arguments = name == englishOrder ? ["John 1", "--order", "english"] : [name]
        try ExportFixture.interlinear(["export"] + arguments + ["--format", "epub", "--audio"], to: file)
        return file
    }

    /// Each book is made once (a chapter's narration is the slow part).
    static let books: [String: Result<URL, any Error>] = Dictionary(
        uniqueKeysWithValues: chapters.map { name in (name, Result { try book(name) }) })

    /// What `Harness/overlay_check.py` read.
    struct Report: Decodable {
        struct Chapter: Decodable {
            struct Par: Decodable {
                let target: String
                let kind: String
                let order: Int
                let said: String
                let begin: Double
                let end: Double
            }
            let text: String
            let audio: [String]
            let duration: Double?
            let pars: [Par]
            let words: Int
            let headings: Int
        }
        let chapters: [Chapter]
        let total: Double?
    }

    static func report(_ reference: String) throws -> Report {
        let book = try #require(books[reference]).get()
        let folder = try ExportFixture.temporaryDirectory()
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/overlay_check.py")
        let result = try run(ExportFixture.python, [script.path, book.path, folder.path])
        try #require(result.status == 0, "overlay_check.py: \(result.stderr)")
        return try JSONDecoder().decode(Report.self, from: result.stdout)
    }

    /// The chapter's words as the source has them: SBLGNT.tsv's rows of John 1, WLC-LEB.tsv's words of Genesis 1;
    /// in English order the BSB's words of John 1 (its verse lines in the committed chapter file, split at spaces).
    static func sourceWordCount(_ reference: String) throws -> Int {
        if reference == "Genesis 1" { return try SourceColumns.hebrewWords(chapter: "01001").count }
        if reference == englishOrder {
            let file = corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv")
            var count = 0
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count > 2 && fields[0] == "v" { count += fields[2].split(separator: " ").count }
            }
            return count
        }
        let file = try #require(SourceColumns.sblgnt, "SBLGNT.tsv is missing: run scripts/setup")
        return try SourceColumns.rows(of: file, columns: ["id"]).filter { $0[0].hasPrefix("n43001") }.count
    }

    @Test("EPUBCheck finds nothing in a narrated book", arguments: chapters)
    func epubCheckFindsNothing(_ reference: String) throws {
        let result = try EPUBExportTests.epubcheck(try #require(Self.books[reference]).get())
        let output = result.stdoutText + result.stderr
        #expect(result.status == 0, "epubcheck: \(output)")
        #expect(output.contains("No errors or warnings detected"), "epubcheck: \(output)")
        #expect(!output.contains("WARNING") && !output.contains("ERROR"), "epubcheck: \(output)")
    }

    @Test("every heading and word has a clip, in text order, within the MP3's length (soxi)", arguments: chapters)
    func clipsInOrderWithinTheAudio(_ reference: String) throws {
        let report = try Self.report(reference)
        let chapter = try #require(report.chapters.first)
        #expect(report.chapters.count == 1)
        let audio = try #require(chapter.audio.first)
        #expect(chapter.audio.count == 1, "one MP3 per chapter: \(chapter.audio)")
        let soxi = try run(try #require(SystemTool.find("soxi")), ["-D", audio])
        try #require(soxi.status == 0, "soxi: \(soxi.stderr)")
        let length = try #require(Double(soxi.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Every word of the source and every verse heading of the page has its clip, and nothing else does.
        let words = chapter.pars.filter { $0.kind == "word" }.count
        #expect(words == (try Self.sourceWordCount(reference)))
        #expect(words == chapter.words)
        #expect(chapter.pars.filter { $0.kind == "heading" }.count == chapter.headings)
        #expect(chapter.pars.allSatisfy { $0.kind != "missing" }, "a par points at no heading or word")
        var previous: Report.Chapter.Par?
        for par in chapter.pars {
            #expect(par.begin < par.end, "\(par.target): \(par.begin)–\(par.end)")
            #expect(par.end <= length, "\(par.target) ends at \(par.end) s, after the audio's \(length) s")
            if let previous {
                #expect(par.order > previous.order, "\(par.target) comes before \(previous.target) in the text")
                #expect(par.begin >= previous.end, "\(par.target) starts inside \(previous.target)'s clip")
            }
            previous = par
        }
        // media:duration: the overlay's length, between its last clip's end and the MP3's length; the book's the sum.
        let duration = try #require(chapter.duration)
        #expect((previous?.end ?? 0) <= duration + 0.001 && duration <= length, "\(duration) s of \(length) s")
        #expect(abs((report.total ?? -1) - duration) < 0.001)
    }

    @Test("what each word's clip says passes espeak-ng's English voice unspelled, with no script", arguments: chapters)
    func nothingSpelled(_ reference: String) throws {
        let report = try Self.report(reference)
        let said = Set(report.chapters.flatMap(\.pars).map(\.said))
        let unique = said.sorted()
        #expect(!unique.contains(""), "a clip's element has nothing to say")
        let script = unique.filter { text in
            text.unicodeScalars.contains {
                (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
                    || (0x0590...0x05FF).contains($0.value) || (0xFB1D...0xFB4F).contains($0.value)
            }
        }
        #expect(script.isEmpty, "Greek or Hebrew script sent to the English voice: \(script.prefix(3))")
        let voice = try EnglishVoice()
        let spelled = zip(unique, try voice.phonemes(unique)).filter { voice.isSpelled($0.1) }
        print("\(reference): \(spelled.count) of \(unique.count) distinct clip texts spelled by espeak-ng")
        #expect(spelled.isEmpty, "espeak-ng spells: \(spelled.prefix(3).map(\.0))")
    }

    @Test(
        "--audio without EPUB is a usage error, and nothing is written",
        arguments: [["--format", "html"], [], ["--output", "OUT.html"]])
    func audioNeedsEPUB(_ arguments: [String]) throws {
        let folder = try ExportFixture.temporaryDirectory()
        let file = folder.appendingPathComponent("OUT.html")
        let given = arguments.map { $0 == "OUT.html" ? file.path : $0 }
        let result = try run(interlinearBinary, ["export", "John 1", "--audio"] + given, directory: packageRoot)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("--audio"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// Without `--output` the book goes to standard output whole or not at all: a narration can fail midway (a voice
    /// or the encoder, the disk), and a half-written book there would look like a book. Watched as it runs: once the
    /// program has written bytes of the book anywhere — into the file given as its standard output, or into a file
    /// it holds open that has no name (what `/proc/PID/fd` shows as "(deleted)") — it is stopped (SIGSTOP) midway
    /// through narrating two chapters (John 1, Genesis 1), and its standard output must still be empty; killed
    /// there, it stays empty.
    @Test("to standard output, nothing is written before the book is whole (stopped and killed midway)")
    func standardOutputGetsTheBookWhole() throws {
        let folder = try ExportFixture.temporaryDirectory()
        let output = folder.appendingPathComponent("stdout.epub")
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let pid = try spawnWithSignalsRestored(
            interlinearBinary.path,
            argv: [interlinearBinary.path, "export", "John 1", "Genesis 1", "--format", "epub", "--audio"],
            environment: testEnvironment, actions: &actions)
        func size(_ path: String) -> Int64 {
            var info = stat()
            return stat(path, &info) == 0 ? Int64(info.st_size) : 0
        }
        /// Bytes written so far: to standard output, and to the unnamed files the process holds open.
        func written() -> (output: Int64, unnamed: Int64) {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            let unnamed = fds.map { "/proc/\(pid)/fd/\($0)" }.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: $0))?.hasSuffix(" (deleted)") == true
            }.map(size).reduce(0, +)
            return (size(output.path), unnamed)
        }
        var raw: Int32 = 0
        var exited = false
        while written() == (0, 0) {
            if waitpid(pid, &raw, WNOHANG) == pid {
                exited = true
                break
            }
            usleep(20_000)
        }
        try #require(!exited, "the export ended before it was seen writing (status word \(raw))")
        kill(pid, SIGSTOP)
        let midway = written()
        #expect(midway.unnamed > 0, "midway, nothing in a temporary file")
        #expect(midway.output == 0, "midway, \(midway.output) bytes already on standard output")
        kill(pid, SIGKILL)
        kill(pid, SIGCONT)
        let end = try ChildExit(waitingFor: pid)
        #expect(end.signal == SIGKILL)
        #expect(size(output.path) == 0, "killed midway, standard output holds a partial book")
    }
}
