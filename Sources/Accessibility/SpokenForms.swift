import InterlinearCorpus

/// The spoken forms of one chapter's strings, each computed the first time it is asked for and kept: a lemma's
/// transliteration (`Transliterator`, the costliest), a morphology code in words, a gloss and a transliteration as
/// spoken, a Strong's number in words; and, for the verse last asked about, which Greek words each translation word
/// translates. A chapter repeats these strings (John 1 has 826 words but 283 lemmas), so a screen reader walking
/// it, or a dump of its whole tree, computes each once instead of once per element (benchmarks `a11y-all-cold`
/// and `a11y-all-warm`).
///
/// Keyed by interned id, in arrays the size of the chapter's string table: a lookup is an index. The values are
/// exactly what the functions they stand in for return, so speech is the same with or without them. One per
/// `AccessibilityTree` (and so per chapter); not thread-safe, like the tree.
package final class SpokenForms {
    /// What a table holds.
    enum Kind: Int, CaseIterable {
        /// A Greek lemma respelled for an English voice: `Respelling.english` of its transliteration.
        case lemma
        /// `Speakable.morphology(code)`: a Robinson code.
        case morphology
        /// `Speakable.morphology(code, language: .hebrew)`: a Hebrew part-of-speech code.
        case hebrewMorphology
        /// `Speakable.gloss(gloss)`.
        case gloss
        /// A word respelled for an English voice (`Respelling.english`), both forms of optional letters said: from a
        /// Greek surface (its accents give the stress) or a Hebrew transliteration (`WordSpeech.respellingKey`).
        case respelled
        /// `Speakable.strongs(number)`, with "" for nil.
        case strongs

        /// The form of string `id` of `chapter`, computed now: what the function this kind stands for returns.
        func form(of id: TextID, in chapter: Chapter) -> String {
            let text = chapter.text(id)
            switch self {
            // A Hebrew lemma is a headword in Hebrew script, not a transliteration (unpointed: left out, "").
            case .lemma: return Respelling.headword(text, chapter.language)
            case .respelled: return Respelling.spoken(text, chapter.language)
            case .morphology: return Speakable.morphology(text)
            case .hebrewMorphology: return Speakable.morphology(text, language: .hebrew)
            case .gloss: return Speakable.gloss(text)
            case .strongs: return Speakable.strongs(text) ?? ""
            }
        }
    }

    private var tables: [[String?]] = Array(repeating: [], count: Kind.allCases.count)
    /// Greek words' descriptions (`WordSpeech.description`), by the word's surface id, with the strings the
    /// description was made of: a chapter repeats its commonest words (καὶ, ὁ, ἐν) with the same parsing many times.
    /// A surface parsed another way replaces the entry (and is made again next time): an array, not a dictionary,
    /// so a lookup is an index and a comparison.
    private var descriptions: [(strings: WordStrings, text: String)?] = []

    /// The strings a Greek word's line is made of.
    private struct WordStrings: Equatable {
        var surface, transliteration, lemma, strongs, morphology, gloss: TextID
        var verbosity: Verbosity
    }
    /// The verse whose translation words' descriptions `translationDescriptions` holds.
    private var alignedCell: VerseIndex?
    private var translationDescriptions: [String] = []
    /// Whether some source word of that verse is aligned to the translation word first (none: a ditto).
    private var translationFirsts: [Bool] = []

    package init() {}

    /// The value of `kind` for string `id` of `chapter`: kept, or computed now and kept.
    func value(_ kind: Kind, _ id: TextID, in chapter: Chapter) -> String {
        if let known = kept(kind, id) { return known }
        let value = kind.form(of: id, in: chapter)
        keep(kind.rawValue, id, value, tableSize: chapter.strings.count)
        computed += 1
        return value
    }

    private func keep(_ k: Int, _ id: TextID, _ value: String, tableSize: Int) {
        let index = Int(id)
        if index >= tables[k].count {
            tables[k].append(contentsOf: repeatElement(nil, count: max(tableSize, index + 1) - tables[k].count))
        }
        tables[k][index] = value
    }

    // MARK: Kept across processes

    /// How many forms were computed here rather than taken from an earlier process (`take`): when none, a
    /// persisted copy already holds everything.
    package private(set) var computed = 0

    /// How many kinds of form there are: a persisted form's kind is below it.
    package static let kindCount = Kind.allCases.count

    /// Takes the form of kind `kind` (a `Kind` raw value) for string `id` of `chapter` made by an earlier process
    /// of this same program (`Session` keeps them, keyed by the program file). A kind out of range or a string
    /// outside the chapter's table is ignored.
    package func take(kind: Int, _ id: TextID, _ form: String, in chapter: Chapter) {
        guard (0..<Self.kindCount).contains(kind), Int(id) < chapter.strings.count else { return }
        keep(kind, id, form, tableSize: chapter.strings.count)
    }

    /// Every form kept, with its kind's raw value and the string's id.
    package func forEachKept(_ body: (_ kind: Int, _ id: TextID, _ form: String) -> Void) {
        for (kind, table) in tables.enumerated() {
            for (index, form) in table.enumerated() {
                if let form { body(kind, TextID(index), form) }
            }
        }
    }

    /// The value of `kind` for `id` if it has been computed, else nil.
    func kept(_ kind: Kind, _ id: TextID) -> String? {
        let index = Int(id)
        return index < tables[kind.rawValue].count ? tables[kind.rawValue][index] : nil
    }

    /// What an accessibility element's description says of a word (`WordSpeech.description`'s line, at
    /// `verbosity`), made once per distinct word and level.
    func description(of word: Word, in chapter: Chapter, verbosity: Verbosity = .full) -> String {
        let key = WordStrings(
            surface: word.surface, transliteration: word.transliteration, lemma: word.lemma,
            strongs: word.strongs, morphology: word.morphology, gloss: word.gloss, verbosity: verbosity)
        let slot = Int(word.surface)
        if slot < descriptions.count, let known = descriptions[slot], known.strings == key { return known.text }
        var line = PlainLine()
        WordSpeech(verbosity: verbosity).write(word, in: chapter, forms: self, into: &line)
        let text = line.text
        if slot >= descriptions.count {
            descriptions.append(
                contentsOf: repeatElement(nil, count: max(chapter.strings.count, slot + 1) - descriptions.count))
        }
        descriptions[slot] = (key, text)
        return text
    }

    /// The description of translation word `token` of `cell`'s verse in English order (the reverse interlinear),
    /// as every front end says it: "translation of" the source words under it, "no Greek word" when none is, "ditto,
    /// translation of …" when its words stood under an earlier one (`ChapterWording`'s words).
    package func englishOrderDescription(cell: VerseIndex, token: TokenOffset, in chapter: Chapter) -> String {
        translationDescription(
            cell: cell, token: token, in: chapter, unaligned: ChapterWording(chapter: chapter).unalignedInEnglishOrder,
            ditto: ChapterWording.dittoInEnglishOrder)
    }

    /// Translation word `token` of `cell`'s verse in English order as one line, its name then its description, as
    /// the accessibility tree says the element (`AccessibilityTree.spokenLine`): "Word, translation of lo'gos".
    package func englishOrderLine(cell: VerseIndex, token: TokenOffset, in chapter: Chapter) -> SpokenLine {
        let verse = chapter.verses[cell]
        return Utterance(
            name: chapter.text(chapter.translationTokens[verse.token(at: token)]), language: "en",
            description: englishOrderDescription(cell: cell, token: token, in: chapter)
        ).line
    }

    /// The description of translation word `token` of `cell`'s verse: "translation of" the transliterations of
    /// the verse's words aligned to it, in word order, or `unaligned` ("translation") when none is; `ditto` before
    /// it when each of those words is aligned to an earlier translation word too (the reverse interlinear's ditto
    /// mark stands under it). The whole verse is worked out on its first word, from one pass over its words'
    /// alignments (not one pass per translation word).
    func translationDescription(
        cell: VerseIndex, token: TokenOffset, in chapter: Chapter, unaligned: String = "translation",
        ditto: String = ""
    ) -> String {
        if alignedCell != cell {
            let verse = chapter.verses[cell]
            // Each token's text grows word by word, in word order, a word counted once per token: no list of
            // words per token (those arrays cost more to make and free than the text).
            var texts = [String](repeating: "", count: verse.translation.count)
            var lastWord = [Int](repeating: -1, count: verse.translation.count)
            var transliterations = [String?](repeating: nil, count: verse.words.count)
            translationFirsts = [Bool](repeating: false, count: verse.translation.count)
            for (offset, word) in chapter.words[verse.words].enumerated() {
                // The first translation word a source word is aligned to is where the reverse interlinear shows it:
                // found in the same pass, not a pass of its own (benchmark a11y-all-warm).
                var first = Int.max
                for t in chapter.alignment(of: word) where Int(t) < texts.count {
                    first = min(first, Int(t))
                    guard lastWord[Int(t)] != offset else { continue }
                    lastWord[Int(t)] = offset
                    let name =
                        transliterations[offset]
                        ?? value(.respelled, WordSpeech.respellingKey(of: word, in: chapter), in: chapter)
                    transliterations[offset] = name
                    if texts[Int(t)].isEmpty { texts[Int(t)] = "translation of" }
                    texts[Int(t)] += " "
                    texts[Int(t)] += name
                }
                if first != Int.max { translationFirsts[first] = true }
            }
            translationDescriptions = texts
            alignedCell = cell
        }
        guard Int(token) < translationDescriptions.count, !translationDescriptions[Int(token)].isEmpty else {
            return unaligned
        }
        if !ditto.isEmpty, !translationFirsts[Int(token)] { return ditto + translationDescriptions[Int(token)] }
        return translationDescriptions[Int(token)]
    }
}
