import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearExport
import InterlinearSession
import InterlinearStore
import InterlinearSword
import InterlinearTable

extension ExportFormat: ExpressibleByArgument {}

/// `interlinear export REF…`: chapters published as an accessible web page or EPUB 3 book.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", _superCommandName: InterlinearCommand.name,
        abstract: "Publish chapters as an accessible web page (HTML) or EPUB 3 book.",
        discussion: """
            Each word is a stack of its tiers, every span tagged with its language (grc, hbo, grc-Latn, hbo-Latn, \
            en), verses are h2 headings, the translation a paragraph; screen readers hear the source word and its \
            spoken form. With --order english each English word in the translation's order stands over the source \
            words it translates, and screen readers hear it with what it translates. HTML is one self-contained page; EPUB has a content document per chapter, a navigation \
            document with the page list of the PDF `render --format pdf` prints with the same options, and EPUB \
            Accessibility 1.1 metadata. A reference may be a chapter, verses of one, a book ("Jude": every chapter) \
            or chapters of a book ("John 1-3").
            """)

    @Argument(help: "Chapters or verses (\"John 1\", \"Jn 1:1-5\"), a book (\"Jude\") or chapters (\"John 1-3\").")
    var references: [String]

    @OptionGroup var settings: LayoutSettings

    @Option(
        name: .customLong("format"),
        help: "Output format: html or epub (default: the one --output's name ends with, else html).")
    var chosenFormat: ExportFormat?

    /// `--format`, or the format `--output`'s extension names, or HTML (`validate` refuses a contradiction).
    var format: ExportFormat { (try? OutputFormat.chosen(chosenFormat, output: output, default: .html)) ?? .html }

    @Option(help: "Paper of the printed copy whose pages the EPUB page list names: a4 or letter.")
    var paper: Paper = .a4

    @Option(help: ArgumentHelp(WordOrder.help))
    var order: WordOrder = .source

    @Flag(
        help: """
            EPUB only: narrate the book (espeak-ng's English voice, an MP3 per chapter) with media overlays, so \
            reading systems read it aloud, highlighting each verse heading and word as it is said.
            """)
    var audio = false

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    /// The most chapters one export holds (Psalms, the longest book, has 150).
    static let maximumChapters = 150

    func validate() throws {
        _ = try OutputFormat.chosen(chosenFormat, output: output, default: ExportFormat.html)
        guard !audio || format == .epub else {
            throw ValidationError("--audio narrates an EPUB book: add --format epub (media overlays are EPUB's)")
        }
        guard !references.isEmpty else { throw ValidationError("name at least one chapter, such as \"John 1\"") }
        let passages = try references.flatMap(Self.passages)
        guard passages.count <= Self.maximumChapters else {
            throw ValidationError("\(passages.count) chapters is more than one export holds (\(Self.maximumChapters))")
        }
    }

    /// The passages one reference names: itself, every chapter of a book, or chapters A–B of a book.
    static func passages(_ text: String) throws -> [Passage] {
        if let book = Book.named(text) {
            return (1...max(1, book.chapterCount)).map { Passage(chapter: ChapterReference(book: book, chapter: $0)) }
        }
        let normalized = text.replacingOccurrences(of: "–", with: "-")
        if !normalized.contains(":"), let dash = normalized.lastIndex(of: "-"),
            let last = Int(normalized[normalized.index(after: dash)...].trimmingCharacters(in: .whitespaces)),
            let first = Passage(parsing: String(normalized[..<dash])), first.verses == nil
        {
            let book = first.chapter.book
            guard first.chapter.chapter <= last else {
                throw ValidationError(
                    "\(EscapedText.quoted(text)): a range of chapters runs from the first to the last")
            }
            guard last <= book.chapterCount else {
                throw ValidationError("\(EscapedText.quoted(text)): \(book.name) has chapters 1–\(book.chapterCount)")
            }
            return (first.chapter.chapter...last).map { Passage(chapter: ChapterReference(book: book, chapter: $0)) }
        }
        return [try parseReference(text)]
    }

    func run() throws {
        try reportingFailures {
            let passages = try references.flatMap(Self.passages)
            let library = try ChapterLibrary.open(corpus: settings.corpus)
            let source = try TranslationChoice.source(settings.translation, over: library, order: order)
            var options = try settings.layoutOptions()
            options.order = order
            let session = try Interlinear(
                library: source, font: settings.font, options: options, cache: settings.cachePolicy)
            let chapters = try passages.map {
                // The EPUB's page list comes from the layout, which in English order shows the marks.
                session.inLayoutOrder(try session.chapter($0, hebrewMarks: settings.hebrewMarks))
            }
            var exporter = Exporter(tiers: session.options.tiers, layout: { session.layout($0) })
            exporter.paper = paper
            exporter.order = order
            if let translated = source as? TranslatedLibrary { exporter.englishCredit = translated.bible.credit }
            switch format {
            case .html: try emit(exporter.html(chapters), to: output)
            case .epub:
                // The libraries load here, before a byte is written, and only with --audio.
                let narrator = try audio ? Narrator() : nil
                // Written chapter by chapter (with --audio, minutes of synthesis that may fail midway): standard
                // output gets the book whole or nothing.
                try OutputTarget(output).writeWhole { sink in
                    try exporter.epub(chapters, modified: Self.modificationDate(), narrator: narrator) {
                        try sink.write($0)
                    }
                }
            }
            session.saveCaches()
        }
    }

    /// Now, or `$SOURCE_DATE_EPOCH` (reproducible builds) when it is a number of seconds.
    static func modificationDate() -> Date {
        if let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(text), seconds >= 0 {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return Date()
    }
}
