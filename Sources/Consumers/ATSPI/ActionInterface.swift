import InterlinearAccessibility
import InterlinearCorpus

/// `org.a11y.atspi.Action`: "activate" (focus the element: the view moves its focus ring and scrolls it into view),
/// then the layer's actions — "copy Greek" or "copy Hebrew" (`ChapterWording.copyWordAction`, through the view's clipboard), "find other occurrences" and "find same
/// Strong's" (focus moves to the next word with the same lemma or Strong's number, wrapping round the chapter, so
/// the screen reader speaks it), and "define" (the word's Strong's dictionary entry from the host's store: the
/// window focuses the word, which opens its details pane; the brief entry is announced through the status line's
/// notification, which Orca speaks at once, and the word's description becomes the whole entry — see
/// docs/lexicon.md for why a description and not a separate object), and in a Hebrew chapter "parts" (the word's
/// morphemes one by one, as the reader's `p` says them, from the chapter the host reads with its morphemes: announced,
/// and the word's description, as "define" does).
extension AtspiAdapter {
    /// One exported action.
    struct ActionEntry {
        var name: String
        var description: String
        var action: Action
    }

    func actions(of node: ObjectNode) -> [ActionEntry] {
        guard case .element(let id) = node, let element = tree.element(id) else { return [] }
        var entries = [ActionEntry(name: "activate", description: "Move the focus here", action: .activate)]
        for action in element.actions(language: tree.chapter.language) where action != .activate {
            switch action {
            case .activate: break
            case .copy:
                let copyWord = ChapterWording(chapter: tree.chapter).copyWordAction
                entries.append(
                    id.kind.word != nil
                        ? ActionEntry(name: copyWord.name, description: copyWord.description, action: .copy)
                        : ActionEntry(name: "copy", description: "Copy the text", action: .copy))
            case .findOtherOccurrences:
                entries.append(
                    ActionEntry(
                        name: "find other occurrences",
                        description: "Move to the next word with the same lemma", action: action))
            case .findSameStrongs:
                entries.append(
                    ActionEntry(
                        name: "find same Strong's",
                        description: "Move to the next word with the same Strong's number",
                        action: action))
            case .define:
                entries.append(
                    ActionEntry(
                        name: "define", description: "Say the word's dictionary entry",
                        action: action))
            case .parts:
                let parts = ChapterWording(chapter: tree.chapter).partsAction
                entries.append(ActionEntry(name: parts.name, description: parts.description, action: action))
            }
        }
        return entries
    }

    /// Performs an action; false if it did nothing (no such action, nothing to copy to, no other occurrence).
    func perform(_ entry: ActionEntry, on node: ObjectNode) -> Bool {
        guard case .element(let id) = node else { return false }
        switch entry.action {
        case .activate:
            requestFocus(id)
            return true
        case .copy:
            guard case .copied(let text)? = tree.perform(.copy, on: id) else { return false }
            return host.copyRequested(text)
        case .findOtherOccurrences, .findSameStrongs:
            guard case .found(let found)? = tree.perform(entry.action, on: id), !found.isEmpty else { return false }
            // The next one after this word in reading order, else wrap to the first.
            requestFocus(found.first { id < $0 } ?? found[0])
            return true
        case .define:
            guard case .define(let strongs)? = tree.perform(.define, on: id) else { return false }
            requestFocus(id)
            let entries: [LexiconEntry]
            do {
                entries = try host.lexiconEntries(ofStrongs: strongs)
            } catch {
                announce(DefinitionSpeech.definitionUnavailable(String(describing: error)).text)
                return false
            }
            if !entries.isEmpty { describe(id, DefinitionSpeech.details(entries)) }
            announce(DefinitionSpeech.brief(entries).text)  // "No dictionary entry." without one
            return !entries.isEmpty
        case .parts:
            guard case .parts(let verse, let word)? = tree.perform(.parts, on: id) else { return false }
            requestFocus(id)
            // In English words only (no `original`): the announcement and the description go to the default voice.
            let parts: SpokenLine
            do {
                guard let whole = try host.chapterWithMorphemes(),
                    let line = WordSpeech.description.parts(ofWord: word, verse: verse, in: whole)
                else {
                    announce(DefinitionSpeech.partsUnavailable(nil).text)
                    return false
                }
                parts = line
            } catch {
                announce(DefinitionSpeech.partsUnavailable(String(describing: error)).text)
                return false
            }
            describe(id, parts.text)
            announce(parts.text)
            return true
        }
    }

    /// What "define" or "parts" gave becomes the word's description (`definition`), announced as a property change
    /// so a client's cache follows.
    private func describe(_ id: ElementID, _ text: String) {
        definition = (id, text)
        emitObject(.element(id), "PropertyChange", detail: "accessible-description", data: .string(text))
    }

    func actionMethod(
        _ member: String, node: ObjectNode, reader: inout MessageReader,
        writer: inout MessageWriter
    ) -> Bool {
        let list = actions(of: node)
        func entry() -> ActionEntry? {
            let i = Int(reader.int32())
            return list.indices.contains(i) ? list[i] : nil
        }
        switch member {
        case "GetName", "GetLocalizedName": writer.string(entry()?.name ?? "")
        case "GetDescription": writer.string(entry()?.description ?? "")
        case "GetKeyBinding": _ = entry(); writer.string("")
        case "GetActions":
            writer.open("a", "(sss)")
            for item in list {
                writer.open("r", "sss")
                writer.string(item.name); writer.string(item.description); writer.string("")
                writer.close()
            }
            writer.close()
        case "DoAction": writer.bool(entry().map { perform($0, on: node) } ?? false)
        default: return false
        }
        return true
    }

    func actionProperty(_ property: String, node: ObjectNode, writer: inout MessageWriter) -> Bool {
        guard property == "NActions" else { return false }
        writer.int32(Int32(actions(of: node).count))
        return true
    }
}
