import InterlinearCorpus

/// What is said about one source word: the one description of a word that the accessibility elements, the terminal
/// line mode and speech output all use, Greek or Hebrew alike.
///
/// By default it holds no original script at all — the word respelled for an English voice (`Respelling`), gloss,
/// parsing in words, then what the verbosity adds — because a voice or screen reader set to English spells Greek and
/// Hebrew out as code points. The original script is added only when the listener asked for it (`original`), and
/// always as a span tagged with its language (`grc`, `hbo`), so speech gives it to a voice of that language.
package struct WordSpeech: Sendable, Equatable {
    package var verbosity: Verbosity
    /// Say the word in its own script first, for listeners whose screen reader or voice reads it.
    package var original: Bool
    /// `original` under its first name, from when only Greek was read.
    package var greek: Bool {
        get { original }
        set { original = newValue }
    }

    /// Give the SBL academic transliteration instead of the respelling: for braille, which reads it exactly and
    /// is not a voice.
    package var academic: Bool

    package init(verbosity: Verbosity = .normal, original: Bool = false, academic: Bool = false) {
        self.verbosity = verbosity
        self.original = original
        self.academic = academic
    }

    package init(verbosity: Verbosity = .normal, greek: Bool) {
        self.init(verbosity: verbosity, original: greek)
    }

    /// What an accessibility element's description says: everything, in English words only (the word's own script
    /// is the element's name, in its own language).
    package static let description = WordSpeech(verbosity: .full, original: false)

    /// `ayn, was, verb, imperfect active indicative, third person singular, from aymee` and at full verbosity
    /// `, Strong's 2258`; with `original`, `ἦν, ` first. `forms` keeps the spoken form of each string once computed
    /// (a tree's `SpokenForms`); without it every form is computed now. The line is the same either way.
    package func line(_ word: Word, in chapter: Chapter, forms: SpokenForms? = nil) -> SpokenLine {
        var line = SpokenLine()
        write(word, in: chapter, forms: forms, into: &line)
        return line
    }

    /// A word's line written into `line`.
    func write<Line: SpokenText>(_ word: Word, in chapter: Chapter, forms: SpokenForms?, into line: inout Line) {
        if original { line.item(chapter.text(word.surface), .source(chapter.language)) }
        line.item(
            academic
                ? Speakable.alternatives(chapter.text(word.transliteration))
                : Self.spoken(.respelled, Self.respellingKey(of: word, in: chapter), in: chapter, forms: forms),
            .transliteration(chapter.language))
        line.item(Self.spoken(.gloss, word.gloss, in: chapter, forms: forms))
        if chapter.strings.utf8Count(of: word.morphology) > 0 {
            line.item(
                Self.spoken(
                    chapter.language == .hebrew ? .hebrewMorphology : .morphology, word.morphology,
                    in: chapter, forms: forms))
        }
        if verbosity != .brief { appendLemma(of: word, in: chapter, to: &line, forms: forms) }
        if verbosity == .full {
            let strongs = Self.spoken(.strongs, word.strongs, in: chapter, forms: forms)
            if !strongs.isEmpty { line.item(strongs) }
        }
    }

    /// A word's parts one by one, for a listener who asks (the reader's `p`): "2 parts. Part 1: beh, in,
    /// preposition, Strong's H871a. Part 2: raysheet, beginning, noun, Strong's H7225." Each morpheme is said as a
    /// word is — respelled for an English voice, in its own script first with `original`, its transliteration with
    /// `academic` — then its gloss, its part of speech in words and its Strong's number. `chapter` must hold the
    /// morphemes (read with them: `Chapter.omitsMorphemes` false); a word without any is `ChapterWording.notSplit`.
    package func parts(of word: Word, in chapter: Chapter) -> SpokenLine {
        let morphemes = chapter.morphemes(of: word)
        guard !morphemes.isEmpty else { return ChapterWording(chapter: chapter).notSplit }
        var line = SpokenLine(morphemes.count == 1 ? "1 part." : "\(morphemes.count) parts.")
        for (index, morpheme) in morphemes.enumerated() {
            var part = SpokenLine()
            if original { part.item(chapter.text(morpheme.surface), .source(chapter.language)) }
            part.item(
                academic
                    ? Speakable.alternatives(chapter.text(morpheme.transliteration))
                    : Self.spoken(.respelled, morpheme.transliteration, in: chapter, forms: nil),
                .transliteration(chapter.language))
            part.item(Self.spoken(.gloss, morpheme.gloss, in: chapter, forms: nil))
            part.item(Self.spoken(.hebrewMorphology, morpheme.morphology, in: chapter, forms: nil))
            part.item(Self.spoken(.strongs, morpheme.strongs, in: chapter, forms: nil))
            line.append("Part \(index + 1): ", separator: " ")
            line.append(part)
            line.append(".")
        }
        return line
    }

    /// The parts of the word at `word` of the verse numbered `verse` in `whole`, a chapter read with its morphemes
    /// (the reader's `p` and the window's "parts" action find the word they show there: the chapter shown may be
    /// read without morphemes, or be a passage of it). Nil when `whole` has no such word or omits its morphemes.
    package func parts(ofWord word: WordOffset, verse: Int, in whole: Chapter) -> SpokenLine? {
        guard !whole.omitsMorphemes, let index = whole.verseIndex(number: verse),
            whole.verses[index].words.count > Int(word)
        else { return nil }
        return parts(of: whole.words[whole.verses[index].word(at: word)], in: whole)
    }

    /// A word as a status line read by one voice says it: respelled (its script, which such a voice spells letter by
    /// letter, left out) and its gloss: "lo'gos, Word".
    package static func respelledWithGloss(_ word: Word, in chapter: Chapter) -> String {
        let respelled = spoken(.respelled, respellingKey(of: word, in: chapter), in: chapter, forms: nil)
        let gloss = spoken(.gloss, word.gloss, in: chapter, forms: nil)
        return respelled + (gloss.isEmpty ? "" : ", \(gloss)")
    }

    /// The string a word's respelling is made from: a Greek word's surface (its accents say where the stress is),
    /// a Hebrew word's transliteration.
    static func respellingKey(of word: Word, in chapter: Chapter) -> TextID {
        chapter.language == .hebrew ? word.transliteration : word.surface
    }

    /// The spoken form of a string: kept in `forms`, or computed now. A function, not a closure over the chapter:
    /// closures capturing `chapter` copied the whole `Chapter` struct twice per word.
    static func spoken(_ kind: SpokenForms.Kind, _ id: TextID, in chapter: Chapter, forms: SpokenForms?) -> String {
        forms?.value(kind, id, in: chapter) ?? kind.form(of: id, in: chapter)
    }

    /// "from aymee", left out when it sounds like the word itself ("kai" from "kai"). The dictionary form's own
    /// script is never in a description: `ChapterWording.dictionaryForm` says it when asked.
    private func appendLemma<Line: SpokenText>(
        of word: Word, in chapter: Chapter, to line: inout Line,
        forms: SpokenForms?
    ) {
        guard chapter.strings.utf8Count(of: word.lemma) > 0 else { return }
        let lemma =
            academic
            ? Respelling.academic(chapter.text(word.lemma), chapter.language)
            : Self.spoken(.lemma, word.lemma, in: chapter, forms: forms)
        let said =
            academic
            ? chapter.text(word.transliteration)
            : Self.spoken(.respelled, Self.respellingKey(of: word, in: chapter), in: chapter, forms: forms)
        // Nothing sayable (a headword the respelling cannot voice) is left out rather than said as "from ,".
        guard !lemma.isEmpty, lemma.lowercased() != said.lowercased() else { return }
        line.item("from ")
        line.append(lemma, .transliteration(chapter.language))
    }
}
