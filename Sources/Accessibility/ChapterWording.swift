import InterlinearCorpus

/// Every sentence a listener hears about a chapter beyond a word's own description (`WordSpeech`) and an element's
/// utterance (`AccessibilityTree.utterance`): verses, readings, translations, spellings, dictionary forms, the
/// switches and the fixed messages of the line mode, and the names of the elements' actions. Worded here once, for
/// whatever language the chapter is in (its `language`: "7 Hebrew words", "Hebrew words on."), so no front end names
/// a language itself.
///
/// English words only, unless the listener asked for the original script (`original`): then it comes as a span in
/// its own language, which speech gives to a voice of that language. Words are respelled for the English voice
/// (`Respelling`); references and numbers are words; nothing a screen reader would name ("dash", "colon").
package struct ChapterWording: Sendable {
    package let chapter: Chapter
    /// Words in the SBL academic transliteration instead of respelled: for braille, which is not a voice.
    package var academic: Bool

    package init(chapter: Chapter, academic: Bool = false) {
        self.chapter = chapter
        self.academic = academic
    }

    /// "Greek", "Hebrew".
    package var languageName: String { chapter.language.englishName }

    private var source: SpokenLanguage { .source(chapter.language) }
    private var transliteration: SpokenLanguage { .transliteration(chapter.language) }

    /// "7 Hebrew words", "1 Greek word".
    package func wordCount(_ count: Int) -> String { "\(count) \(languageName) \(count == 1 ? "word" : "words")" }

    /// A verse said as the focus of a verse move, longest first: "John one, verse fourteen, 20 Greek words", then
    /// shorter forms down to "verse 14", so a front end that must fit a row takes the first that fits. `prefix`
    /// ("Last verse. ") starts each.
    package func verse(_ index: VerseIndex, prefix: String = "") -> [String] {
        let verse = chapter.verses[index]
        let reference = Speakable.reference(chapter.reference, verse: verse.number)
        let outside = verse.outsideText ? ", \(Verse.outsideTextNote)" : ""
        return [
            "\(reference)\(outside), \(wordCount(verse.words.count))", reference,
            "verse " + Speakable.number(verse.number),
            "verse \(verse.number)",
        ].map { prefix + $0 }
    }

    /// "John one, verse one. " or, brief, "verse one. ": said before a word when the verse changes.
    package func reference(ofVerse index: VerseIndex, verbosity: Verbosity) -> String {
        let number = chapter.verses[index].number
        return
            (verbosity == .brief
            ? "verse " + Speakable.number(number) : Speakable.reference(chapter.reference, verse: number))
            + ". "
    }

    /// A word as the English voice says it (the forms are kept in `forms` when given).
    func said(_ word: Word, forms: SpokenForms? = nil) -> String {
        if academic { return Speakable.alternatives(chapter.text(word.transliteration)) }
        return WordSpeech.spoken(.respelled, WordSpeech.respellingKey(of: word, in: chapter), in: chapter, forms: forms)
    }

    /// The verse's words with their glosses: "En, In the; arkhay', beginning; …", each word first in its own script
    /// when `original` is on.
    package func reading(_ index: VerseIndex, original: Bool) -> SpokenLine {
        var line = SpokenLine("Reading: ")
        var first = true
        for word in chapter.words[chapter.verses[index].words] {
            var item = SpokenLine()
            if original { item.item(chapter.text(word.surface), source) }
            item.item(said(word), transliteration)
            item.item(Speakable.gloss(chapter.text(word.gloss)))
            line.append(item, separator: first ? "" : "; ")
            first = false
        }
        return line
    }

    /// The verse's words alone, "Hebrew: …": in their own script when `original` is on (for a voice of that
    /// language), else respelled for the English voice. The text's punctuation is heard as pauses, never read:
    /// each word's marks become the one mark a voice pauses at (`pause(after:)`).
    package func sourceVerse(_ index: VerseIndex, original: Bool) -> SpokenLine {
        var line = SpokenLine("\(languageName): ")
        let words = chapter.words[chapter.verses[index].words]
        if original {
            line.append(words.map { chapter.text($0.surface) + pause(after: $0) }.joined(separator: " "), source)
        } else {
            line.append(words.map { said($0) + pause(after: $0) }.joined(separator: " "), transliteration)
        }
        return line
    }

    /// What a voice hears for the marks printed around a word: a comma for a phrase's pause (the Greek raised dot,
    /// a comma, a dash, a bracket), a full stop for a sentence's (and sof pasuq), a question mark for the Greek ";"
    /// (which an English voice would read as a semicolon's pause, not a question); nothing when it has none.
    package func pause(after word: Word) -> String {
        guard word.punctuation != StringTable.emptyText,
            let marks = Punctuation(field: Substring(chapter.text(word.punctuation)))
        else { return "" }
        switch marks.pause {
        case .phrase: return ","
        case .sentence: return "."
        case .question: return "?"
        case nil: return ""
        }
    }

    /// "Translation: In the beginning was the Word, …".
    package func translation(_ index: VerseIndex) -> SpokenLine {
        let tokens = chapter.translationTokens[chapter.verses[index].translation].map { chapter.text($0) }
        return SpokenLine("Translation: " + Speakable.english(tokens.joined(separator: " ")))
    }

    /// "arkhay' spelled: alpha with smooth breathing, rho, …", or for Hebrew "beraysheet spelled: bet with dagesh
    /// and sheva, resh, …": every letter and mark by its English name.
    package func spelling(_ word: Word) -> SpokenLine {
        let surface = chapter.text(word.surface)
        var line = SpokenLine(said(word), transliteration)
        line.append(
            " spelled: " + (chapter.language == .hebrew ? HebrewSpelling.spell(surface) : GreekSpelling.spell(surface)))
        return line
    }

    /// "Dictionary form: logos" (with `original`, "Dictionary form: λόγος, logos"); a Hebrew word, which the data
    /// gives no dictionary form, by its Strong's numbers: "Dictionary entries: Strong's H871a, Strong's H7225".
    package func dictionaryForm(_ word: Word, original: Bool) -> SpokenLine {
        let lemma = chapter.text(word.lemma)
        guard !lemma.isEmpty else {
            guard let strongs = Speakable.strongs(chapter.text(word.strongs)) else {
                return SpokenLine("No dictionary form.")
            }
            return SpokenLine("Dictionary entries: \(strongs).")
        }
        if chapter.language == .hebrew && !original {
            // Strong's Hebrew headwords are unpointed: no transliteration says them, so an English voice gets the
            // numbers, and the headword goes to a Hebrew voice only (o), its pronunciation with the entry (i).
            let strongs = Speakable.strongs(chapter.text(word.strongs)).map { " Entries: \($0)." } ?? ""
            return SpokenLine("Dictionary form in Hebrew script: o says it, i gives its entry.\(strongs)")
        }
        var line = SpokenLine("Dictionary form: ")
        if chapter.language == .hebrew {
            line.append(lemma, source)
            return line
        }
        let romanized =
            academic
            ? Speakable.alternatives(Transliterator.transliterate(lemma))
            : Respelling.spoken(lemma, chapter.language)
        if original {
            line.append(lemma, source)
            line.item(romanized, transliteration)
        } else {
            line.append(romanized, transliteration)
        }
        return line
    }

    /// What the reader's order switch (`e`) says: which words the arrows step through now.
    package func orderSwitch(english: Bool) -> SpokenLine {
        SpokenLine(
            english
                ? "English order: the translation's words, each with the \(languageName) under it."
                : "\(languageName) order: the \(languageName) words.")
    }

    /// The name of a word order, for a control that switches to it: "English word order", "Greek word order".
    package func orderName(english: Bool) -> String { "\(english ? "English" : languageName) word order" }

    /// Why a chapter whose English is aligned to none of its words is shown in its own order when English order was
    /// asked for (the BSB's Old Testament: "The English is not aligned to the Hebrew word by word, so this chapter
    /// is shown in Hebrew order.").
    package var unalignedChapter: String {
        "The English is not aligned to the \(languageName) word by word, so this chapter is shown in \(languageName) "
            + "order."
    }

    /// The description of an English word that translates no source word, in English order: "no Greek word".
    package var unalignedInEnglishOrder: String { "no \(languageName) word" }

    /// Before the description of an English word whose source words stood under an earlier one, in English order
    /// (the reverse interlinear's ditto mark stands under it): "ditto, translation of egeneto".
    package static let dittoInEnglishOrder = "ditto, "

    /// What a key acting on a source word says on an English word that translates none (English order).
    package var noSourceWord: SpokenLine { SpokenLine("No \(languageName) word under this English word.") }

    /// What the original-script switch says: "Hebrew words on." / "Greek words off.".
    package func originalSwitch(_ on: Bool) -> SpokenLine { SpokenLine("\(languageName) words \(on ? "on" : "off").") }

    /// The opening line: says the mode is on and how to start.
    package var opening: SpokenLine {
        SpokenLine(
            "Screen reader mode on: \(Speakable.reference(chapter.reference)), \(chapter.verses.count) verses. "
                + "Right and left arrows read word by word, down and up go verse by verse, question mark lists the keys, "
                + "q quits.")
    }

    /// Every key of the line mode, in words.
    package var keys: SpokenLine {
        let name = languageName
        return SpokenLine(
            "Keys: right and left arrows, or l and h, next and previous word. Down and up, or j and k, "
                + "next and previous verse. r reads the verse with glosses, capital R reads its \(name) words, t reads its "
                + "translation. s spells the word, d says its dictionary form, i its entry, "
                + (chapter.language == .hebrew ? "p its parts one by one, " : "") + "o turns the \(name) "
                + "script on or off, e switches word order, v changes how much is said. Space repeats, g goes to the "
                + "first verse, capital G to "
                + "the last. Colon, a verse number or a reference and Enter go to a verse. Slash, text and Enter search "
                + "the \(name), transliteration, gloss or Strong's number, or a lemma or Strong's number across the "
                + "corpus; n and capital N go to the next and previous match. Left and right bracket go to the previous "
                + "and next chapter. Control Z suspends, q quits.")
    }

    /// The reader's `p` on a word the source does not split into morphemes (every Greek word).
    package var notSplit: SpokenLine { SpokenLine("\(languageName) words are not split into parts here.") }

    /// A word element's copy action: its name and description ("copy Hebrew", "Copy the Hebrew word").
    package var copyWordAction: (name: String, description: String) {
        ("copy \(languageName)", "Copy the \(languageName) word")
    }

    /// A Hebrew word element's parts action (`Action.parts`): its name and description ("parts", "Say the Hebrew
    /// word's parts one by one").
    package var partsAction: (name: String, description: String) {
        ("parts", "Say the \(languageName) word's parts one by one")
    }
}
