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
    /// `, Strong's 2258`; with `greek`, `ἦν, ` first. `forms` keeps the spoken form of each string once computed
    /// (a tree's `SpokenForms`); without it every form is computed now. The line is the same either way.
    public func line(_ word: Word, in chapter: Chapter, forms: SpokenForms? = nil) -> SpokenLine {
        if chapter.language == .hebrew { return hebrewLine(word, in: chapter) }
        var line = SpokenLine()
        write(word, in: chapter, forms: forms, into: &line)
        return line
    }

    /// A Greek word's line written into `line` (`line(_:in:forms:)` without the Hebrew case).
    func write<Line: SpokenText>(_ word: Word, in chapter: Chapter, forms: SpokenForms?, into line: inout Line) {
        if greek { line.item(chapter.text(word.surface), .greek) }
        line.item(Self.spoken(.transliteration, word.transliteration, in: chapter, forms: forms), .transliteration)
        line.item(Self.spoken(.gloss, word.gloss, in: chapter, forms: forms))
        if chapter.strings.utf8Count(of: word.morphology) > 0 {
            line.item(Self.spoken(.morphology, word.morphology, in: chapter, forms: forms))
        }
        if verbosity != .brief { appendLemma(of: word, in: chapter, to: &line, forms: forms) }
        if verbosity == .full {
            let strongs = Self.spoken(.strongs, word.strongs, in: chapter, forms: forms)
            if !strongs.isEmpty { line.item(strongs) }
        }
    }

    /// The spoken form of a string: kept in `forms`, or computed now. A function, not a closure over the chapter:
    /// closures capturing `chapter` copied the whole `Chapter` struct twice per word.
    private static func spoken(_ kind: SpokenForms.Kind, _ id: TextID, in chapter: Chapter,
                               forms: SpokenForms?) -> String {
        forms?.value(kind, id, in: chapter) ?? kind.form(of: id, in: chapter)
    }

    /// "from eimi", or with `greekLemma` "from εἰμί, eimi". Without Greek it is left out when it sounds like the word
    /// itself ("kai" from "kai").
    private func appendLemma<Line: SpokenText>(of word: Word, in chapter: Chapter, to line: inout Line,
                                               forms: SpokenForms?) {
        guard chapter.strings.utf8Count(of: word.lemma) > 0 else { return }
        let lemma = chapter.text(word.lemma)
        let transliterated = Self.spoken(.lemma, word.lemma, in: chapter, forms: forms)
        if greekLemma {
            line.item("from ")
            line.append(lemma, .greek)
            line.item(transliterated, .transliteration)
        } else if transliterated.lowercased() != chapter.text(word.transliteration).lowercased() {
            line.item("from ")
            line.append(transliterated, .transliteration)
        }
    }
}
