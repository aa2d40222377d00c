import InterlinearAccessibility
import InterlinearCorpus

/// Narration read straight from the chapter's arrays, for when no layout is at hand (no usable font). It describes
/// words with the accessibility layer's `WordSpeech`, so it says exactly what the element narration says.
package struct ChapterNarration: Narration {
    package let chapter: Chapter

    package init(chapter: Chapter) { self.chapter = chapter }

    package func describe(verse: VerseIndex, word: WordOffset, speech: WordSpeech) -> SpokenLine {
        speech.line(self.word(verse: verse, word: word), in: chapter)
    }
}
