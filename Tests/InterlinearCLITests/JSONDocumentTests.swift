import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearCLI
@testable import InterlinearStore

/// The real documents, written by `JSONWriter` and by the oracle (`JSONEncoder`, as the product wrote them before):
/// the same bytes for the committed chapters (four Greek, one Hebrew) at several widths, tier sets and a11y options.
@Suite struct JSONDocumentTests {
    static let references = ["John 1", "Matthew 1", "Romans 8", "Revelation 22", "Genesis 1"]

    @Test(arguments: references)
    func layoutDocumentsAreTheEncodersBytes(reference: String) throws {
        let passage = try #require(Passage(parsing: reference))
        for width: Float in [320, 390, 600, 768, 1024] {
            for tiers in [TierSet.all, TierSet([.source, .gloss]), TierSet([.transliteration, .translation])] {
                let session = try makeSession(options: LayoutOptions(width: width, tiers: tiers))
                let chapter = try session.chapter(passage, hebrewMarks: .all)
                let layout = session.layout(chapter)
                let written = try LayoutDocument.encoded(chapter: chapter, layout: layout, font: "Gentium Plus")
                let oracle = try EncoderOracle.compact(
                    LayoutDocumentOracle(
                        chapter: chapter, layout: layout,
                        font: "Gentium Plus"))
                #expect(written == oracle, "\(reference) at \(width) with tiers \(tiers.rawValue)")
                // Validated at one width: another width changes numbers, not the document's shape. Every chapter
                // with all tiers, and every tier set for one Greek and one Hebrew chapter (Python's validation of a
                // whole chapter costs a third of a second, producing it a few milliseconds).
                if width == 320, tiers == .all || reference == "John 1" || reference == "Genesis 1" {
                    #expect(try schemaViolation(Data(written), schema: "layout-3") == nil)
                }
            }
        }
    }

    /// A passage (verses of a chapter) and a Hebrew chapter without its marks.
    @Test func passagesAndHebrewMarksAreTheEncodersBytes() throws {
        for (reference, marks) in [("John 1:14-18", HebrewMarks.all), ("Genesis 1:1-5", .none), ("Genesis 1", .points)]
        {
            let session = try makeSession()
            let chapter = try session.chapter(#require(Passage(parsing: reference)), hebrewMarks: marks)
            let layout = session.layout(chapter)
            let written = try LayoutDocument.encoded(chapter: chapter, layout: layout, font: "Gentium Plus")
            #expect(
                written
                    == (try EncoderOracle.compact(
                        LayoutDocumentOracle(
                            chapter: chapter, layout: layout,
                            font: "Gentium Plus"))),
                "\(reference)")
        }
    }

    /// `a11y` documents made as the command makes them, with every part filled in some run: all cells and the
    /// visible ones, word and label granularity, hit tests, moves with scroll announcements, notes, a late reader.
    @Test(arguments: references)
    func a11yDocumentsAreTheEncodersBytes(reference: String) throws {
        let variants: [[String]] = [
            ["--screen-reader", "on", "--all"],
            ["--screen-reader", "on", "--all", "--width", "768"],
            ["--screen-reader", "on", "--all", "--granularity", "label", "--hit-test", "100,300"],
            ["--screen-reader", "on", "--hit-test", "-5,2000", "--scroll", "300", "--viewport", "390x600+10+20"],
            ["--screen-reader", "off"],
            ["--toggle-late", "--scroll", "1e8", "--note", "2"],
            [
                "--screen-reader", "on", "--note", "3", "--from", "\(try osis(reference)).3.w1", "--move", "next",
                "--count", "80",
            ],
            ["--screen-reader", "on", "--from", "\(try osis(reference)).2.w1", "--move", "previous", "--count", "500"],
        ]
        for (index, variant) in variants.enumerated() {
            let command = try A11yCommand.parse([reference] + variant + ["--corpus", corpusDirectory.path])
            let document = try command.document(from: try Engine(command.layout))
            let written = try document.encoded()
            #expect(written == (try EncoderOracle.compact(document)), "\(reference) \(variant)")
            // What the command writes: the nodes streamed during the walk, from a fresh engine.
            let (fresh, tree) = try command.prepare(try Engine(command.layout))
            #expect(
                try fresh.encoded(walking: tree, cells: command.cells(of: tree)) == written, "\(reference) \(variant)")
            // Every variant validated for one Greek chapter, the first for the Hebrew one (the others have the same
            // shape).
            if reference == "John 1" || (reference == "Genesis 1" && index == 0) {
                #expect(try schemaViolation(Data(written), schema: "a11y-5") == nil)
            }
        }
    }

    private func osis(_ reference: String) throws -> String {
        try #require(ChapterReference(parsing: reference)).osisID
    }

    @Test func benchReportIsTheEncodersBytes() throws {
        let report = BenchReport(
            reference: "John 1", iterations: 20, width: 390, warmWidth: 427, fontSize: 17, font: "Gentium \"Plus\"/x",
            labels: 5087, distinctStrings: 1779, cells: 51, loadMs: 1.7234567, coldMs: 6.41, warmMs: 0.1112,
            coldNsPerLabel: 1260.0000000000002, warmNsPerLabel: 21.8, shapingThreads: 2, coldMsOneThread: 1e-5,
            coldNsPerLabelOneThread: 0, bytesPerLabel: 24, storeBytesPerLabel: 24.499999)
        let written = try report.encoded()
        #expect(written == (try EncoderOracle.pretty(report)))
        #expect(try schemaViolation(Data(written), schema: "bench-2") == nil)
    }

    @Test func searchDocumentsAreTheEncodersBytes() throws {
        let john = try #require(ChapterReference(parsing: "John 1"))
        let hits = [
            SearchHit(
                chapter: john, verse: 1, word: 4, matched: "λόγος", lemma: "λόγος", strongs: "G3056",
                morphology: "N-NSM", gloss: "Word", context: "ἦν ὁ [λόγος] καὶ"),
            SearchHit(
                chapter: john, verse: 14, word: nil, matched: "love", lemma: nil, strongs: nil, morphology: nil,
                gloss: nil, context: "full of \"grace\" and\ttruth / [love]"),
        ]
        let results = [
            SearchResult(
                query: SearchQuery(text: "λόγος", kind: .lemma, scope: .bible, limit: 50), total: 2,
                counts: [(book: john.book, hits: 2)], hits: hits),
            SearchResult(
                query: SearchQuery(text: "nothing", kind: .text, scope: .bible, limit: 0), total: 0,
                counts: [], hits: []),
        ]
        for result in results {
            let document = SearchDocument(result)
            let written = try document.encoded()
            #expect(written == (try EncoderOracle.pretty(document)))
            #expect(try schemaViolation(Data(written), schema: "search-3") == nil)
        }
    }
}
