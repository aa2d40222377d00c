import InterlinearAccessibility
import InterlinearCorpus

/// What the AT-SPI adapter needs from the window that shows the chapter (implemented by the view).
///
/// Coordinates: the tree's `viewport` is the table's place inside the window's content area, in window pixels
/// (one layout point is one pixel); `windowOrigin` is that content area's top-left corner on the screen. Screen
/// extents are `windowOrigin + tree.screenFrame(...)`, computed when a screen reader asks, never on scroll.
public protocol AccessibleHost: AnyObject {
    /// The accessibility layer of the chapter shown (its viewport's scrollY is the window's scroll). When the view
    /// replaces it (another chapter, a relayout), it calls `AtspiAdapter.layoutChanged()`.
    var accessibilityTree: AccessibilityTree { get }
    /// The window's content origin on screen, in pixels (for GetExtents in screen coordinates).
    var windowOrigin: (x: Int32, y: Int32) { get }
    var windowTitle: String { get }
    /// An assistive technology asked to focus/activate this element: move the view's focus ring, scroll it into
    /// view, redraw. The adapter then announces the focus itself (the view may call `focusChanged` too: the adapter
    /// announces a focus move once).
    func focusRequested(_ id: ElementID)
    /// An assistive technology asked to copy this text (the "copy Greek" action): put it on the clipboard and
    /// return true. The default does nothing and returns false (the action then reports failure).
    func copyRequested(_ text: String) -> Bool
    /// The Strong's dictionary entries of a word's Strong's field ("G3056", "H2050b-H776"), for the "define"
    /// action: from the window's store, empty without a store or an entry; throws the store's refusal of a damaged
    /// entry, which the action then says. The default has none.
    func lexiconEntries(ofStrongs field: String) throws -> [LexiconEntry]
    /// The chapter shown, read with its Hebrew words' morphemes, for the "parts" action: a chapter loaded for showing
    /// leaves them in the store (`Chapter.omitsMorphemes`), so the host reads it again when first asked and keeps it
    /// (never on scroll or focus). Nil when there is nowhere to read it from; throws when reading fails. The default
    /// is the tree's own chapter when it holds its morphemes, else nil.
    func chapterWithMorphemes() throws -> Chapter?
    /// What the reader's notes add to an element: its marks after its name (", note", ", highlighted yellow") and
    /// the notes' text as its description; nil for an element without notes (the default).
    func noteMark(of id: ElementID) -> (name: String, description: String)?
    /// The status line's text as a voice should hear it (the status bar's name); empty without one.
    var statusText: String { get }
    /// The window's content size in pixels (the status line is what lies below the table).
    var windowSize: (width: Int32, height: Int32) { get }
}

extension AccessibleHost {
    public func copyRequested(_ text: String) -> Bool { false }
    public func lexiconEntries(ofStrongs field: String) throws -> [LexiconEntry] { [] }
    public func chapterWithMorphemes() throws -> Chapter? {
        accessibilityTree.chapter.omitsMorphemes ? nil : accessibilityTree.chapter
    }
    public func noteMark(of id: ElementID) -> (name: String, description: String)? { nil }
    public var statusText: String { "" }
    public var windowSize: (width: Int32, height: Int32) {
        let v = accessibilityTree.viewport
        return (
            Int32(clamping: Int((v.originX + v.width).rounded(.up))),
            Int32(clamping: Int((v.originY + v.height).rounded(.up)))
        )
    }
}

/// Whether the adapter exports the accessibility tree.
public enum ScreenReaderMode: String, Sendable, CaseIterable {
    /// Follow the desktop's `org.a11y.Status.IsEnabled` (set while a screen reader such as Orca runs), both ways.
    case auto
    /// Always export (for testing, or a desktop that never sets IsEnabled).
    case on
    /// Never export, and do not even connect to the accessibility bus.
    case off
}
