import Foundation
import InterlinearCorpus

/// A translation-text criterion as FTS5 reads it: the user's words, phrases and operators, with every term quoted so
/// that nothing in a word (a hyphen, a colon, a quote) is taken for FTS5 syntax.
///
/// What a user may write: words (ANDed; `love*` is a prefix), `"an exact phrase"` (`"in the begin"*` ends in a
/// prefix), `AND`, `OR`, `NOT` in capitals, `NEAR(grace truth, 5)` (the words within 5 of each other; 10 without
/// a number) and parentheses for grouping. Anything else that is not a letter or digit separates words, as FTS5's
/// own tokenizer does. A query FTS5 still refuses (`NOT` first, an unclosed parenthesis) is said in one line.
enum TextQuery {
    /// The most terms (words, phrases, NEAR groups' words) a text query may hold once repeats of a plain list of
    /// words are dropped: FTS5's work grows with each term's posting list, and with their combinations under NEAR.
    static let maxTerms = 64
    /// The most words in one NEAR group: FTS5 tries their orders against every window of a verse.
    static let maxNearWords = 8
    /// The deepest nesting of parentheses: FTS5 parses them recursively.
    static let maxNesting = 16

    /// The FTS5 MATCH expression for `text`; nil when it holds no word. A query that is only words (no operator,
    /// parenthesis or NEAR) asks for each once, however often it repeats them, so its work is proportional to its
    /// distinct words; any query beyond `maxTerms`, `maxNearWords` or `maxNesting` is refused in one line.
    static func fts5(_ text: String) throws -> String? {
        var parts: [String] = []
        var terms = 0
        var depth = 0
        var plain = true
        // A phrase is as many terms as its words.
        var phraseWords: [String: Int] = [:]
        let characters = Array(text)
        var i = 0
        func isBreak(_ c: Character) -> Bool { c.isWhitespace || c == "\"" || c == "(" || c == ")" || isControl(c) }
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace || isControl(c) {
                i += 1
            } else if c == "\"" {
                var j = i + 1
                while j < characters.count && characters[j] != "\"" { j += 1 }
                let words = words(in: String(characters[(i + 1)..<min(j, characters.count)]))
                i = j + 1
                let prefix = i < characters.count && characters[i] == "*"
                if prefix { i += 1 }
                guard !words.isEmpty else { continue }
                let phrase = quoted(words.joined(separator: " ")) + (prefix ? "*" : "")
                parts.append(phrase)
                phraseWords[phrase] = words.count
                terms += words.count
            } else if c == "(" || c == ")" {
                parts.append(String(c))
                plain = false
                depth += c == "(" ? 1 : -1
                guard depth <= maxNesting else {
                    throw SearchError.badQuery(
                        "the text query nests parentheses more than \(maxNesting) deep; search with fewer groups")
                }
                i += 1
            } else {
                var j = i
                while j < characters.count && !isBreak(characters[j]) { j += 1 }
                let token = String(characters[i..<j])
                i = j
                if token == "AND" || token == "OR" || token == "NOT" {
                    parts.append(token)
                    plain = false
                } else if token == "NEAR", i < characters.count, characters[i] == "(" {
                    var k = i + 1
                    while k < characters.count && characters[k] != ")" { k += 1 }
                    let inside = String(characters[(i + 1)..<min(k, characters.count)])
                    i = k + 1
                    let pieces = inside.split(separator: ",", maxSplits: 1)
                    let near = words(in: pieces.first.map(String.init) ?? "")
                    guard near.count >= 2 else {
                        throw SearchError.badQuery("NEAR needs two words or more, as in NEAR(grace truth, 5)")
                    }
                    guard near.count <= maxNearWords else {
                        throw SearchError.badQuery(
                            "NEAR takes at most \(maxNearWords) words (this one has \(near.count)), as in NEAR(grace truth, 5)"
                        )
                    }
                    plain = false
                    var distance = ""
                    if pieces.count == 2 {
                        let number = pieces[1].trimmingCharacters(in: .whitespaces)
                        guard let value = Int(number), (0...1000).contains(value) else {
                            throw SearchError.badQuery(
                                "NEAR's distance must be a number from 0 to 1000, as in NEAR(grace truth, 5)")
                        }
                        distance = ", \(value)"
                    }
                    parts.append("NEAR(" + near.map(quoted).joined(separator: " ") + distance + ")")
                    terms += near.count
                } else {
                    let prefix = token.hasSuffix("*")
                    let split = words(in: token)
                    for (index, word) in split.enumerated() {
                        parts.append(quoted(word) + (prefix && index == split.count - 1 ? "*" : ""))
                        terms += 1
                    }
                }
            }
        }
        // FTS5 would refuse it too, after parsing every term: said at once, in the words `refusal` uses.
        guard depth == 0 else {
            throw SearchError.badQuery(
                "the text query \(EscapedText.quoted(text)) cannot be read (a parenthesis is not closed); join words "
                    + "with AND, OR, NOT or NEAR(a b, 5), put a phrase in double quotes, and close every parenthesis")
        }
        if plain {
            // Words ANDed: a repeat asks nothing more.
            var seen = Set<String>()
            parts = parts.filter { seen.insert($0).inserted }
            terms = parts.reduce(0) { $0 + (phraseWords[$1] ?? 1) }
        }
        guard terms <= maxTerms else {
            throw SearchError.badQuery(
                "the text query has \(terms) terms; at most \(maxTerms) are searched at once (search fewer words, or a phrase in double quotes)"
            )
        }
        return terms == 0 ? nil : parts.joined(separator: " ")
    }

    /// A query FTS5 refused, said as the user's mistake; nil for any other store error.
    static func refusal(_ error: StoreError, _ query: SearchQuery) -> SearchError? {
        guard case .sqlite(_, _, let message) = error, message.contains("fts5") || message.contains("MATCH") else {
            return nil
        }
        let text = query.criteria.filter { $0.kind == .text }.map(\.text).joined(separator: " ")
        // The query and FTS5's words about it are quoted short and escaped: the advice after them must survive the
        // message's bound, and a query's control characters are not printed.
        return .badQuery(
            "the text query \(EscapedText.quoted(text)) cannot be read (\(EscapedText.escaped(message, limit: 80))); join words with AND, OR, NOT or "
                + "NEAR(a b, 5), put a phrase in double quotes, and close every parenthesis")
    }

    /// The words of `text`: runs of letters, digits and marks (FTS5's unicode61 tokenizer splits at anything else).
    private static func words(in text: String) -> [String] {
        text.split(whereSeparator: {
            !($0.isLetter || $0.isNumber
                || $0.unicodeScalars.allSatisfy {
                    $0.properties.generalCategory == .nonspacingMark
                })
        }).map(String.init)
    }

    private static func quoted(_ word: String) -> String { "\"" + word + "\"" }

    private static func isControl(_ c: Character) -> Bool {
        c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
