import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The accessibility tree's reading order at word granularity — a verse's number, each source word block, the verse's
/// whole translation (one stop: a screen reader speaks the English sentence, a sighted user sees it ringed), then each
/// translation word inside it — walked straight from the layout's labels. Keyboard focus uses it while no screen reader runs,
/// so a focus ring never builds an accessibility element; its ids and frames are the ones the accessibility layer
/// would build (tested against it). The view shows no note markers, so none appear here.
struct FocusOrder {
    let layout: ChapterLayout

    /// One focusable item of a cell: its element kind and its cell-relative frame.
    struct Item: Equatable {
        var kind: Element.Kind
        var frame: Rect
    }

    /// A cell's items in reading order, read from its labels without allocating.
    struct Items: Sequence, IteratorProtocol {
        let labels: ArraySlice<Label>
        var index: Int
        /// Whether the whole translation's stop (`.verseTranslation`) came already; it precedes its words.
        var wholeTranslation = false

        init(_ labels: ArraySlice<Label>) {
            self.labels = labels
            index = labels.startIndex
        }

        mutating func next() -> Item? {
            guard index < labels.endIndex else { return nil }
            let label = labels[index]
            var frame = Rect(x: label.x, y: label.y, width: label.width, height: label.height)
            if label.tier == .translation && !wholeTranslation {
                // The whole translation first, framed as the accessibility layer frames it: the union of every
                // translation label of the cell. Looks ahead without consuming the words.
                wholeTranslation = true
                var ahead = index + 1
                while ahead < labels.endIndex {
                    let next = labels[ahead]
                    if next.tier == .translation {
                        let x0 = Swift.min(frame.x, next.x), y0 = Swift.min(frame.y, next.y)
                        frame = Rect(x: x0, y: y0, width: Swift.max(frame.maxX, next.maxX) - x0,
                                     height: Swift.max(frame.maxY, next.maxY) - y0)
                    }
                    ahead += 1
                }
                return Item(kind: .verseTranslation, frame: frame)
            }
            index += 1
            switch label.tier {
            case .verse:
                return Item(kind: .verseNumber, frame: frame)
            case .translation:
                return Item(kind: .translation(TokenOffset(label.offset)), frame: frame)
            default:
                // A word block's labels are contiguous: its frame is their union, as the accessibility layer's is.
                while index < labels.endIndex, labels[index].word == label.word,
                      labels[index].tier != .verse, labels[index].tier != .translation {
                    let next = labels[index]
                    let x0 = Swift.min(frame.x, next.x), y0 = Swift.min(frame.y, next.y)
                    frame = Rect(x: x0, y: y0, width: Swift.max(frame.maxX, next.maxX) - x0,
                                 height: Swift.max(frame.maxY, next.maxY) - y0)
                    index += 1
                }
                return Item(kind: .word(WordOffset(label.offset)), frame: frame)
            }
        }
    }

    var cellCount: Int { layout.cells.count }

    /// The items of a cell; empty outside the chapter.
    func items(inCell cell: VerseIndex) -> Items {
        Items(layout.cells.indices.contains(cell) ? layout.labels(in: cell) : layout.labels[0..<0])
    }

    /// The cell-relative frame of an element, or nil if the cell has no such element.
    func frame(of id: ElementID) -> Rect? {
        items(inCell: id.cell).first { $0.kind == id.kind }?.frame
    }

    /// The element after `id` in reading order, crossing into later cells; nil at the end of the chapter or when
    /// `id` names nothing.
    func next(after id: ElementID) -> ElementID? {
        var found = false
        for item in items(inCell: id.cell) {
            if found { return ElementID(cell: id.cell, kind: item.kind) }
            if item.kind == id.kind { found = true }
        }
        return found ? first(fromCell: id.cell + 1, step: 1) : nil
    }

    /// The element before `id` in reading order, crossing into earlier cells; nil at the start or when `id` names
    /// nothing.
    func previous(before id: ElementID) -> ElementID? {
        var before: Element.Kind?
        for item in items(inCell: id.cell) {
            if item.kind == id.kind {
                if let before { return ElementID(cell: id.cell, kind: before) }
                return first(fromCell: id.cell - 1, step: -1)
            }
            before = item.kind
        }
        return nil
    }

    /// The first element walking from `cell` by `step` (+1: a cell's first element; −1: its last), skipping empty
    /// cells.
    func first(fromCell cell: VerseIndex, step: Int) -> ElementID? {
        var cell = cell
        while layout.cells.indices.contains(cell) {
            var chosen: Element.Kind?
            for item in items(inCell: cell) {
                chosen = item.kind
                if step > 0 { break }
            }
            if let chosen { return ElementID(cell: cell, kind: chosen) }
            cell = cell + step
        }
        return nil
    }

    /// Where keyboard focus starts when it has nowhere to continue from (no focus yet, or the focused element
    /// scrolled out of view): forwards, the first element wholly below the viewport's top edge; backwards, the last
    /// element wholly above its bottom edge. Falls back to the first (last) element of the visible cells.
    func entry(in table: Table, viewport: Viewport, forward: Bool) -> ElementID? {
        // Table rows are cells, one per verse.
        let rows = table.visibleCells(in: viewport)
        guard !rows.isEmpty else { return nil }
        let top = viewport.scrollY, bottom = viewport.scrollY + viewport.height
        if forward {
            for row in rows {
                for item in items(inCell: VerseIndex(row)) where table.origins[row] + item.frame.y >= top {
                    return ElementID(cell: VerseIndex(row), kind: item.kind)
                }
            }
            return first(fromCell: VerseIndex(rows.lowerBound), step: 1)
        }
        for row in rows.reversed() {
            var last: Element.Kind?
            for item in items(inCell: VerseIndex(row)) where table.origins[row] + item.frame.maxY <= bottom {
                last = item.kind
            }
            if let last { return ElementID(cell: VerseIndex(row), kind: last) }
        }
        return first(fromCell: VerseIndex(rows.upperBound - 1), step: -1)
    }
}
