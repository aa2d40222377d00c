import InterlinearAccessibility
import InterlinearCorpus

/// A chapter as interlinear braille lines, before pagination: the title, a transcriber's note, then per verse its
/// word blocks as in print — each word's tiers on successive lines (the source word, then optionally its
/// transliteration and its parsing, then its English gloss), blocks side by side in aligned columns two cells apart,
/// the verse number at the start of the verse's first source line — then the verse's translation as a paragraph.
/// All in North American ASCII braille (BRF).
///
/// The source words are in another braille code than the English around them (Greek braille, Israeli Hebrew
/// braille), so, as the Rules of Unified English Braille ask (§14.2–14.3, code switching), every source line is
/// enclosed in the opening non-UEB passage indicator with the code's identifier (⠐⠷…⠄: "gr" for international
/// Greek as the rules' own table gives, "he" for Hebrew) and the closing non-UEB passage indicator (⠠⠐⠾), and a
/// transcriber's note (§3.27, ⠈⠨⠣ … ⠈⠨⠜) at the start explains the layout and the codes.
public struct ChapterBraille {
    /// What a line holds, so tests and readers can tell the source apart.
    public enum Kind: Sendable, Equatable {
        case title, note, source, transliteration, parsing, gloss, translation, blank
    }

    public struct Line: Sendable, Equatable {
        public var kind: Kind
        public var text: String
        /// Lines that must stay on one page with the following one (a source line and its tiers).
        public var keepWithNext: Bool
        /// The verse the line belongs to (nil for the title and the note).
        public var verse: Int?
        /// Whether the line is the verse's first source line (the one that carries its number).
        public var startsVerse = false
    }

    /// Which tiers a word block has besides the source word and its gloss.
    public struct Tiers: Sendable, Equatable {
        public var transliteration: Bool
        public var parsing: Bool
        public init(transliteration: Bool = false, parsing: Bool = false) {
            self.transliteration = transliteration
            self.parsing = parsing
        }
    }

    public let lines: [Line]
    /// The running head: the chapter's reference in braille ("Genesis 1").
    public let title: String
    /// Each verse's number in braille, as it starts the verse ("#A"), by verse number.
    public let verseNumbers: [Int: String]

    /// The opening non-UEB passage indicator with an identifier (UEB §14.3.3: dots 5 and 12356, the identifier's
    /// letters, dot 3), in BRF.
    public static func openingCodeIndicator(identifier: String) -> String { "\"(" + identifier.uppercased() + "'" }
    /// The closing non-UEB passage indicator (dots 6, 5, 23456), in BRF.
    public static let closingCodeIndicator = ",\")"
    /// The transcriber's note indicators (UEB §3.27: dots 4, 46, 126 and 4, 46, 345), in BRF.
    public static let openingNote = "@.<", closingNote = "@.>"

    /// The identifier of a source language's braille code in the opening non-UEB passage indicator.
    public static func codeIdentifier(_ language: SourceLanguage) -> String { language == .hebrew ? "he" : "gr" }

    /// Brailles `chapter` for lines of `cells` cells.
    public init(_ chapter: Chapter, tables: BrailleTables, cells: Int, tiers: Tiers = Tiers()) throws {
        var lines: [Line] = []
        func english(_ text: String) throws -> String { try tables.translate(text, .english, output: .ascii) }
        let title = try english(chapter.reference.description)
        for row in BrailleWrap.rows(title, cells: cells) {
            lines.append(Line(kind: .title, text: BrailleWrap.centred(row, cells: cells), keepWithNext: false))
        }
        let note =
            Self.openingNote + " "
            + (try english(Self.noteText(chapter.language, tiers: tiers, hebrewCode: tables.hebrewCode))) + " "
            + Self.closingNote
        for row in BrailleWrap.rows(note, cells: cells) {
            lines.append(Line(kind: .note, text: row, keepWithNext: false))
        }

        let source = BrailleTables.spoken(chapter.language)
        let latin = BrailleTables.transliteration(chapter.language)
        let opening = Self.openingCodeIndicator(identifier: Self.codeIdentifier(chapter.language))
        var kinds: [Kind] = [.source]
        if tiers.transliteration { kinds.append(.transliteration) }
        if tiers.parsing { kinds.append(.parsing) }
        kinds.append(.gloss)
        var numbers: [Int: String] = [:]
        for verse in chapter.verses {
            lines.append(Line(kind: .blank, text: "", keepWithNext: false, verse: verse.number))
            // The verse number marks the verse: a braille number at the start of its first source line.
            let number = try english(String(verse.number))
            numbers[verse.number] = number
            var blocks: [[String]] = []
            for word in chapter.words[verse.words] {
                var block = [try tables.translate(chapter.text(word.printed), source, output: .ascii)]
                if tiers.transliteration {
                    block.append(try tables.translate(chapter.text(word.transliteration), latin, output: .ascii))
                }
                if tiers.parsing { block.append(try english(chapter.text(word.morphology))) }
                let gloss = Speakable.gloss(chapter.text(word.gloss))
                block.append(gloss.isEmpty ? "" : try english(gloss))
                blocks.append(block)
            }
            let layout = BlockRows(
                blocks: blocks, cells: cells, marker: number + " ", opening: opening,
                closing: " " + Self.closingCodeIndicator)
            for (rowIndex, row) in layout.rows.enumerated() {
                for (index, line) in row.enumerated() {
                    lines.append(
                        Line(
                            kind: kinds[min(line.tier, kinds.count - 1)], text: line.text,
                            keepWithNext: index + 1 < row.count, verse: verse.number,
                            startsVerse: rowIndex == 0 && index == 0))
                }
            }
            let tokens = chapter.translationTokens[verse.translation].map { chapter.text($0) }
            if !tokens.isEmpty {
                // A paragraph indented two cells, so it stands apart from the columns above.
                for row in BrailleWrap.rows(try english(tokens.joined(separator: " ")), cells: cells - 2) {
                    lines.append(Line(kind: .translation, text: "  " + row, keepWithNext: false, verse: verse.number))
                }
            }
        }
        self.lines = lines
        self.title = title
        self.verseNumbers = numbers
    }

