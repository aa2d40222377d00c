import CATSPIShim
import CSystemdBus
import Foundation
import InterlinearAccessibility

/// The chapter window's accessibility tree, exported over AT-SPI (D-Bus) to screen readers such as Orca.
///
/// It follows the desktop's `org.a11y.Status.IsEnabled` (mode `auto`) in both directions. While it is false the
/// adapter is not on the accessibility bus at all: no object, no registry entry, and every notification from the
/// view returns at once (counted in `stats`). When it turns true, the adapter joins the accessibility bus, embeds
/// its application in the registry and turns the tree's screen reader on; objects are answered from the tree on
/// request (sd-bus fallback tables), so the first request for a verse builds exactly what an on-from-launch run
/// would. When it turns false, the tree releases every element and the adapter leaves the bus (its objects are gone).
///
/// Everything runs on the caller's thread: in `process()` and in the notification calls. Never blocks in
/// `process()`; joining the bus makes two short blocking calls (GetAddress, and IsEnabled at start).
public final class AtspiAdapter {
    /// What the adapter has done; the tests read it.
    public struct Stats: Sendable, Equatable {
        /// D-Bus requests answered for accessible objects (method calls and property reads).
        public var requests = 0
        /// Events emitted on the accessibility bus.
        public var eventsEmitted = 0
        /// Notifications from the view (scroll, focus, window, layout) that did accessibility work. While the
        /// adapter is inactive every notification returns at once and this stays unchanged.
        public var notificationsHandled = 0
        /// Times the adapter joined the accessibility bus (registered with the registry).
        public var activations = 0
        /// Times it left it (IsEnabled turned false).
        public var deactivations = 0
        /// Key presses and releases forwarded to the registry (only while active).
        public var keysForwarded = 0
        /// Of those, the ones the screen reader consumed (the window did not act on them).
        public var keysConsumed = 0
        /// Objects returned by Collection queries.
        public var collectionMatches = 0
        /// How long the last Collection query took in the application, in nanoseconds (matching and writing the
        /// reply, not the bus).
        public var lastCollectionNanoseconds = 0
        public init() {}
    }

    public internal(set) var stats = Stats()
    public let mode: ScreenReaderMode
    let applicationName: String
    unowned let host: AccessibleHost

    /// The session bus (IsEnabled, the accessibility bus address); nil in mode `off`.
    var session: BusConnection?
    /// The accessibility bus while active.
    var a11y: BusConnection?
    /// The registry's desktop, our application's parent (from Socket.Embed).
    var desktop: ObjectReference?
    /// The desktop's `org.a11y.Status.IsEnabled`, as last read or signalled.
    var desktopEnabled = false
    /// Whether `org.a11y.Bus` has an owner (the launcher runs); nothing is asked of it before.
    var launcherRunning = false
    /// Application.Id, set by the registry.
    var applicationID: Int32 = 0
    /// What the view told us, kept while inactive so a late activation reports the right state.
    var focused: ElementID?
    /// The element whose focus was last announced on the bus.
    var announcedFocus: ElementID?
    var windowActive = false
    var announcedVisible: Range<Int> = 0..<0
    /// The tree the objects were last answered from, to notice a replaced tree.
    var treeIdentity: ObjectIdentifier?
    var documentPath = ""
    /// The status line's last message (the notification's name), kept while inactive too.
    var statusMessage = ""
    /// The word whose "define" or "parts" action ran last and what it gave (`DefinitionSpeech.details`, or the
    /// word's parts): its description until another word is defined or split, or the chapter changes.
    var definition: (id: ElementID, text: String)?
    /// The chapter's running text (Text on the document), made once per tree.
    var documentTextCache: (tree: ObjectIdentifier, text: TextRuns, starts: [Int])?
    var lastError: String?

    /// Whether elements are exported now (IsEnabled true, or mode on, and the accessibility bus joined).
    public var isActive: Bool { a11y != nil }

    /// Connects to the session bus and, when a screen reader runs (or `mode` is `on`), to the accessibility bus.
    /// Throws only when the session bus itself is unreachable in mode `on`; in mode `auto` a desktop without
    /// D-Bus simply leaves the adapter inactive.
    public init(host: AccessibleHost, applicationName: String, mode: ScreenReaderMode) throws {
        self.host = host
        self.mode = mode
        self.applicationName = applicationName
        host.accessibilityTree.screenReaderEnabled = false
        treeIdentity = ObjectIdentifier(host.accessibilityTree)
        guard mode != .off else { return }
        installShimCallbacks()
        if let address = ProcessInfo.processInfo.environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty, mode == .on {
            // A fixed accessibility bus (as libatspi honours it): no launcher to ask.
            try activate(address: address)
            return
        }
        do {
            session = try BusConnection.session()
            try watchStatus()
        } catch {
            if mode == .on { throw error }
            lastError = "\(error)"
            session = nil
        }
    }

    deinit {
        a11y?.close()
        session?.close()
    }

    /// Call often from the window's event loop (e.g. every SDL_WaitEventTimeout of ≤ 20 ms): handles pending D-Bus
    /// messages, as `process(budget:)` with a budget of 8 ms.
    public func process() { process(budget: .milliseconds(8)) }

    /// Handles pending D-Bus messages. Returns at once when nothing is pending. When a screen reader is mid-conversation (a request was
    /// answered in this call), it keeps answering the follow-ups that arrive within 2 ms, for at most
    /// `budget` in all: clients such as Orca walk the tree one synchronous call at a time, and pacing each call by
    /// the frame loop would make a walk of John 1 (thousands of calls) take a minute instead of a second or two.
    public func process(budget: Duration) {
        if let session, session.process() == nil {
            // The session bus went away (the desktop session ended): stop following it.
            self.session = nil
        }
        isConversing = false
        guard let a11y else { return }
        let clock = ContinuousClock(), deadline = clock.now + budget
        while true {
            guard let handled = a11y.process() else {
                // The accessibility bus went away (the launcher exited): nothing is exported any more.
                deactivate()
                return
            }
            guard handled > 0, self.a11y != nil else { return }
            guard clock.now < deadline else {
                isConversing = true
                return
            }
            guard a11y.wait(microseconds: 2_000) else { return }
        }
    }

    /// The sockets of the adapter's D-Bus connections (the session bus, and the accessibility bus while active),
    /// for a window whose event loop can wait on descriptors: call `process()` when one is readable, and at least
    /// every 100 ms. (An SDL window cannot; it calls `process()` on a timeout instead.) They change when the
    /// adapter joins or leaves the accessibility bus.
    public var fileDescriptors: [Int32] {
        [session?.fileDescriptor, a11y?.fileDescriptor].compactMap { $0 }
    }

    /// Whether the last `process()` stopped at its budget while a client was still sending requests: the window
    /// should handle its own events and call `process()` again without sleeping.
    public private(set) var isConversing = false

    /// The last connection problem, for a diagnostic line (nil when none).
    public var problem: String? { lastError }

    /// The tree, switching the screen reader on or off if the view replaced it.
    var tree: AccessibilityTree {
        let tree = host.accessibilityTree
        if ObjectIdentifier(tree) != treeIdentity {
            treeIdentity = ObjectIdentifier(tree)
            tree.screenReaderEnabled = isActive
        }
        return tree
    }
}
