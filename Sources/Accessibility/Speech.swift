import InterlinearCorpus
import InterlinearTypesetting

/// What a screen reader says for an element: a name and a description, each with its own language — a word's name
/// is its own script (`grc`, `hbo`) and its description English (`en`): the word respelled for an English voice,
/// gloss, morphology in words, the dictionary form respelled, "Strong's 1510". Raw codes ("V-IAI-3S", "G1510") and
/// the original script are never in an English description.
/// Built only when asked, never stored.
package struct Utterance: Sendable, Equatable {
    package var name: String
    /// BCP 47 tag of `name`: "grc" for Greek, "hbo" for Hebrew, "grc-Latn" / "hbo-Latn" for a transliteration,
    /// "en" for English.
    package var language: String
    package var description: String
    /// BCP 47 tag of `description`: English.
    package var descriptionLanguage: String

    package init(name: String, language: String, description: String, descriptionLanguage: String = "en") {
        self.name = name
        self.language = language
        self.description = description
        self.descriptionLanguage = descriptionLanguage
    }
}

extension Utterance {
    /// The utterance as one line, its name then its description (`AccessibilityTree.spokenLine`). An English name
    /// is made safe for a voice (`Speakable.english`); after one ending in punctuation ("Word,") only a space, so no
    /// comma is doubled.
    package var line: SpokenLine {
        let language = SpokenLanguage(rawValue: self.language) ?? .english
        let name = language == .english ? Speakable.english(self.name) : self.name
        var line = SpokenLine(name, language)
        let punctuated = name.last?.isPunctuation == true
        line.append(
            description, SpokenLanguage(rawValue: descriptionLanguage) ?? .english,
            separator: punctuated ? " " : ", ")
        return line
    }
}

extension AccessibilityTree {
    /// The words spoken for an element, or nil if there is no such element. Spoken forms of the chapter's strings
    /// are computed once per tree (`spokenForms`).
    package func utterance(of id: ElementID) -> Utterance? {
        guard let element = element(id) else { return nil }
        let verse = chapter.verses[id.cell]
        func place() -> String { Speakable.reference(chapter.reference, verse: verse.number) }
        switch id.kind {
        case .verseNumber:
            let note = notedVerses.contains(verse.number) ? ", has a note" : ""
            return Utterance(name: "Verse \(verse.number)", language: "en", description: place() + note)
        case .note:
            return Utterance(name: "Note", language: "en", description: "note on \(place())")
        case .word(let w):
            let word = chapter.words[verse.word(at: w)]
            return Utterance(
                name: chapter.text(word.surface), language: chapter.language.tag,
                description: spokenForms.description(of: word, in: chapter, verbosity: verbosity))
        case .label(let w, let tier):
            let word = chapter.words[verse.word(at: w)]
            let text = chapter.text(element.text)
            // The word as the English voice says it: the descriptions name it so, never in its own script.
            let said = spokenForms.value(.respelled, WordSpeech.respellingKey(of: word, in: chapter), in: chapter)
            switch tier {
            case .source:
                return Utterance(
                    name: text, language: chapter.language.tag,
                    description: spokenForms.description(of: word, in: chapter, verbosity: verbosity))
            case .transliteration:
                return Utterance(
                    name: said, language: chapter.language.transliterationTag,
                    description: "transliteration of the \(chapter.language.englishName) word")
            case .strongs:
                return Utterance(
                    name: Speakable.strongs(text) ?? "no Strong's number", language: "en",
                    description: "Strong's number of \(said)")
            case .morphology:
                return Utterance(
                    name: Speakable.morphology(text, language: chapter.language), language: "en",
                    description: "grammar of \(said)")
            case .lemma:
                // Respelled for an English voice, as the word itself is: the script goes only to a voice of its own
                // language (the reader's `d` and `o`), never in a name.
                // Strong's Hebrew headwords are unpointed, so no transliteration can say them: the word's own
                // respelling stands in (the reader's `i` gives the entry's pronunciation).
                let name =
                    text.isEmpty
                    ? "no dictionary form"
                    : chapter.language == .hebrew
                        ? "dictionary form of \(said)" : Respelling.spoken(text, chapter.language)
                return Utterance(
                    name: name,
                    language: "en", description: "dictionary form of \(said)")
            default:
                let gloss = Speakable.gloss(text)
                return Utterance(
                    name: gloss.isEmpty ? "no gloss" : gloss, language: "en", description: "gloss of \(said)")
            }
        case .verseTranslation:
            return Utterance(name: translation(of: verse), language: "en", description: "translation of \(place())")
        case .translation(let t):
            // Name the Greek words this English word translates, from the alignment (the whole verse worked out once).
            // In English order, where the source words stand under the English, a word that translates none says so,
            // and one under which the ditto mark stands (its words stood under an earlier one) says "ditto".
            return Utterance(
                name: chapter.text(element.text), language: "en",
                description: layout.options.order == .english
                    ? spokenForms.englishOrderDescription(cell: id.cell, token: t, in: chapter)
                    : spokenForms.translationDescription(cell: id.cell, token: t, in: chapter))
        }
    }

    /// An element as one line a reader prints and speaks: its name, then its description — in English order the
    /// English word and the source words under it ("Word, translation of lo'gos", "made, ditto, translation of
    /// egeneto", "the, no Greek word"). An English name is made safe for a voice (`Speakable.english`); after one
    /// ending in punctuation ("Word,") only a space, so no comma is doubled.
    package func spokenLine(of id: ElementID) -> SpokenLine? {
        guard let utterance = utterance(of: id) else { return nil }
        return utterance.line
    }

    /// The words spoken for a verse container: "John 1, verse 3" (no colon, which voices read out) and its word
    /// count, "17 Greek words" — what the verse holds, never how many elements the engine built.
    package func utterance(ofCell cell: VerseIndex) -> Utterance {
        let verse = chapter.verses[cell]
        let count = verse.words.count
        return Utterance(
            name: "\(chapter.reference.description), verse \(verse.number)", language: "en",
            description: "\(count) \(chapter.language.englishName) \(count == 1 ? "word" : "words")")
    }

    /// The words spoken for the chapter as a whole (the document): "Genesis 1", "chapter, 31 verses".
    package var documentUtterance: Utterance {
        Utterance(
            name: chapter.reference.description, language: "en",
            description: "chapter, \(chapter.verses.count) verses")
    }

    /// A verse's translation as one string.
    func translation(of verse: Verse) -> String {
        chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(separator: " ")
    }
}
