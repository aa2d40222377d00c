import InterlinearATSPI
import InterlinearAccessibility

/// The window's one channel to a screen-reader adapter: what to tell it after each change, when to let it run,
/// and how long the event loop may sleep. Without a link (`--screen-reader off`) every call returns at once and
/// the loop sleeps until input. With a link that is not active (no screen reader on the desktop) the link only
/// records focus and window state — no element, no event, no per-scroll work; the visible range is not even
/// computed for it.
package final class ScreenReaderChannel {
    package let link: ScreenReaderLink?
    let view: ChapterView
    /// The visible cells the link was last told about.
    private var announcedCells: Range<Int> = 0..<0
    private var wasActive = false
    /// The verbosity the link's descriptions were last given at.
    private lazy var describedVerbosity = view.verbosity
    /// Notifications passed to the link (all kinds), for tests and the snapshot record.
    package private(set) var notifications = 0

    package init(link: ScreenReaderLink?, view: ChapterView) {
        self.link = link
        self.view = view
    }

    /// Whether the loop wakes as soon as the link's descriptors are readable (the window's `LinkWake`). It then
    /// needs its timeout only for what no descriptor announces: output the socket could not take at once, and a
    /// call of ours that no reply will end.
    package var wokenByRequests = false

    /// How long the event loop may wait for input before the link needs servicing, in milliseconds; nil: wait for
    /// input alone (no link, or a link with no bus to follow: `--screen-reader auto` on a desktop without D-Bus).
    /// 0 while a client is mid-conversation. A loop woken by requests services an active link at least every
    /// 250 ms and one that only watches the desktop's flag every second; a loop that polls (SDL alone cannot wait
    /// on the adapter's descriptors) every 10 ms and 100 ms.
    package var waitTimeout: Int32? {
        guard let link, link.isActive || !link.fileDescriptors.isEmpty else { return nil }
        if link.isConversing { return 0 }
        if wokenByRequests { return link.isActive ? 250 : 1000 }
        return link.isActive ? 10 : 100
    }

    /// Tells the link what a key or an event changed.
    package func tell(_ change: ViewChange) {
        guard let link else { return }
        if !change.isDisjoint(with: [.layout, .chapter]) {
            notifications += 1
            link.layoutChanged()
            announcedCells = 0..<0
        }
        if view.verbosity != describedVerbosity {
            describedVerbosity = view.verbosity
            notifications += 1
            link.descriptionsChanged()
        }
        var scrolledToOtherVerses = false
        if link.isActive, !change.isDisjoint(with: [.scrolled, .layout, .chapter, .viewport]) {
            let cells = view.visibleCells
            if cells != announcedCells {
                announcedCells = cells
                notifications += 1
                link.visibleCellsChanged(cells)
                // A scroll by key or wheel; a new layout or chapter is heard through its own events.
                scrolledToOtherVerses = change.contains(.scrolled) && change.isDisjoint(with: [.layout, .chapter])
            }
        }
        if link.isActive {
            // What the listener hears of a key that did not move focus: the status line's answer ("John 1 has no
            // verse 99"), or where the reading position went (Page Down: "Verses 12 to 15 of 51"). A focus move
            // is heard through the focus itself.
            if change.contains(.status), let text = view.prompt?.text ?? view.spokenStatus {
                notifications += 1
                link.announce(text)
            } else if scrolledToOtherVerses, !change.contains(.focus) {
                notifications += 1
                link.announce(view.tree.scrollAnnouncement())
            }
        }
        if change.contains(.focus), let focus = view.focus {
            notifications += 1
            link.focusChanged(to: focus)
        }
    }

    /// Offers a key to the screen reader before the window acts on it (only while a screen reader is listening);
    /// returns whether the screen reader consumed it.
    package func offer(_ stroke: KeyStroke) -> Bool {
        guard let link, link.isActive else { return false }
        notifications += 1
        return link.keyEvent(stroke)
    }

    /// The window gained or lost keyboard focus.
    package func windowFocus(_ gained: Bool) {
        guard let link else { return }
        notifications += 1
        if gained { link.windowActivated() } else { link.windowDeactivated() }
    }

    /// Lets the link run, then follows it: the view's screen-reader flag is the link's `isActive` (the adapter sets
    /// the tree's flag itself; this keeps the view's copy for the next tree in step). When the link turns active it
    /// hears the visible cells it has not been told about, and, when nothing has focus yet, the reading position's
    /// first element (the number of the verse at the top) takes it: a screen reader that finds no focused object
    /// searches the whole tree for one on every key (Orca 43 does), and says nothing until it has. Returns what
    /// changed, for the window to draw.
    @discardableResult
    package func service() -> ViewChange {
        guard let link else {
            view.screenReaderEnabled = false
            return []
        }
        link.process()
        let active = link.isActive
        if view.screenReaderEnabled != active { view.screenReaderEnabled = active }
        var change: ViewChange = []
        if active && !wasActive {
            announcedCells = view.visibleCells
            notifications += 1
            link.visibleCellsChanged(announcedCells)
            if view.focus == nil {
                change = view.moveFocus(forward: true)
                tell(change)
            }
            // A screen reader started after the window opened has not heard the first chapter's notes: once, after
            // the focus, so that the focus's speech does not cut it off.
            if let opening = view.openingAnnouncement {
                view.openingAnnouncement = nil
                notifications += 1
                link.announce(opening)
            }
        }
        wasActive = active
        return change
    }
}
