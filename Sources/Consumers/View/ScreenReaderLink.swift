import InterlinearAccessibility

/// What the window tells a screen-reader adapter, and how it lets the adapter run. The AT-SPI adapter
/// (`InterlinearATSPI.AtspiAdapter`) has exactly these members; keeping the window behind this one protocol means
/// it never depends on how the adapter talks to the desktop.
///
/// The window calls `process()` every loop iteration while a link exists, and the notifications only while
/// `isActive`: with no screen reader listening, scrolling and focus moves cost the adapter nothing.
public protocol ScreenReaderLink: AnyObject {
    /// Whether an assistive technology is listening (the desktop's `org.a11y.Status.IsEnabled`, or forced on).
    var isActive: Bool { get }
    /// Services the adapter's pending requests without blocking.
    func process()
    /// Keyboard focus moved to an element.
    func focusChanged(to id: ElementID)
    /// The verses in view changed (scrolling, resizing).
    func visibleCellsChanged(_ cells: Range<Int>)
    /// The window received input focus.
    func windowActivated()
    /// The chapter was laid out again or replaced: every frame and possibly every element changed.
    func layoutChanged()
}

/// Whether the window exposes its chapter to a screen reader.
public enum ScreenReaderSetting: String, Sendable, CaseIterable {
    /// Follow the desktop: on while `org.a11y.Status.IsEnabled` is true, through the adapter.
    case auto
    /// Always on: elements are built when asked for, even without the desktop's flag.
    case on
    /// Never: no adapter, no element, and the event loop sleeps until an input event arrives.
    case off
}
