import CSystemdBus
import InterlinearAccessibility

/// `org.a11y.atspi.Collection` and `org.a11y.atspi.Document` on the chapter (and Collection on each verse): the
/// wire only. What matches is decided by `CollectionRule` and `CollectionTree.matches(in:…)` in the accessibility
/// layer (at-spi2-core's semantics); `ExportedTree` answers its questions with the same functions that answer the
/// objects' own Accessible methods, so a query returns exactly what a full walk would find.
extension AtspiAdapter {
    func collectionMethod(_ member: String, node: ObjectNode, call: OpaquePointer, writer: inout MessageWriter) -> Bool
    {
        switch member {
        case "GetMatches":
            var reader = MessageReader(call)
            guard let request = reader.matchesRequest() else { return false }
            let clock = ContinuousClock(), started = clock.now
            defer {
                let elapsed = (clock.now - started).components
                stats.lastCollectionNanoseconds =
                    Int(elapsed.seconds) * 1_000_000_000
                    + Int(elapsed.attoseconds / 1_000_000_000)
            }
            let found = ExportedTree(adapter: self).matches(
                in: node, rule: request.rule, sortOrder: request.sortOrder,
                count: request.count, traverse: request.traverse)
            stats.collectionMatches += found.count
            writer.open("a", "(so)")
            for match in found { writer.reference(reference(match)) }
            writer.close()
            return true
        case "GetActiveDescendant":
            writer.reference(focused.map { reference(.element($0)) } ?? .null)
            return true
        default:
            return false  // GetMatchesFrom, GetMatchesTo: not supported (Orca's navigation uses GetMatches)
        }
    }

    func documentMethod(
        _ member: String, node: ObjectNode, reader: inout MessageReader,
        writer: inout MessageWriter
    ) -> Bool {
        switch member {
        case "GetLocale": writer.string(utterance(of: node).language)
        case "GetAttributes": writer.stringDictionary(documentAttributes)
        case "GetAttributeValue":
            let name = reader.string()
            writer.string(documentAttributes.first { $0.0 == name }?.1 ?? "")
        default: return false
        }
        return true
    }

    func documentProperty(_ property: String, writer: inout MessageWriter) -> Bool {
        switch property {
        case "CurrentPageNumber", "PageCount": writer.int32(-1)  // not paged
        default: return false
        }
        return true
    }

    /// The document's own attributes (`Document.GetAttributes`): what it is and where its text comes from.
    var documentAttributes: [(String, String)] {
        let tree = self.tree
        return [
            ("DocURL", "interlinear:" + tree.rootNodeID), ("MimeType", "text/plain"),
            ("title", tree.chapter.reference.description),
        ]
    }
}

/// The exported objects as the Collection walk sees them.
struct ExportedTree: CollectionTree {
    unowned let adapter: AtspiAdapter

    func childCount(of node: ObjectNode) -> Int { adapter.childCount(of: node) }
    func child(of node: ObjectNode, at index: Int) -> ObjectNode? { adapter.child(of: node, at: index) }
    func collectionRole(of node: ObjectNode) -> UInt32 { adapter.role(of: node).rawValue }
    func hasState(_ state: UInt32, node: ObjectNode) -> Bool {
        guard let state = AtspiState(rawValue: state) else {
            // A state we never set: compare through the whole set, which holds none of them.
            return false
        }
        return adapter.states(of: node).contains(state)
    }
    func collectionAttributes(of node: ObjectNode) -> [(String, String)] { adapter.attributes(of: node) }

    func implements(_ interface: String, node: ObjectNode) -> Bool {
        let name = interface.lowercased()
        let has = adapter.interfaces(of: node)
        if name.hasPrefix("action") {
            // `action` alone: any action; `action(name)`: one of that name (case-insensitive), as at-spi2-core.
            let actions = adapter.actions(of: node)
            guard !actions.isEmpty else { return false }
            guard name != "action" else { return true }
            guard let open = name.firstIndex(of: "(") else { return false }
            let wanted = name[name.index(after: open)...].prefix { $0 != ")" }
            return actions.contains { $0.name.lowercased() == wanted }
        }
        switch name {
        case "accessible", "collection": return true  // every object is Accessible (at-spi2-core: any AtkObject)
        default: return has.contains { $0.rawValue.lowercased() == "org.a11y.atspi." + name }
        }
    }

    /// Inside a verse: its number (heading), note marker (push button), words and translation words (list items,
    /// or static labels at label granularity) and its whole translation (panel); inside the whole translation: its
    /// words. Elements have no children.
    func descendantRoles(of node: ObjectNode) -> Set<UInt32>? {
        switch node {
        case .cell: return Set(Role.allCases.filter { $0 != .document }.map { AtspiRole($0).rawValue })
        // Translation words are list items (AccessibleInterface's role(of:)).
        case .element(let id) where id.kind == .verseTranslation: return [AtspiRole.listItem.rawValue]
        case .element: return []
        case .application, .frame, .document: return nil
        case .statusBar: return [AtspiRole.notification.rawValue]
        case .statusMessage: return []
        }
    }

    /// A verse's one heading is its number, listed from the layout without building the verse's elements.
    func descendants(of node: ObjectNode, role: UInt32) -> [ObjectNode]? {
        guard case .cell(let cell) = node, role == AtspiRole.heading.rawValue else { return nil }
        return adapter.tree.hasVerseNumber(cell: cell) ? [.element(ElementID(cell: cell, kind: .verseNumber))] : []
    }
}
