import InterlinearCorpus
import InterlinearHTML
import InterlinearTable
import InterlinearTypesetting

/// Where the pages of the chapter's PDF (`interlinear render --format pdf`, same width, size, tiers and paper)
/// begin in the exported text, so an EPUB's page list can send a reader to "page 3" of the printed copy. The pages
/// come from the one pagination rule (`PageFrame`); a page that begins inside a verse begins at the first word
/// whose block is on it, or at the verse's translation when only translation lines are.
extension PageMarks {
    /// The marks of `layout`'s pages on `frame`'s paper, labelled `prefix` + the page number.
    init(layout: ChapterLayout, frame: PageFrame, prefix: String = "") {
        self.init()
        let cells = 0..<layout.cells.count
        for (number, page) in frame.pages(of: layout, cells: cells).enumerated() {
            add(prefix + String(number + 1), at: Self.place(of: page.top, in: layout, cells: page.cells))
        }
    }
    /// The place of chapter y `top`: a verse's start, the first word block below it, or the translation.
    private static func place(of top: Float, in layout: ChapterLayout, cells: Range<Int>) -> Place {
        let verse = VerseIndex(cells.lowerBound)
        let cell = layout.cells[verse]
        let within = top - cell.y
        guard within > Pagination.minimumGap else { return .verse(verse) }
        var first: WordOffset?
        for label in layout.labels(in: verse) where label.tier.isBlockTier && label.y >= within - Pagination.minimumGap
        {
            if let word = label.word, first.map({ word < $0 }) ?? true { first = word }
        }
        return first.map { .word(verse, $0) } ?? .translation(verse)
    }
}
