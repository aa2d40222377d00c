import Foundation
import InterlinearCorpus
import InterlinearHTML
import InterlinearTable
import InterlinearTypesetting

/// The formats `interlinear export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One self-contained web page (style inlined), with navigation between chapters when there are several.
    case html
    /// An EPUB 3 book: a content document per chapter, a navigation document with the page list of the printed
    /// copy, EPUB Accessibility 1.1 metadata.
    case epub
}

/// Publishes chapters as a web page or an EPUB book: `tiers` chooses the tiers shown, and `layout` (the session's
/// typesetting, with its width and font size) and `paper` fix the printed pages an EPUB's page list names (the
/// pages `interlinear render --format pdf` draws with the same options). It knows no session: its caller, which
/// loaded the chapters, passes what it needs of one.
public struct Exporter {
    /// The tiers shown.
    public let tiers: TierSet
    /// Typesets a chapter the caller loaded (the session's `layout(_:)`).
    public let layout: (Chapter) -> ChapterLayout
    package var paper: Paper = .a4
    /// The English column's source and licence for the credits: the BSB, or the SWORD Bible `--translation` named.
    public var englishCredit = PageCredits.berean
    /// Which text leads (`ChapterDocument.order`): the source's words, or the English words over them
    /// (`--order english`); `layout` lays out in the same order, so an EPUB's pages begin where the PDF's do.
    public var order = WordOrder.source

    public init(tiers: TierSet, layout: @escaping (Chapter) -> ChapterLayout) {
        self.tiers = tiers
        self.layout = layout
    }

    /// "John 1", or "Philemon 1, Jude 1".
    public static func title(of chapters: [Chapter]) -> String {
        chapters.map { $0.reference.description }.joined(separator: ", ")
    }

    /// The web page: every chapter in one document, chapter links in a `nav` when there are several.
    public func html(_ chapters: [Chapter]) -> Data {
        let serialization = Serialization.html
        var out = serialization.prologue(title: Self.title(of: chapters))
        if chapters.count > 1 {
            out += "<header>\n<nav aria-label=\"Chapters\"><ol>\n"
            for chapter in chapters {
                let id = Markup.id(chapter.reference.osisID)
                out += "<li><a href=\"#\(id)\">\(Markup.text(chapter.reference.description))</a></li>\n"
            }
            out += "</ol></nav>\n</header>\n"
        }
        out += "<main>\n"
        for chapter in chapters {
            var document = ChapterDocument(
                chapter: chapter, tiers: tiers, serialization: serialization, pageMarks: PageMarks())
            document.order = order
            document.write(into: &out)
        }
        // The colour switch at the foot: a screen reader starts at the chapter's title, as before it.
        out += "</main>\n" + footer(chapters, leading: PageTheme.switchMarkup) + "</body>\n</html>\n"
        return Data(out.utf8)
    }

    /// The sources' credits, for the languages the chapters are in.
    func footer(_ chapters: [Chapter], leading: String = "") -> String {
        PageCredits.footer(
            greek: chapters.contains { $0.language == .greek }, hebrew: chapters.contains { $0.language == .hebrew },
            english: englishCredit, leading: leading)
    }

    /// The EPUB book (`EPUBPackage`), handed to `write` piece by piece as each chapter is made; `modified` is its
    /// `dcterms:modified` date. With a `narrator` (`--audio`), each chapter also gets its audio (MP3) and media
    /// overlay, made and written before the next chapter is begun: no book-sized buffer.
    public func epub(
        _ chapters: [Chapter], modified: Date, narrator: Narrator? = nil,
        into write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let prefixed = chapters.count > 1
        var zip = ZipArchive(writingTo: write)
        try EPUBPackage.start(&zip)
        var documents: [EPUBPackage.Document] = []
        for chapter in chapters {
            let layout = self.layout(chapter)
            let frame = PageFrame(paper: paper, columnWidth: Double(layout.options.width))
            let marks = PageMarks(
                layout: layout, frame: frame,
                prefix: prefixed ? "\(chapter.reference.description) page " : "")
            var document = ChapterDocument(chapter: chapter, tiers: tiers, serialization: .xhtml, pageMarks: marks)
            document.wordIDs = narrator != nil
            document.order = order
            var body = Serialization.xhtml.prologue(title: chapter.reference.description) + "<main>\n"
            document.write(into: &body)
            body += "</main>\n" + footer([chapter]) + "</body>\n</html>\n"
            var entry = EPUBPackage.Document(
                chapter: chapter, file: "\(document.idPrefix).xhtml", idPrefix: document.idPrefix, pages: marks.pages)
            try zip.append("EPUB/\(entry.file)", text: body)
            if let narrator {
                let audio = "\(document.idPrefix).mp3", overlayFile = "\(document.idPrefix).smil"
                let (sound, overlay) = try narrator.narrate(document, textFile: entry.file, audioFile: audio)
                try zip.append("EPUB/\(audio)", sound)
                try zip.append("EPUB/\(overlayFile)", text: overlay.smil)
                entry.overlay = (overlayFile, audio, overlay.milliseconds)
            }
            documents.append(entry)
        }
        try EPUBPackage(title: Self.title(of: chapters), documents: documents, paper: paper, modified: modified)
            .finish(&zip)
    }
}
