import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearRender
import InterlinearSession
import InterlinearStore

/// `render` of a book or chapters of one (`"John"`, `"Ps 1-41"`, any range `export` takes): one PDF with a title
/// page, each chapter from a new page, made and drawn one chapter at a time.
extension RenderCommand {
    /// Whether the reference names a book or several chapters (`ExportCommand.passages`), not a chapter or verses.
    func isBook() throws -> Bool {
        if Book.named(reference) != nil { return true }
        return try ExportCommand.passages(reference).count > 1
    }

    /// A book prints only as PDF, whole chapters, at most as many as one export holds.
    func validateBook() throws {
        let quoted = EscapedText.quoted(reference)
        let passages = try ExportCommand.passages(reference)
        guard format == .pdf else {
            let example = passages.first.map { "\"\($0.chapter)\"" } ?? "\"John 1\""
            throw ValidationError(
                "\(quoted) names a book or chapters, and a \(format.rawValue.uppercased()) draws one chapter: "
                    + "name one (\(example)) or use --format pdf")
        }
        guard from == nil, to == nil else {
            throw ValidationError("--from and --to pick verses of one chapter, and \(quoted) names several")
        }
        let count = passages.count
        guard count <= ExportCommand.maximumChapters else {
            throw ValidationError("\(count) chapters is more than one PDF holds (\(ExportCommand.maximumChapters))")
        }
    }

    func runBook() throws {
        try reportingFailures {
            let passages = try ExportCommand.passages(reference)
            let library = try ChapterLibrary.open(corpus: settings.corpus)
            let source = try TranslationChoice.source(settings.translation, over: library, order: order)
            var options = try settings.layoutOptions()
            options.order = order
            let session = try Interlinear(
                library: source, font: settings.font, options: options, cache: settings.cachePolicy)
            let title = Self.bookTitle(passages)
            let hebrewMarks = settings.hebrewMarks
            let book = PrintedBook(
                titlePage: Self.titlePage(
                    title, passages: passages, translation: settings.translation, order: order),
                chapterCount: passages.count
            ) { index in
                let loaded = try session.chapter(passages[index], hebrewMarks: hebrewMarks)
                let chapter = session.inLayoutOrder(loaded)
                let layout = session.layout(chapter)
                let painter = try ChapterPainter(
                    chapter: chapter, layout: layout,
                    runs: session.cache.snapshot(of: ChapterPainter.texts(of: layout)), fonts: session.fonts)
                return PrintedChapter(
                    painter: painter, cells: 0..<chapter.verses.count, title: chapter.reference.description)
            }
            var request = RenderRequest(format: .pdf, cells: 0..<0, title: title)
            request.paper = paper
            request.overlay = overlay == .a11y
            let captions = ShapeCacheCaptions(cache: session.cache, intern: session.intern)
            let rendered = try ChapterRenderer.renderPDF(book, request: request, captions: captions)
            try emit(rendered.data, to: output)
            session.saveCaches()
            if rendered.missingGlyphs > 0 {
                reportWarning("\(rendered.missingGlyphs) glyphs no installed font has were drawn as boxes")
            }
        }
    }

    /// "John" for the whole book, "Psalms 1–41" for some of its chapters.
    static func bookTitle(_ passages: [Passage]) -> String {
        guard let first = passages.first?.chapter, let last = passages.last?.chapter else { return "" }
        if first.chapter == 1, last.chapter == first.book.chapterCount, passages.count == last.chapter {
            return first.book.name
        }
        return "\(first.book.name) \(first.chapter)–\(last.chapter)"
    }

    /// The title page: the title, the texts printed, the number of chapters.
    static func titlePage(
        _ title: String, passages: [Passage], translation: String, order: WordOrder = .source
    ) -> [String] {
        let source =
            switch passages.first?.chapter.book.language ?? .greek {
            case .greek: "Greek (SBLGNT)"
            case .hebrew: "Hebrew (Westminster Leningrad Codex)"
            }
        let chapters = passages.count == 1 ? "1 chapter" : "\(passages.count) chapters"
        let kind =
            order == .english
            ? "Reverse interlinear: English (\(translation)) with \(source)"
            : "Interlinear: \(source) with English (\(translation))"
        return [title, kind, chapters]
    }
}
