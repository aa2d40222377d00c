import Foundation
import InterlinearCorpus

/// What to search for, where, and how many results to return.
public struct SearchQuery: Sendable, Equatable {
    /// What the query text is matched against.
    public enum Kind: String, Sendable, CaseIterable {
        /// Words with this lemma, every inflected form (Greek, accent- and case-insensitive).
        case lemma
        /// A Greek word: words with this lemma or this very form.
        case word
        /// Strong's number, "G3056" or "3056" (every letter suffix), or "G4053b" (that one).
        case strongs
        /// Morphology by code ("V-AAI-3S", globs as "V-AAI-*") or in words ("aorist active indicative").
        case morph
        /// The translation text, through the full-text index (words are ANDed; "love*" is a prefix).
        case text
    }

    public var text: String
    public var kind: Kind
    public var scope: SearchScope
    /// Results to return (the counts are always complete).
    public var limit: Int

    public init(text: String, kind: Kind? = nil, scope: SearchScope = .bible, limit: Int = 50) {
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.kind = kind ?? Self.guessKind(self.text)
        self.scope = scope
        self.limit = limit
    }

    /// The kind a query without a flag means: a Strong's number, a morphology code or morphology words, Greek
    /// (a lemma or a form), else translation text.
    public static func guessKind(_ text: String) -> Kind {
        if Folding.strongsNumber(text) != nil { return .strongs }
        if MorphologyMatch.isCode(text) { return .morph }
        if text.unicodeScalars.contains(where: { (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) }) {
            return .word
        }
        if MorphologyMatch.isDescription(text) { return .morph }
        return .text
    }
}

/// Where to search: the whole Bible, a testament or a book. Each is one range of verse keys.
public enum SearchScope: Sendable, Equatable, CustomStringConvertible {
    case bible
    case newTestament
    case oldTestament
    case book(Book)

    /// Parses `--in`: "nt", "ot", "bible"/"all", or a book name or abbreviation.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "nt", "new testament": self = .newTestament
        case "ot", "old testament": self = .oldTestament
        case "all", "bible": self = .bible
        default:
            guard let book = Book.named(text) else { return nil }
            self = .book(book)
        }
    }

    /// The verse keys (BBCCCVVV) in scope.
    var keys: ClosedRange<Int> {
        switch self {
        case .bible: 0...99_999_999
        case .newTestament: 40_000_000...66_999_999
        case .oldTestament: 1_000_000...39_999_999
        case .book(let book): book.number * 1_000_000...book.number * 1_000_000 + 999_999
        }
    }

    public var description: String {
        switch self {
        case .bible: "bible"
        case .newTestament: "nt"
        case .oldTestament: "ot"
        case .book(let book): book.osis
        }
    }
}
