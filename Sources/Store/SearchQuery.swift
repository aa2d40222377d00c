import Foundation
import InterlinearCorpus

/// What to search for, where, and how many results to return.
///
/// A query is one or more criteria. Without a flag the text may name them — `lemma:λόγος morph:N-A*`,
/// `strongs:H430 text:create*`, `word:ראשית`, `text:"in the beginning"` — and whatever is not so named is one more
/// criterion whose kind the text says (`guessKind`). Word criteria (lemma, word, strongs, morph) must all hold for
/// one word; text criteria must hold for its verse. Only text criteria: the hits are verses.
package struct SearchQuery: Sendable, Equatable {
    /// What a criterion's text is matched against.
    package enum Kind: String, Sendable, CaseIterable {
        /// Words with this lemma, every inflected form (Greek, accent- and case-insensitive; Hebrew, points and
        /// cantillation ignored, through the Strong's numbers whose forms are spelled so).
        case lemma
        /// A Greek or Hebrew word: words with this lemma or this very form (a Hebrew form may be one morpheme).
        case word
        /// Strong's number, "G3056", "H430" or a bare "3056" (Hebrew when the scope is in the Old Testament), every
        /// letter suffix; "G4053b" or "H871a" that one.
        case strongs
        /// Morphology by code ("V-AAI-3S", globs as "V-AAI-*") or in words ("aorist active indicative").
        case morph
        /// The translation text, through the full-text index: words ANDed, "love*" a prefix, "an exact phrase",
        /// AND, OR, NOT, NEAR(grace truth, 5) and parentheses.
        case text
        /// A Greek or Hebrew lemma by how people type it in Latin letters ("logos", "elohim", "bereshit"): the
        /// words of every lemma whose transliteration, or a form's, folds to the same key (`SpellingKey`). A plain
        /// Latin word the translation does not have is searched so too (`StoreSearch.run`).
        case translit
        /// More than one criterion (`criteria` lists them).
        case combined
    }

    /// One condition of a query.
    package struct Criterion: Sendable, Equatable {
        package var kind: Kind
        package var text: String

        package init(kind: Kind, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    package var text: String
    /// The one criterion's kind, or `combined`.
    package var kind: Kind
    package var criteria: [Criterion]
    package var scope: SearchScope
    /// Results to return (the counts are always complete).
    package var limit: Int

    /// A query of `text`: one criterion of `kind` when given (a flag), else the criteria the text names.
    package init(text: String, kind: Kind? = nil, scope: SearchScope = .bible, limit: Int = 50) {
        // Foundation's trim bridges to an NSString (most of a `search G3056`'s own work: benchmark `search`); a
        // query that begins and ends with a printable ASCII character has nothing to trim.
        let printable: ClosedRange<UInt8> = 0x21...0x7E
        let untrimmed =
            text.utf8.first.map(printable.contains) == true && text.utf8.last.map(printable.contains) == true
        self.text = untrimmed ? text : text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let kind, kind != .combined {
            criteria = [Criterion(kind: kind, text: self.text)]
        } else {
            criteria = Self.criteria(in: self.text)
        }
        self.kind = criteria.count == 1 ? criteria[0].kind : .combined
        self.scope = scope
        self.limit = limit
    }

    /// The most criteria one query may combine: each is one more condition (and SQL parameters) on every word.
    package static let maxCriteria = 16

    /// The field names a query may give criteria with, and their kinds.
    static let fields: [(name: String, kind: Kind)] = [
        ("lemma:", .lemma), ("word:", .word), ("strongs:", .strongs), ("morph:", .morph), ("text:", .text),
        ("translit:", .translit),
    ]

    /// Splits a query into named criteria (`name:value`, the value a word or "quoted words") and the rest, which is
    /// one criterion of the kind it reads as.
    static func criteria(in text: String) -> [Criterion] {
        var named: [Criterion] = []
        var rest: [Substring] = []
        for token in tokens(text) {
            guard let field = fields.first(where: { token.lowercased().hasPrefix($0.name) }) else {
                rest.append(token)
                continue
            }
            var value = token.dropFirst(field.name.count)
            // A quoted value is its words; a text criterion keeps the quotes (they make it a phrase).
            if field.kind != .text, value.count >= 2, value.first == "\"", value.last == "\"" {
                value = value.dropFirst().dropLast()
            }
            if !value.isEmpty { named.append(Criterion(kind: field.kind, text: String(value))) }
        }
        // Appended, not `joined`: that generic call, unspecialized for `[Substring]`, instantiated its metadata, a
        // scan of the binary's conformance records (the `search` benchmark).
        var remainder = ""
        for (index, token) in rest.enumerated() {
            if index > 0 { remainder.append(" ") }
            remainder.append(contentsOf: token)
        }
        if !remainder.isEmpty || named.isEmpty { named.append(Criterion(kind: guessKind(remainder), text: remainder)) }
        return named
    }

    /// The query's tokens: runs of non-space characters, a double-quoted stretch (spaces and all) kept in its token.
    static func tokens(_ text: String) -> [Substring] {
        var tokens: [Substring] = []
        var start: String.Index?
        var quoted = false
        for index in text.indices {
            let character = text[index]
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace && !quoted {
                if let begun = start { tokens.append(text[begun..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { tokens.append(text[begun...]) }
        return tokens
    }

    /// The kind a query without a flag means: a Strong's number, a morphology code or morphology words, Greek or
    /// Hebrew (a lemma or a form), else translation text.
    package static func guessKind(_ text: String) -> Kind {
        if Folding.strongsNumber(text) != nil || Folding.strongsNumber(text, prefix: "H") != nil { return .strongs }
        if MorphologyMatch.isCode(text) { return .morph }
        if isGreek(text) || isHebrew(text) { return .word }
        if MorphologyMatch.isDescription(text) { return .morph }
        return .text
    }

    /// Whether the text holds a Greek letter.
    static func isGreek(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) }
    }

    /// Whether the text holds a Hebrew letter.
    static func isHebrew(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) }
    }
}

/// Where to search: the whole Bible, a testament or a book. Each is one range of verse keys.
package enum SearchScope: Sendable, Equatable, CustomStringConvertible {
    case bible
    case newTestament
    case oldTestament
    case book(Book)
    /// Books first to last, in canonical order ("Gen-Deut").
    case books(Book, Book)

    /// Parses `--in`: "nt", "ot", "bible"/"all", a book name or abbreviation, or two joined by a hyphen or dash
    /// ("Gen-Deut", "Matt–John", "1 Sam-2 Kgs"), the first not after the second.
    package init?(parsing text: String) {
        switch text.lowercased() {
        case "nt", "new testament": self = .newTestament
        case "ot", "old testament": self = .oldTestament
        case "all", "bible": self = .bible
        default:
            if let book = Book.named(text) {
                self = .book(book)
                return
            }
            let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "—" })
            guard parts.count == 2, let first = Book.named(String(parts[0])), let last = Book.named(String(parts[1])),
                first.number <= last.number
            else { return nil }
            self = first == last ? .book(first) : .books(first, last)
        }
    }

    /// Whether every verse in scope is in the Old Testament (a bare Strong's number is then Hebrew).
    package var isOldTestament: Bool { keys.upperBound < 40_000_000 }

    /// The verse keys (BBCCCVVV) in scope.
    var keys: ClosedRange<Int> {
        switch self {
        case .bible: 0...99_999_999
        case .newTestament: 40_000_000...66_999_999
        case .oldTestament: 1_000_000...39_999_999
        case .book(let book): book.number * 1_000_000...book.number * 1_000_000 + 999_999
        case .books(let first, let last): first.number * 1_000_000...last.number * 1_000_000 + 999_999
        }
    }

    package var description: String {
        switch self {
        case .bible: "bible"
        case .newTestament: "nt"
        case .oldTestament: "ot"
        case .book(let book): book.osis
        case .books(let first, let last): "\(first.osis)-\(last.osis)"
        }
    }
}
