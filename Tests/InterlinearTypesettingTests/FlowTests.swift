import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearTypesetting

/// The one line-wrap rule the typesetter and the terminal grid share.
@Suite struct FlowTests {
    @Test func itemsWrapOnlyWhenTheyWouldPassTheEndAndLinesBeginAtTheStart() {
        var flow = Flow(start: 3, end: 20, gap: 2)
        let placed = [5, 5, 5, 5, 30, 1].map { flow.place($0) }
        #expect(placed.map(\.x) == [3, 10, 3, 10, 3, 3])
        #expect(placed.map(\.beginsLine) == [true, false, true, false, true, true])
        #expect(placed[4].length == 17, "an item longer than a line is clamped to it")
        #expect(flow.line == 3)
    }

    @Test func anItemThatExactlyFillsTheLineStaysOnIt() {
        var flow = Flow<Float>(start: 0, end: 10, gap: 1)
        #expect(flow.place(4).beginsLine)
        #expect(!flow.place(5).beginsLine, "4 + 1 + 5 ends at 10: it fits")
        #expect(flow.place(0.5).beginsLine)
    }

    @Test func aLineWithNoRoomStillTakesEveryItemOnItsOwnLine() {
        var flow = Flow(start: 5, end: 5, gap: 1)
        #expect(flow.lineLength == 0)
        #expect([1, 1].map { flow.place($0).length } == [0, 0])
    }
}

/// The typesetter keeps the verse-number gutter: every line of a verse's words, the first and the continuation
/// lines, begins at one x right of the chapter's widest verse number, as the terminal grid's lines do.
@Suite struct GutterTests {
    @Test(arguments: [320, 390, 768] as [Float])
    func continuationLinesIndentUnderTheFirstWord(width: Float) throws {
        let john = try JohnOne()
        let layout = john.session.layout(john.chapter, options: LayoutOptions(width: width))
        var starts = Set<Float>()
        var verseNumbersRight: Float = 0
        var wrapped = 0
        for verse in layout.cells.indices {
            let labels = layout.labels(in: verse)
            let number = try #require(labels.first { $0.tier == .verse })
            #expect(number.x == layout.options.margin, "the verse number stays at the margin")
            verseNumbersRight = max(verseNumbersRight, number.maxX)
            // The first block of each row: the one with the smallest x among the source labels of that row.
            var rows: [Float: Float] = [:]
            for label in labels where label.tier == .source { rows[label.y] = min(rows[label.y] ?? .infinity, label.x) }
            starts.formUnion(rows.values)
            wrapped += rows.count - 1
        }
        #expect(wrapped > 10, "John 1 wraps at \(width) pt")
        #expect(starts.count == 1, "every row of words begins at one x, got \(starts.sorted())")
        #expect(try #require(starts.first) > verseNumbersRight, "words begin right of every verse number")
    }

    @Test func theStackedTranslationKeepsTheGutterTooAndTheSideColumnDoesNot() throws {
        let john = try JohnOne()
        let narrow = john.session.layout(john.chapter, options: LayoutOptions(width: 390))
        let wordsStart = try #require(narrow.labels(in: 0).first { $0.tier == .source }).x
        let translationStarts = Set(narrow.labels.filter { $0.tier == .translation }.map(\.x))
        #expect(translationStarts.min() == wordsStart)
        let wide = john.session.layout(john.chapter, options: LayoutOptions(width: 1024))
        let sourceRight = wide.labels.filter { $0.tier == .source }.map(\.maxX).max() ?? 0
        #expect(wide.labels.filter { $0.tier == .translation }.allSatisfy { $0.x >= sourceRight })
    }
}

/// Right to left: a Hebrew row fills from the right edge leftwards and wraps back to the right edge.
@Suite struct RightToLeftFlowTests {
    @Test func itemsGoLeftwardsAndWrapToTheRightEdge() {
        var flow = Flow(start: 3, end: 20, gap: 2, direction: .rightToLeft)
        let placed = [5, 5, 5, 5, 30, 1].map { flow.place($0) }
        #expect(placed.map(\.x) == [15, 8, 15, 8, 3, 19])
        #expect(placed.map(\.beginsLine) == [true, false, true, false, true, true])
        #expect(placed[4].length == 17)
        #expect(flow.line == 3)
    }

    @Test func mirrorsTheLeftToRightRule() {
        // The same lengths wrap at the same items both ways, and each item's span mirrors around the line's middle.
        let lengths: [Float] = [4, 7, 3, 9, 2, 2, 6, 11, 1]
        var ltr = Flow<Float>(start: 10, end: 40, gap: 1.5)
        var rtl = Flow<Float>(start: 10, end: 40, gap: 1.5, direction: .rightToLeft)
        for length in lengths {
            let a = ltr.place(length), b = rtl.place(length)
            #expect(a.beginsLine == b.beginsLine)
            #expect(abs((a.x - 10) - (40 - (b.x + b.length))) < 0.001)
        }
    }

    @Test func unsignedColumnsNeverUnderflow() {
        var flow = Flow<Int>(start: 0, end: 10, gap: 1, direction: .rightToLeft)
        #expect([4, 4, 4, 12].map { flow.place($0).x } == [6, 1, 6, 0])
    }
}
