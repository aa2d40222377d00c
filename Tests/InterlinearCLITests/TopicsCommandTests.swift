import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear topics` (issue 43): the topics of Nave's Topical Bible that cite a verse equal diatheke's reverse
/// look-up — a regular-expression search of SWORD's Nave module for the verse as Nave prints it ("Joh 1:1", or the
/// whole chapter, "Joh 1") — and a topic's verses are the references its entry prints.
@Suite struct TopicsCommandTests {
    static var installed: Bool { FileManager.default.fileExists(atPath: "/usr/share/sword/mods.d/nave.conf") }

    /// diatheke's search of Nave for `pattern`: the topics' names run together without white space (diatheke 1.9
    /// prints the first two names with nothing between them, then " ; " after each) and the count it reports.
    static func diathekeSearch(_ pattern: String) throws -> (names: String, count: Int) {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = FileManager.default.temporaryDirectory.path  // no ~/.sword modules mixed in
        let program = try #require(SystemTool.find("diatheke"))
        let result = try run(program, ["-b", "Nave", "-s", "regex", "-k", pattern], environment: environment)
        #expect(result.status == 0, "diatheke: \(result.stderr)")
        let output = result.stdoutText
        let body = try #require(output.range(of: "\"-- ")).upperBound
        let end = try #require(output.range(of: " -- ", options: .backwards, range: body..<output.endIndex))
        let count = output[end.upperBound...].prefix { $0.isNumber }
        let names = output[body..<end.lowerBound].replacingOccurrences(of: " ; ", with: "")
        return (names.filter { !$0.isWhitespace }, Int(count) ?? -1)
    }

    /// The first verse of a book, as a user types it and as Nave prints it. A book's first verse always opens a
    /// group of references with the book's name (Nave lists a book's verses in order after it), so a search for the
    /// printed form finds every topic that cites it.
    static let verses = [
        ("John 1:1", "Joh"), ("Genesis 1:1", "Ge"), ("Romans 1:1", "Ro"), ("Matthew 1:1", "Mt"), ("Psalms 1:1", "Ps"),
    ]

    @Test(
        .enabled(if: installed, "Nave's Topical Bible is not installed (sword-dict-naves: scripts/setup)"),
        .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        arguments: verses)
    func topicsOfAVerseAreDiathekesReverseLookUp(verse: String, printed: String) throws {
        let store = try DefineCommandTests.store.get()
        let result = try interlinear("topics", verse, "--corpus", store.path)
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        let topics = Array(lines.dropFirst())
        // The verse ("Joh 1:1", "Joh 1:1-3") or its whole chapter ("Joh 1"), not another verse ("Joh 1:14").
        let chapter = verse.split(separator: " ").last!.split(separator: ":")[0]
        let expected = try Self.diathekeSearch("(^|[^0-9A-Za-z])\(printed) \(chapter)(:1)?([^0-9:]|$)")
        #expect(topics.count == expected.count, "\(verse): \(topics)")
        #expect(topics.joined().filter { !$0.isWhitespace } == expected.names, "\(verse)")
        #expect(
            lines.first
                == "\(topics.count) topic\(topics.count == 1 ? "" : "s") of Nave's Topical Bible cite\(topics.count == 1 ? "s" : "") \(verse.replacingOccurrences(of: "Psalms", with: "Psalm"))."
        )
        #expect(!topics.isEmpty)
    }

    /// A topic's verses are the references its entry prints, in order: WORD prints "Joh 1:1,14; 1Jo 5:7; Re 19:13".
    @Test(
        .enabled(if: installed, "Nave's Topical Bible is not installed (sword-dict-naves: scripts/setup)"),
        .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func aTopicsVersesAreItsReferences() throws {
        let store = try DefineCommandTests.store.get()
        let program = try #require(SystemTool.find("diatheke"))
        let entry = try run(program, ["-b", "Nave", "-f", "plain", "-k", "WORD"]).stdoutText
        #expect(
            entry.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "Joh 1:1,14; 1Jo 5:7; Re 19:13"),
            "\(entry)")
        let result = try interlinear("topics", "--topic", "word", "--corpus", store.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdoutText
                == "WORD: 4 references in Nave's Topical Bible.\nJohn 1:1\nJohn 1:14\n1 John 5:7\nRevelation 19:13\n")
        let unknown = try interlinear("topics", "--topic", "NO SUCH TOPIC", "--corpus", store.path)
        #expect(unknown.status == 66 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.split(separator: "\n").count == 1)
    }

    /// A store without topics says so once, naming the package, exit 66, nothing on stdout; a bad call is exit 64.
    @Test func noTopicsIsOneLineNamingThePackage() throws {
        let result = try interlinear("topics", "John 1:1")
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("sword-dict-naves"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        #expect(try interlinear("topics").status == 64)
        #expect(try interlinear("topics", "John 1:1", "--topic", "WORD").status == 64)
        #expect(try interlinear("topics", "John 1").status == 64)
    }
}
