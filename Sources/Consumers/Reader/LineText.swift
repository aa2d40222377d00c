import InterlinearAccessibility
import InterlinearCorpus

/// The line mode's sentences other than a word's own description: verses, readings, translations, spellings and
/// the fixed messages. All are English unless Greek was asked for, written for a screen reader's punctuation rules
/// (no hyphens, slashes or colons between digits) and built only when a key asks for one.
struct LineText {
    let chapter: Chapter

    /// "John one, verse fourteen, 20 Greek words" — or, to fit `columns` (so that a terminal screen reader reading
    /// only the cursor's row still reads it whole), shorter forms down to "verse fourteen". `prefix` ("Last verse. ")
    /// counts against the width.
    func verse(_ index: VerseIndex, prefix: String = "", columns: Int) -> SpokenLine {
        let verse = chapter.verses[index]
        let count = verse.words.count
        let reference = Speakable.reference(chapter.reference, verse: verse.number)
        let candidates = [
            "\(reference), \(count) Greek \(count == 1 ? "word" : "words")",
            reference,
            "verse " + Speakable.number(verse.number),
            "verse \(verse.number)",
        ]
        let text = candidates.first { CellWidth.of(prefix + $0) <= columns } ?? candidates[candidates.count - 1]
        return SpokenLine(prefix + text)
    }

    /// "John one, verse one. " or, brief, "verse one. ": said before a word when the verse changes.
    func reference(ofVerse index: VerseIndex, verbosity: Verbosity) -> String {
        let number = chapter.verses[index].number
        return (verbosity == .brief ? "verse " + Speakable.number(number) : Speakable.reference(chapter.reference, verse: number))
            + ". "
    }

    /// The verse's words with their glosses: "En, In the; archēi, beginning; …", with the Greek words first when
    /// `greek` is on.
    func reading(_ index: VerseIndex, greek: Bool) -> SpokenLine {
        var line = SpokenLine("Reading: ")
        var first = true
        for word in chapter.words[chapter.verses[index].words] {
            var item = SpokenLine()
            if greek { item.item(chapter.text(word.surface), .greek) }
            item.item(chapter.text(word.transliteration), .transliteration)
            item.item(Speakable.gloss(chapter.text(word.gloss)))
            line.append(item, separator: first ? "" : "; ")
            first = false
        }
        return line
    }

    /// The verse in Greek script alone, for a Greek voice or a reader who asked for it.
    func greek(_ index: VerseIndex) -> SpokenLine {
        var line = SpokenLine("Greek: ")
        line.append(chapter.words[chapter.verses[index].words].map { chapter.text($0.surface) }.joined(separator: " "), .greek)
        return line
    }

    /// "Translation: In the beginning was the Word, …".
    func translation(_ index: VerseIndex) -> SpokenLine {
        let tokens = chapter.translationTokens[chapter.verses[index].translation].map { chapter.text($0) }
        return SpokenLine("Translation: " + Speakable.english(tokens.joined(separator: " ")))
    }

    /// "archēi spelled: alpha with smooth breathing, rho, chi, eta with circumflex and iota subscript".
    func spelling(_ word: Word) -> SpokenLine {
        var line = SpokenLine(chapter.text(word.transliteration), .transliteration)
        line.append(" spelled: " + GreekSpelling.spell(chapter.text(word.surface)))
        return line
    }

    /// "Dictionary form: ἀρχή, archē".
    func lemma(_ word: Word) -> SpokenLine {
        let lemma = chapter.text(word.lemma)
        guard !lemma.isEmpty else { return SpokenLine("No dictionary form.") }
        var line = SpokenLine("Dictionary form: ")
        // A Hebrew lemma is Strong's unpointed headword: said in Hebrew, with no transliteration (ours needs points).
        guard chapter.language == .greek else {
            line.append(lemma, .hebrew)
            return line
        }
        line.append(lemma, .greek)
        line.item(Speakable.alternatives(Transliterator.transliterate(lemma)), .transliteration)
        return line
    }

    /// The opening line: says the mode is on and how to start.
    var opening: SpokenLine {
        SpokenLine("Screen reader mode on: \(Speakable.reference(chapter.reference)), \(chapter.verses.count) verses. "
            + "Right and left arrows read word by word, down and up go verse by verse, question mark lists the keys, "
            + "q quits.")
    }

    /// Every key, in words.
    static let keys = SpokenLine("Keys: right and left arrows, or l and h, next and previous word. Down and up, or j "
        + "and k, next and previous verse. r reads the verse with glosses, capital R reads it in Greek, t reads its "
        + "translation. s spells the word letter by letter, d says its dictionary form in Greek, i its dictionary "
        + "entry, twice for all of it, o turns the Greek "
        + "word on or off, v changes how much is said. Space repeats, g goes to the first verse, capital G to the "
        + "last. Colon, a verse number or a reference and Enter go to a verse. Slash, text and Enter search the "
        + "Greek, transliteration, gloss or Strong's number, or a lemma or Strong's number across the corpus; n and "
        + "capital N go to the next and previous match. Left and right bracket go to the previous and next chapter. "
        + "Control Z suspends, q quits.")
}
