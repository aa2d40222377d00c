import Foundation
import InterlinearAccessibility
import InterlinearCorpus

/// `org.a11y.atspi.Accessible` and `org.a11y.atspi.Application`: names, roles, states, attributes and the tree's
/// shape, all computed when asked.
extension AtspiAdapter {
    /// What a screen reader says for a node: the layer's utterances for verses and elements.
    func utterance(of node: ObjectNode) -> (name: String, language: String, description: String) {
        let tree = self.tree
        switch node {
        case .application: return (applicationName, "en", "")
        case .frame: return (host.windowTitle, "en", "")
        case .statusBar: return (host.statusText, "en", "")
        case .statusMessage: return (statusMessage, "en", "")
        case .document:
            let u = tree.documentUtterance
            return (u.name, u.language, u.description)
        case .cell(let cell):
            let u = tree.utterance(ofCell: cell)
            return (u.name, u.language, u.description)
        case .element(let id):
            guard let u = tree.utterance(of: id) else { return ("", "en", "") }
            // After the "define" action the word's description is its dictionary entry (ActionInterface); a noted
            // word's name ends with its marks (heard wherever the name is: focus, Where Am I, braille) and its
            // description is the notes' text.
            let noted = host.noteMark(of: id)
            let defined = definition?.id == id ? definition?.text : nil
            let description = defined ?? noted.flatMap { $0.description.isEmpty ? nil : $0.description }
            if u.language == "en" || u.language.hasSuffix("-Latn") {
                return (u.name + (noted?.name ?? ""), u.language, description ?? u.description)
            }
            // A word in its own script: Orca 43 sends every name to its default voice, which spells Greek and Hebrew
            // letter by letter. So the name is the layer's English description of the word (its respelling first);
            // the script stays in the verse's and the chapter's Text, in a run of its own language.
            return (u.description + (noted?.name ?? ""), u.descriptionLanguage, description ?? "")
        }
    }

    func role(of node: ObjectNode) -> AtspiRole {
        switch node {
        case .application: .application
        case .frame: .frame
        case .statusBar: .statusBar
        case .statusMessage: .notification
        case .document: AtspiRole(.document)
        // A verse is a paragraph of the chapter (as a browser exposes a <p>): Orca's "next paragraph" finds it.
        case .cell: .paragraph
        // From the element's kind alone: a Collection query asks the role of candidates it has not built.
        // A translation word is an item of its translation's list of words, as a source word is of its verse's.
        case .element(let id): id.kind.isTranslationWord ? .listItem : AtspiRole(tree.role(of: id))
        }
    }

    /// States at the time of the call: focus from the view, showing from the current scroll.
    func states(of node: ObjectNode) -> AtspiStateSet {
        var states = AtspiStateSet()
        states.insert(.enabled)
        states.insert(.sensitive)
        states.insert(.visible)
        switch node {
        case .application:
            states.insert(.showing)
        case .statusBar, .statusMessage:
            states.insert(.showing)
        case .frame:
            states.insert(.showing)
            states.insert(.resizable)
            if windowActive { states.insert(.active) }
        case .document:
            states.insert(.showing)
            states.insert(.readOnly)
            states.insert(.vertical)
        case .cell(let cell):
            if !tree.screenFrame(ofCell: cell).offscreen { states.insert(.showing) }
        case .element(let id):
            states.insert(.focusable)
            states.insert(.readOnly)
            states.insert(.singleLine)
            if focused == id { states.insert(.focused) }
            if let frame = tree.screenFrame(of: id), !frame.offscreen { states.insert(.showing) }
        }
        return states
    }

    /// Object attributes: the language of the name (BCP 47, e.g. `grc`), the node id, and position in the set.
    func attributes(of node: ObjectNode) -> [(String, String)] {
        let speech = utterance(of: node)
        var attributes = [("language", speech.language)]
        switch node {
        case .application, .frame, .statusBar, .statusMessage: break
        case .document:
            // The scroll offset in layout points: lets a client (and our tests) relate extents to the layout.
            attributes += [("id", tree.rootNodeID), ("scroll-y", "\(tree.viewport.scrollY)")]
        case .cell(let cell):
            attributes += [
                ("id", tree.nodeID(ofCell: cell)), ("posinset", "\(Int(cell) + 1)"), ("setsize", "\(tree.cellCount)"),
            ]
        case .element(let id):
            attributes.append(("id", tree.nodeID(of: id)))
            if let position = tree.position(of: id) {
                attributes += [("posinset", "\(position.posInSet)"), ("setsize", "\(position.setSize)")]
            }
            if case .verseNumber = id.kind { attributes.append(("level", "2")) }
        }
        return attributes
    }

