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

    /// Where two word lists first differ, for a short failure message.
    static func firstDifference(_ a: [String], _ b: [String]) -> String {
        let common = min(a.count, b.count)
        guard let i = (0..<common).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : common)
        else { return "none" }
        return "word \(i): \(i < a.count ? a[i] : "—") for \(i < b.count ? b[i] : "—") (\(a.count) words, \(b.count) expected)"
    }

    /// John 1's 826 Greek words: in reading order with `-raw` (content order, which is the structure tree's order).
    /// poppler's default mode regroups each page into blocks of its own (a word's stacked tiers become a block), so
    /// its order is not the reading order yet: a known issue, kept visible here rather than left out.
    @Test(.enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")),
          arguments: [[String](), ["-raw"]])
    func greekWordsInReadingOrder(mode: [String]) throws {
        let expected = try Self.sourceWords("43-John/01.tsv")
        #expect(expected.count == 826)
        let text = try RenderFixture.poppler("pdftotext", mode + [try Self.john.get().path, "-"])
        let greek = text.split(whereSeparator: \.isWhitespace).filter(RenderFixture.isGreek).map(String.init)
        #expect(greek.sorted() == expected.sorted(), "pdftotext \(mode): every word")
        withKnownIssue("poppler's default mode orders each page by its own block analysis", isIntermittent: true) {
            #expect(greek == expected, "pdftotext \(mode): \(Self.firstDifference(greek, expected))")
        } when: { mode.isEmpty }
    }

    /// Genesis 1's Hebrew words in reading order, letters in logical order. Not yet: poppler reverses every
    /// right-to-left run, taking the drawing order for visual order, so the words' ActualText (logical, as the PDF
    /// standard has it) comes out reversed; a known issue, kept visible here.
    @Test(.enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")),
          arguments: [[String](), ["-raw"]])
    func hebrewWordsInReadingOrder(mode: [String]) throws {
        let expected = try Self.sourceWords("01-Gen/01.tsv")
        let text = try RenderFixture.poppler("pdftotext", mode + [try Self.genesis.get().path, "-"])
        let hebrew = text.split(whereSeparator: \.isWhitespace).filter(Self.isHebrew).map(String.init)
        #expect(hebrew.count == expected.count, "pdftotext \(mode): every word")
        withKnownIssue("poppler reverses the logical ActualText of right-to-left words", isIntermittent: true) {
            #expect(hebrew == expected, "pdftotext \(mode): \(Self.firstDifference(hebrew, expected))")
        }
    }
}
