import InterlinearCorpus

/// One node of the accessibility tree as a platform's accessibility API asks for it: its frame on screen, its name,
/// its children and what a user can do with it.
///
/// Made when asked (`AccessibilityTree.node(_:)`), from the element the tree keeps and the viewport's scroll at that
/// moment, and never stored: a scroll changes no node, so an app that never asks for one pays nothing for it.
public struct AccessibilityNode: Sendable, Equatable {
    /// The element this node describes.
    public let id: ElementID
    /// Its node id, `John.1.3.w2`: stable across scrolls and sessions.
    public let nodeID: String
    public let role: Role
    /// What a screen reader says for it: the word in its own script, "Verse 3", the whole verse's translation.
    public let name: String
    /// The text it shows: the word, the verse number, the translation word, or the whole translation for the
    /// translation group; empty for a note marker, which shows none.
    public let text: String
    /// Its frame on screen for the tree's viewport now: whole, and the part inside the viewport.
    public let frame: AccessibilityTree.ScreenFrame
    /// The elements whose parent it is, in reading order (the translation group's words); empty for the others.
    public let children: [ElementID]
    /// What a user can do with it, in the order a platform lists custom actions.
    public let actions: [Action]
}

extension AccessibilityTree {
    /// The node an element id names, with its screen frame computed now; nil when there is no such element or the
    /// screen reader is off (`screenReaderEnabled`). Builds the element's cell container if no query built it yet.
    public func node(_ id: ElementID) -> AccessibilityNode? {
        guard let element = element(id), let utterance = utterance(of: id) else { return nil }
        return AccessibilityNode(
            id: id, nodeID: nodeID(of: id), role: element.role, name: utterance.name,
            text: shownText(of: element, cell: id.cell), frame: screenFrame(of: element.frame, cell: id.cell),
            children: element.kind == .verseTranslation ? children(of: id, cell: id.cell) : [],
            actions: element.actions(language: chapter.language))
    }

    /// The elements a verse cell holds directly, in reading order: the verse number, the note marker, the words and
    /// the translation group (whose words are its children, `node(_:)`). Empty while the screen reader is off.
    public func elements(ofCell cell: VerseIndex) -> [ElementID] {
        guard chapter.verses.indices.contains(cell) else { return [] }
        return children(of: nil, cell: cell)
    }

    /// The text an element shows: its label's, except the translation group's, which is the verse's whole
    /// translation (its label is the first word's), and the note marker's, which shows none.
    func shownText(of element: Element, cell: VerseIndex) -> String {
        switch element.kind {
        case .note: ""
        case .verseTranslation: translation(of: chapter.verses[cell])
        default: chapter.strings[element.text]
        }
    }
}