    /// Reading flow between elements (FLOWS_TO, FLOWS_FROM): Orca's say all reads the focused object's
    /// text and then follows FLOWS_TO, so it reads on through the chapter. The flow is the reading order, except
    /// that a verse's whole translation flows to the next verse: its words are not read a second time.
    func relations(of node: ObjectNode) -> [(AtspiRelation, [ObjectNode])] {
        let tree = self.tree
        if case .cell(let cell) = node {
            // NODE_PARENT_OF: the verse's words, the list Orca counts "3 of 17" in (its other children, the
            // number, note marker and translation, are not items of it).
            guard let container = tree.container(at: cell) else { return [] }
            let words = container.elements.filter { $0.kind.word != nil }
            return words.isEmpty ? [] : [(.nodeParentOf, words.map { .element(ElementID(cell: cell, kind: $0.kind)) })]
        }
        guard case .element(let id) = node else { return [] }
        var result: [(AtspiRelation, [ObjectNode])] = []
        let nextID: ElementID?
        if id.kind == .verseTranslation {
            nextID =
                (Int(id.cell) + 1 < tree.cellCount)
                ? tree.elementID(cell: id.cell + 1, index: 0) : nil
        } else {
            nextID = tree.next(after: id)
        }
        if let nextID { result.append((.flowsTo, [.element(nextID)])) }
        var previousID = tree.previous(before: id)
        if let p = previousID, case .translation = p.kind, id.cell != p.cell {
            previousID = ElementID(cell: p.cell, kind: .verseTranslation)
        }
        if let previousID { result.append((.flowsFrom, [.element(previousID)])) }
        return result
    }

    func accessibleMethod(
        _ member: String, node: ObjectNode, reader: inout MessageReader,
        writer: inout MessageWriter
    ) -> Bool {
        switch member {
        case "GetChildAtIndex":
            let index = Int(reader.int32())
            writer.reference(child(of: node, at: index).map(reference) ?? .null)
        case "GetChildren":
            writer.open("a", "(so)")
            for child in children(of: node) { writer.reference(reference(child)) }
            writer.close()
        case "GetIndexInParent": writer.int32(Int32(clamping: indexInParent(of: node)))
        case "GetRelationSet":
            writer.open("a", "(ua(so))")
            for (type, targets) in relations(of: node) {
                writer.open("r", "ua(so)")
                writer.uint32(type.rawValue)
                writer.open("a", "(so)")
                for target in targets { writer.reference(reference(target)) }
                writer.close()
                writer.close()
            }
            writer.close()
        case "GetRole": writer.uint32(role(of: node).rawValue)
        case "GetRoleName", "GetLocalizedRoleName": writer.string(role(of: node).name)
        case "GetState":
            let words = states(of: node).words
            writer.open("a", "u")
            writer.uint32(words.0)
            writer.uint32(words.1)
            writer.close()
        case "GetAttributes": writer.stringDictionary(attributes(of: node))
        case "GetApplication": writer.reference(reference(.application))
        case "GetInterfaces":
            writer.open("a", "s")
            for interface in interfaces(of: node) { writer.string(interface.rawValue) }
            writer.close()
        default: return false
        }
        return true
    }

    func accessibleProperty(_ property: String, node: ObjectNode, writer: inout MessageWriter) -> Bool {
        switch property {
        case "Name": writer.string(utterance(of: node).name)
        case "Description": writer.string(utterance(of: node).description)
        case "Parent":
            if let parent = parent(of: node) {
                writer.reference(reference(parent))
            } else {
                writer.reference(desktop ?? .null)
            }
        case "ChildCount": writer.int32(Int32(clamping: childCount(of: node)))
        case "Locale": writer.string(utterance(of: node).language)
        case "AccessibleId":
            switch node {
            case .application: writer.string("application")
            case .frame: writer.string("window")
            case .statusBar: writer.string("status")
            case .statusMessage: writer.string("status-message")
            case .document: writer.string(tree.rootNodeID)
            case .cell(let cell): writer.string(tree.nodeID(ofCell: cell))
            case .element(let id): writer.string(tree.nodeID(of: id))
            }
        default: return false
        }
        return true
    }

    func applicationMethod(_ member: String, reader: inout MessageReader, writer: inout MessageWriter) -> Bool {
        switch member {
        case "GetLocale":
            _ = reader.uint32()
            writer.string(environment("LC_ALL") ?? environment("LANG") ?? "C")
        case "GetApplicationBusAddress":
            writer.string("")  // no peer-to-peer bus: clients talk to us over the accessibility bus
        default: return false
        }
        return true
    }

    func applicationProperty(_ property: String, writer: inout MessageWriter) -> Bool {
        switch property {
        case "ToolkitName": writer.string("interlinear")
        case "Version": writer.string("1")
        case "AtspiVersion": writer.string("2.1")
        case "Id": writer.int32(applicationID)
        default: return false
        }
        return true
    }
}
