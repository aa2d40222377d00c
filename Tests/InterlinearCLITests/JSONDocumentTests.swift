import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearCLI
@testable import InterlinearStore

/// The real documents: a layout written by `JSONWriter` and by the oracle (`JSONEncoder`, as the product wrote it
/// before), the same bytes for the committed chapters (four Greek, one Hebrew) at several widths and tier sets; the
/// `a11y`, `search` and `bench` documents read back by Foundation (`JSONSerialization`) and held to what their inputs
/// say (the command's arguments, the hits searched) and to their schemas.
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
                    #expect(try schemaViolation(Data(written), schema: "layout-4") == nil)
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
    func a11yDocumentsSayWhatTheArgumentsAsked(reference: String) throws {
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
        let verses = try makeSession().chapter(#require(ChapterReference(parsing: reference))).verses.count
        for (index, variant) in variants.enumerated() {
            let command = try A11yCommand.parse([reference] + variant + ["--corpus", corpusDirectory.path])
            let document = try command.document(from: try Engine(command.layout))
            let written = try document.encoded()
            try expectReadBack(written, reference: reference, verses: verses, variant: variant)
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

    /// An a11y document read back by Foundation: its viewport and hit point are the arguments', its moves a chain
    /// from `--from`, its nodes a tree whose parents and children agree, and its stats count the chapter's verses.
    private func expectReadBack(_ data: Data, reference: String, verses: Int, variant: [String]) throws {
        let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func argument(_ name: String) -> String? { variant.firstIndex(of: name).map { variant[$0 + 1] } }
        func numbers(_ text: String) -> [Double] {
            text.split(whereSeparator: { "x+,".contains($0) }).compactMap { Double($0) }
        }
        #expect(read["reference"] as? String == reference && read["schema"] as? String == "interlinear.a11y/5")
        let viewport = try #require(read["viewport"] as? [String: Double])
        if let text = argument("--viewport") {
            #expect([viewport["width"], viewport["height"], viewport["x"], viewport["y"]] == numbers(text))
        }
        if let point = argument("--hit-test") {
            let hit = try #require(read["hit"] as? [String: Any])
            #expect([hit["x"] as? Double, hit["y"] as? Double] == numbers(point))
            #expect((hit["nodeId"] as? String)?.hasPrefix(try osis(reference) + ".") == true)
            #expect(hit["inside"] as? Bool == (hit["distance"] as? Double == 0))
        } else {
            #expect(read["hit"] is NSNull)
        }
        let moves = try #require(read["moves"] as? [[String: Any]])
        var from = argument("--from")
        for move in moves {
            #expect(move["from"] as? String == from)
            #expect((move["announcement"] is NSNull) == (move["scrolled"] as? Bool == false))
            from = move["to"] as? String
        }
        if let count = argument("--count").flatMap(Int.init) {
            #expect(moves.count == count || read["reachedEnd"] as? Bool == true)
        }
        let nodes = try #require(read["nodes"] as? [[String: Any]])
        let ids = nodes.compactMap { $0["nodeId"] as? String }
        #expect(ids.count == nodes.count && Set(ids).count == ids.count, "each node once, with its id")
        var children: [String: [String]] = [:]
        for node in nodes.dropFirst() {
            children[node["parentId"] as? String ?? "", default: []].append(node["nodeId"] as? String ?? "")
        }
        #expect(nodes.first?["parentId"] is NSNull)
        let walked = Set(ids)
        for node in nodes {
            // A node lists its children in the order the walk meets them (the walk holds the walked cells').
            let listed = (node["childIds"] as? [String] ?? []).filter(walked.contains)
            #expect(listed == children[node["nodeId"] as? String ?? ""] ?? [], "\(node["nodeId"] ?? "")")
        }
        let stats = try #require(read["stats"] as? [String: Int])
        #expect(stats["cells"] == (nodes.first?["childIds"] as? [String])?.count && stats["cells"] == verses)
    }

    private func osis(_ reference: String) throws -> String {
        try #require(ChapterReference(parsing: reference)).osisID
    }

    @Test func benchReportHoldsItsFigures() throws {
        let report = BenchReport(
            reference: "John 1", iterations: 20, width: 390, warmWidth: 427, fontSize: 17, font: "Gentium \"Plus\"/x",
            labels: 5087, distinctStrings: 1779, cells: 51, loadMs: 1.7234567, coldMs: 6.41, warmMs: 0.1112,
            coldNsPerLabel: 1260.0000000000002, warmNsPerLabel: 21.8, shapingThreads: 2, coldMsOneThread: 1e-5,
            coldNsPerLabelOneThread: 0, bytesPerLabel: 24, storeBytesPerLabel: 24.499999)
        let written = try report.prettyJSON()
        let read = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(read["font"] as? String == "Gentium \"Plus\"/x")
        #expect(read["schema"] as? String == "interlinear.bench/2")
        #expect(read["labels"] as? Int == 5087 && read["bytesPerLabel"] as? Int == 24 && read["cells"] as? Int == 51)
        // Read by `JSONDecoder`, which reads a `Double` to its last bit (what `JSONSerialization` read of
        // 1260.0000000000002 compared unequal).
        struct Figures: Decodable { let coldNsPerLabel, coldMsOneThread: Double }
        let figures = try JSONDecoder().decode(Figures.self, from: written)
        #expect(figures.coldNsPerLabel == 1260.0000000000002 && figures.coldMsOneThread == 1e-5)
        #expect(read.count == 20, "every figure once: \(read.keys.sorted())")
        #expect(try schemaViolation(Data(written), schema: "bench-2") == nil)
    }

    @Test func searchDocumentsHoldTheirHits() throws {
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
        // A Hebrew hit the English Bibles number otherwise: Psalm 102:26 is their 102:25 (the BSB's table).
        let psalm = try #require(ChapterReference(parsing: "Psalm 102"))
        let hebrew = SearchResult(
            query: SearchQuery(text: "H8064", kind: .strongs, scope: .bible, limit: 50), total: 1,
            counts: [(book: psalm.book, hits: 1)],
            hits: [
                SearchHit(
                    chapter: psalm, verse: 26, word: 6, matched: "וְ/שָׁמַיִם", lemma: nil, strongs: "H8064",
                    morphology: "Conj-N", gloss: "heavens", context: "[וְמַעֲשֵׂה]")
            ])
        for (result, english) in results.map({ ($0, [Int: Int]()) }) + [(hebrew, [19_102_026: 19_102_025])] {
            let document = SearchDocument(result, englishVerse: { english[$0] })
            let written = try document.encoded()
            #expect(try schemaViolation(Data(written), schema: "search-3") == nil)
            let read = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
            #expect(read["query"] as? String == result.query.text && read["total"] as? Int == result.total)
            #expect(read["truncated"] as? Bool == false && read["limit"] as? Int == result.query.limit)
            let counts = try #require(read["counts"] as? [[String: Any]])
            #expect(counts.map { $0["book"] as? String } == result.counts.map { $0.book.name })
            #expect(counts.map { $0["hits"] as? Int } == result.counts.map { $0.hits })
            let results = try #require(read["results"] as? [[String: Any]])
            #expect(results.count == result.hits.count)
            for (hit, json) in zip(result.hits, results) {
                #expect(json["osisRef"] as? String == "\(hit.chapter.osisID).\(hit.verse)")
                #expect(json["chapter"] as? Int == hit.chapter.chapter && json["verse"] as? Int == hit.verse)
                // 1-based in the document, and null (not left out) for a translation-text hit.
                #expect(json["word"] as? Int == hit.word.map { $0 + 1 })
                #expect(hit.word != nil || json["word"] is NSNull)
                #expect(json["matched"] as? String == hit.matched && json["context"] as? String == hit.context)
                #expect(json["lemma"] as? String == hit.lemma && json["gloss"] as? String == hit.gloss)
                #expect(json["strongs"] as? String == hit.strongs && json["morphology"] as? String == hit.morphology)
                #expect(json.count == 13, "\(json.keys.sorted())")
            }
            for hit in document.results where english.isEmpty {
                #expect(hit.englishReference == nil)
            }
        }
        let document = SearchDocument(hebrew, englishVerse: { $0 == 19_102_026 ? 19_102_025 : nil })
        #expect(document.results.first?.englishReference == "Psalm 102:25")
        #expect(document.text.hasPrefix("Psalm 102:26 (Psalm 102:25 in English Bibles)  וְ/שָׁמַיִם"))
    }
}
