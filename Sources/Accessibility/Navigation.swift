import InterlinearCorpus

/// Swipe navigation over the whole chapter, off-screen cells included: the order is cell by cell, and within a cell
/// the container's order, so `next` and `previous` never disagree with `element(at:)`/`index(of:)`.
extension AccessibilityTree {
    /// Which way focus moves.
    package enum Direction: String, Sendable, CaseIterable {
        case next, previous
    }

    /// One focus move: where focus went and the scroll offset that brought it into view, if it had to scroll.
    package struct Move: Sendable, Equatable {
        package var to: ElementID
        package var scrolledTo: Float?
    }

    /// The chapter's first element (the first verse number), building only the cells it has to look at.
    package func firstElement() -> ElementID? { firstElement(fromCell: 0, step: 1) }

    /// The element after `id` in reading order, crossing into the next cell; nil at the end of the chapter.
    package func next(after id: ElementID) -> ElementID? {
        guard let container = container(at: id.cell), let index = container.index(of: id.kind) else { return nil }
        if index + 1 < container.elementCount {
            return ElementID(cell: id.cell, kind: container.elements[index + 1].kind)
        }
        return firstElement(fromCell: id.cell + 1, step: 1)
    }

    /// The element before `id` in reading order, crossing into the previous cell; nil at the start of the chapter.
    package func previous(before id: ElementID) -> ElementID? {
        guard let container = container(at: id.cell), let index = container.index(of: id.kind) else { return nil }
        if index > 0 { return ElementID(cell: id.cell, kind: container.elements[index - 1].kind) }
        return firstElement(fromCell: id.cell - 1, step: -1)
    }

    /// Moves focus one element and scrolls it into view if it is not fully visible. Nil at either end.
    package func move(_ direction: Direction, from id: ElementID) -> Move? {
        guard let target = direction == .next ? next(after: id) : previous(before: id) else { return nil }
        return Move(to: target, scrolledTo: focus(target))
    }

    /// What to announce after focus scrolled the table (iOS `pageScrolled`): "Verses 3 to 5 of 51".
    package func scrollAnnouncement() -> String {
        let cells = visibleCells
        guard let first = cells.first, let last = cells.last else { return "No verses" }
        let a = verseNumber(ofCell: first), b = verseNumber(ofCell: last)
        return a == b ? "Verse \(a) of \(cellCount)" : "Verses \(a) to \(b) of \(cellCount)"
    }

    /// The first element walking from `cell` by `step` (+1: its first element; −1: its last), skipping empty cells.
    private func firstElement(fromCell cell: VerseIndex, step: Int) -> ElementID? {
        var cell = cell
        while layout.cells.indices.contains(cell) {
            if let container = container(at: cell), container.elementCount > 0 {
                let element = step > 0 ? container.elements[0] : container.elements[container.elementCount - 1]
                return ElementID(cell: cell, kind: element.kind)
            }
            cell = cell + step
        }
        return nil
    }
}
