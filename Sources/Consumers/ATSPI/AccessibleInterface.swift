import InterlinearCorpus
import Foundation
import InterlinearAccessibility

/// `org.a11y.atspi.Accessible` and `org.a11y.atspi.Application`: names, roles, states, attributes and the tree's
/// shape, all computed when asked.
extension AtspiAdapter {
    /// What a screen reader says for a node: the layer's utterances for verses and elements.
    func utterance(of node: ObjectNode) -> (name: String, language: String, description: String) {
        let tree = self.tree
        switch node {
        case .application: return (applicationName, "en", "")
        case .frame: return (host.windowTitle, "en", "")
        case .document:
            let u = tree.documentUtterance
            return (u.name, u.language, u.description)
        case .cell(let cell):
            let u = tree.utterance(ofCell: cell)
            return (u.name, u.language, u.description)
        case .element(let id):
            guard let u = tree.utterance(of: id) else { return ("", "en", "") }
            return (u.name, u.language, u.description)
        }
    }

    func role(of node: ObjectNode) -> AtspiRole {
        switch node {
        case .application: .application
        case .frame: .frame
        case .document: AtspiRole(.document)
        case .cell: AtspiRole(.group)
        case .element(let id): tree.element(id).map { AtspiRole($0.role) } ?? .staticText
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
        case .application, .frame: break
        case .document:
            // The scroll offset in layout points: lets a client (and our tests) relate extents to the layout.
            attributes += [("id", tree.rootNodeID), ("scroll-y", "\(tree.viewport.scrollY)")]
        case .cell(let cell):
            attributes += [("id", tree.nodeID(ofCell: cell)), ("posinset", "\(Int(cell) + 1)"), ("setsize", "\(tree.cellCount)")]
        case .element(let id):
            attributes.append(("id", tree.nodeID(of: id)))
            if let position = tree.position(of: id) {
                attributes += [("posinset", "\(position.posInSet)"), ("setsize", "\(position.setSize)")]
            }
            if case .verseNumber = id.kind { attributes.append(("level", "2")) }
        }
        return attributes
    }

    func accessibleMethod(_ member: String, node: ObjectNode, reader: inout MessageReader,
                          writer: inout MessageWriter) -> Bool {
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
            if let parent = parent(of: node) { writer.reference(reference(parent)) } else { writer.reference(desktop ?? .null) }
        case "ChildCount": writer.int32(Int32(clamping: childCount(of: node)))
        case "Locale": writer.string(utterance(of: node).language)
        case "AccessibleId":
            switch node {
            case .application: writer.string("application")
            case .frame: writer.string("window")
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
