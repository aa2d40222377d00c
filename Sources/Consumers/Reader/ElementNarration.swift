import InterlinearAccessibility
import InterlinearCorpus

/// Narration driven by the engine's accessibility elements: the same word elements, order and description that
/// VoiceOver or TalkBack get, so the terminal and the graphical reader never disagree. Containers are built
/// lazily, one per verse visited.
public final class ElementNarration: Narration {
    public let tree: AccessibilityTree
    public var chapter: Chapter { tree.chapter }
    /// The table cell of each verse, and the verse of each cell.
    private let cellOfVerse: [Int]
    private let verseOfCell: [Int]

    /// Turns the tree's screen-reader flag on: from here on, queries build containers.
    public init(tree: AccessibilityTree) {
        self.tree = tree
        tree.screenReaderEnabled = true
        verseOfCell = tree.layout.cells.map(\.verseIndex)
        var cells = [Int](repeating: 0, count: tree.chapter.verses.count)
        for (cell, verse) in verseOfCell.enumerated() { cells[verse] = cell }
        cellOfVerse = cells
    }

    private func id(_ focus: Focus) -> ElementID {
        ElementID(cell: cellOfVerse[focus.verse], kind: focus.word.map { .word(UInt16($0)) } ?? .verseNumber)
    }

    /// The word's description, with the tree's focus moved to its element (scrolling the tree's viewport as a
    /// graphical reader would). Words are described by the same `WordSpeech` as the elements' descriptions.
    public func describe(verse: Int, word: Int, speech: WordSpeech) -> SpokenLine {
        tree.focus(id(Focus(verse: verse, word: word)))
        return speech.line(self.word(verse: verse, word: word), in: chapter)
    }

    /// The next word element in the tree's reading order (verse numbers and translation words skipped).
    public func nextWord(after focus: Focus) -> Focus? { word(from: focus, stepping: tree.next(after:)) }

    /// The previous word element in the tree's reading order.
    public func previousWord(before focus: Focus) -> Focus? { word(from: focus, stepping: tree.previous(before:)) }

    /// Steps through the tree from `focus` until it reaches a word element.
    private func word(from focus: Focus, stepping step: (ElementID) -> ElementID?) -> Focus? {
        var current = id(focus)
        while let candidate = step(current) {
            if case .word(let w) = candidate.kind { return Focus(verse: verseOfCell[candidate.cell], word: Int(w)) }
            current = candidate
        }
        return nil
    }
}
