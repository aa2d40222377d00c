import InterlinearCorpus
import InterlinearTypesetting

/// A horizontal slice of the chapter shown on one page: content from `top` to `bottom` (chapter points), made of
/// whole rows. A row of word blocks (every tier of every block in it) or a line of the translation is never cut.
package struct PageSlice: Sendable, Equatable {
    package var top: Float
    package var bottom: Float
    /// The cells with at least one row on the page.
    package var cells: Range<Int>

    package init(top: Float, bottom: Float, cells: Range<Int>) {
        self.top = top
        self.bottom = bottom
        self.cells = cells
    }

    /// The rows of `cell` on this page, cell-relative (for `ChapterPainter.paintCell(_:into:x:y:rows:)`).
    package func rows(of cell: Cell) -> Range<Float> { (top - cell.y)..<(bottom - cell.y) }
}

/// PDF paper sizes, in points.
package enum Paper: String, CaseIterable, Sendable {
    case a4, letter

    package var width: Double { self == .a4 ? 595.276 : 612 }
    package var height: Double { self == .a4 ? 841.89 : 792 }
}

/// How a column of `columnWidth` points sits on paper: at its own size when it fits between the margins, shrunk to
/// the text width when it does not. The one rule for the printed pages (`interlinear render --format pdf`) and for
/// the page list that refers to them (`interlinear export --format epub`).
package struct PageFrame: Sendable, Equatable {
    package var paper: Paper
    package var margin: Double
    package var columnWidth: Double

    /// The default margin, points.
    package static let defaultMargin = 56.0

    package init(paper: Paper, margin: Double = PageFrame.defaultMargin, columnWidth: Double) {
        self.paper = paper
        self.margin = margin
        self.columnWidth = columnWidth
    }

    /// Whether the margins leave a usable text area (at least 100 points each way).
    package var fits: Bool { margin >= 0 && paper.width - 2 * margin >= 100 && paper.height - 2 * margin >= 100 }
    /// Page points per chapter point.
    package var scale: Double { min(1, (paper.width - 2 * margin) / columnWidth) }
    /// The column's left edge on the page, points.
    package var left: Double { (paper.width - columnWidth * scale) / 2 }
    /// The chapter points one page holds.
    package var pageHeight: Float { Float((paper.height - 2 * margin) / scale) }

    /// The pages of `cells`.
    package func pages(of layout: ChapterLayout, cells: Range<Int>) -> [PageSlice] {
        Pagination.pages(of: layout, cells: cells, pageHeight: pageHeight)
    }
}

/// Splits cells into pages without cutting a row.
package enum Pagination {
    /// Bands closer than this stay together: a cut needs room on both sides, whatever the rounding of chapter
    /// coordinates (translation lines touch, so a verse's translation is kept whole).
    package static let minimumGap: Float = 0.5

    /// The indivisible pieces of `cells`, as chapter-y ranges that tile them: a cell is cut only in the gap between
    /// two bands of labels (overlapping label spans merged), at the gap's middle.
    package static func pieces(of layout: ChapterLayout, cells: Range<Int>) -> [Range<Float>] {
        var pieces: [Range<Float>] = []
        var spans: [(top: Float, bottom: Float)] = []
        for row in cells {
            let index = VerseIndex(row)
            let cell = layout.cells[index]
            spans.removeAll(keepingCapacity: true)
            for label in layout.labels(in: index) { spans.append((label.y, label.maxY)) }
            spans.sort { $0.top < $1.top }
            var start = cell.y
            var bandBottom: Float? = nil
            for span in spans {
                if let bottom = bandBottom, span.top > bottom + minimumGap {
                    let cut = cell.y + (bottom + span.top) / 2
                    pieces.append(start..<cut)
                    start = cut
                }
                bandBottom = max(bandBottom ?? span.bottom, span.bottom)
            }
            pieces.append(start..<(cell.y + cell.height))
        }
        return pieces
    }

    /// Packs the pieces of `cells` into pages of `pageHeight` chapter points, greedily. A piece taller than a page
    /// gets a page of its own (and overflows it) rather than being cut.
    package static func pages(of layout: ChapterLayout, cells: Range<Int>, pageHeight: Float) -> [PageSlice] {
        var pages: [PageSlice] = []
        var current: Range<Float>? = nil
        for piece in pieces(of: layout, cells: cells) {
            if let page = current, piece.upperBound - page.lowerBound <= pageHeight {
                current = page.lowerBound..<piece.upperBound
            } else {
                if let page = current { pages.append(slice(page, layout: layout, cells: cells)) }
                current = piece
            }
        }
        if let page = current { pages.append(slice(page, layout: layout, cells: cells)) }
        return pages
    }

    private static func slice(_ range: Range<Float>, layout: ChapterLayout, cells: Range<Int>) -> PageSlice {
        let shown = cells.filter { row in
            let cell = layout.cells[VerseIndex(row)]
            return cell.y < range.upperBound && cell.y + cell.height > range.lowerBound
        }
        let first = shown.first ?? cells.lowerBound
        return PageSlice(
            top: range.lowerBound, bottom: range.upperBound, cells: first..<((shown.last ?? first - 1) + 1))
    }
}
