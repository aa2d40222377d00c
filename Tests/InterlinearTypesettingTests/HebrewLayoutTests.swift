import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import Testing

@testable import InterlinearTypesetting

/// Genesis 1 laid out right to left: blocks in Hebrew reading order from the right, wrapped to the column, every
/// label inside the page and none overlapping, tiers aligned to their block's right edge, the translation left to
/// right.
@Suite struct HebrewLayoutTests {
    static func genesis() throws -> (Interlinear, Chapter) {
        let session = try makeSession()
        return (session, try session.chapter(#require(ChapterReference(parsing: "Genesis 1"))))
    }

    @Test(arguments: [320, 390, 768, 1024] as [Float])
    func blocksRunRightToLeftAndStayInTheColumn(width: Float) throws {
        let (session, chapter) = try Self.genesis()
        #expect(chapter.direction == .rightToLeft)
        let layout = session.layout(chapter, options: LayoutOptions(width: width))
        #expect(layout.cells.count == 31)
        var wrappedVerses = 0
        for cell in layout.cells.indices {
            let labels = Array(layout.labels(in: cell))
            let verse = chapter.verses[VerseIndex(Int(cell))]
            // Inside the page.
            for label in labels {
                #expect(label.x >= 0 && label.maxX <= width + 0.01, "\(chapter.text(label.text)) at \(label.x)")
            }
            // No two labels overlap.
            for i in labels.indices {
                for j in labels.indices where j > i {
                    #expect(
                        !labels[i].overlaps(labels[j]),
                        "verse \(verse.number): \(chapter.text(labels[i].text)) / \(chapter.text(labels[j].text))")
                }
            }
            // Every word's source label, in reading order; within one row their x decreases.
            let sources = labels.filter { $0.tier == .source }
            #expect(sources.count == verse.words.count)
            #expect(sources.map { $0.offset } == (0..<sources.count).map { UInt16($0) })
            var rows = Set<Float>()
            for (a, b) in zip(sources, sources.dropFirst()) {
                rows.insert(a.y)
                if a.y == b.y {
                    #expect(b.maxX < a.x, "verse \(verse.number): word \(b.offset) is not left of \(a.offset)")
                } else {
                    #expect(b.y > a.y, "a new row goes below")
                }
            }
            if rows.count > 1 { wrappedVerses += 1 }
            // Each block's tiers share its right edge.
            for offset in Set(labels.filter { $0.tier != .verse && $0.tier != .translation }.map(\.offset)) {
                let edges = labels.filter { $0.tier != .verse && $0.tier != .translation && $0.offset == offset }.map(
                    \.maxX)
                #expect(edges.allSatisfy { abs($0 - edges[0]) < 0.01 })
            }
            // The verse number is right of every block of its first row.
            let number = try #require(labels.first { $0.tier == .verse })
            #expect(sources.filter { $0.y == number.y }.allSatisfy { $0.maxX <= number.x })
            // The translation reads left to right.
            let translation = labels.filter { $0.tier == .translation }
            for (a, b) in zip(translation, translation.dropFirst()) where a.y == b.y { #expect(b.x > a.maxX) }
        }
        if width <= 390 { #expect(wrappedVerses > 20, "narrow columns wrap most verses") }
    }

    @Test func wrappedRowsStartAtTheRightEdge() throws {
        let (session, chapter) = try Self.genesis()
        let layout = session.layout(chapter, options: LayoutOptions(width: 320))
        var rowStarts = Set<Float>()
        for cell in layout.cells.indices {
            var lastY: Float = -1
            for label in layout.labels(in: cell) where label.tier == .source {
                if label.y != lastY { rowStarts.insert((label.maxX * 100).rounded() / 100) }
                lastY = label.y
            }
        }
        // Every row's first block ends at the same x, left of the verse-number gutter: except rows whose first
        // block is narrower than a wider tier (the block's edge, not the Hebrew's, is what lines up).
        let blockStarts = layout.labels.indices.filter { i in
            let label = layout.labels[i]
            return label.tier != .verse && label.tier != .translation
        }.map { layout.labels[$0].maxX }
        let rightmost = try #require(blockStarts.max())
        #expect(rightmost <= 320 - 8)
        #expect(rowStarts.count >= 1)
    }

    @Test func missingGlyphsIsZeroWithEzraSIL() throws {
        let (session, chapter) = try Self.genesis()
        try #require(session.fonts.hebrewFont != nil || SystemTool.isCI, "Ezra SIL is not installed (fonts-sil-ezra)")
        #expect(session.fonts.hebrewFont != nil)
        let layout = session.layout(chapter)
        #expect(layout.missingGlyphs == 0)
    }

    @Test func hidingMarksChangesOnlyTheHebrew() throws {
        let session = try makeSession()
        let reference = try #require(Passage(parsing: "Gen 1"))
        let all = try session.chapter(reference, hebrewMarks: .all)
        let points = try session.chapter(reference, hebrewMarks: .points)
        let none = try session.chapter(reference, hebrewMarks: .none)
        let first = { (c: Chapter) in c.text(c.words[WordIndex(0)].surface) }
        #expect(first(all) == "בְּרֵאשִׁ֖ית")
        #expect(first(points) == "בְּרֵאשִׁית")
        #expect(first(none) == "בראשית")
        #expect(none.text(none.words[WordIndex(0)].transliteration) == "bə-rēʾšît")
        #expect(none.morphemes(of: none.words[WordIndex(0)]).map { none.text($0.surface) } == ["ב", "ראשית"])
        // Each form is its own string, shaped on its own.
        let texts = [all, points, none].map { c in session.layout(c).labels.first { $0.tier == .source }!.text }
        #expect(Set(texts).count == 3)
    }

    @Test func greekStaysLeftToRight() throws {
        let john = try JohnOne()
        #expect(john.chapter.direction == .leftToRight)
        let layout = john.session.layout(john.chapter)
        let sources = layout.labels(in: 0).filter { $0.tier == .source }
        for (a, b) in zip(sources, sources.dropFirst()) where a.y == b.y { #expect(b.x > a.maxX) }
    }
}
