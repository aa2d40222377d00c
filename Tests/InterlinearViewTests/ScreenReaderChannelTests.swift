import InterlinearAccessibility
import InterlinearView
import Testing

/// A link that records what the window tells it, and turns active when told to (as the desktop's IsEnabled would).
final class RecordingLink: ScreenReaderLink {
    enum Call: Equatable {
        case process, focus(ElementID), visible(Range<Int>), activated, deactivated, layout
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

    /// The calls other than `process`.
    var notifications: [Call] { calls.filter { $0 != .process } }
}

/// What the window tells the adapter, and when: nothing per scroll while no screen reader listens.
@Suite struct ScreenReaderChannelTests {
    /// Presses a key on the view and passes what changed to the channel, as the window does.
    func press(_ view: ChapterView, _ channel: ScreenReaderChannel, _ keys: Key...) {
        for key in keys { channel.tell(view.handle(key)) }
    }

    @Test func withoutALinkTheLoopWaitsForInputAlone() throws {
        let view = try ViewFixture.view()
        let channel = ScreenReaderChannel(link: nil, view: view)
        #expect(channel.waitTimeout == nil)
        press(view, channel, .tab, .pageDown, .end)
        channel.service()
        #expect(channel.notifications == 0 && !view.screenReaderEnabled)
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
        #expect(link.notifications == [.visible(view.visibleCells)], "a reader that comes on hears what is in view")
        link.calls = []

        // Scrolling within the same verses says nothing; a new verse in view says so once.
        var told = 0
        for _ in 0..<40 {
            let before = view.visibleCells
            press(view, channel, .down)
            if view.visibleCells != before { told += 1 }
        }
        #expect(told > 0)
        #expect(link.notifications.count == told)
        #expect(link.notifications.allSatisfy { if case .visible = $0 { true } else { false } })
        link.calls = []

        // A resize is a new layout: the link hears it, then the verses in view.
        channel.tell(view.resize(width: 800, height: 500))
        #expect(link.notifications.first == .layout)
        #expect(link.notifications.last == .visible(view.visibleCells))
        link.calls = []
        // A chapter step likewise.
        press(view, channel, .nextChapter)
        #expect(link.notifications == [.layout, .visible(view.visibleCells)])
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
