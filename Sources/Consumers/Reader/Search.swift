import Foundation
import InterlinearCorpus

/// Finds words by Greek surface, transliteration, gloss or Strong's number. Greek and Latin are compared
/// folded — accents, breathings, case and final sigma ignored — so `/λόγος`, `/ΛΟΓΟΣ` and `/logos` all find
/// John 1:1's λόγος, and `G3056` or `3056` finds every form of it by Strong's number.
public struct ChapterSearch {
    public let chapter: Chapter
    /// Folded text per interned id, filled on first use: each distinct string is folded once.
    private var folded: [String?]

    public init(chapter: Chapter) {
        self.chapter = chapter
        folded = [String?](repeating: nil, count: chapter.strings.count)
    }

    /// Lower case, without combining marks, final sigma as σ.
    public static func fold(_ text: String) -> String { Folding.key(text) }

    /// The numeric part of a Strong's query or label ("G3056", "g03056", "3056" → 3056); nil otherwise.
    public static func strongsNumber<S: StringProtocol>(_ text: S) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces)[...]
        if let first = digits.first, first == "G" || first == "g" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// Chapter word indices that match `query`, in reading order.
    public mutating func matches(_ query: String) -> [WordIndex] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        if let number = Self.strongsNumber(trimmed) {
            return chapter.words.indices.filter { Self.strongsNumber(chapter.text(chapter.words[$0].strongs)) == number }
        }
        let needle = Self.fold(trimmed)
        guard !needle.isEmpty else { return [] }
        var found: [WordIndex] = []
        for (index, word) in zip(chapter.words.indices, chapter.words) {
            if folding(word.surface).contains(needle) || folding(word.transliteration).contains(needle)
                || folding(word.gloss).contains(needle) {
                found.append(index)
            }
        }
        return found
    }

    private mutating func folding(_ id: TextID) -> String {
        if let text = folded[Int(id)] { return text }
        let text = Self.fold(chapter.text(id))
        folded[Int(id)] = text
        return text
    }
}

extension Chapter {
    /// "1:14" for a verse index.
    public func label(ofVerse index: VerseIndex) -> String { "\(reference.chapter):\(verses[index].number)" }
}
