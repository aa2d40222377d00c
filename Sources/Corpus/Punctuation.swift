/// The marks printed around a source word, kept apart from its surface so each consumer decides what to do with
/// them: the layout, render, export and braille print them; speech and the reader's line mode make them a pause;
/// search and transliteration never see them (they read the surface).
///
/// Greek: the SBLGNT's comma, full stop, raised dot (·, the colon), question mark (;), dash, parentheses and
/// brackets, from MorphGNT's text column (`PrintedGreekText`); its text-critical signs (⸀ ⸁ ⸂ ⸃ ⸄ ⸅, with their
/// numbers) point into an apparatus no source here has and are left out. Hebrew: sof pasuq (׃) after each verse's
/// last word, which the Codex prints and `WLC-LEB.tsv` drops (`HebrewImporter`).
package struct Punctuation: Sendable, Hashable {
    /// Marks printed before the word ("(", "[", "⟦", "—"); rare.
    package var before: String
    /// Marks printed after it (",", "·", "⸃" left out, ")," …).
    package var after: String

    package init(before: String = "", after: String = "") {
        self.before = before
        self.after = after
    }

    /// No marks.
    package static let none = Punctuation()

    /// The Hebrew verse's end, sof pasuq (U+05C3).
    package static let sofPasuq = "\u{05C3}"

    package var isEmpty: Bool { before.isEmpty && after.isEmpty }

    /// The word as printed: the marks around its surface.
    package func printed(_ surface: String) -> String { before + surface + after }

    /// What stands for the word in the stored field when marks precede it: "(_" is an opening parenthesis, "_)," a
    /// closing one and a comma. A field without it holds marks after the word only, as nearly all do (",").
    package static let placeholder: Character = "_"

    /// The one field the chapter file and the store keep.
    package var field: String { before.isEmpty ? after : before + String(Self.placeholder) + after }

    /// Reads `field`; nil when it holds more than one placeholder, or a letter or digit (a word, not marks).
    package init?(field: Substring) {
        let parts = field.split(separator: Self.placeholder, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2, !field.contains(where: { $0.isLetter || $0.isNumber || $0.isWhitespace }) else {
            return nil
        }
        self.init(before: parts.count == 2 ? String(parts[0]) : "", after: String(parts[parts.count - 1]))
    }

    /// The marks of a printed text around its word, less the apparatus signs and their numbers.
    static func marks(of text: Substring) -> String {
        String(text.filter { !apparatusSigns.contains($0) && !$0.isNumber })
    }

    /// The SBLGNT's text-critical signs (U+2E00–U+2E05).
    static let apparatusSigns: Set<Character> = [
        "\u{2E00}", "\u{2E01}", "\u{2E02}", "\u{2E03}", "\u{2E04}", "\u{2E05}",
    ]

    /// How long a pause the marks after a word call for, when read aloud.
    package enum Pause: Sendable, Equatable {
        /// A comma's, a raised dot's, a dash's or a bracket's.
        case phrase
        /// A full stop's or sof pasuq's.
        case sentence
        /// A question mark's (the Greek ;).
        case question
    }

    /// The pause the marks around the word call for, the strongest of them; nil for none.
    package var pause: Pause? {
        let marks = before + after
        if marks.contains(";") { return .question }
        if marks.contains(".") || marks.contains(Character(Self.sofPasuq)) { return .sentence }
        return marks.isEmpty ? nil : .phrase
    }
}
