import InterlinearAccessibility
import InterlinearCorpus
import InterlinearReader
import InterlinearTestSupport
import Testing

@Suite("Reader d on a Hebrew word")
struct HebrewLemmaLineTests {
    /// `d` on Genesis 1:1's first word: its lemma is Strong's unpointed headword, which no transliteration can say,
    /// so an English voice gets the entries' numbers and how to hear the headword; with the original script asked for
    /// (`o`), the headword itself, tagged Hebrew, so only a Hebrew voice reads it.
    @Test func dSaysTheHebrewHeadwordOnlyInHebrew() throws {
        let chapter = try readerChapter("Genesis 1")
        let lemma = chapter.text(chapter.words[chapter.verses[0].words.lowerBound].lemma)
        #expect(lemma.unicodeScalars.contains { ("\u{05D0}"..."\u{05EA}").contains($0) }, "\(lemma)")
        var mode = LineMode(narration: ChapterNarration(chapter: chapter))
        _ = mode.focusLine()
        guard case .line(let english) = mode.handle(.character("d")) else {
            Issue.record("d printed no line")
            return
        }
        #expect(!english.text.unicodeScalars.contains { ("\u{0591}"..."\u{05F4}").contains($0) }, "\(english.text)")
        #expect(english.text.contains("Strong's H7225"), "\(english.text)")
        _ = mode.handle(.character("o"))
        guard case .line(let original) = mode.handle(.character("d")) else {
            Issue.record("d printed no line")
            return
        }
        #expect(original.text == "Dictionary form: \(lemma)")
        #expect(original.spans.last == SpeechSpan(lemma, .hebrew))
    }
}
