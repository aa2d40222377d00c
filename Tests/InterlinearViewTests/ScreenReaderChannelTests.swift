import InterlinearATSPI
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearView
import Testing

/// A link that records what the window tells it, and turns active when told to (as the desktop's IsEnabled would).
final class RecordingLink: ScreenReaderLink {
    enum Call: Equatable {
        case process
        case focus(ElementID)
        case visible(Range<Int>)
        case activated, deactivated, layout
        case key(UInt32)
        case announce(String)
        case descriptions
    }
    var calls: [Call] = []
    var isActive = false
    var isConversing = false
    var fileDescriptors: [Int32] = [7]

    func process() { calls.append(.process) }
    func focusChanged(to id: ElementID) { calls.append(.focus(id)) }
    func visibleCellsChanged(_ cells: Range<Int>) { calls.append(.visible(cells)) }
    func windowActivated() { calls.append(.activated) }
    func windowDeactivated() { calls.append(.deactivated) }
    func layoutChanged() { calls.append(.layout) }
    /// Keys whose keysym is in `consumes` are consumed, as Orca consumes its own commands.
    var consumes: Set<UInt32> = []
    func announce(_ text: String) { calls.append(.announce(text)) }
    func descriptionsChanged() { calls.append(.descriptions) }
    func keyEvent(_ stroke: KeyStroke) -> Bool {
        calls.append(.key(stroke.keysym))
        return consumes.contains(stroke.keysym)
    }

    /// The calls other than `process`.
    var notifications: [Call] { calls.filter { $0 != .process } }
}

/// What the window tells the adapter, and when: nothing per scroll while no screen reader listens.
@Suite struct ScreenReaderChannelTests {
    /// Presses a key on the view and passes what changed to the channel, as the window does.
    func press(_ view: ChapterView, _ channel: ScreenReaderChannel, _ keys: Key...) {
        for key in keys { channel.tell(view.handle(key)) }
    }

    /// `v` is heard once, through the announcement; the link is told the descriptions changed (so a client's cache
    /// follows) and nothing is laid out again.
    @Test func verbosityIsAnnouncedOnceAndRedescribes() throws {
        let view = try ViewFixture.view(screenReader: true)
        let link = RecordingLink()
        link.isActive = true
        let channel = ScreenReaderChannel(link: link, view: view)
        press(view, channel, .tab)
        link.calls = []
        press(view, channel, .character("v"))
        #expect(link.notifications == [.descriptions, .announce("Verbosity full.")])
        link.calls = []
        press(view, channel, .tab)
        #expect(!link.notifications.contains(.descriptions))
    }

    @Test func withoutALinkTheLoopWaitsForInputAlone() throws {
        let view = try ViewFixture.view()
        let channel = ScreenReaderChannel(link: nil, view: view)
        #expect(channel.waitTimeout == nil)
        press(view, channel, .tab, .pageDown, .end)
        channel.service()
        #expect(channel.notifications == 0 && !view.screenReaderEnabled)
    }

    /// Keys reach the screen reader only while it listens, and its verdict (consumed or not) comes back.
    @Test func keysAreOfferedOnlyWhileAScreenReaderListens() throws {
        let view = try ViewFixture.view()
        let link = RecordingLink()
        let channel = ScreenReaderChannel(link: link, view: view)
        let kpEnter = KeyStroke(
            pressed: true, keysym: 0xff8d, keycode: 104, modifiers: 0, timestamp: 1,
            text: "KP_Enter", isText: false)
        let tab = KeyStroke(
            pressed: true, keysym: 0xff09, keycode: 23, modifiers: 0, timestamp: 2, text: "Tab",
            isText: false)
        link.consumes = [0xff8d]
        #expect(!channel.offer(kpEnter), "inactive: the window keeps every key")
        #expect(link.notifications.isEmpty)
        link.isActive = true
        #expect(channel.offer(kpEnter))
        #expect(!channel.offer(tab))
        #expect(link.notifications == [.key(0xff8d), .key(0xff09)])
    }

    /// The status line's answer to a key is heard: ":99⏎" in a chapter of 51 verses says there is no verse 99.
    @Test func statusMessagesAreAnnounced() throws {
        let view = try ViewFixture.view()
        let link = RecordingLink()
        let channel = ScreenReaderChannel(link: link, view: view)
        press(view, channel, .character(":"), .character("9"), .character("9"), .enter)
        #expect(link.notifications.isEmpty, "inactive: nothing is announced")
        link.isActive = true
        channel.service()
        link.calls = []
        press(view, channel, .character(":"), .character("9"), .character("9"), .enter)
        let said = link.notifications.compactMap { if case .announce(let t) = $0 { t } else { nil } }
        #expect(said.first?.hasPrefix("Go to") == true, "\(said)")
        #expect(said.last?.contains("no verse 99") == true, "\(said)")
        #expect(view.chapter.verses.count < 99)
    }

