import InterlinearCorpus
import InterlinearTable

/// One element on screen at a scroll offset: what it is, its text and its frame, ready to hand to a platform's
/// accessibility API (a `UIAccessibilityElement`'s frame and label, an AT-SPI object's extents and name).
public struct VisibleElement: Sendable, Equatable {
    public let id: ElementID
    /// The element's node id, `John.1.3.w2` (`NodeID`).
    public let nodeID: String
    public let role: Role
    /// The text it shows (the Greek word, the verse number, a translation word, the translation group's whole
    /// translation); empty for a note.
    public let text: String
    /// Its frame on screen for the tree's viewport at that offset: whole, and the part inside the viewport.
    public let frame: AccessibilityTree.ScreenFrame
}

extension AccessibilityTree {
    /// Scrolls to `offset` (clamped to the content, as `scroll(to:)`) and returns every element at least partly
    /// inside the viewport, in reading order, with its screen frame computed now: the one call an app makes after a
    /// scroll. Only the cells on screen are looked at (their containers are built on first query); nothing else is.
    /// Empty while `screenReaderEnabled` is false: an app pays for elements only while a screen reader runs, and
    /// turning the reader on later makes the next call build what it needs.
    public func elements(atScrollOffset offset: Float) -> [VisibleElement] {
        scroll(to: offset)
        guard screenReaderEnabled else { return [] }
        var shown: [VisibleElement] = []
        for cell in visibleCells {
            guard let container = container(at: cell) else { continue }
            for element in container.elements {
                let frame = screenFrame(of: element.frame, cell: cell)
                guard !frame.offscreen else { continue }
                let id = ElementID(cell: cell, kind: element.kind)
                let text = shownText(of: element, cell: cell)
                shown.append(
                    VisibleElement(
                        id: id, nodeID: nodeID(of: id), role: element.role, text: text,
                        frame: frame))
            }
        }
        return shown
    }
}
