import InterlinearCorpus
import InterlinearTypesetting

/// What a screen reader says for an element: a name in the original script with its language, and a description in
/// English built from the transliteration, gloss, lemma, morphology spelled out in words and "Strong's 1510". Raw
/// codes ("V-IAI-3S", "G1510") are never spoken. Built only when asked, never stored.
public struct Utterance: Sendable, Equatable {
    public var name: String
    /// BCP 47 tag of `name`: "grc" for Greek, "hbo" for Hebrew, "grc-Latn" / "hbo-Latn" for a transliteration,
    /// "en" for English.
    public var language: String
    public var description: String
}

/// Turns stored codes into speakable words.
public enum Speakable {
    /// "G1510" → "Strong's 1510"; "G0846" → "Strong's 846"; Hebrew numbers keep their letter, one per morpheme:
    /// "H871a-H7225" → "Strong's H871a, Strong's H7225". Nil for an empty or unreadable number.
    public static func strongs(_ code: String) -> String? {
        if code.hasPrefix("H") {
            let numbers = code.split { $0 == "-" || $0 == "/" }
            guard !numbers.isEmpty, numbers.allSatisfy({ $0.count > 1 && $0.hasPrefix("H") && $0.dropFirst().first!.isNumber })
            else { return nil }
            return numbers.map { "Strong's \($0)" }.joined(separator: ", ")
        }
        let digits = code.drop { !$0.isNumber }.drop { $0 == "0" }
        guard !digits.isEmpty, digits.first!.isNumber else { return nil }
        return "Strong's \(digits)"
    }

    /// A Robinson code (Greek) or a part-of-speech code (Hebrew, "Prep-N") in words; an unreadable code is
    /// described, not spelled out.
    public static func morphology(_ code: String, language: SourceLanguage = .greek) -> String {
        let words = language == .hebrew ? HebrewPartOfSpeech.expand(code) : Morphology.expand(code)
        return words ?? "unrecognised grammatical form"
    }
}

extension AccessibilityTree {
    /// The words spoken for an element, or nil if there is no such element.
    public func utterance(of id: ElementID) -> Utterance? {
        guard let element = element(id) else { return nil }
        let verse = chapter.verses[id.cell]
        let place = "\(chapter.reference.book.name) \(chapter.reference.chapter):\(verse.number)"
        switch id.kind {
        case .verseNumber:
            let note = notedVerses.contains(verse.number) ? ", has a note" : ""
            return Utterance(name: "Verse \(verse.number)", language: "en", description: place + note)
        case .note:
            return Utterance(name: "Note", language: "en", description: "note on \(place)")
        case .word(let w):
            let word = chapter.words[verse.word(at: w)]
            return Utterance(name: chapter.text(word.surface), language: chapter.language.tag,
                             description: describe(word))
        case .label(let w, let tier):
            let word = chapter.words[verse.word(at: w)]
            let text = chapter.text(element.text)
            let greek = chapter.text(word.surface)
            switch tier {
            case .source:
                return Utterance(name: text, language: chapter.language.tag, description: describe(word))
            case .transliteration:
                return Utterance(name: text, language: chapter.language.transliterationTag,
                                 description: "transliteration of \(greek)")
            case .strongs:
                return Utterance(name: Speakable.strongs(text) ?? "no Strong's number", language: "en",
                                 description: "Strong's number of \(greek)")
            case .morphology:
                return Utterance(name: Speakable.morphology(text, language: chapter.language), language: "en",
                                 description: "grammar of \(greek)")
            default:
                return Utterance(name: text, language: "en", description: "gloss of \(greek)")
            }
        case .translation(let t):
            let text = chapter.text(element.text)
            // Name the Greek words this English word translates, from the alignment.
            let sources = chapter.words[verse.words].filter { chapter.alignment(of: $0).contains(t) }
                .map { chapter.text($0.transliteration) }
            let description = sources.isEmpty ? "translation" : "translation of " + sources.joined(separator: " ")
            return Utterance(name: text, language: "en", description: description)
        }
    }

    /// The words spoken for a verse container: "John 1:3", "verse 3, 12 elements" (the count only once built).
    public func utterance(ofCell cell: VerseIndex) -> Utterance {
        let verse = verseNumber(ofCell: cell)
        let count = isBuilt(cell: cell) ? container(at: cell).map { ", \($0.elementCount) elements" } ?? "" : ""
        return Utterance(name: "\(chapter.reference.description):\(verse)", language: "en",
                         description: "verse \(verse)\(count)")
    }

    /// "ēn, was, verb, imperfect active indicative, third person singular, from eimi, Strong's 1510".
    func describe(_ word: Word) -> String {
        if chapter.language == .hebrew { return describeHebrew(word) }
        var parts: [String] = []
        let transliteration = chapter.text(word.transliteration)
        if !transliteration.isEmpty { parts.append(transliteration) }
        let gloss = chapter.text(word.gloss)
        if !gloss.isEmpty { parts.append(gloss) }
        let code = chapter.text(word.morphology)
        if !code.isEmpty { parts.append(Speakable.morphology(code)) }
        // The dictionary form, unless it sounds the same as the word itself ("kai" from "kai").
        let lemma = Transliterator.transliterate(chapter.text(word.lemma))
        if !lemma.isEmpty && lemma.lowercased() != transliteration.lowercased() { parts.append("from " + lemma) }
        if let strongs = Speakable.strongs(chapter.text(word.strongs)) { parts.append(strongs) }
        return parts.joined(separator: ", ")
    }
}