    @Test func inactiveLinkHearsNoScrollAndTheTreeBuildsNothing() throws {
        let view = try ViewFixture.view(height: 500)
        let link = RecordingLink()
        let channel = ScreenReaderChannel(link: link, view: view)
        #expect(channel.waitTimeout == 100)
        link.fileDescriptors = []
        #expect(channel.waitTimeout == nil, "no bus to follow: wait for input alone")
        link.fileDescriptors = [7]
        for i in 0..<1000 {
            press(view, channel, i % 2 == 0 ? .pageDown : .up)
            if i % 97 == 0 { press(view, channel, .home) }
            channel.service()
        }
        #expect(link.notifications.isEmpty, "\(link.notifications.prefix(3))")
        #expect(view.tree.stats == AccessibilityTree.Stats())
        #expect(!view.screenReaderEnabled)
        // Focus and window state are recorded (two stores in the adapter) so a late reader starts right.
        press(view, channel, .tab)
        channel.windowFocus(true)
        #expect(link.notifications.count == 2)
        guard case .focus? = link.notifications.first else {
            Issue.record("expected a focus notification, got \(link.notifications)")
            return
        }
        #expect(link.notifications.last == .activated)
        #expect(view.tree.stats == AccessibilityTree.Stats())
    }

    @Test func activeLinkHearsVisibleCellsOnlyWhenTheyChange() throws {
        let view = try ViewFixture.view(height: 500)
        let link = RecordingLink()
        let channel = ScreenReaderChannel(link: link, view: view)
        link.isActive = true
        channel.service()
        #expect(view.screenReaderEnabled, "the view follows the link")
        #expect(channel.waitTimeout == 10)
        // A reader that comes on hears what is in view, and the focus is on the reading position's first element:
        // verse 1's number (the fixture opens at the top), so the reader need not search the tree for a focus.
        let verseOne = ElementID(cell: VerseIndex(0), kind: .verseNumber)
        #expect(link.notifications == [.visible(view.visibleCells), .focus(verseOne)])
        #expect(view.focus == verseOne && view.chapter.verses[VerseIndex(0)].number == 1)
        link.calls = []

        // Scrolling within the same verses says nothing; a new verse in view says so once, to the tree (visible
        // cells) and to the listener (where the reading position went, naming the first and last verse in view).
        var told = 0
        for _ in 0..<40 {
            let before = view.visibleCells
            link.calls = []
            press(view, channel, .down)
            guard view.visibleCells != before else {
                #expect(link.notifications.isEmpty)
                continue
            }
            told += 1
            let cells = view.visibleCells
            let first = view.chapter.verses[VerseIndex(cells.lowerBound)].number
            let last = view.chapter.verses[VerseIndex(cells.upperBound - 1)].number
            #expect(link.notifications.count == 2 && link.notifications.first == .visible(cells))
            guard case .announce(let text)? = link.notifications.last else {
                Issue.record("no announcement after a scroll to other verses: \(link.notifications)")
                continue
            }
            #expect(
                text.contains("\(first)") && text.contains("\(last)") && text.contains("\(view.tree.cellCount)"),
                "\(text)")
        }
        #expect(told > 0)
        link.calls = []

        // A resize is a new layout: the link hears it, then the verses in view.
        channel.tell(view.resize(width: 800, height: 500))
        #expect(link.notifications.first == .layout)
        #expect(link.notifications.last == .visible(view.visibleCells))
        link.calls = []
        // A chapter step likewise, and the status line's message about it is heard.
        press(view, channel, .nextChapter)
        #expect(Array(link.notifications.prefix(2)) == [.layout, .visible(view.visibleCells)])
        #expect(link.notifications.dropFirst(2).allSatisfy { $0 == .announce(view.message ?? "") })
        link.calls = []
        // Focus moves are told.
        press(view, channel, .tab)
        let focus = try #require(view.focus)
        #expect(link.notifications == [.focus(focus)])
        link.isConversing = true
        #expect(channel.waitTimeout == 0, "a client mid-conversation is serviced again at once")
        // A loop woken by the link's requests (the window's LinkWake) polls only as a safety net.
        channel.wokenByRequests = true
        #expect(channel.waitTimeout == 0)
        link.isConversing = false
        #expect(channel.waitTimeout == 250)
        link.isActive = false
        #expect(channel.waitTimeout == 1000)
        link.fileDescriptors = []
        #expect(channel.waitTimeout == nil)
    }

    @Test func aReaderThatStopsLeavesTheTreeOff() throws {
        let view = try ViewFixture.view(height: 500)
        let link = RecordingLink()
        let channel = ScreenReaderChannel(link: link, view: view)
        link.isActive = true
        channel.service()
        press(view, channel, .tab, .right)
        #expect(view.tree.stats.containersBuilt > 0)
        link.isActive = false
        channel.service()
        #expect(!view.screenReaderEnabled)
        #expect(view.tree.stats == AccessibilityTree.Stats(), "turning the reader off releases every element")
        // And on again: told the visible cells again.
        link.calls = []
        link.isActive = true
        channel.service()
        #expect(link.notifications == [.visible(view.visibleCells)])
    }
}
