import CCairo
import Foundation
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// Writes cells as a paginated PDF: pages of whole rows (`Pagination`), a running header with the title, page
/// numbers, the title and language in the document, and a structure tag per verse on each page (cairo 1.16 tags).
struct PDFDocumentWriter {
    let painter: ChapterPainter
    /// Interns and shapes the running header and the page numbers.
    let captions: any CaptionSource
    let request: RenderRequest
    let cells: Range<Int>

    /// Header and footer text size, points.
    static let furnitureSize = 9.0

    func write() throws -> RenderResult {
        let paper = request.paper
        let margin = request.margin
        let width = Double(painter.layout.options.width)
        let frame = PageFrame(paper: paper, margin: margin, columnWidth: width)
        guard frame.fits else {
            throw RenderError("the page margin \(margin) leaves too little room on \(paper.rawValue) paper")
        }
        let scale = frame.scale, left = frame.left
        let pages = frame.pages(of: painter.layout, cells: cells)

        let output = CairoOutput()
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                CairoOutput.write, output.closure, paper.width,
                paper.height)
        else { throw RenderError("cairo cannot create a PDF surface") }
        try check(cairo_surface_status(surface), "cannot create a PDF surface")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, request.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "interlinear render")
        let missingBefore = painter.missingGlyphsDrawn
        painter.wordSeparators = true
        painter.structureTags = true
        painter.rightToLeftElements = []
        painter.structureElementsBegun = (0, 0)
        defer {
            painter.wordSeparators = false
            painter.structureTags = false
        }
        var frames: [OverlayFrame] = []
        do {
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
            defer { cairo_destroy(cr) }
            let overlay = request.overlay ? AccessibilityOverlay(painter: painter, captions: captions) : nil
            // The structure root's one child: the document (a P per verse and page inside it).
            cairo_tag_begin(cr, "Document", "")
            for (number, page) in pages.enumerated() {
                let label = String(number + 1)
                cairo_pdf_surface_set_page_label(surface, label)
                drawFurniture(cr, pageNumber: label, paper: paper, margin: margin)
                cairo_save(cr)
                cairo_translate(cr, left, margin)
                cairo_scale(cr, scale, scale)
                for cell in page.cells {
                    let rows = page.rows(of: painter.layout.cells[VerseIndex(cell)])
                    // One paragraph per verse (per page it appears on): its labels in reading order.
                    cairo_tag_begin(cr, "P", "")
                    painter.paintCell(
                        cell, into: cr, x: 0, y: Double(painter.table.origins[cell] - page.top), rows: rows)
                    cairo_tag_end(cr, "P")
                }
                if let overlay {
                    let viewport = Viewport(width: Float(width), height: page.bottom - page.top, scrollY: page.top)
                    frames += overlay.draw(
                        into: cr, cells: page.cells, viewport: viewport, rows: page.top..<page.bottom)
                }
                cairo_restore(cr)
                cairo_show_page(cr)
                try check(cairo_status(cr), "drawing page \(label) failed")
            }
            cairo_tag_end(cr, "Document")
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "cannot write the PDF")
        }
        let data =
            PDFLanguage.tagged(
                output.data, language: "en", title: request.title,
                elementLanguages: ["RB": painter.chapter.language.tag],
                actualTexts: painter.rightToLeftElements,
                begun: [
                    "RB": painter.structureElementsBegun.rb,
                    "Span": painter.structureElementsBegun.span,
                ]) ?? output.data
        return RenderResult(
            data: data, width: Int(paper.width.rounded()), height: Int(paper.height.rounded()),
            pages: pages, overlayFrames: frames, missingGlyphs: painter.missingGlyphsDrawn - missingBefore)
    }

    /// The running header (the title, centred, over a hairline) and the page number, centred at the foot.
    private func drawFurniture(_ cr: OpaquePointer, pageNumber: String, paper: Paper, margin: Double) {
        let size = Self.furnitureSize
        let style = TierStyle(colour: Colour(hex: 0x555555))
        let title = captions.intern(request.title)
        let titleWidth = Double(captions.run(title).advance) * size
        painter.drawCaption(
            title, from: captions, tier: .translation, into: cr, left: (paper.width - titleWidth) / 2,
            top: margin - 2.6 * size, size: size, exactSize: true, style: style)
        painter.set(cr, Colour(hex: 0xB0A898))
        cairo_set_line_width(cr, 0.5)
        cairo_move_to(cr, margin, margin - 0.9 * size)
        cairo_line_to(cr, paper.width - margin, margin - 0.9 * size)
        cairo_stroke(cr)
        let number = captions.intern(pageNumber)
        let numberWidth = Double(captions.run(number).advance) * size
        painter.drawCaption(
            number, from: captions, tier: .translation, into: cr, left: (paper.width - numberWidth) / 2,
            top: paper.height - margin + 1.2 * size, size: size, exactSize: true, style: style)
    }
}
