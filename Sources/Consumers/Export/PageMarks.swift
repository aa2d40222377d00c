import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// Where the pages of the chapter's PDF (`interlinear render --format pdf`, same width, size, tiers and paper)
/// begin in the exported text, so an EPUB's page list can send a reader to "page 3" of the printed copy. The pages
/// come from the one pagination rule (`PageFrame`); a page that begins inside a verse begins at the first word
/// whose block is on it, or at the verse's translation when only translation lines are.
struct PageMarks {
    /// Where a page begins.
    enum Place: Hashable {
        case verse(VerseIndex)
        case word(VerseIndex, WordOffset)
        case translation(VerseIndex)
    }

    /// Page labels ("1", "2", …) by the place their page begins; every place holds at most one page.
    private(set) var labels: [Place: [String]] = [:]
    /// Every page label, in order.
    private(set) var pages: [String] = []

    init() {}

    /// The marks of `layout`'s pages on `frame`'s paper, labelled `prefix` + the page number.
    init(layout: ChapterLayout, frame: PageFrame, prefix: String = "") {
        let cells = 0..<layout.cells.count
        for (number, page) in frame.pages(of: layout, cells: cells).enumerated() {
            let label = prefix + String(number + 1)
            pages.append(label)
            labels[Self.place(of: page.top, in: layout, cells: page.cells), default: []].append(label)
        }
    }

    /// The labels of the pages that begin at `place`.
    func pages(at place: Place) -> [String] { labels[place] ?? [] }

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
