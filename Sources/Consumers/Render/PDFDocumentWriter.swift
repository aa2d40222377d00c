import CCairo
import Foundation
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// Writes a chapter, or chapters of a book after a title page, as a paginated PDF: each chapter from a new page,
/// pages of whole rows (`Pagination`), a running head with the page's verses, page numbers, the chapter's name as a
/// heading on its first page, an outline entry per chapter, and a structure tag per verse on each page (cairo 1.16
/// tags), finished by `PDFLanguage`.
struct PDFDocumentWriter {
    /// Interns and shapes the headings, running heads and page numbers.
    let captions: any CaptionSource
    let request: RenderRequest
    let book: PrintedBook

    /// The document's language, `/Lang` in its catalog: the captions and the English tiers.
    static let documentLanguage = "en"

    /// What the pages of the chapters drawn so far handed on to the document's finishing.
    private struct Drawn {
        var pages: [PageSlice] = []
        var actualTexts: [(element: StructureTags.Element, text: String)] = []
        var elementLanguages: [(element: StructureTags.Element, language: String)] = []
        var begun = (rb: 0, span: 0)
        var language: String?
        var missingGlyphs = 0
        var overlayFrames: [OverlayFrame] = []
        /// The codes the pages printed, for the key at the end.
        var key = CodeKey()
    }

    func write() throws -> RenderResult {
        let paper = request.paper, margin = request.margin
        let output = CairoOutput()
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                CairoOutput.write, output.closure, paper.width, paper.height)
        else { throw RenderError("cairo cannot create a PDF surface") }
        try check(cairo_surface_status(surface), "cannot create a PDF surface")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, request.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "interlinear render")
        var drawn = Drawn()
        do {
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
            defer { cairo_destroy(cr) }
            let furniture = PageFurniture(captions: captions, paper: paper, margin: margin)
            // The structure root's one child: the document (headings and a P per verse and page inside it).
            cairo_tag_begin(cr, "Document", "")
            var bookOutline = Int32(CAIRO_PDF_OUTLINE_ROOT)
            var number = 0
            // The painter of the chapter drawn last: its fonts draw the key.
            var last: ChapterPainter?
            for index in 0..<book.chapterCount {
                let chapter = try book.chapter(index)
                last = chapter.painter
                if index == 0, !book.titlePage.isEmpty {
                    cairo_pdf_surface_set_page_label(surface, "i")
                    furniture.drawTitlePage(cr, lines: book.titlePage, painter: chapter.painter)
                    cairo_show_page(cr)
                    try check(cairo_status(cr), "drawing the title page failed")
                    bookOutline = cairo_pdf_surface_add_outline(
                        surface, Int32(CAIRO_PDF_OUTLINE_ROOT), book.titlePage[0], "page=1",
                        CAIRO_PDF_OUTLINE_FLAG_OPEN)
                }
                // Pages count from 1 in the file; the title page is the first.
                let firstPage = number + (book.titlePage.isEmpty ? 1 : 2)
                cairo_pdf_surface_add_outline(surface, bookOutline, chapter.title, "page=\(firstPage)", .init(0))
                try draw(chapter, into: cr, surface: surface, furniture: furniture, number: &number, drawn: &drawn)
            }
            if let last, !drawn.key.isEmpty {
                let firstPage = number + (book.titlePage.isEmpty ? 1 : 2)
                cairo_pdf_surface_add_outline(
                    surface, bookOutline, CodeKeyPages.heading, "page=\(firstPage)", .init(0))
                try CodeKeyPages(key: drawn.key, furniture: furniture, captions: captions).draw(
                    into: cr, surface: surface, painter: last, number: &number)
            }
            cairo_tag_end(cr, "Document")
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "cannot write the PDF")
        }
        let data =
            PDFLanguage.tagged(
                output.data, language: Self.documentLanguage, title: request.title,
                elementLanguages: drawn.language.map { ["RB": $0] } ?? [:],
                spanLanguages: drawn.elementLanguages, actualTexts: drawn.actualTexts,
                begun: ["RB": drawn.begun.rb, "Span": drawn.begun.span]) ?? output.data
        return RenderResult(
            data: data, width: Int(paper.width.rounded()), height: Int(paper.height.rounded()),
            pages: drawn.pages, overlayFrames: drawn.overlayFrames, missingGlyphs: drawn.missingGlyphs)
    }

    /// Draws one chapter's pages, its name as a heading on the first; `number` counts the numbered pages.
    private func draw(
        _ chapter: PrintedChapter, into cr: OpaquePointer, surface: OpaquePointer, furniture: PageFurniture,
        number: inout Int, drawn: inout Drawn
    ) throws {
        let painter = chapter.painter
        let width = Double(painter.layout.options.width)
        let frame = PageFrame(paper: request.paper, margin: request.margin, columnWidth: width)
        guard frame.fits else {
            throw RenderError(
                "the page margin \(request.margin) leaves too little room on \(request.paper.rawValue) paper")
        }
        let pages = frame.pages(of: painter.layout, cells: chapter.cells.clamped(to: 0..<painter.table.cellCount))
        let missingBefore = painter.missingGlyphsDrawn
        painter.wordSeparators = true
        painter.structureTags = true
        painter.rightToLeftElements = []
        painter.lemmaElements = []
        painter.markElements = []
        painter.structureElementsBegun = drawn.begun
        defer {
            painter.wordSeparators = false
            painter.structureTags = false
        }
        let overlay = request.overlay ? AccessibilityOverlay(painter: painter, captions: captions) : nil
        for (index, page) in pages.enumerated() {
            number += 1
            let label = String(number)
            cairo_pdf_surface_set_page_label(surface, label)
            furniture.drawHead(cr, text: chapter.range(of: page), painter: painter)
            if index == 0 { furniture.drawHeading(cr, chapter.title, level: book.chapterHeading, painter: painter) }
            cairo_save(cr)
            cairo_translate(cr, frame.left, request.margin)
            cairo_scale(cr, frame.scale, frame.scale)
            furniture.drawContinuedVerse(cr, page: page, painter: painter)
            for cell in page.cells {
                let rows = page.rows(of: painter.layout.cells[VerseIndex(cell)])
                // One paragraph per verse (per page it appears on): its labels in reading order.
                cairo_tag_begin(cr, "P", "")
                painter.paintCell(cell, into: cr, x: 0, y: Double(painter.table.origins[cell] - page.top), rows: rows)
                cairo_tag_end(cr, "P")
            }
            if let overlay {
                let viewport = Viewport(width: Float(width), height: page.bottom - page.top, scrollY: page.top)
                drawn.overlayFrames += overlay.draw(
                    into: cr, cells: page.cells, viewport: viewport, rows: page.top..<page.bottom)
            }
            cairo_restore(cr)
            furniture.drawPageNumber(cr, label, painter: painter)
            cairo_show_page(cr)
            try check(cairo_status(cr), "drawing page \(label) failed")
        }
        drawn.pages += pages
        drawn.key.collect(painter, pages: pages)
        drawn.actualTexts += painter.rightToLeftElements
        let language = painter.chapter.language.tag
        drawn.elementLanguages += painter.lemmaElements.map { ($0, language) }
        // The dash and the ditto mark are in the language of the English words around them, the document's.
        drawn.elementLanguages += painter.markElements.map { ($0, Self.documentLanguage) }
        drawn.begun = painter.structureElementsBegun
        drawn.language = drawn.language ?? painter.chapter.language.tag
        drawn.missingGlyphs += painter.missingGlyphsDrawn - missingBefore
    }
}
