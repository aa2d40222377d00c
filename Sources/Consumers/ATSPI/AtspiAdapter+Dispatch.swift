import CATSPIShim
import CSystemdBus
import InterlinearAccessibility
import InterlinearCorpus

/// From the C vtables to Swift: every method call, property read and object lookup of the exported interfaces
/// arrives here with the adapter as userdata, and is answered from the tree at the time of the call.
extension AtspiAdapter {
    /// The D-Bus interfaces an object can implement.
    enum Interface: String, CaseIterable {
        case accessible = "org.a11y.atspi.Accessible"
        case application = "org.a11y.atspi.Application"
        case component = "org.a11y.atspi.Component"
        case text = "org.a11y.atspi.Text"
        case action = "org.a11y.atspi.Action"
        case collection = "org.a11y.atspi.Collection"
        case document = "org.a11y.atspi.Document"
    }

    func installShimCallbacks() {
        atspi_shim_set_callbacks(
            { message, userdata, error in
                guard let message, let adapter = AtspiAdapter.from(userdata) else { return -22 }
                return adapter.handleMethod(message, error: error)
            },
            { path, interface, property, reply, userdata, error in
                guard let path, let interface, let property, let reply, let adapter = AtspiAdapter.from(userdata)
                else { return -22 }
                return adapter.handleProperty(
                    path: String(cString: path), interface: String(cString: interface),
                    property: String(cString: property), reply: reply, error: error)
            },
            { _, interface, property, value, userdata, error in
                guard let value, let adapter = AtspiAdapter.from(userdata),
                    interface.map({ String(cString: $0) }) == Interface.application.rawValue,
                    property.map({ String(cString: $0) }) == "Id"
                else { return -22 }
                var reader = MessageReader(value)
                adapter.applicationID = reader.int32()
                return reader.status >= 0 ? 1 : -22
            },
            { path, interface, userdata in
                guard let path, let interface, let adapter = AtspiAdapter.from(userdata) else { return 0 }
                return adapter.implements(path: String(cString: path), interface: String(cString: interface)) ? 1 : 0
            },
            { path, userdata in
                let children =
                    path.flatMap { path in
                        AtspiAdapter.from(userdata)?.childPaths(of: String(cString: path))
                    } ?? []
                guard let strv = atspi_shim_strv_new(children.count) else { return nil }
                for (i, child) in children.enumerated() where atspi_shim_strv_set(strv, i, child) < 0 {
                    atspi_shim_strv_free(strv)
                    return nil
                }
                return strv
            })
    }

    /// The live node a path names, or nil if it names none now (inactive, another chapter, no such element).
    /// Resolving an element builds its verse's container: the first request for a verse creates its objects.
    func node(at path: String) -> ObjectNode? {
        guard isActive else { return nil }
        let tree = self.tree
        guard let node = ObjectNode(path: path, tree: tree) else { return nil }
        if case .element(let id) = node, tree.element(id) == nil { return nil }
        return node
    }

    /// The interfaces a node implements.
    func interfaces(of node: ObjectNode) -> [Interface] {
        switch node {
        case .application: [.accessible, .application]
        case .frame, .statusBar, .statusMessage: [.accessible, .component]
        case .document: [.accessible, .component, .text, .collection, .document]
        case .cell: [.accessible, .component, .text, .collection]
        case .element: [.accessible, .component, .text, .action]
        }
    }

    func implements(path: String, interface: String) -> Bool {
        guard let wanted = Interface(rawValue: interface), let node = node(at: path) else { return false }
        return interfaces(of: node).contains(wanted)
    }

    /// The direct children's paths of an object, for introspection (`busctl tree`). Element paths are listed for
    /// a verse only (that request builds the verse); the chapter lists its verses without building any.
    func childPaths(of path: String) -> [String] {
        guard isActive else { return [] }
        let tree = self.tree
        if path == ObjectNode.prefix {
            return [
                ObjectNode.applicationPath, ObjectNode.framePath, ObjectNode.document.path(in: tree),
                ObjectNode.statusBarPath, ObjectNode.statusMessagePath,
            ]
        }
        guard let node = node(at: path) else { return [] }
        if case .cell(let cell) = node, let container = tree.container(at: cell) {
            // Paths nest by verse, not by the translation node (`…/3/t4` is beside `…/3/t`): a verse lists all.
            return container.elements.map { ObjectNode.element(ElementID(cell: cell, kind: $0.kind)).path(in: tree) }
        }
        if case .element = node { return [] }
        return children(of: node).map { $0.path(in: tree) }
    }

    // MARK: Replies

