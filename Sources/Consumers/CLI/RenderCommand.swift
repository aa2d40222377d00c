import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearRender
import InterlinearTable
import InterlinearTypesetting

extension RenderFormat: ExpressibleByArgument {}
extension Paper: ExpressibleByArgument {}

/// What `--overlay` draws over the page.
enum RenderOverlay: String, CaseIterable, ExpressibleByArgument {
    /// The accessibility elements' frames, node ids, verse containers and focus order.
    case a11y
}

/// `interlinear render REF`: the typeset chapter drawn with cairo, as PNG, SVG or PDF.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", _superCommandName: InterlinearCommand.name,
        abstract: "Draw a typeset chapter to PNG, SVG or PDF with cairo.",
        discussion: """
            PNG is --width x --scale pixels wide. SVG draws cairo's exact glyphs with an invisible text layer. PDF is \
            paginated (--paper), never cuts a row of word blocks, and carries the Bible's text, title and language. \
            --order english draws the reverse interlinear: the English words left to right, each with the source \
            words it translates under it, and the PDF's text and structure in that order. \
            --overlay a11y draws what a screen reader is told: every element's frame and node id, the verse \
            containers and the focus order.
            """)

    @Argument(
        help:
            "A chapter or verses (\"John 1\", \"Jn 1:14-18\"); for PDF also a book (\"Ruth\") or chapters (\"Ps 1-41\")."
    )
    var reference: String

    @OptionGroup var settings: LayoutSettings

    /// The reference and the layout options, as the other commands that lay out one chapter take them.
    var layout: LayoutArguments { .holding(LayoutRequest(reference: reference, settings: settings.values)) }

    @Option(
        name: .customLong("format"),
        help: "Output format: png, svg or pdf (default: the one --output's name ends with, else png).")
    var chosenFormat: RenderFormat?

    /// `--format`, or the format `--output`'s extension names, or PNG (`validate` refuses a contradiction).
    var format: RenderFormat { (try? OutputFormat.chosen(chosenFormat, output: output, default: .png)) ?? .png }

    @Option(parsing: .unconditional, help: "Pixels per point (PNG).")
    var scale: Double = 2

    @Option(help: "Paper size for PDF: a4 or letter.")
    var paper: Paper = .a4

    @Option(parsing: .unconditional, help: "First verse to draw.")
    var from: Int?

    @Option(parsing: .unconditional, help: "Last verse to draw.")
    var to: Int?

    @Option(help: "Draw an overlay: a11y (accessibility frames, node ids, focus order).")
    var overlay: RenderOverlay?

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    @Option(help: ArgumentHelp(WordOrder.help))
    var order: WordOrder = .source

    func validate() throws {
        _ = try OutputFormat.chosen(chosenFormat, output: output, default: RenderFormat.png)
        guard scale.isFinite, (0.25...8).contains(scale) else {
            throw ValidationError("--scale must be between 0.25 and 8, got \(scale)")
        }
        if let from, from < 1 { throw ValidationError("--from must be a verse number (1 or more), got \(from)") }
        if let to, to < 1 { throw ValidationError("--to must be a verse number (1 or more), got \(to)") }
        if let from, let to, from > to { throw ValidationError("--from \(from) comes after --to \(to)") }
        do { _ = try settings.layoutOptions() } catch { throw ValidationError(String(describing: error)) }
        // Known before any layout: an image wider than cairo draws is the values' fault (a usage error).
        let pixels = Int((settings.width * scale).rounded(.up))
        if format == .png, pixels > ChapterRenderer.maximumPixels {
            throw ValidationError(
                "the image would be \(pixels) pixels wide, wider than cairo's "
                    + "\(ChapterRenderer.maximumPixels); use a smaller --width or --scale")
        }
        if try isBook() {
            try validateBook()
            return
        }
        let passage = try parseReference(reference)
        // The reference's verses are what is laid out: --from/--to pick within them.
        if let verses = passage.verses {
            for (option, verse) in [("from", from), ("to", to)] {
                guard let verse, !verses.contains(verse) else { continue }
                throw ValidationError(
                    "--\(option) \(verse) is outside \(passage); give a verse from \(verses.lowerBound) "
                        + "to \(verses.upperBound), or name the whole chapter")
            }
        }
    }

    func run() throws {
        if (try? isBook()) == true { return try runBook() }
        try reportingFailures {
            let engine = try Engine(layout, order: order)
            let chapter = engine.chapter
            let cells = try verseCells(chapter)
            let session = engine.session
            let layout = engine.layout()
            let painter = try ChapterPainter(
                chapter: chapter, layout: layout, runs: session.cache.snapshot(of: ChapterPainter.texts(of: layout)),
                fonts: session.fonts)
            var request = RenderRequest(format: format, cells: cells, title: title(chapter, cells: cells))
            request.scale = scale
            request.paper = paper
            request.overlay = overlay == .a11y
            let captions = ShapeCacheCaptions(cache: session.cache, intern: session.intern)
            let rendered = try ChapterRenderer(painter: painter, captions: captions).render(request)
            try emit(rendered.data, to: output)
            engine.saveCaches()
            if rendered.missingGlyphs > 0 {
                reportWarning("\(rendered.missingGlyphs) glyphs no installed font has were drawn as boxes")
            }
        }
    }

    /// The table rows (cells, one per verse) of verses --from...--to (the whole chapter without them).
    private func verseCells(_ chapter: Chapter) throws -> Range<Int> {
        func index(_ verse: Int?, _ option: String) throws -> Int? {
            guard let verse else { return nil }
            guard let index = chapter.verseIndex(number: verse) else {
                throw Failure(.noInput, "--\(option) \(verse): \(chapter.reference) has no verse \(verse)")
            }
            return Int(index)
        }
        let first = try index(from, "from") ?? 0
        let last = try index(to, "to") ?? chapter.verses.count - 1
        return first..<(last + 1)
    }

    /// "John 1", or "John 1:1–3" for part of the chapter (a reference with verses, or --from/--to).
    private func title(_ chapter: Chapter, cells: Range<Int>) -> String {
        let name = chapter.reference.description
        let partial = from != nil || to != nil || (try? parseReference(reference))?.verses != nil
        guard partial, let first = cells.first, let last = cells.last else { return name }
        let a = chapter.verses[VerseIndex(first)].number, b = chapter.verses[VerseIndex(last)].number
        return a == b ? "\(name):\(a)" : "\(name):\(a)–\(b)"
    }
}
