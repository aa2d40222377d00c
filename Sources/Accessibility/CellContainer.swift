import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// One verse cell as an accessibility container, with the iOS contract: `elementCount`, `element(at:)` and
/// `index(of:)` agree both ways, counting the non-label children too (the verse-number button, the note marker and
/// the node holding the whole translation).
/// Its elements live in one contiguous array of structs, sorted in reading order.
public struct CellContainer: Sendable {
    /// The cell (table row, one verse) this container describes.
    public let cell: VerseIndex
    public let elements: ContiguousArray<Element>

    /// Builds the elements of one cell from its labels. Called lazily, on the first query of the cell.
    init(cell: VerseIndex, layout: ChapterLayout, granularity: Granularity, hasNote: Bool) {
        self.cell = cell
        let labels = layout.labels(in: cell)
        var elements = ContiguousArray<Element>()
        elements.reserveCapacity(granularity == .label ? labels.count + 2 : labels.count / 2 + 3)
        var verseFrame: Rect?
        // The verse's whole translation: one node whose frame holds every translation word.
        var translationFrame: Rect?
        var translationText: TextID = 0
        for label in labels {
            let frame = Rect(x: label.x, y: label.y, width: label.width, height: label.height)
            switch label.tier {
            case .verse:
                verseFrame = frame
                elements.append(Element(kind: .verseNumber, role: .heading, frame: frame, text: label.text))
                if hasNote {
                    // The marker sits in the right margin, level with the verse number: no label is ever there,
                    // so it never overlaps the text it annotates.
                    let margin = layout.options.margin
                    elements.append(Element(kind: .note, role: .button,
                                            frame: Rect(x: layout.options.width - margin, y: frame.y,
                                                        width: margin, height: frame.height),
                                            text: label.text))
                }
            case .translation:
                if translationFrame == nil { translationText = label.text }
                translationFrame = translationFrame.map { $0.union(frame) } ?? frame
                // The label carries its token's offset: no counting, nothing to wrap.
                elements.append(Element(kind: .translation(TokenOffset(label.offset)), role: .staticText,
                                        frame: frame, text: label.text))
            default:
                let word = WordOffset(label.offset)
                if granularity == .label {
                    elements.append(Element(kind: .label(word: word, tier: label.tier), role: .staticText,
                                            frame: frame, text: label.text))
                } else if let last = elements.last, last.kind == .word(word) {
                    // A block's labels are contiguous: widen the block to hold this tier too.
                    elements[elements.count - 1].frame = last.frame.union(frame)
                    if label.tier == .source { elements[elements.count - 1].text = label.text }
                } else {
                    elements.append(Element(kind: .word(word), role: .word, frame: frame, text: label.text))
                }
            }
        }
        if hasNote && verseFrame == nil {
            let margin = layout.options.margin
            elements.append(Element(kind: .note, role: .button,
                                    frame: Rect(x: layout.options.width - margin, y: 0, width: margin, height: margin),
                                    text: 0))
        }
        if let translationFrame {
            let node = Element(kind: .verseTranslation, role: .group, frame: translationFrame, text: translationText)
            let at = elements.firstIndex { $0.kind.order > node.kind.order } ?? elements.count
            elements.insert(node, at: at)
        }
        // The typesetter emits labels in reading order already; keep the invariant even if it ever does not.
        if !elements.isSorted(by: { $0.kind.order < $1.kind.order }) {
            elements.sort { $0.kind.order < $1.kind.order }
        }
        self.elements = elements
    }

    /// The number of elements, non-label children included.
    public var elementCount: Int { elements.count }

    /// The element at an index, or nil outside `0..<elementCount`.
    public func element(at index: Int) -> Element? {
        elements.indices.contains(index) ? elements[index] : nil
    }

    /// The index of the element of this kind, or nil if the cell has none; O(log n).
    public func index(of kind: Element.Kind) -> Int? {
        let key = kind.order
        var lo = 0, hi = elements.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if elements[mid].kind.order < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < elements.count && elements[lo].kind == kind ? lo : nil
    }

    /// The index of an element of this container, or nil if it is not one of them.
    public func index(of element: Element) -> Int? { index(of: element.kind) }

    /// The index of an element id, or nil if it names another cell or nothing here.
    public func index(of id: ElementID) -> Int? { id.cell == cell ? index(of: id.kind) : nil }
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
