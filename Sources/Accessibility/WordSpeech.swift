import InterlinearCorpus

/// What is said about one source word: the one description of a word that the accessibility elements, the terminal
/// line mode and speech output all use.
///
/// By default it holds no Greek script at all — transliteration, gloss, parsing in words, then what the verbosity
/// adds — because a voice or screen reader set to English spells Greek out as code points. Greek is added only
/// when asked, and always as a span tagged `grc`, so speech can give it to a Greek voice.
public struct WordSpeech: Sendable, Equatable {
    public var verbosity: Verbosity
    /// Say the Greek word itself first, for users whose screen reader or voice reads Greek.
    public var greek: Bool
    /// Give the dictionary form in Greek as well as transliterated (accessibility descriptions, which carry the
    /// Greek name beside them anyway).
    public var greekLemma: Bool

    public init(verbosity: Verbosity = .normal, greek: Bool = false, greekLemma: Bool = false) {
        self.verbosity = verbosity
        self.greek = greek
        self.greekLemma = greekLemma
    }

    /// What an accessibility element's description says: everything, the dictionary form in both scripts, and no
    /// Greek word (it is the element's name).
    public static let description = WordSpeech(verbosity: .full, greek: false, greekLemma: true)

    /// `ēn, was, verb, imperfect active indicative, third person singular, from eimi`, and at full verbosity
    /// `, Strong's 2258`; with `greek`, `ἦν, ` first.
    public func line(_ word: Word, in chapter: Chapter) -> SpokenLine {
        if chapter.language == .hebrew { return hebrewLine(word, in: chapter) }
        var line = SpokenLine()
        if greek { line.item(chapter.text(word.surface), .greek) }
        let transliteration = chapter.text(word.transliteration)
        line.item(Speakable.alternatives(transliteration), .transliteration)
        line.item(Speakable.gloss(chapter.text(word.gloss)))
        let code = chapter.text(word.morphology)
        if !code.isEmpty { line.item(Speakable.morphology(code)) }
        if verbosity != .brief { appendLemma(of: word, in: chapter, to: &line, transliteration: transliteration) }
        if verbosity == .full, let strongs = Speakable.strongs(chapter.text(word.strongs)) { line.item(strongs) }
        return line
    }

    /// "from eimi", or with `greekLemma` "from εἰμί, eimi". Without Greek it is left out when it sounds like the word
    /// itself ("kai" from "kai").
    private func appendLemma(of word: Word, in chapter: Chapter, to line: inout SpokenLine, transliteration: String) {
        let lemma = chapter.text(word.lemma)
        guard !lemma.isEmpty else { return }
        let spoken = Speakable.alternatives(Transliterator.transliterate(lemma))
        if greekLemma {
            line.item("from ")
            line.append(lemma, .greek)
            line.item(spoken, .transliteration)
        } else if spoken.lowercased() != transliteration.lowercased() {
            line.item("from ")
            line.append(spoken, .transliteration)
        }
    }
}
