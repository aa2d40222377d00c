import ArgumentParser
import Foundation
import InterlinearBraille
import InterlinearCorpus
import InterlinearStore

/// A braille grade: 1 (uncontracted) or 2 (contracted). Greek is never contracted.
struct BrailleGrade: ExpressibleByArgument, Equatable {
    let value: Int

    static let uncontracted = BrailleGrade(value: 1)

    private init(value: Int) { self.value = value }

    /// Any whole number: one out of range is refused by the command's `validate()`, which says the range.
    init?(argument: String) {
        guard let value = Int(argument) else { return nil }
        self.value = value
    }

    var isValid: Bool { value == 1 || value == 2 }

    static var defaultCompletionKind: CompletionKind { .list(["1", "2"]) }
}

/// The file `interlinear braille` writes: BRF (North American ASCII braille) or PEF (Portable Embosser Format).
enum BrailleFormat: String, ExpressibleByArgument, CaseIterable {
    case brf, pef
}

/// `--hebrew-code ihbc|israeli`: the braille code of Hebrew words.
extension HebrewCode: ExpressibleByArgument {
    static let help = """
        Hebrew braille code: ihbc (International Hebrew Braille Code, the code of Biblical Hebrew: every vowel, \
        dagesh, mappiq, maqaf, sof pasuq, the main accents) or israeli (liblouis's modern Israeli table).
        """
}

/// `interlinear braille REF`: the interlinear chapter as an embosser-ready BRF or PEF file, through liblouis.
struct BrailleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "braille", _superCommandName: InterlinearCommand.name,
        abstract: "Write a chapter as embosser-ready braille (BRF or PEF).",
        discussion: """
            Greek in liblouis's Greek table (grc-international-en.utb, text normalised to NFC), Hebrew in the \
            International Hebrew Braille Code (the project's own liblouis table; --hebrew-code israeli for \
            liblouis's modern Israeli table), English in Unified English Braille, \
            grade 1 unless --grade 2. Each word's source text, optionally its transliteration and parsing, and its \
            gloss on successive lines as in print, the source between non-UEB code indicators, a transcriber's \
            note first, verse numbers at the start of each verse (and again atop a page that starts mid-verse), \
            the verse's translation below, a running head on each page. 40 cells by 25 lines unless told \
            otherwise, page numbers on the last line; BRF has a form feed after each page.
            """)

    @Argument(help: "A chapter or verses: \"John 1\", \"John 1:1-14\", \"Rom 8\" (case-insensitive).")
    var reference: String

    @Option(help: "English braille table (default: en-ueb-g1.ctb, or en-ueb-g2.ctb with --grade 2).")
    var table: String?

    @Option(help: "Greek braille table.")
    var greekTable = BrailleTables.defaultGreek

    @Option(help: ArgumentHelp(HebrewCode.help))
    var hebrewCode = HebrewCode.ihbc

    // Unconditional: `--grade -1` is a value out of range, not a missing one.
    @Option(parsing: .unconditional, help: "English braille grade: 1 (uncontracted) or 2 (contracted).")
    var grade = BrailleGrade.uncontracted

    @Option(help: "File format: brf (North American ASCII braille) or pef (Portable Embosser Format).")
    var format = BrailleFormat.brf

    @Flag(help: "Add each word's transliteration under it.")
    var transliteration = false

    @Flag(help: "Add each word's parsing (morphology code) under it.")
    var parsing = false

    @Option(parsing: .unconditional, help: "Cells per line.")
    var cells = 40

    @Option(parsing: .unconditional, help: "Lines per page, the page-number line included.")
    var lines = 25

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    @Option(help: ArgumentHelp(TranslationChoice.help))
    var translation: String = "BSB"

    func validate() throws {
        guard grade.isValid else {
            throw ValidationError("--grade must be 1 (uncontracted) or 2 (contracted), got \(grade.value)")
        }
        guard (BRFDocument.minimumCells...1000).contains(cells) else {
            throw ValidationError("--cells must be from \(BRFDocument.minimumCells) to 1000")
        }
        guard (BRFDocument.minimumLines...1000).contains(lines) else {
            throw ValidationError("--lines must be from \(BRFDocument.minimumLines) to 1000")
        }
        if let table, table.isEmpty { throw ValidationError("--table must name a table") }
        try TranslationChoice.validate(translation)
        // Bounded before liblouis sees them (`Louis.maximumTableListBytes`): a table file name is at most 255 bytes.
        for (option, name) in [("table", table ?? ""), ("greek-table", greekTable)] where name.utf8.count > 255 {
            throw ValidationError("--\(option) is \(name.utf8.count) bytes long; a braille table's name is at most 255")
        }
    }

    func run() throws {
        try reportingFailures {
            let passage = try parseReference(reference)
            // A verse range ("John 1:1–5") brailles just those verses.
            // Braille needs the chapter's text only: no fonts, no layout, so no session.
            let library = try ChapterLibrary.open(corpus: corpus)
            let chapter =
                TranslationChoice.isDefault(translation)
                ? try library.load(passage, into: StringTableBuilder(), morphemes: false)
                : try TranslationChoice.translated(translation, over: library).load(
                    passage.chapter, into: StringTableBuilder(), morphemes: false
                )
                .selecting(passage)
            let tables = BrailleTables(
                greek: greekTable, english: table ?? BrailleTables.english(grade: grade.value), hebrewCode: hebrewCode)
            try tables.validate()
            let tiers = ChapterBraille.Tiers(transliteration: transliteration, parsing: parsing)
            let braille = try ChapterBraille(chapter, tables: tables, cells: cells, tiers: tiers)
            let document = try BRFDocument(braille, tables: tables, cells: cells, lines: lines)
            switch format {
            case .brf: try emit(Data(document.data), to: output)
            case .pef:
                let title = chapter.reference.description
                let pef = PEFDocument(document, title: title, identifier: "interlinear:" + title)
                try emit(Data(pef.data), to: output)
            }
        }
    }
}
