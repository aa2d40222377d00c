import InterlinearATSPI
import InterlinearAccessibility

/// What the window tells a screen-reader adapter, and how it lets the adapter run: the members of
/// `InterlinearATSPI.AtspiAdapter` the window uses. The window talks to the adapter only through this protocol
/// (and `ScreenReaderChannel`), so its tests can stand in a recording link for the D-Bus one.
package protocol ScreenReaderLink: AnyObject {
    /// Whether an assistive technology is listening (the desktop's `org.a11y.Status.IsEnabled`, or forced on).
    var isActive: Bool { get }
    /// Whether a client is mid-conversation (requests keep coming): the loop then services it again at once.
    var isConversing: Bool { get }
    /// The descriptors the adapter reads (its D-Bus connections); none when it has no bus to follow, and then
    /// nothing can ever need servicing.
    var fileDescriptors: [Int32] { get }
    /// Services pending requests without blocking.
    func process()
    /// Keyboard focus moved to an element (recorded even while inactive, so a late reader starts right).
    func focusChanged(to id: ElementID)
    /// The verses in view changed (scrolling, resizing).
    func visibleCellsChanged(_ cells: Range<Int>)
    /// The window gained keyboard focus.
    func windowActivated()
    /// The window lost keyboard focus.
    func windowDeactivated()
    /// The chapter was laid out again or replaced: the host's tree is a new one.
    func layoutChanged()
    /// A key pressed or released in the window, forwarded to the screen reader before the window acts on it;
    /// returns whether the screen reader consumed it (then the window ignores it). False at once while inactive.
    func keyEvent(_ stroke: KeyStroke) -> Bool
    /// A message for the listener: the status line's answer to a key, or where a scroll went.
    func announce(_ text: String)
    /// The words are described at another verbosity (the window's `v`): the descriptions a client may keep change.
    func descriptionsChanged()
}

extension ScreenReaderLink {
    package func descriptionsChanged() {}
}

extension AtspiAdapter: ScreenReaderLink {}
