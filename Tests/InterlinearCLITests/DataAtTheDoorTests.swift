import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// Damaged or hostile data through the built binary: each gives one escaped, bounded line on stderr, an exit
/// status below 128, and no output file.
@Suite struct DataAtTheDoorTests {
    /// Writes `John 1` into a scratch corpus and runs `typeset` on it with `--output`.
    static func typeset(chapter bytes: [UInt8]) throws -> (result: ProcessResult, file: String, outputExists: Bool) {
        let scratch = try ScratchFolder("corpus")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("chapters/43-John/01.tsv")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        let output = scratch.path("out.json")
        let result = try interlinear("typeset", "John 1", "--corpus", scratch.url.path, "--output", output)
        return (result, file.path, FileManager.default.fileExists(atPath: output))
    }

    static func expectOneBoundedLine(
        _ result: ProcessResult, status: Int32, _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "interlinear: error: \(expected)\n", sourceLocation: sourceLocation)
        #expect(!result.stderr.dropLast().contains("\n") && result.stderr.count <= 420, sourceLocation: sourceLocation)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B }, sourceLocation: sourceLocation)
    }

    static func chapter(_ body: String) -> [UInt8] { Array((ChapterFile.formatLine + "\n@\t43\t1\n" + body).utf8) }

    @Test func aVerseOf65537WordsIsRefusedAtItsLine() throws {
        var body = "v\t1\tword\n"
        for _ in 0..<65_537 { body += "w\t1\tλ\tl\tλ\tG1\tN\tw\t\n" }
        let (result, file, written) = try Self.typeset(chapter: Self.chapter(body + "$\t1\t65537\n"))
        Self.expectOneBoundedLine(
            result, status: 65, "\(file):65540: verse 1 has more than 65,536 words, the most a verse can hold")
        #expect(!written)
    }

    @Test func aVerseOf65537TranslationTokensIsRefused() throws {
        let body = "v\t1\t" + Array(repeating: "a", count: 65_537).joined(separator: " ") + "\n$\t1\t0\n"
        let (result, file, written) = try Self.typeset(chapter: Self.chapter(body))
        Self.expectOneBoundedLine(
            result, status: 65, "\(file):3: verse 1 has more than 65,536 translation tokens, the most a verse can hold")
        #expect(!written)
    }

    @Test func aTruncatedChapterIsRefused() throws {
        let john = try Array(Data(contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv")))
        // Cut at the line boundary nearest 10 %: every line left is well-formed; only the end record is missing.
        let cut = try #require(john[(john.count / 10)...].firstIndex(of: 0x0A)) + 1
        let lines = john[..<cut].filter { $0 == 0x0A }.count
        let (result, file, written) = try Self.typeset(chapter: Array(john[..<cut]))
        Self.expectOneBoundedLine(
            result, status: 65,
            "\(file):\(lines): the file ends here without its end record "
                + "('$<TAB>verses<TAB>words'): it is truncated")
        #expect(!written)
    }

    @Test func aTenMegabyteLineIsRefusedWithoutEchoingIt() throws {
        let (result, file, written) = try Self.typeset(
            chapter: Self.chapter("v\t1\t" + String(repeating: "x", count: 10_000_000) + "\n"))
        Self.expectOneBoundedLine(
            result, status: 65, "\(file): is 10,000,035 bytes; a chapter file holds at most 8,388,608")
        #expect(!written)
    }

    @Test func anEscapeSequenceInAFieldIsEscaped() throws {
        let (result, file, written) = try Self.typeset(
            chapter: Self.chapter(
                "v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\t\u{1B}[2J\u{1B}]0;pwned\u{07}\t0\n$\t1\t1\n"))
        Self.expectOneBoundedLine(
            result, status: 65, "\(file):4: control character \\e in the gloss field '\\e[2J\\e]0;pwned\\x07'")
        #expect(!written)
    }

    @Test func invalidUTF8AndAFIFOChapterSayWhatIsWrong() throws {
        var bytes = Self.chapter("v\t1\tIn\n$\t1\t0\n")
        bytes.insert(0xC3, at: bytes.count - 9)
        let (result, file, _) = try Self.typeset(chapter: bytes)
        Self.expectOneBoundedLine(result, status: 65, "\(file):3: invalid UTF-8: byte 0xC3 at column 5")

        let scratch = try ScratchFolder("corpus")
        defer { scratch.remove() }
        let fifo = scratch.url.appendingPathComponent("chapters/43-John/01.tsv")
        try FileManager.default.createDirectory(at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let fromFIFO = try interlinear("typeset", "John 1", "--corpus", scratch.url.path)
        Self.expectOneBoundedLine(
            fromFIFO, status: 66,
            "\(fifo.path): is a FIFO (named pipe), not a regular file; a chapter file must be a regular file")
    }

    @Test func aMissingChapterSaysHowToImportIt() throws {
        let scratch = try ScratchFolder("corpus")
        defer { scratch.remove() }
        let result = try interlinear("typeset", "Mark 4", "--corpus", scratch.url.path)
        #expect(result.status == 66)
        #expect(
            result.stderr.hasPrefix(
                "interlinear: error: no chapter Mark 4 in the corpus (there is no corpus store at "
                    + "\(scratch.url.path)/interlinear.sqlite yet); run "), "\(result.stderr)")
        #expect(result.stderr.contains("interlinear import") && result.stderr.filter { $0 == "\n" }.count == 1)
    }

    /// The importer refuses a source verse the label format cannot index, and writes nothing.
    @Test func importRefusesAVerseOf65537EnglishTokensAndWritesNothing() throws {
        let scratch = try ScratchFolder("source")
        defer { scratch.remove() }
        func write(_ lines: [String], _ path: String) throws {
            let url = scratch.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        }
        try write(
            [
                "id\taltId\ttext\tstrongs\tgloss\tgloss2\tlemma\tpos\tmorph",
                "n43001001001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\tPREP",
            ], "data/sources/SBLGNT.tsv")
        try write(
            ["id\tsource_verse\ttext\tskip_space_after\texclude\tid_range_end\tsource_verse_range_end"]
                + (0..<65_537).map { "43001001\(String(format: "%03d", $0 % 1000))\t43001001\tw\t\t\t\t" },
            "data/eng/targets/BSB/nt_BSB.tsv")
        try write([#"{"records": []}"#], "data/eng/alignments/BSB/SBLGNT-BSB-manual.json")
        let out = scratch.path("store")
        let result = try interlinear("import", "John 1", "--source", scratch.path("data"), "--corpus", out)
        Self.expectOneBoundedLine(
            result, status: 65,
            "\(scratch.path("data/eng/targets/BSB/nt_BSB.tsv")):65538: verse 1 "
                + "has more than 65,536 translation tokens, the most a verse can hold")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
