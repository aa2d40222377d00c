import InterlinearAccessibility
import InterlinearCorpus

/// Narration read straight from the chapter: transliteration from the corpus, morphology and Strong's in the
/// accessibility layer's speakable forms (`Speakable`).
public struct ChapterNarration: Narration {
    public let chapter: Chapter

    public init(chapter: Chapter) { self.chapter = chapter }

    public func wordLine(verse: VerseIndex, word: WordOffset) -> String {
        let v = chapter.verses[verse]
        let w = chapter.words[v.word(at: word)]
        return "\(chapter.label(ofVerse: verse)) word \(Int(word) + 1) of \(v.words.count): " + Self.describe(w, in: chapter)
    }

    public func verseLine(verse: VerseIndex) -> String {
        let v = chapter.verses[verse]
        let count = v.words.count
        return "\(chapter.label(ofVerse: verse)), verse \(Int(verse) + 1) of \(chapter.verses.count), "
            + "\(count) \(count == 1 ? "word" : "words"): " + translation(verse)
    }

    public func readingLine(verse: VerseIndex) -> String {
        // Hebrew is read in its transliteration (a speech engine's English voice cannot read pointed Hebrew),
        // in Hebrew reading order.
        let hebrew = chapter.language == .hebrew
        let words = chapter.words[chapter.verses[verse].words].map { word in
            let gloss = chapter.text(word.gloss)
            let form = chapter.text(hebrew ? word.transliteration : word.surface)
            return gloss.isEmpty ? form : "\(form) \"\(gloss)\""
        }
        return "\(chapter.label(ofVerse: verse)) reads: " + words.joined(separator: ", ")
    }

    public func translationLine(verse: VerseIndex) -> String {
        "\(chapter.label(ofVerse: verse)) translation: " + translation(verse)
    }

    private func translation(_ verse: VerseIndex) -> String {
        chapter.translationTokens[chapter.verses[verse].translation].map { chapter.text($0) }.joined(separator: " ")
    }

    /// `ἦν, ēn, "was", verb, imperfect active indicative, third person singular, Strong's 2258`.
    static func describe(_ word: Word, in chapter: Chapter) -> String {
        var parts = [chapter.text(word.surface)]
        let transliteration = chapter.text(word.transliteration)
        if !transliteration.isEmpty { parts.append(transliteration) }
        let gloss = chapter.text(word.gloss)
        if !gloss.isEmpty { parts.append("\"\(gloss)\"") }
        // The same speakable forms as the accessibility elements: never a raw code.
        let code = chapter.text(word.morphology)
        if !code.isEmpty { parts.append(Speakable.morphology(code, language: chapter.language)) }
        if let strongs = Speakable.strongs(chapter.text(word.strongs)) { parts.append(strongs) }
        return parts.joined(separator: ", ")
    }
}
