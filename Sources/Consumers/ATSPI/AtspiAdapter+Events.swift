import CSystemdBus
import InterlinearAccessibility
import InterlinearCorpus

/// What the view tells the adapter, and the AT-SPI events that follow. While the adapter is inactive every
/// notification only records the view's state (which element has focus, whether the window is active: two
/// stores) and returns, so scrolling with no screen reader costs nothing here.
///
/// There is no per-scroll bounds event (`object:bounds-changed`): extents are computed on request, so a screen
/// reader that asks after a scroll gets the new position, and Orca (43) does not cache extents — it asks for them
/// when it needs them (flat review, mouse review, highlighting). A scroll only announces the verses that came into
/// view (`children-changed`), not every element that moved.
extension AtspiAdapter {
    /// The payload of an event (`any_data`).
    enum EventData {
        case none
        case reference(ObjectReference)
        case string(String)
    }

    /// Focus moved in the view (keyboard): `object:state-changed:focused` off the old element and on the new one,
    /// the legacy `focus:` event, and `object:active-descendant-changed` on the chapter.
    public func focusChanged(to id: ElementID) {
        let previous = focused
        focused = id
        guard isActive else { return }
        stats.notificationsHandled += 1
        guard announcedFocus != id, tree.element(id) != nil else { return }
        if let previous, previous != id, tree.element(previous) != nil {
            emitObject(.element(previous), "StateChanged", detail: "focused", detail1: 0)
        }
        emitObject(.element(id), "StateChanged", detail: "focused", detail1: 1)
        emit(.element(id), interface: "org.a11y.atspi.Event.Focus", member: "Focus")
        emitObject(.document, "ActiveDescendantChanged", data: .reference(reference(.element(id))))
        announcedFocus = id
    }

    /// The visible cells changed (scroll): `object:children-changed:add` on the chapter for each verse that came
    /// into view (its index and reference), so a client refreshes what it holds for it. Nothing else per scroll.
    public func visibleCellsChanged(_ cells: Range<Int>) {
        guard isActive else { return }
        stats.notificationsHandled += 1
        let count = tree.cellCount
        for cell in cells where !announcedVisible.contains(cell) && cell >= 0 && cell < count {
            emitObject(
                .document, "ChildrenChanged", detail: "add", detail1: Int32(cell),
                data: .reference(reference(.cell(VerseIndex(cell)))))
        }
        announcedVisible = cells
    }

    /// The window was activated (gained keyboard focus): `window:activate` and `object:state-changed:active`.
    public func windowActivated() {
        windowActive = true
        guard isActive else { return }
        stats.notificationsHandled += 1
        emitWindowActivated()
    }

    /// The window lost keyboard focus: `window:deactivate`.
    public func windowDeactivated() {
        windowActive = false
        guard isActive else { return }
        stats.notificationsHandled += 1
        emitObject(.frame, "StateChanged", detail: "active", detail1: 0)
        emit(.frame, interface: "org.a11y.atspi.Event.Window", member: "Deactivate", data: .string(host.windowTitle))
    }

    /// The layout changed (resize, or another chapter's tree): the tree is re-read; another chapter replaces the
    /// window's document (`children-changed` remove and add on the frame, and its new name).
    public func layoutChanged() {
        let tree = self.tree  // switches a new tree's screen reader to match
        guard isActive else { return }
        stats.notificationsHandled += 1
        announcedVisible = 0..<0
        if let id = focused, tree.element(id) == nil { focused = nil }
        if announcedFocus.map({ tree.element($0) == nil }) ?? false { announcedFocus = nil }
        let path = ObjectNode.document.path(in: tree)
        guard path != documentPath else { return }
        let old = ObjectReference(busName: a11y?.uniqueName ?? "", path: documentPath)
        emitObject(.frame, "ChildrenChanged", detail: "remove", detail1: 0, data: .reference(old))
        emitObject(.frame, "ChildrenChanged", detail: "add", detail1: 0, data: .reference(reference(.document)))
        emitObject(.frame, "PropertyChange", detail: "accessible-name", data: .string(host.windowTitle))
        documentPath = path
        definition = nil
        // Another chapter's element may have the old focus's id (verse 1's number in both): its focus is news.
        announcedFocus = nil
    }

    /// A message for the listener (the status line's message, or where a scroll went): the status bar's
    /// notification takes it as its name and is shown again (`object:state-changed:showing` on a NOTIFICATION
    /// role, which Orca 43 speaks at once), with `accessible-name` changes on it and the status bar.
    public func announce(_ text: String) {
        statusMessage = text
        guard isActive, !text.isEmpty else { return }
        stats.notificationsHandled += 1
        emitObject(.statusMessage, "PropertyChange", detail: "accessible-name", data: .string(text))
        emitObject(.statusBar, "PropertyChange", detail: "accessible-name", data: .string(host.statusText))
        emitObject(.statusMessage, "StateChanged", detail: "showing", detail1: 1)
    }

    /// An assistive technology asked for focus: the view moves its focus ring (and may tell us), then we announce it.
    func requestFocus(_ id: ElementID) {
        host.focusRequested(id)
        focusChanged(to: id)
    }

    func emitWindowActivated() {
        emitObject(.frame, "StateChanged", detail: "active", detail1: 1)
        emit(.frame, interface: "org.a11y.atspi.Event.Window", member: "Activate", data: .string(host.windowTitle))
    }

    func emitObject(
        _ node: ObjectNode, _ member: String, detail: String = "", detail1: Int32 = 0,
        data: EventData = .none
    ) {
        emit(
            node, interface: "org.a11y.atspi.Event.Object", member: member, detail: detail, detail1: detail1, data: data
        )
    }

    /// Sends one AT-SPI event signal `(siiva{sv})` from a node's path.
    func emit(
        _ node: ObjectNode, interface: String, member: String, detail: String = "", detail1: Int32 = 0,
        detail2: Int32 = 0, data: EventData = .none
    ) {
        guard let a11y, let signal = a11y.signal(path: node.path(in: tree), interface: interface, member: member)
        else { return }
        var writer = MessageWriter(signal)
        writer.string(detail)
        writer.int32(detail1)
        writer.int32(detail2)
        switch data {
        case .none:
            writer.open("v", "i"); writer.int32(0); writer.close()
        case .reference(let ref):
            writer.open("v", "(so)"); writer.reference(ref); writer.close()
        case .string(let s):
            writer.open("v", "s"); writer.string(s); writer.close()
        }
        writer.open("a", "{sv}")
        writer.close()
        guard writer.status >= 0 else { sd_bus_message_unref(signal); return }
        if a11y.send(signal) { stats.eventsEmitted += 1 }
    }
}
