/// The language of a chapter's source text, which fixes its script, its writing direction and the tag screen readers
/// and shapers are given. The translation and the English tiers (transliteration, Strong's, gloss) are always
/// left to right; only the source tier and the order of the word blocks follow this.
public enum SourceLanguage: String, Sendable, Codable, CaseIterable {
    /// Koine Greek (SBLGNT): left to right.
    case greek = "grc"
    /// Biblical Hebrew (Westminster Leningrad Codex): right to left. Its Aramaic passages (Daniel 2:4b–7:28,
    /// Ezra 4:8–6:18; 7:12–26, Jeremiah 10:11, Genesis 31:47) carry the same tag: the source data does not mark them.
    case hebrew = "hbo"

    /// The BCP 47 tag: "grc", "hbo".
    public var tag: String { rawValue }

    /// The tag of a Latin transliteration of the source: "grc-Latn", "hbo-Latn".
    public var transliterationTag: String { rawValue + "-Latn" }

    /// The ISO 15924 script: "Grek", "Hebr".
    public var script: String {
        switch self {
        case .greek: "Grek"
        case .hebrew: "Hebr"
        }
    }

    /// Which way the source text, and so the row of word blocks, runs.
    public var direction: ScriptDirection {
        switch self {
        case .greek: .leftToRight
        case .hebrew: .rightToLeft
        }
    }

    /// The edition the source text comes from, for messages: "SBLGNT", "WLC".
    public var editionName: String {
        switch self {
        case .greek: "SBLGNT"
        case .hebrew: "WLC"
        }
    }

    /// "Greek", "Hebrew": for messages and speech.
    public var englishName: String {
        switch self {
        case .greek: "Greek"
        case .hebrew: "Hebrew"
        }
    }
}

/// Which way a line of text, or a row of word blocks, runs.
public enum ScriptDirection: String, Sendable, Codable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
