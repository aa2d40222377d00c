/// One entry of a Strong's dictionary (SWORD's StrongsGreek or StrongsHebrew module), as the store keeps it: the
/// whole entry as plain text and its parts, so a front end can say the brief part first and the rest on request.
///
/// Entries are keyed the way the corpus keys Strong's numbers, "G3056" and "H430" (no leading zeros, no letter): an
/// extended number such as H1254a resolves to its base entry (`LexiconEntry.key`), except the Hebrew data's
/// numbers for prefixes and suffixes Strong's never numbered (H871a bə-, "in"), which the store knows have none.
public struct LexiconEntry: Sendable, Equatable, Hashable {
    /// Greek (G numbers) or Hebrew (H numbers, Aramaic entries included).
    public var language: SourceLanguage
    /// The number without its letter: 3056 for G3056.
    public var number: Int
    /// The dictionary form in its own script: "λόγος", "אלהים" (Strong's Hebrew is unpointed).
    public var headword: String
    /// Strong's own transliteration: "lógos", "'ĕlôhîym".
    public var transliteration: String
    /// Strong's pronunciation respelling: "log'-os", "el-o-heem'".
    public var pronunciation: String
    /// Where the word comes from: "from G3004;", "Plural of H433;". Empty when the entry does not say.
    public var derivation: String
    /// What it means, without the derivation and the KJV renderings.
    public var definition: String
    /// How the King James Version renders it (after Strong's ":--" or ": -"); empty when the entry lists none.
    public var kjvUsage: String
    /// The whole entry with its markup removed and white space collapsed: what `diatheke -b StrongsGreek -k N`
    /// prints once its tags are stripped.
    public var text: String

    public init(
        language: SourceLanguage, number: Int, headword: String, transliteration: String,
        pronunciation: String, derivation: String, definition: String, kjvUsage: String, text: String
    ) {
        self.language = language
        self.number = number
        self.headword = headword
        self.transliteration = transliteration
        self.pronunciation = pronunciation
        self.derivation = derivation
        self.definition = definition
        self.kjvUsage = kjvUsage
        self.text = text
    }

    /// "G3056", "H430": the store's key.
    public var strongs: String { Self.prefix(language) + String(number) }

    static func prefix(_ language: SourceLanguage) -> String { language == .greek ? "G" : "H" }

    /// The entry key of a Strong's number as the corpus writes it or a user types it: "G3056", "g03056", "H871a",
    /// "h430" → "G3056", "G3056", "H871", "H430"; nil when `text` is not a G or H number.
    public static func key<S: StringProtocol>(_ text: S) -> String? {
        guard let first = text.first, "GgHh".contains(first), let number = Folding.strongsNumber(text.dropFirst())
        else { return nil }
        return (first == "G" || first == "g" ? "G" : "H") + String(number)
    }

    /// The Strong's numbers of a word's Strong's field as written: one for a Greek word, one per morpheme for a
    /// Hebrew word ("H2050b-H1886a-H776" → H2050b, H1886a, H776), in order; fields that are not numbers are left out.
    public static func numbers<S: StringProtocol>(ofWordField field: S) -> [String] {
        var numbers: [String] = []
        for part in field.split(separator: "-") where key(part) != nil { numbers.append(String(part)) }
        return numbers
    }

    /// Whether the lettered Hebrew number `number` (H871a) built on `base`'s number is one the Hebrew data (Clear's,
    /// via bible-alignments) gives what Strong's never numbered — the prefixes bə-, wə-, ha-, lə- and the pronoun
    /// suffixes — rather than a homograph of `base` (H1254a). Clear places each after the last word of the letter
    /// before its own: H871a, "in", follows H871 אתרים, the last word in א; H2050b, "and", follows H2050, the last
    /// in ה. So the test needs only the dictionary: `base` is the last entry whose headword starts with its letter
    /// (`next`, the entry after it, starts with another, or there is none). Such a number has no entry: H871 is
    /// "Atharim … spies", not "in".
    public static func isUnnumberedAffix(_ number: String, base: LexiconEntry, next: LexiconEntry?) -> Bool {
        guard base.language == .hebrew, number.last?.isLetter == true, number.last?.isLowercase == true else {
            return false
        }
        guard let next else { return true }
        func firstLetter(_ headword: String) -> Unicode.Scalar? {
            headword.unicodeScalars.first { $0.properties.isAlphabetic }
        }
        return firstLetter(next.headword) != firstLetter(base.headword)
    }
}

/// The Strong's entries in memory, for import (the Hebrew lemmas): each number's entry by the rules the store's
/// lookups follow (`LexiconEntry.key`, `LexiconEntry.isUnnumberedAffix`).
package struct Lexicon: Sendable {
    private let entries: [String: LexiconEntry]
    /// Each Hebrew entry's number → the entry after it in number order (numbers may have gaps).
    private let nextHebrew: [Int: LexiconEntry]

    public init(_ entries: [LexiconEntry]) {
        var byKey: [String: LexiconEntry] = [:]
        for entry in entries { byKey[entry.strongs] = entry }
        self.entries = byKey
        let hebrew = byKey.values.filter { $0.language == .hebrew }.sorted { $0.number < $1.number }
        var next: [Int: LexiconEntry] = [:]
        for (entry, following) in zip(hebrew, hebrew.dropFirst()) { next[entry.number] = following }
        nextHebrew = next
    }

    public var count: Int { entries.count }

    /// The entry of a Strong's number as the corpus writes it ("H7225", "H1254a"), or nil.
    public func entry(_ number: String) -> LexiconEntry? {
        guard let key = LexiconEntry.key(number), let base = entries[key] else { return nil }
        if base.language == .hebrew, number.last?.isLetter == true {
            if LexiconEntry.isUnnumberedAffix(number, base: base, next: nextHebrew[base.number]) { return nil }
        }
        return base
    }

    /// A Hebrew word's lemma: the headword of the first of its morphemes' numbers ("H2050b-H1886a-H776") that has
    /// an entry — the word's stem, since the prefixes before it have none (H776 אֶרֶץ's "ארץ"); nil when none has.
    public func lemma<S: StringProtocol>(ofWordField field: S) -> String? {
        for number in LexiconEntry.numbers(ofWordField: field) {
            if let entry = entry(number), !entry.headword.isEmpty { return entry.headword }
        }
        return nil
    }
}
