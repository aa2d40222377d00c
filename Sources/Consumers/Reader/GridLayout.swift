import Foundation
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// Column widths of every word block and translation token, measured once per chapter; a resize only
/// re-runs the line breaking in `GridLayout`, never the measuring.
package struct GridMetrics: Sendable {
    package let chapter: Chapter
    /// Block tiers shown, top to bottom.
    package let tiers: [Tier]
    /// Whether each verse ends with its translation.
    package let showsTranslation: Bool
    /// Widest tier of each word, in columns.
    package let blockWidths: ChapterArray<Word, Int>
    /// Width of each translation token, in columns.
    package let tokenWidths: ChapterArray<TranslationToken, Int>
    /// Columns for the verse number in front of each cell ("51 "): the verse-number gutter.
    package let gutter: Int

    /// Measures the chapter for the tiers in `tiers` (the block tiers among them, and the translation if present;
    /// with no block tier, the source is shown).
    package init(chapter: Chapter, tiers: TierSet = .all) {
        self.chapter = chapter
        let blockTiers = Tier.blockTiers.filter { tiers.contains($0) }
        self.tiers = blockTiers.isEmpty ? [.source] : blockTiers
        showsTranslation = tiers.contains(.translation)
        var widthByText = [Int](repeating: -1, count: chapter.strings.count)
        func width(_ id: TextID) -> Int {
            if widthByText[Int(id)] < 0 { widthByText[Int(id)] = CellWidth.of(chapter.text(id)) }
            return widthByText[Int(id)]
        }
        let shown = self.tiers
        blockWidths = ChapterArray(
            chapter.words.map { word in
                shown.reduce(1) { widest, tier in word.text(tier).map { max(widest, width($0)) } ?? widest }
            })
        tokenWidths = ChapterArray(chapter.translationTokens.map { width($0) })
        gutter = (chapter.verses.map { String($0.number).count }.max() ?? 1) + 1
    }
}

/// What one terminal row of a verse cell shows.
package enum GridRowKind: Equatable, Sendable {
    /// One tier of block line `line` of the verse.
    case tier(Tier, line: Int)
    /// Line `line` of the wrapped translation.
    case translation(line: Int)
    /// The blank row that separates verses.
    case gap
}

