import Foundation

/// The places in a Strong's entry's printed text (`LexiconEntry.text`) that its readers look for: where its opening
/// ends and where its King James list starts. Found here once, for import and for every front end that shows or says
/// the text.
extension LexiconEntry {
    /// The text after the entry's opening — the headword, the transliteration and the pronunciation ("λόγος lógos
    /// log'-os", "אלהים 'ĕlôhîym el-o-heem'"), which `headword`, `transliteration` and `pronunciation` hold — without
    /// the space before it: the entry proper ("from G3004; …"). Each part is looked for after the one before
    /// (anything between, such as the Beta Code spelling a store imported before session 14 still holds, is passed
    /// over), braces aside: the Hebrew module prints a multi-form entry's pronunciation with some of its words
    /// braced ("{bek-o-raw'} bek-o-raw'"), the part without them. A part the text does not hold is passed over; an
    /// entry with no parts ("Not Used") is all text.
    package var textAfterOpening: Substring {
        var rest = Substring(text)
        for part in [headword, transliteration, pronunciation] where !part.isEmpty {
            if let end = Self.end(of: part, inBraced: rest) { rest = rest[end...] }
        }
        return rest.drop { $0 == " " }
    }

    /// Where the first occurrence of `part` ends in `text`, the braces of `text` skipped over; nil if it has none.
    /// An opening is a few words near the start of the entry, so the search is bounded, not only the entry: a part
    /// longer than `longestPart` characters is not looked for, and an occurrence must start within the first
    /// `openingReach` characters. (Unbounded, a damaged row of one letter repeated cost the square of its length:
    /// the `lexicon-row` fuzz harness's timeout, 26 KB taking over 15 s.)
    private static func end(of part: String, inBraced text: Substring) -> String.Index? {
        let isBrace = { (character: Character) in character == "{" || character == "}" }
        guard let first = part.first else { return text.startIndex }
        guard part.count <= longestPart else { return nil }
        let reach = text.index(text.startIndex, offsetBy: openingReach, limitedBy: text.endIndex) ?? text.endIndex
        var start = text.startIndex
        while start < reach, let found = text[start..<reach].firstIndex(of: first) {
            var index = found
            var wanted = part.startIndex
            while wanted < part.endIndex, index < text.endIndex {
                if isBrace(text[index]) && !isBrace(part[wanted]) {
                    index = text.index(after: index)
                } else if text[index] == part[wanted] {
                    index = text.index(after: index)
                    wanted = part.index(after: wanted)
                } else {
                    break
                }
            }
            // A braced word ends with its brace ("{kas-dee'}"): the brace belongs to the part.
            if wanted == part.endIndex {
                return index < text.endIndex && text[index] == "}" ? text.index(after: index) : index
            }
            start = text.index(after: found)
        }
        return nil
    }

    /// The longest headword, transliteration or pronunciation looked for in an entry's text (in SWORD's Strong's
    /// dictionaries the longest of the 14,298 entries' parts is 69 characters).
    static let longestPart = 256
    /// How far into the text an opening part may start (after the part before it; in those dictionaries every
    /// part stands within the text's first 100 characters).
    static let openingReach = 512

    /// Where Strong's mark before the King James list stands in an entry's text (`text`) or its definition: the last
    /// ":--" of a Greek entry (nine have only "--", then the last of those), the last ": -" of a Hebrew one; nil when
    /// there is none (the entry lists no renderings). The last, not the first: a few entries have the mark inside
    /// their definition too, and the list is what follows the last one — G2384 "the progenitor of the
    /// Israelites:--also an Israelite:--Jacob.", G2022 "(to pour); --to pour upon:--pour in.", H963 "disesteem: -
    /// disesteem: - contempt.". Import (the parts) and speech (the list in the whole text) both split here.
    package static func kingJamesMark<S: StringProtocol>(in text: S, _ language: SourceLanguage) -> Range<S.Index>? {
        let marks = language == .greek ? [":--", "--"] : [": -"]
        return marks.lazy.compactMap { text.range(of: $0, options: .backwards) }.first
    }
}
