import InterlinearCorpus
import InterlinearTypesetting

/// What a screen reader says for an element: a name and a description, each with its own language — a Greek word's
/// name is Greek (`grc`) and its description English (`en`): transliteration, gloss, morphology in words, the
/// dictionary form in Greek and transliterated, "Strong's 1510". Raw codes ("V-IAI-3S", "G1510") are never spoken.
/// Built only when asked, never stored.
public struct Utterance: Sendable, Equatable {
    public var name: String
    /// BCP 47 tag of `name`: "grc" for Greek, "hbo" for Hebrew, "grc-Latn" / "hbo-Latn" for a transliteration,
    /// "en" for English.
    public var language: String
    public var description: String
    /// BCP 47 tag of `description`: English, which may quote a Greek dictionary form.
    public var descriptionLanguage: String

    public init(name: String, language: String, description: String, descriptionLanguage: String = "en") {
        self.name = name
        self.language = language
        self.description = description
        self.descriptionLanguage = descriptionLanguage
    }
}

extension AccessibilityTree {
    /// The words spoken for an element, or nil if there is no such element. Spoken forms of the chapter's strings
    /// are computed once per tree (`spokenForms`).
    public func utterance(of id: ElementID) -> Utterance? {
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
            return Utterance(name: chapter.text(word.surface), language: chapter.language.tag,
                             description: spokenForms.description(of: word, in: chapter))
        case .label(let w, let tier):
            let word = chapter.words[verse.word(at: w)]
            let text = chapter.text(element.text)
            let greek = chapter.text(word.surface)
            switch tier {
            case .source:
                return Utterance(name: text, language: chapter.language.tag,
                                 description: spokenForms.description(of: word, in: chapter))
            case .transliteration:
                return Utterance(name: Speakable.alternatives(text), language: chapter.language.transliterationTag,
                                 description: "transliteration of \(greek)")
            case .strongs:
                return Utterance(name: Speakable.strongs(text) ?? "no Strong's number", language: "en",
                                 description: "Strong's number of \(greek)")
            case .morphology:
                return Utterance(name: Speakable.morphology(text, language: chapter.language), language: "en",
                                 description: "grammar of \(greek)")
            case .lemma:
                // In the source's own script, so only a voice of that language gets it (as the source tier).
                return Utterance(name: text.isEmpty ? "no dictionary form" : text,
                                 language: text.isEmpty ? "en" : chapter.language.tag,
                                 description: "dictionary form of \(greek)")
            default:
                let gloss = Speakable.gloss(text)
                return Utterance(name: gloss.isEmpty ? "no gloss" : gloss, language: "en", description: "gloss of \(greek)")
            }
        case .verseTranslation:
            return Utterance(name: translation(of: verse), language: "en", description: "translation of \(place())")
        case .translation(let t):
            // Name the Greek words this English word translates, from the alignment (the whole verse worked out once).
            return Utterance(name: chapter.text(element.text), language: "en",
                             description: spokenForms.translationDescription(cell: id.cell, token: t, in: chapter))
        }
    }

    /// The words spoken for a verse container: "John 1, verse 3" (no colon, which voices read out) and its word
    /// count, "17 Greek words" — what the verse holds, never how many elements the engine built.
    public func utterance(ofCell cell: VerseIndex) -> Utterance {
        let verse = chapter.verses[cell]
        let count = verse.words.count
        return Utterance(name: "\(chapter.reference.description), verse \(verse.number)", language: "en",
                         description: "\(count) \(chapter.language.englishName) \(count == 1 ? "word" : "words")")
    }

    /// A verse's translation as one string.
    func translation(of verse: Verse) -> String {
        chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(separator: " ")
    }
}
