import InterlinearAccessibility
import InterlinearCorpus

/// Narration driven by the engine's accessibility elements: the same word elements, order and description that
/// VoiceOver or TalkBack get, so the terminal and the graphical reader never disagree. Containers are built
/// lazily, one per verse visited.
///
/// In English order (a layout with `WordOrder.english`, `read --order english`) the elements stepped through are the
/// English words, each said as the tree says it with the source words under it (`AccessibilityTree.spokenLine`):
/// the focus's `word` then counts the verse's English words.
package final class ElementNarration: Narration {
    package let tree: AccessibilityTree
    package var chapter: Chapter { tree.chapter }
    /// Whether the words stepped through are the translation's (the reverse interlinear).
    package let englishOrder: Bool
    /// Turns the tree's screen-reader flag on: from here on, queries build containers.
    package init(tree: AccessibilityTree) {
        self.tree = tree
        englishOrder = tree.layout.options.order == .english
        tree.screenReaderEnabled = true
    }

    /// The element of a focus: cells are verses, so the verse index names the cell.
    private func id(_ focus: Focus) -> ElementID {
        guard let word = focus.word else { return ElementID(cell: focus.verse, kind: .verseNumber) }
        return ElementID(cell: focus.verse, kind: englishOrder ? .translation(TokenOffset(word.rawValue)) : .word(word))
    }

    /// The word's description, with the tree's focus moved to its element (scrolling the tree's viewport as a
    /// graphical reader would). Words are described by the same `WordSpeech` as the elements' descriptions; an
    /// English word by the tree's own line for it.
    package func describe(verse: VerseIndex, word: WordOffset, speech: WordSpeech) -> SpokenLine {
        let id = id(Focus(verse: verse, word: word))
        tree.focus(id)
        if englishOrder { return tree.spokenLine(of: id) ?? SpokenLine() }
        return speech.line(self.word(verse: verse, word: word), in: chapter)
    }

    /// The next word element in the tree's reading order (verse numbers and translation words skipped).
    package func nextWord(after focus: Focus) -> Focus? { word(from: focus, stepping: tree.next(after:)) }

    /// The previous word element in the tree's reading order.
    package func previousWord(before focus: Focus) -> Focus? { word(from: focus, stepping: tree.previous(before:)) }

    package var order: WordOrder { englishOrder ? .english : .source }

    package func itemCount(verse: VerseIndex) -> Int {
        englishOrder ? chapter.verses[verse].translation.count : wordCount(verse: verse)
    }

    package func sourceWord(verse: VerseIndex, item: WordOffset) -> WordOffset? {
        guard englishOrder else { return item }
        let links = chapter.englishOrder(of: chapter.verses[verse])
        return links.indices.contains(Int(item)) ? links[Int(item)].first?.word : nil
    }

    package func item(verse: VerseIndex, sourceWord: WordOffset) -> WordOffset? {
        guard englishOrder else { return sourceWord }
        let verse = chapter.verses[verse]
        guard Int(sourceWord) < verse.words.count else { return nil }
        // Shown under the first English word it is aligned to.
        return chapter.alignment(of: chapter.words[verse.word(at: sourceWord)]).min().map { WordOffset($0.rawValue) }
    }

    /// Steps through the tree from `focus` until it reaches a word element (an English word in English order).
    private func word(from focus: Focus, stepping step: (ElementID) -> ElementID?) -> Focus? {
        var current = id(focus)
        while let candidate = step(current) {
            switch candidate.kind {
            case .word(let w) where !englishOrder: return Focus(verse: candidate.cell, word: w)
            case .translation(let t) where englishOrder:
                return Focus(verse: candidate.cell, word: WordOffset(t.rawValue))
            default: current = candidate
            }
        }
        return nil
    }
}