    /// Answers a method call: dispatches on interface and member, sends the reply. Returns 1 when replied, or a
    /// negative errno with `error` set (sd-bus sends the error).
    func handleMethod(_ call: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        stats.requests += 1
        guard let pathPointer = sd_bus_message_get_path(call),
            let interfacePointer = sd_bus_message_get_interface(call),
            let memberPointer = sd_bus_message_get_member(call)
        else { return -22 }
        let path = String(cString: pathPointer), member = String(cString: memberPointer)
        if String(cString: interfacePointer) == "org.a11y.atspi.Cache" { return replyEmptyCache(call) }
        guard let interface = Interface(rawValue: String(cString: interfacePointer)) else { return -22 }
        guard let node = node(at: path) else { return unknownObject(path, error) }
        switch answer(call, node: node, interface: interface, member: member, error: error) {
        case .reply(let reply):
            // `send` takes the reply (and frees it).
            if let a11y { _ = a11y.send(reply) } else { sd_bus_message_unref(reply) }
            return 1
        case .failed(let status): return status
        }
    }

    /// A method call's answer: the reply to send (the caller owns it), or a negative errno (with `error` set when
    /// the member is not served here).
    enum Answer {
        case reply(OpaquePointer)
        case failed(Int32)
    }

    /// The reply to a method call on a node, built from the tree at the time of the call. Every argument is the
    /// client's: each interface clamps or refuses its offsets, indexes, counts and coordinates (the `atspi-args`
    /// fuzz harness calls this with arbitrary ones).
    func answer(
        _ call: OpaquePointer, node: ObjectNode, interface: Interface, member: String,
        error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Answer {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(call, &reply) >= 0, let reply else { return .failed(-12) }
        var writer = MessageWriter(reply)
        var reader = MessageReader(call)
        let handled: Bool
        switch interface {
        case .accessible: handled = accessibleMethod(member, node: node, reader: &reader, writer: &writer)
        case .application: handled = applicationMethod(member, reader: &reader, writer: &writer)
        case .component: handled = componentMethod(member, node: node, reader: &reader, writer: &writer)
        case .text: handled = textMethod(member, node: node, reader: &reader, writer: &writer)
        case .action: handled = actionMethod(member, node: node, reader: &reader, writer: &writer)
        case .collection: handled = collectionMethod(member, node: node, call: call, writer: &writer)
        case .document: handled = documentMethod(member, node: node, reader: &reader, writer: &writer)
        }
        guard handled, reader.status >= 0, writer.status >= 0 else {
            sd_bus_message_unref(reply)
            if reader.status < 0 || writer.status < 0 {
                return .failed(reader.status < 0 ? reader.status : writer.status)
            }
            sd_bus_error_set(
                error, "org.freedesktop.DBus.Error.UnknownMethod",
                "\(interface.rawValue).\(member) is not supported here")
            return .failed(-95)  // EOPNOTSUPP
        }
        return .reply(reply)
    }

    /// Answers a property read by appending its value to `reply`.
    func handleProperty(
        path: String, interface: String, property: String, reply: OpaquePointer,
        error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
        stats.requests += 1
        guard let node = node(at: path), let interface = Interface(rawValue: interface) else {
            return unknownObject(path, error)
        }
        var writer = MessageWriter(reply)
        guard answer(property, of: node, interface: interface, writer: &writer) else {
            sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownProperty", "no property \(property)")
            return -22
        }
        return writer.status >= 0 ? 1 : writer.status
    }

    /// Appends a property's value to a reply; false when the interface has no such property.
    func answer(_ property: String, of node: ObjectNode, interface: Interface, writer: inout MessageWriter) -> Bool {
        switch interface {
        case .accessible: accessibleProperty(property, node: node, writer: &writer)
        case .application: applicationProperty(property, writer: &writer)
        case .text: textProperty(property, node: node, writer: &writer)
        case .action: actionProperty(property, node: node, writer: &writer)
        case .document: documentProperty(property, writer: &writer)
        case .component, .collection: false
        }
    }

    /// `Cache.GetItems`: libatspi asks every new application for its whole tree up front. We answer with an empty
    /// list on purpose — the tree is built per verse on request, never all at once — and clients then ask object
    /// by object (libatspi caches what it reads and keeps it fresh from our events).
    private func replyEmptyCache(_ call: OpaquePointer) -> Int32 {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(call, &reply) >= 0, let reply else { return -12 }
        var writer = MessageWriter(reply)
        writer.open("a", "((so)(so)(so)iiassusau)")
        writer.close()
        guard writer.status >= 0 else { sd_bus_message_unref(reply); return writer.status }
        a11y?.send(reply)
        return 1
    }

    private func unknownObject(_ path: String, _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownObject", "no accessible object at \(path)")
        return -2  // ENOENT
    }

    /// Our reference to a node.
    func reference(_ node: ObjectNode) -> ObjectReference {
        ObjectReference(busName: a11y?.uniqueName ?? "", path: node.path(in: tree))
    }
}
