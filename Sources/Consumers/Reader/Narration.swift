import InterlinearAccessibility
import InterlinearCorpus

/// Where screen-reader mode's words come from: the description of one word, and the order of the words. Kept behind
/// a protocol so the line mode does not care whether they come from the accessibility elements or straight from
/// the chapter; both describe a word with the accessibility layer's one `WordSpeech`.
package protocol Narration {
    var chapter: Chapter { get }
    /// One word, described as `speech` says (no reference, no position: the line mode adds those).
    func describe(verse: VerseIndex, word: WordOffset, speech: WordSpeech) -> SpokenLine
    /// The next source word after a focus, crossing into the next verse; nil at the end of the chapter.
    func nextWord(after focus: Focus) -> Focus?
    /// The previous source word before a focus, crossing into the previous verse; nil at the start.
    func previousWord(before focus: Focus) -> Focus?
    /// Which words are stepped through: the source's, or the translation's (`--order english`).
    var order: WordOrder { get }
    /// How many words a verse has to step through: its source words, or in English order its English words.
    func itemCount(verse: VerseIndex) -> Int
    /// The source word a focused word stands for (in English order the first one under the English word, nil
    /// under a dash), for the keys that act on a source word (s, d, i, p) and for notes.
    func sourceWord(verse: VerseIndex, item: WordOffset) -> WordOffset?
    /// The word to focus for a source word (a search match, a note): itself, or in English order the English word
    /// it stands under (nil when no English word renders it: the verse is focused).
    func item(verse: VerseIndex, sourceWord: WordOffset) -> WordOffset?
}

/// Where screen-reader focus is: a verse, and a word in it (nil: the verse as a whole). In English order
/// (`--order english`) the words stepped through are the translation's: `word` is the offset of the English word.
package struct Focus: Equatable, Sendable {
    package var verse: VerseIndex
    package var word: WordOffset?
    package init(verse: VerseIndex, word: WordOffset?) {
        self.verse = verse
        self.word = word
    }
}

extension Narration {
    package var verseCount: Int { chapter.verses.count }
    package func wordCount(verse: VerseIndex) -> Int { chapter.verses[verse].words.count }
    package var order: WordOrder { .source }
    package func itemCount(verse: VerseIndex) -> Int { wordCount(verse: verse) }
    package func sourceWord(verse: VerseIndex, item: WordOffset) -> WordOffset? { item }
    package func item(verse: VerseIndex, sourceWord: WordOffset) -> WordOffset? { sourceWord }

    /// The chapter's word at a focus.
    package func word(verse: VerseIndex, word: WordOffset) -> Word {
        chapter.words[chapter.verses[verse].word(at: word)]
    }

    /// Word order straight from the chapter's arrays.
    package func nextWord(after focus: Focus) -> Focus? {
        if let w = focus.word, Int(w) + 1 < wordCount(verse: focus.verse) {
            return Focus(verse: focus.verse, word: WordOffset(w.rawValue + 1))
        }
        if focus.word == nil, wordCount(verse: focus.verse) > 0 { return Focus(verse: focus.verse, word: 0) }
        var verse = focus.verse + 1
        while Int(verse) < verseCount, wordCount(verse: verse) == 0 { verse = verse + 1 }
        return Int(verse) < verseCount ? Focus(verse: verse, word: 0) : nil
    }

    package func previousWord(before focus: Focus) -> Focus? {
        if let w = focus.word, w.rawValue > 0 { return Focus(verse: focus.verse, word: WordOffset(w.rawValue - 1)) }
        var verse = focus.verse - 1
        while Int(verse) >= 0, wordCount(verse: verse) == 0 { verse = verse - 1 }
        return Int(verse) >= 0 ? Focus(verse: verse, word: WordOffset(exactly: wordCount(verse: verse) - 1)) : nil
    }
}