/// Verses laid out in terminal columns: each verse is a cell whose height is its rows — per block line one row
/// per tier, then the wrapped translation, then a blank row. Heights go into a `Table`, so the visible rows for a
/// scroll offset are found in O(log n) and only they are rendered.
package struct GridLayout: Sendable {
    package let metrics: GridMetrics
    package let columns: Int
    /// Cells (one per verse) with heights in rows.
    package let table: Table
    /// Gap between word blocks.
    package static let blockGap = 2
    /// Gap between translation words.
    package static let tokenGap = 1
    /// Per verse, a range into `lineStarts`: the chapter word index each block line begins with.
    private let blockLines: ChapterArray<Verse, Range<Int>>
    private let lineStarts: [WordIndex]
    /// Per verse, a range into `translationStarts`: the chapter token index each translation line begins with.
    private let translationLines: ChapterArray<Verse, Range<Int>>
    private let translationStarts: [TokenIndex]

    /// Breaks every verse into lines with the typesetter's rule (`Flow`), right of the verse-number gutter.
    package init(metrics: GridMetrics, columns: Int) {
        self.metrics = metrics
        self.columns = max(columns, 1)
        let chapter = metrics.chapter
        let available = max(self.columns - metrics.gutter, 1)
        var blockLines = ChapterArray<Verse, Range<Int>>(), lineStarts: [WordIndex] = []
        var translationLines = ChapterArray<Verse, Range<Int>>(), translationStarts: [TokenIndex] = []
        var heights: [Float] = []
        blockLines.reserveCapacity(chapter.verses.count)
        heights.reserveCapacity(chapter.verses.count)
        for verse in chapter.verses {
            let firstLine = lineStarts.count
            var flow = Flow(start: 0, end: available, gap: Self.blockGap)
            for word in verse.words where flow.place(metrics.blockWidths[word]).beginsLine { lineStarts.append(word) }
            blockLines.append(firstLine..<lineStarts.count)

            let firstTranslation = translationStarts.count
            if metrics.showsTranslation {
                var flow = Flow(start: 0, end: available, gap: Self.tokenGap)
                for token in verse.translation where flow.place(metrics.tokenWidths[token]).beginsLine {
                    translationStarts.append(token)
                }
            }
            translationLines.append(firstTranslation..<translationStarts.count)
            let rows =
                (lineStarts.count - firstLine) * metrics.tiers.count + (translationStarts.count - firstTranslation) + 1
            heights.append(Float(rows))
        }
        self.blockLines = blockLines
        self.lineStarts = lineStarts
        self.translationLines = translationLines
        self.translationStarts = translationStarts
        table = Table(heights: heights)
    }

    package var contentRows: Int { Int(table.contentHeight) }
    package func top(ofVerse verse: VerseIndex) -> Int { Int(table.origins[Int(verse)]) }
    package func rows(ofVerse verse: VerseIndex) -> Int {
        Int(table.origins[Int(verse) + 1] - table.origins[Int(verse)])
    }
    package func verse(atRow row: Int) -> VerseIndex { VerseIndex(table.cell(atContentY: Float(row))) }

    /// What row `row` (relative to the cell's top) of verse `verse` shows.
    package func kind(ofRow row: Int, verse: VerseIndex) -> GridRowKind {
        let lines = blockLines[verse].count
        let tierCount = metrics.tiers.count
        if row < lines * tierCount { return .tier(metrics.tiers[row % tierCount], line: row / tierCount) }
        let translationRow = row - lines * tierCount
        if translationRow < translationLines[verse].count { return .translation(line: translationRow) }
        return .gap
    }

    /// Chapter word indices on a block line.
    package func words(verse: VerseIndex, line: Int) -> Range<WordIndex> {
        let lines = blockLines[verse]
        let start = lineStarts[lines.lowerBound + line]
        let end =
            line + 1 < lines.count
            ? lineStarts[lines.lowerBound + line + 1] : metrics.chapter.verses[verse].words.upperBound
        return start..<end
    }

    /// The block line of a chapter word.
    package func line(ofWord word: WordIndex, verse: VerseIndex) -> Int {
        let lines = blockLines[verse]
        var line = 0
        while line + 1 < lines.count, lineStarts[lines.lowerBound + line + 1] <= word { line += 1 }
        return line
    }

    /// Chapter translation-token indices on a translation line.
    package func tokens(verse: VerseIndex, line: Int) -> Range<TokenIndex> {
        let lines = translationLines[verse]
        let start = translationStarts[lines.lowerBound + line]
        let end =
            line + 1 < lines.count
            ? translationStarts[lines.lowerBound + line + 1] : metrics.chapter.verses[verse].translation.upperBound
        return start..<end
    }

    /// One row as positioned, styled spans that never pass `columns`. `highlight` is a chapter word shown in
    /// reverse video (and marked in the gutter, so it does not depend on colour). A right-to-left chapter mirrors
    /// the rows as the typesetter mirrors the page: the verse number in a gutter on the right, word blocks from
    /// right to left (each tier aligned to its block's right edge), the translation left to right on the left.
    package func spans(ofRow row: Int, verse: VerseIndex, highlight: WordIndex? = nil) -> [GridSpan] {
        let chapter = metrics.chapter
        let available = max(columns - metrics.gutter, 1)
        let rightToLeft = chapter.direction == .rightToLeft
        // Where lines of blocks and of translation begin and end: right of the gutter, or left of it.
        let lineStart = rightToLeft ? 0 : metrics.gutter
        var spans: [GridSpan] = []
        switch kind(ofRow: row, verse: verse) {
        case .gap:
            break
        case .tier(let tier, let line):
            let words = words(verse: verse, line: line)
            if tier == metrics.tiers.first {
                let number = String(chapter.verses[verse].number)
                let numberColumn = rightToLeft ? max(columns - number.count, 0) : 0
                if line == 0 { spans.append(clipped(number, column: numberColumn, style: .bold)) }
                if let highlight, words.contains(highlight) {
                    spans.append(
                        clipped(
                            rightToLeft ? "‹" : "›", column: rightToLeft ? available : metrics.gutter - 1,
                            style: .bold))
                }
            }
            // The words of one line: the same flow that broke the lines places them, so none wraps here.
            var flow = Flow(
                start: lineStart, end: lineStart + available, gap: Self.blockGap,
                direction: chapter.direction)
            for word in words {
                let block = flow.place(metrics.blockWidths[word])
                var text = chapter.words[word].text(tier).map(chapter.text) ?? ""
                if rightToLeft && tier == .source && !Self.terminalReordersRightToLeft { text = Self.visualOrder(text) }
                var style = Self.style(of: tier)
                if word == highlight { style.insert(.reverse) }
                let fitted = CellWidth.truncated(text, to: block.length)
                let column = rightToLeft ? block.x + block.length - fitted.width : block.x
                spans.append(GridSpan(column: column, text: fitted.text, width: fitted.width, style: style))
            }
        case .translation(let line):
            var flow = Flow(start: lineStart, end: lineStart + available, gap: Self.tokenGap)
            for token in tokens(verse: verse, line: line) {
                let placed = flow.place(metrics.tokenWidths[token])
                let fitted = CellWidth.truncated(chapter.text(chapter.translationTokens[token]), to: placed.length)
                spans.append(GridSpan(column: placed.x, text: fitted.text, width: fitted.width, style: .italic))
            }
        }
        let fitting = spans.filter { $0.column + $0.width <= columns }
        // Left to right on screen, as the terminal is written; a right-to-left row was placed the other way.
        return rightToLeft ? fitting.sorted { $0.column < $1.column } : fitting
    }

    /// Whether the terminal lays right-to-left text out itself (set `INTERLINEAR_TERMINAL_BIDI=1` for one that
    /// does, such as mlterm). Most terminals, and tmux, draw characters in the order written, so by default the
    /// grid writes a Hebrew word's letters in visual order (right to left on screen reads as written).
    static let terminalReordersRightToLeft: Bool = {
        guard let value = getenv("INTERLINEAR_TERMINAL_BIDI") else { return false }
        return String(cString: value) == "1"
    }()

    /// The grapheme clusters (a letter with its points and accents) of `text` in reverse order.
    static func visualOrder(_ text: String) -> String { String(text.reversed()) }

    private func clipped(_ text: String, column: Int, style: TextStyle) -> GridSpan {
        let fitted = CellWidth.truncated(text, to: max(columns - column, 0))
        return GridSpan(column: column, text: fitted.text, width: fitted.width, style: style)
    }

    /// Tiers differ by position first; styles only add to that.
    static func style(of tier: Tier) -> TextStyle {
        switch tier {
        case .source: .bold
        case .transliteration: .cyan
        case .strongs: [.dim, .blue]
        case .morphology: .dim
        case .gloss: .green
        default: []
        }
    }
}

/// Text placed at a column of a row.
package struct GridSpan: Equatable, Sendable {
    package var column: Int
    package var text: String
    package var width: Int
    package var style: TextStyle
}
