import InterlinearCorpus
import InterlinearReader
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// The terminal grid mirrors a Hebrew chapter as the typesetter mirrors the page: the verse number on the right,
/// blocks right to left, every span inside the terminal, spans in screen order for drawing.
@Suite("Reader grid, Hebrew")
struct HebrewGridTests {
    @Test("blocks right to left, inside the columns, in screen order", arguments: [40, 60, 80, 120])
    func rightToLeftRows(columns: Int) throws {
        let chapter = try readerChapter("Genesis 1")
        #expect(CellWidth.of("בְּרֵאשִׁ֖ית") == 6, "points and accents take no column")
        let grid = GridLayout(metrics: GridMetrics(chapter: chapter), columns: columns)
        for verse in chapter.verses.indices {
            for row in 0..<grid.rows(ofVerse: verse) {
                let spans = grid.spans(ofRow: row, verse: verse)
                #expect(spans.allSatisfy { $0.column >= 0 && $0.column + $0.width <= columns })
                #expect(
                    zip(spans, spans.dropFirst()).allSatisfy { $0.column + $0.width <= $1.column }, "ordered, apart")
                guard case .tier(.transliteration, let line) = grid.kind(ofRow: row, verse: verse) else { continue }
                // Reading order right to left: the line's words, last first on screen.
                let words = grid.words(verse: verse, line: line).map { chapter.text(chapter.words[$0].transliteration) }
                let available = columns - grid.metrics.gutter
                #expect(spans.map(\.text) == words.reversed().map { CellWidth.truncated($0, to: available).text })
            }
        }
        // The verse number sits at the right edge of its first row.
        let first = grid.spans(ofRow: 0, verse: VerseIndex(0))
        #expect(first.last?.text == "1" && first.last.map { $0.column + $0.width } == columns)
    }

    /// The status line says a match for the ear (a terminal screen reader reads it as it changes, with one
    /// voice): Genesis 1:1's third word, אֱלֹהִים (H430, "God" in the chapter file), respelled "eloheem"
    /// (docs/speech.md), no Hebrew letter.
    @Test func matchOnTheStatusLineIsRespelled() throws {
        var grid = GridMode(chapter: try readerChapter("Genesis 1"), columns: 100, rows: 24, color: false)
        grid.find("H430")
        #expect(grid.currentMatch != nil)
        #expect(grid.statusText.contains("1:1 eloheem, God"), "\(grid.statusText)")
        #expect(!grid.statusText.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) })
    }

    @Test("Hebrew letters are written in visual order for terminals that do not reorder them")
    func visualOrder() throws {
        let chapter = try readerChapter("Genesis 1")
        let grid = GridLayout(metrics: GridMetrics(chapter: chapter), columns: 120)
        let source = grid.spans(ofRow: 0, verse: VerseIndex(0)).filter {
            $0.text.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) }
        }
        // The rightmost Hebrew span is the first word, its letters reversed (ת first on screen, ב last).
        let rightmost = try #require(source.last)
        #expect(rightmost.text == String("בְּרֵאשִׁ֖ית".reversed()))
    }
}