    /// The transcriber's note, in print: how a verse is laid out and which braille codes it uses.
    static func noteText(_ language: SourceLanguage, tiers: Tiers, hebrewCode: HebrewCode = .ihbc) -> String {
        var tierNames = ["the \(language.englishName) word"]
        if tiers.transliteration { tierNames.append("its transliteration") }
        if tiers.parsing { tierNames.append("its parsing") }
        tierNames.append("its English gloss")
        var note =
            "Each verse starts with its number; under it each word is a column: "
            + tierNames.joined(separator: ", ") + ". The verse's translation follows. "
        switch language {
        case .greek:
            note +=
                "Greek is in international Greek braille between non-UEB code indicators marked gr; "
                + "final sigma is not distinguished."
        case .hebrew where hebrewCode == .ihbc:
            note +=
                "Hebrew is in the International Hebrew Braille Code, in reading order, between non-UEB code "
                + "indicators marked he: consonants, vowels, dagesh, mappiq, maqaf, sof pasuq, etnahta and zaqef "
                + "qatan (after their word); other accents and meteg are not shown, and final letters share the "
                + "cells of the other forms."
        case .hebrew:
            note +=
                "Hebrew is in Israeli Hebrew braille with vowel points, in reading order, between non-UEB code "
                + "indicators marked he. It has no cantillation or meteg, final letters share the cells of the "
                + "other forms, and shureq shares the cell of qibbuts."
        }
        if tiers.transliteration {
            note +=
                " In the transliteration \u{2019} is alef and \u{2018} is ayin; the dot below h, t and s is not shown."
        }
        return note
    }
}

/// Word blocks laid out in rows of aligned columns, as an interlinear is printed: each block is one text per tier,
/// as wide as its widest tier; blocks follow each other two cells apart and wrap to a new row at the line width.
/// A tier too wide for a line (a long gloss on a narrow page) is broken over several lines of its block.
struct BlockRows {
    struct Line {
        var text: String
        /// The tier the line shows (a tier too wide for a line takes several lines).
        var tier: Int
    }

    /// Rows of lines: per row, one line per tier line.
    private(set) var rows: [[Line]] = []

    /// `marker` starts the first row's first line (the others are indented as far); the first tier's lines are
    /// enclosed in `opening` and `closing` (the code indicators), and the other tiers indented to stay aligned.
    init(blocks: [[String]], cells: Int, marker: String, opening: String = "", closing: String = "") {
        let gap = 2
        let indent = marker.count + opening.count
        let room = max(cells - indent - closing.count, 1)
        var current: [[[String]]] = []  // blocks of the row being built: per block, per tier, its lines
        var width = 0
        func flush() {
            guard !current.isEmpty else { return }
            let first = rows.isEmpty
            var row = Self.render(current, gap: gap)
            for index in row.indices {
                if row[index].tier == 0 {
                    let lead = first && index == 0 ? marker : String(repeating: " ", count: marker.count)
                    row[index].text = lead + opening + row[index].text + closing
                } else if !row[index].text.isEmpty {
                    row[index].text = String(repeating: " ", count: indent) + row[index].text
                }
            }
            rows.append(row)
            current = []
            width = 0
        }
        for block in blocks {
            let tiers = block.map { BrailleWrap.rows($0, cells: room) }
            let blockWidth = tiers.flatMap { $0 }.map(\.count).max() ?? 0
            if !current.isEmpty, width + gap + blockWidth > room { flush() }
            width += (current.isEmpty ? 0 : gap) + blockWidth
            current.append(tiers)
        }
        flush()
    }

    /// One row: for each tier, as many lines as its tallest block needs; blocks padded to their column width.
    private static func render(_ blocks: [[[String]]], gap: Int) -> [Line] {
        let tierCount = blocks.map(\.count).max() ?? 0
        let widths = blocks.map { $0.flatMap { $0 }.map(\.count).max() ?? 0 }
        var lines: [Line] = []
        for tier in 0..<tierCount {
            let height = blocks.map { tier < $0.count ? $0[tier].count : 0 }.max() ?? 0
            for sub in 0..<height {
                var line = ""
                for (index, block) in blocks.enumerated() {
                    let text = tier < block.count && sub < block[tier].count ? block[tier][sub] : ""
                    line += text
                    if index + 1 < blocks.count {
                        line += String(repeating: " ", count: widths[index] - text.count + gap)
                    }
                }
                lines.append(Line(text: BrailleWrap.trimmingTrailingSpaces(line), tier: tier))
            }
        }
        return lines
    }
}

/// Line breaking and centring for BRF text, where every character is one cell.
enum BrailleWrap {
    /// `text` broken at spaces into lines of at most `cells` cells; a word longer than a line is cut.
    static func rows(_ text: String, cells: Int) -> [String] {
        let width = max(cells, 1)
        var rows: [String] = []
        var row = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            if !row.isEmpty, row.count + 1 + word.count <= width { row += " " + word; continue }
            if !row.isEmpty { rows.append(row) }
            while word.count > width {
                rows.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            row = String(word)
        }
        if !row.isEmpty || rows.isEmpty { rows.append(row) }
        return rows
    }

    static func centred(_ text: String, cells: Int) -> String {
        String(repeating: " ", count: max((cells - text.count) / 2, 0)) + text
    }

    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
