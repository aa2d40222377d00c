import Foundation
import InterlinearTestSupport
import Testing

/// `render --format pdf` against PDF/UA-1: the PyPI checker `pdfua` (machine-checkable rules, among them 7.1-3
/// "content tagged or artifact", 7.2-34 language, 5 identification) finds nothing, and poppler's `pdftotext`, in its
/// default and its raw mode, gives the chapter's source words in reading order with letters in logical order.
/// Expected words come from the chapter files.
@Suite("interlinear render: PDF/UA", .serialized)
struct RenderPDFUATests {
    static func pdf(_ reference: String) throws -> URL {
        let dir = try RenderFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("out.pdf")
        _ = try RenderFixture.render([reference, "--format", "pdf"], to: file)
        return file
    }

    static let john = Result { try pdf("John 1") }
    static let genesis = Result { try pdf("Genesis 1") }

    /// The "w" lines' surface field of a committed chapter file, in order.
    static func sourceWords(_ path: String) throws -> [String] {
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(path)"), encoding: .utf8)
        var words: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 2, fields[0] == "w" { words.append(String(fields[2])) }
        }
        return words
    }

    static func isHebrew(_ token: Substring) -> Bool {
        token.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) }
    }

    @Test(.enabled(if: Validators.pdfuaRequired, Validators.pdfuaReason), arguments: ["John 1", "Genesis 1"])
    func pdfuaFindsNothing(reference: String) throws {
        let file = try (reference == "John 1" ? Self.john : Self.genesis).get()
        let result = try run(Validators.pdfua, ["check", file.path])
        #expect(result.status == 0, "pdfua: \(result.stdoutText) \(result.stderr)")
    }

    @Test(.enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")),
          arguments: [[String](), ["-raw"]])
    func greekWordsInReadingOrder(mode: [String]) throws {
        let expected = try Self.sourceWords("43-John/01.tsv")
        #expect(expected.count == 826)
        let text = try RenderFixture.poppler("pdftotext", mode + [try Self.john.get().path, "-"])
        let greek = text.split(whereSeparator: \.isWhitespace).filter(RenderFixture.isGreek).map(String.init)
        #expect(greek == expected, "pdftotext \(mode): \(greek.count) Greek words")
    }

    @Test(.enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")),
          arguments: [[String](), ["-raw"]])
    func hebrewWordsInReadingOrder(mode: [String]) throws {
        let expected = try Self.sourceWords("01-Gen/01.tsv")
        let text = try RenderFixture.poppler("pdftotext", mode + [try Self.genesis.get().path, "-"])
        let hebrew = text.split(whereSeparator: \.isWhitespace).filter(Self.isHebrew).map(String.init)
        #expect(hebrew == expected, "pdftotext \(mode): \(hebrew.count) Hebrew words of \(expected.count)")
    }
}
