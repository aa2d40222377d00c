import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The chapter's reading order, defined once: a verse's number, each source word block (or, in label granularity,
/// each label), the verse's whole translation (one stop: a screen reader speaks the English sentence, a sighted user
/// sees it ringed), then each translation word inside it — walked straight from the layout's labels.
///
/// Both users of the order walk this one definition: `CellContainer` builds a cell's elements from it (adding the
/// note marker, which has no label), and a window's keyboard focus steps through it while no screen reader runs, so a
/// focus ring never builds an accessibility element and its ids and frames are the tree's by construction.
package struct ReadingOrder: Sendable {
    package let layout: ChapterLayout
    package let granularity: Granularity

    package init(layout: ChapterLayout, granularity: Granularity = .word) {
        self.layout = layout
        self.granularity = granularity
    }

    /// A cell's elements in reading order (without the note marker), read from its labels without allocating.
    package struct Items: Sequence, IteratorProtocol {
        let labels: ArraySlice<Label>
        let granularity: Granularity
        var index: Int
        /// Whether the whole translation's stop (`.verseTranslation`) came already; it precedes its words.
        var wholeTranslation = false
        /// Whether the layout is the reverse interlinear (`WordOrder.english`): each translation word is one stop
        /// holding the source words under it, which are no stops of their own.
        let englishOrder: Bool

        init(_ labels: ArraySlice<Label>, granularity: Granularity, englishOrder: Bool = false) {
            self.labels = labels
            self.granularity = granularity
            self.englishOrder = englishOrder
            index = labels.startIndex
        }

        package mutating func next() -> Element? {
            guard index < labels.endIndex else { return nil }
            let label = labels[index]
            let frame = Rect(x: label.x, y: label.y, width: label.width, height: label.height)
            if label.tier == .translation && !wholeTranslation {
                // The whole translation first: one node framing every translation label of the cell, named by the
                // first. Looks ahead without consuming the words.
                wholeTranslation = true
                var whole = frame
                for next in labels[(index + 1)...] where next.tier == .translation {
                    whole = whole.union(Rect(x: next.x, y: next.y, width: next.width, height: next.height))
                }
                return Element(kind: .verseTranslation, role: .group, frame: whole, text: label.text)
            }
            index += 1
            switch label.tier {
            case .verse:
                return Element(kind: .verseNumber, role: .heading, frame: frame, text: label.text)
            case .translation:
                // The label carries its token's offset: no counting, nothing to wrap.
                var element = Element(
                    kind: .translation(TokenOffset(label.offset)), role: .staticText, frame: frame,
                    text: label.text)
                // In English order the labels up to the next English word are its source words (or its mark):
                // framed with it, and said in its description.
                while englishOrder, index < labels.endIndex, labels[index].tier.isBlockTier {
                    let next = labels[index]
                    element.frame = element.frame.union(
                        Rect(x: next.x, y: next.y, width: next.width, height: next.height))
                    index += 1
                }
                return element
            default:
                // In English order every source label belongs to the English word before it.
                if englishOrder { return next() }
                let word = WordOffset(label.offset)
                if granularity == .label {
                    return Element(
                        kind: .label(word: word, tier: label.tier), role: .staticText, frame: frame,
                        text: label.text)
                }
                // A word block's labels are contiguous: its frame is their union, its text the source word's.
                var block = Element(kind: .word(word), role: .word, frame: frame, text: label.text)
                while index < labels.endIndex, labels[index].word == label.word,
                    labels[index].tier != .verse, labels[index].tier != .translation
                {
                    let next = labels[index]
                    block.frame = block.frame.union(Rect(x: next.x, y: next.y, width: next.width, height: next.height))
                    if next.tier == .source { block.text = next.text }
                    index += 1
                }
                return block
            }
        }
    }

    /// The items of a cell; empty outside the chapter.
    package func items(inCell cell: VerseIndex) -> Items {
        Items(
            layout.cells.indices.contains(cell) ? layout.labels(in: cell) : layout.labels[0..<0],
            granularity: granularity, englishOrder: layout.options.order == .english)
    }

    /// The cell-relative frame of an element, or nil if the cell has no such element.
    package func frame(of id: ElementID) -> Rect? {
        items(inCell: id.cell).first { $0.kind == id.kind }?.frame
    }

    /// The element after `id` in reading order, crossing into later cells; nil at the end of the chapter or when
    /// `id` names nothing.
    package func next(after id: ElementID) -> ElementID? {
        var found = false
        for item in items(inCell: id.cell) {
            if found { return ElementID(cell: id.cell, kind: item.kind) }
            if item.kind == id.kind { found = true }
        }
        return found ? first(fromCell: id.cell + 1, step: 1) : nil
    }

    /// The element before `id` in reading order, crossing into earlier cells; nil at the start or when `id` names
    /// nothing.
    package func previous(before id: ElementID) -> ElementID? {
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
    package func first(fromCell cell: VerseIndex, step: Int) -> ElementID? {
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
    package func entry(in table: Table, viewport: Viewport, forward: Bool) -> ElementID? {
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
