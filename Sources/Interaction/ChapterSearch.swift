import Foundation
import InterlinearCorpus

/// The search in the open chapter alone, for a front end without the store (or a query the store's occurrences do
/// not take; `ChapterNavigation` answers those): finds words by Greek surface, transliteration, gloss or Strong's
/// number. Greek and Latin are compared folded — accents, breathings, case and final sigma ignored — so `/λόγος`,
/// `/ΛΟΓΟΣ` and `/logos` all find John 1:1's λόγος, and `G3056` or `3056` finds every form of it by Strong's
/// number (`H430` or `430` in a Hebrew chapter, whichever morpheme of a word carries it).
package struct ChapterSearch {
    package let chapter: Chapter
    /// Folded text per interned id, filled on first use: each distinct string is folded once.
    private var folded: [String?]

    /// Spelling keys by string id (`SpellingKey`), made as they are first needed.
    private var spelled: [String?]

    package init(chapter: Chapter) {
        self.chapter = chapter
        folded = [String?](repeating: nil, count: chapter.strings.count)
        spelled = folded
    }

    /// Lower case, without combining marks, final sigma as σ.
    package static func fold(_ text: String) -> String { Folding.key(text) }

    /// The numeric part of a Strong's query or label ("G3056", "g03056", "3056" → 3056; "H430", "h430" → 430 with
    /// `prefix` "H"); nil otherwise.
    package static func strongsNumber<S: StringProtocol>(_ text: S, prefix: Character = "G") -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces)[...]
        if let first = digits.first, first == prefix || first == Character(prefix.lowercased()) {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// Whether a word's Strong's label holds `number`: a Greek word's one number, or any of a Hebrew word's (one per
    /// morpheme, joined by "-"; a morpheme may give two, joined by "/"; a letter suffix counts as its number).
    private func word(_ word: Word, hasStrongs number: Int) -> Bool {
        let label = chapter.text(word.strongs)
        guard chapter.language == .hebrew else { return Self.strongsNumber(label) == number }
        return label.split(whereSeparator: { $0 == "-" || $0 == "/" }).contains {
            Folding.strongsNumber($0, prefix: "H") == number
        }
    }

    /// Chapter word indices that match `query`, in reading order.
    package mutating func matches(_ query: String) -> [WordIndex] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        if let number = Self.strongsNumber(trimmed, prefix: chapter.language == .hebrew ? "H" : "G") {
            return chapter.words.indices.filter { word(chapter.words[$0], hasStrongs: number) }
        }
        let needle = Self.fold(trimmed)
        guard !needle.isEmpty else { return [] }
        // A word typed in Latin letters also finds the words whose transliteration, or a Hebrew morpheme's, is spelled
        // so as people spell it ("ruach" finds rûaḥ, "elohim" hā-ʾĕlōhîm), as the store's search does.
        let spelling = SpellingKey.isLatinWord(trimmed) ? SpellingKey.key(trimmed) : ""
        var found: [WordIndex] = []
        for (index, word) in zip(chapter.words.indices, chapter.words) {
            if folding(word.surface).contains(needle) || folding(word.transliteration).contains(needle)
                || folding(word.gloss).contains(needle)
                || (!spelling.isEmpty && isSpelled(word, spelling))
            {
                found.append(index)
            }
        }
        return found
    }

    private mutating func isSpelled(_ word: Word, _ key: String) -> Bool {
        if spellingKey(word.transliteration) == key { return true }
        guard chapter.language == .hebrew, !chapter.omitsMorphemes else { return false }
        return chapter.morphemes(of: word).contains { spellingKey($0.transliteration) == key }
    }

    private mutating func spellingKey(_ id: TextID) -> String {
        if let key = spelled[Int(id)] { return key }
        let key = SpellingKey.key(chapter.text(id))
        spelled[Int(id)] = key
        return key
    }

    private mutating func folding(_ id: TextID) -> String {
        if let text = folded[Int(id)] { return text }
        let text = Self.fold(chapter.text(id))
        folded[Int(id)] = text
        return text
    }
}
