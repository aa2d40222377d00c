import InterlinearAccessibility
import InterlinearCorpus

/// Narration driven by the engine's accessibility elements: the same word elements, order and utterances (Greek
/// name, transliteration, gloss, morphology in words, lemma, Strong's) that VoiceOver or TalkBack get, so the
/// terminal and the graphical reader never disagree. Containers are built lazily, one per verse visited.
public final class ElementNarration: Narration {
    public let tree: AccessibilityTree
    public var chapter: Chapter { tree.chapter }
    /// Turns the tree's screen-reader flag on: from here on, queries build containers.
    public init(tree: AccessibilityTree) {
        self.tree = tree
        tree.screenReaderEnabled = true
    }

    /// The element of a focus: cells are verses, so the verse index names the cell.
    private func id(_ focus: Focus) -> ElementID {
        ElementID(cell: focus.verse, kind: focus.word.map { .word($0) } ?? .verseNumber)
    }

    public func wordLine(verse: VerseIndex, word: WordOffset) -> String {
        let id = id(Focus(verse: verse, word: word))
        let place = "\(chapter.label(ofVerse: verse)) word \(Int(word) + 1) of \(wordCount(verse: verse)): "
        guard let utterance = tree.utterance(of: id) else {
            return place + ChapterNarration.describe(chapter.words[chapter.verses[verse].word(at: word)], in: chapter)
        }
        tree.focus(id)  // keep the tree's viewport on the focused element, as a graphical reader would scroll
        // A Hebrew word is spoken from its transliteration (the description opens with it, morpheme by morpheme):
        // an English speech voice cannot read pointed Hebrew.
        if chapter.language == .hebrew && !utterance.description.isEmpty { return place + utterance.description }
        return place + utterance.name + (utterance.description.isEmpty ? "" : ", " + utterance.description)
    }

    public func verseLine(verse: VerseIndex) -> String {
        ChapterNarration(chapter: chapter).verseLine(verse: verse)
    }

    public func readingLine(verse: VerseIndex) -> String {
        ChapterNarration(chapter: chapter).readingLine(verse: verse)
    }

    public func translationLine(verse: VerseIndex) -> String {
        ChapterNarration(chapter: chapter).translationLine(verse: verse)
    }

    /// The next word element in the tree's reading order (verse numbers and translation words skipped).
    public func nextWord(after focus: Focus) -> Focus? { word(from: focus, stepping: tree.next(after:)) }

    /// The previous word element in the tree's reading order.
    public func previousWord(before focus: Focus) -> Focus? { word(from: focus, stepping: tree.previous(before:)) }

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
