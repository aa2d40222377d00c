import InterlinearAccessibility
import InterlinearCorpus
import InterlinearReader
import Testing
import InterlinearTestSupport

@Suite("Reader d on a Hebrew word")
struct HebrewLemmaLineTests {
    /// `d` on Genesis 1:1's first word says its lemma — Strong's unpointed headword, as the committed chapter holds
    /// it — tagged Hebrew, so only a Hebrew voice reads it, and with no transliteration (the Greek transliterator
    /// made nonsense of Hebrew, and ours needs points).
    @Test func dSaysTheHebrewHeadwordInHebrew() throws {
        let chapter = try readerChapter("Genesis 1")
        var mode = LineMode(narration: ChapterNarration(chapter: chapter))
        _ = mode.focusLine()
        guard case .line(let line) = mode.handle(.character("d")) else {
            Issue.record("d printed no line")
            return
        }
        let lemma = chapter.text(chapter.words[chapter.verses[0].words.lowerBound].lemma)
        #expect(lemma.unicodeScalars.contains { ("\u{05D0}"..."\u{05EA}").contains($0) }, "\(lemma)")
        #expect(line.text == "Dictionary form: \(lemma)")
        #expect(line.spans.last == SpeechSpan(lemma, .hebrew))
    }
}
