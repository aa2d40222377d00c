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
        // In English order a verse's places are its English words (`ChapterDocument+EnglishOrder`), by token.
        let english = layout.options.order == .english
        var first: WordOffset?
        for label in layout.labels(in: verse)
        where (english ? label.tier == .translation : label.tier.isBlockTier)
            && label.y >= within - Pagination.minimumGap
        {
            let place = english ? label.token.map { WordOffset($0.rawValue) } : label.word
            if let place, first.map({ place < $0 }) ?? true { first = place }
        }
        return first.map { .word(verse, $0) } ?? .translation(verse)
    }
}
