import InterlinearAccessibility

/// The chapter window's accessibility tree, exported over AT-SPI (D-Bus) to screen readers such as Orca.
///
/// It follows the desktop's `org.a11y.Status.IsEnabled` (mode `auto`): while it is false, no element is exported
/// and nothing is done per scroll; when it turns true, the next request builds what an on-from-launch run would.
/// Everything runs on the caller's thread, inside `process()` and the notification calls.
public final class AtspiAdapter {
    /// What the adapter has done; the tests read it.
    public struct Stats: Sendable, Equatable {
        /// D-Bus requests answered for accessible objects (methods and property reads).
        public var requests = 0
        /// Events emitted on the accessibility bus.
        public var eventsEmitted = 0
        /// Notifications from the view that did accessibility work (while inactive this stays 0).
        public var notificationsHandled = 0
        public init() {}
    }

    public private(set) var stats = Stats()
    public let mode: ScreenReaderMode
    private unowned let host: AccessibleHost

    /// Connects to the session bus and, unless `mode` is `off`, to the accessibility bus.
    public init(host: AccessibleHost, applicationName: String, mode: ScreenReaderMode) throws {
        self.host = host
        self.mode = mode
    }

    /// Call often from the window's event loop (e.g. every SDL_WaitEventTimeout of ≤ 20 ms): handles pending D-Bus
    /// messages without blocking.
    public func process() {}

    /// Whether elements are exported now (IsEnabled true, or mode on).
    public private(set) var isActive = false

    /// Focus moved in the view (keyboard): emits focus and active-descendant-changed.
    public func focusChanged(to id: ElementID) {}
    /// The visible cells changed (scroll): emits children-changed for verses that entered the range.
    public func visibleCellsChanged(_ cells: Range<Int>) {}
    /// The window was activated (gained keyboard focus).
    public func windowActivated() {}
    /// The layout changed (resize, or another chapter's tree): cached objects are invalidated.
    public func layoutChanged() {}
}
