import Foundation
import InterlinearAccessibility
import InterlinearCorpus

/// The liblouis tables a chapter is brailled with: Greek in the Greek table, Hebrew in the International Hebrew
/// Braille Code (the project's own table, `HebrewCode.ihbc`) or liblouis's Israeli table, everything else in English
/// braille.
///
/// English defaults to Unified English Braille (`en-ueb-g1.ctb`, or `en-ueb-g2.ctb` for grade 2), not the older
/// American EBAE tables (`en-us-g1.ctb`): UEB is the code of the US (adopted by BANA in 2016), the UK, Canada,
/// Australia and New Zealand, so it is what a braille reader learns today; and liblouis's Greek table is written to
/// sit inside English braille (`grc-international-en`). Grade 1 by default because a gloss is single words, often
/// short, where contractions save little and a learner of Greek may not read grade 2.
public struct BrailleTables: Sendable, Equatable {
    /// The Greek table (polytonic Greek, international Greek braille; it needs precomposed NFC input).
    public var greek: String
    /// The English table.
    public var english: String
    /// The Hebrew code: IHBC (the default, the code of Biblical Hebrew) or modern Israeli braille.
    public var hebrewCode: HebrewCode

    /// North American ASCII braille: what BRF files and embossers use.
    public static let brfDisplay = "en-us-brf.dis"
    public static let defaultGreek = "grc-international-en.utb"
    /// liblouis's modern Israeli Hebrew table (`HebrewCode.israeli`).
    public static let israeliHebrew = "he-IL.utb"

    /// The English table of a grade: 1 (uncontracted) or 2 (contracted).
    public static func english(grade: Int) -> String { grade == 2 ? "en-ueb-g2.ctb" : "en-ueb-g1.ctb" }

    public init(
        greek: String = BrailleTables.defaultGreek, english: String = BrailleTables.english(grade: 1),
        hebrewCode: HebrewCode = .ihbc
    ) {
        self.greek = greek
        self.english = english
        self.hebrewCode = hebrewCode
    }

    /// The table list for a span's language, with the BRF display table first when the output is BRF.
    func list(for language: SpokenLanguage, output: Louis.Output) throws -> String {
        let table =
            switch language {
            case .greek: greek
            case .hebrew: try hebrewCode.table()
            default: english
            }
        return output == .ascii ? Self.brfDisplay + "," + table : table
    }

    /// Greek back to text: the Greek letter definitions the table uses (its "decomposed" set, where an accent is a
    /// cell before the letter) listed before the table itself, because liblouis back-translates a cell to the first
    /// character defined for it, and the Greek table defines the Latin letters (which share the same cells) before
    /// its Greek ones. Everything then comes back but the difference between σ and ς (one cell) and the diaeresis
    /// (the table writes ϊ ϋ with the cells of ι υ).
    public static let greekBackTranslation = [brfDisplay, "grc-international-decomposed.uti", defaultGreek]
        .joined(separator: ",")

    /// The language (and so the braille table) of a chapter's source words.
    package static func spoken(_ language: SourceLanguage) -> SpokenLanguage {
        language == .hebrew ? .hebrew : .greek
    }

    /// The transliteration of a chapter's source language.
    static func transliteration(_ language: SourceLanguage) -> SpokenLanguage {
        language == .hebrew ? .hebrewTransliteration : .transliteration
    }

    /// Braille of text in one language. Greek is normalised to NFC first (the Greek table reads only precomposed
    /// letters; decomposed input comes out wrong); Hebrew is put in the order its code's table reads; a
    /// transliteration loses what UEB's liblouis tables have no sign for (`latin`).
    package func translate(_ text: String, _ language: SpokenLanguage, output: Louis.Output) throws -> String {
        let input =
            switch language {
            case .greek: Self.greek(text)
            case .hebrew: hebrewCode.prepared(text)
            case .transliteration, .hebrewTransliteration: Self.latin(text)
            default: text
            }
        return try Louis.translate(input, tableList: try list(for: language, output: output), output: output)
    }

    /// Greek as the Greek table reads it: precomposed, and the raised dot as the ano teleia (U+0387), the one
    /// sign the table defines for it. NFC itself turns U+0387 into the middle dot (U+00B7), which the table does
    /// not know and would print as an escape.
    static func greek(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            scalars.append(scalar == "\u{00B7}" ? "\u{0387}" : scalar)
        }
        return String(scalars)
    }

    /// A transliteration in the letters liblouis's UEB tables know: the SBL signs for alef and ayin (ʾ ʿ, which UEB
    /// has no sign for) become the apostrophe and the opening single quote, and the dot below (ḥ ṭ ṣ, likewise
    /// missing) is dropped. Macrons, breves, circumflexes, carons and acute accents are UEB modifiers and stay.
    static func latin(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x02BE: scalars.append("\u{2019}")
            case 0x02BF: scalars.append("\u{2018}")
            case 0x0323: break
            default: scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// A spoken line in Unicode braille, each span in its language's table: what a refreshable braille display
    /// shows as dots, whatever braille table its own driver has. Untranslatable text is kept as print.
    package func unicodeBraille(_ line: SpokenLine) -> String {
        line.spans.map { span in (try? translate(span.text, span.language, output: .unicode)) ?? span.text }.joined()
    }

    /// Back-translates Hebrew braille (BRF) written in `code` to print: letters and points as the code keeps them
    /// (`HebrewBraille.ihbcText` for IHBC).
    public static func hebrewText(fromBraille braille: String, code: HebrewCode = .ihbc) throws -> String {
        let text = try Louis.backTranslate(braille, tableList: brfDisplay + "," + (try code.table()))
        return code == .ihbc ? HebrewBraille.ihbcText(backTranslated: text) : text
    }

    /// Checks that liblouis is installed, that every table's files are ones liblouis can read safely
    /// (`BrailleTableFiles`), and that it can load every table (Greek, English, Hebrew).
    public func validate() throws {
        if let missing = Louis.unavailable { throw Louis.Failure(description: missing) }
        let tables = [greek, english, try hebrewCode.table()]
        for table in tables {
            // The files first: liblouis trusts them (an include of itself, /dev/zero, a FIFO).
            try BrailleTableFiles.check(Self.brfDisplay + "," + table)
        }
        for table in tables where !Louis.tableExists(Self.brfDisplay + "," + table) {
            throw Louis.Failure(
                description: "braille table \(table) not found (liblouis tables are in "
                    + "/usr/share/liblouis/tables)")
        }
    }
}
