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

    public init(language: SourceLanguage, number: Int, headword: String, transliteration: String,
                pronunciation: String, derivation: String, definition: String, kjvUsage: String, text: String) {
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
        field.split(separator: "-").filter { key($0) != nil }.map(String.init)
    }
}
