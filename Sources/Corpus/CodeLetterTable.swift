/// The words for the letters of one position of a morphology code ("N" → "nominative"), written as a dictionary
/// literal and searched in order. A table holds a handful of letters, and comparing a few `Character`s costs far
/// less than hashing one (a `[Character: String]` lookup was most of a code's expansion: `a11y-all-warm`).
struct CodeLetterTable: ExpressibleByDictionaryLiteral, Sendable {
    private let entries: [(letter: Character, words: String)]

    init(dictionaryLiteral elements: (Character, String)...) {
        entries = elements.map { (letter: $0.0, words: $0.1) }
    }

    /// The words for `letter`, or nil when the position has no such letter.
    subscript(letter: Character) -> String? {
        for entry in entries where entry.letter == letter { return entry.words }
        return nil
    }
}
