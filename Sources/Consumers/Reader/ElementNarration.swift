import InterlinearAccessibility
import InterlinearCorpus

/// Narration driven by the engine's accessibility elements: the same word elements, order and description that
/// VoiceOver or TalkBack get, so the terminal and the graphical reader never disagree. Containers are built
/// lazily, one per verse visited.
package final class ElementNarration: Narration {
    package let tree: AccessibilityTree
    package var chapter: Chapter { tree.chapter }
    /// Turns the tree's screen-reader flag on: from here on, queries build containers.
    package init(tree: AccessibilityTree) {
        self.tree = tree
        tree.screenReaderEnabled = true
    }

    /// The element of a focus: cells are verses, so the verse index names the cell.
    private func id(_ focus: Focus) -> ElementID {
        ElementID(cell: focus.verse, kind: focus.word.map { .word($0) } ?? .verseNumber)
    }

    /// The word's description, with the tree's focus moved to its element (scrolling the tree's viewport as a
    /// graphical reader would). Words are described by the same `WordSpeech` as the elements' descriptions.
    package func describe(verse: VerseIndex, word: WordOffset, speech: WordSpeech) -> SpokenLine {
        tree.focus(id(Focus(verse: verse, word: word)))
        return speech.line(self.word(verse: verse, word: word), in: chapter)
    }

    /// The next word element in the tree's reading order (verse numbers and translation words skipped).
    package func nextWord(after focus: Focus) -> Focus? { word(from: focus, stepping: tree.next(after:)) }

    /// The previous word element in the tree's reading order.
    package func previousWord(before focus: Focus) -> Focus? { word(from: focus, stepping: tree.previous(before:)) }

    /// Steps through the tree from `focus` until it reaches a word element.
    private func word(from focus: Focus, stepping step: (ElementID) -> ElementID?) -> Focus? {
        var current = id(focus)
        while let candidate = step(current) {
            if case .word(let w) = candidate.kind { return Focus(verse: candidate.cell, word: w) }
            current = candidate
        }
        return nil
    }
}
