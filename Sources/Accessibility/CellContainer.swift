import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// One verse cell as an accessibility container, with the iOS contract: `elementCount`, `element(at:)` and
/// `index(of:)` agree both ways, counting the non-label children too (the verse-number button, the note marker and
/// the node holding the whole translation).
/// Its elements live in one contiguous array of structs, sorted in reading order.
package struct CellContainer: Sendable {
    /// The cell (table row, one verse) this container describes.
    package let cell: VerseIndex
    package let elements: ContiguousArray<Element>

    /// Builds the elements of one cell from its labels, in the one reading order (`ReadingOrder`), adding the note
    /// marker (it has no label). Called lazily, on the first query of the cell.
    init(cell: VerseIndex, layout: ChapterLayout, granularity: Granularity, hasNote: Bool) {
        self.cell = cell
        let labelCount = layout.labels(in: cell).count
        var elements = ContiguousArray<Element>()
        elements.reserveCapacity(granularity == .label ? labelCount + 2 : labelCount / 2 + 3)
        var hasVerseNumber = false
        let margin = layout.options.margin
        for element in ReadingOrder(layout: layout, granularity: granularity).items(inCell: cell) {
            elements.append(element)
            if element.kind == .verseNumber {
                hasVerseNumber = true
                if hasNote {
                    // The marker sits in the right margin, level with the verse number: no label is ever there,
                    // so it never overlaps the text it annotates.
                    elements.append(
                        Element(
                            kind: .note, role: .button,
                            frame: Rect(
                                x: layout.options.width - margin, y: element.frame.y,
                                width: margin, height: element.frame.height),
                            text: element.text))
                }
            }
        }
        if hasNote && !hasVerseNumber {
            elements.append(
                Element(
                    kind: .note, role: .button,
                    frame: Rect(x: layout.options.width - margin, y: 0, width: margin, height: margin),
                    text: 0))
        }
        // The typesetter emits labels in reading order already (and a marker without a verse number comes last);
        // keep the invariant `index(of:)` relies on whatever the order of the labels.
        if !elements.isSorted(by: { $0.kind.order < $1.kind.order }) {
            elements.sort { $0.kind.order < $1.kind.order }
        }
        self.elements = elements
    }

    /// The number of elements, non-label children included.
    package var elementCount: Int { elements.count }

    /// The element at an index, or nil outside `0..<elementCount`.
    package func element(at index: Int) -> Element? {
        elements.indices.contains(index) ? elements[index] : nil
    }

    /// The index of the element of this kind, or nil if the cell has none; O(log n).
    package func index(of kind: Element.Kind) -> Int? {
        let key = kind.order
        var lo = 0, hi = elements.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if elements[mid].kind.order < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < elements.count && elements[lo].kind == kind ? lo : nil
    }

    /// The index of an element of this container, or nil if it is not one of them.
    package func index(of element: Element) -> Int? { index(of: element.kind) }

    /// The index of an element id, or nil if it names another cell or nothing here.
    package func index(of id: ElementID) -> Int? { id.cell == cell ? index(of: id.kind) : nil }
}

extension ContiguousArray {
    func isSorted(by before: (Element, Element) -> Bool) -> Bool {
        var i = 1
        while i < count {
            if before(self[i], self[i - 1]) { return false }
            i += 1
        }
        return true
    }
}
