import InterlinearCorpus
import InterlinearTable

/// One chapter of a printed document: the painter of its layout, the cells to print and its name.
package struct PrintedChapter {
    package var painter: ChapterPainter
    package var cells: Range<Int>
    /// The chapter's name in headings, running heads and the outline: "John 1".
    package var title: String

    package init(painter: ChapterPainter, cells: Range<Int>, title: String) {
        self.painter = painter
        self.cells = cells
        self.title = title
    }

    /// The number of the verse in cell `cell`.
    func verseNumber(_ cell: Int) -> Int { painter.chapter.verses[VerseIndex(cell)].number }

    /// What a page of this chapter holds, as its running head says it: "John 1:3–14", "John 1:3".
    func range(of page: PageSlice) -> String {
        let first = verseNumber(page.cells.lowerBound), last = verseNumber(max(page.cells.upperBound - 1, 0))
        return first == last ? "\(title):\(first)" : "\(title):\(first)–\(last)"
    }
}

/// What a PDF prints: one chapter, or chapters of one book after a title page. Chapters are made one at a time
/// (`chapter(i)`), drawn and let go, so only one chapter's layout and painter are alive while the book is drawn.
package struct PrintedBook {
    /// The title page's lines, the book's name first (its heading); empty for a single chapter, which has none.
    package var titlePage: [String]
    package var chapterCount: Int
    package var chapter: (Int) throws -> PrintedChapter

    package init(titlePage: [String], chapterCount: Int, chapter: @escaping (Int) throws -> PrintedChapter) {
        self.titlePage = titlePage
        self.chapterCount = chapterCount
        self.chapter = chapter
    }

    /// The heading level of a chapter's name: the document's `H1` when there is no title page, else `H2` under
    /// the book's `H1`.
    var chapterHeading: String { titlePage.isEmpty ? "H1" : "H2" }
}
