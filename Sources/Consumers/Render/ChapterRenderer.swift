import CCairo
import Foundation
import InterlinearTable
import InterlinearTypesetting

/// Renders a range of cells to PNG, SVG or PDF in memory with a `ChapterPainter` (and, on request, the
/// accessibility overlay), its captions (a PDF's header and page numbers, the overlay's) from `captions`. The
/// caller writes `RenderResult.data` atomically.
public final class ChapterRenderer {
    public let painter: ChapterPainter
    package let captions: any CaptionSource
    /// The largest PNG side cairo's image surfaces allow.
    public static let maximumPixels = 32_767

    package init(painter: ChapterPainter, captions: any CaptionSource) {
        self.painter = painter
        self.captions = captions
    }

    /// Renders `request`. Throws `RenderError` when the image would be too large or cairo fails.
    public func render(_ request: RenderRequest) throws -> RenderResult {
        let cells = request.cells.clamped(to: 0..<painter.table.cellCount)
        guard !cells.isEmpty else { throw RenderError("no verses to render") }
        switch request.format {
        case .png:
            return try PNGRenderer(painter: painter, captions: captions, request: request, slice: span(of: cells))
                .render()
        case .svg: return try renderSVG(request, cells: cells)
        case .pdf:
            let chapter = PrintedChapter(painter: painter, cells: cells, title: painter.chapter.reference.description)
            return try Self.renderPDF(
                PrintedBook(titlePage: [], chapterCount: 1) { _ in chapter }, request: request, captions: captions)
        }
    }

    /// Renders `book` (one chapter, or chapters of a book after a title page) as one PDF, on `request`'s paper.
    package static func renderPDF(_ book: PrintedBook, request: RenderRequest, captions: any CaptionSource) throws
        -> RenderResult
    {
        try PDFDocumentWriter(captions: captions, request: request, book: book).write()
    }

    /// The chapter-y range of `cells`.
    func span(of cells: Range<Int>) -> PageSlice {
        let origins = painter.table.origins
        return PageSlice(top: origins[cells.lowerBound], bottom: origins[cells.upperBound], cells: cells)
    }

    /// Paints `slice` with its top at user-space y = 0, the overlay too when asked; returns the overlay's frames.
    func paintSlice(_ slice: PageSlice, into cr: OpaquePointer, overlay: Bool) -> [OverlayFrame] {
        let width = Double(painter.layout.options.width)
        painter.paintBackground(into: cr, x: 0, y: 0, width: width, height: Double(slice.bottom - slice.top))
        painter.paint(into: cr, cells: slice.cells, scrollY: Double(slice.top))
        guard overlay else { return [] }
        let viewport = Viewport(width: Float(width), height: slice.bottom - slice.top, scrollY: slice.top)
        return AccessibilityOverlay(painter: painter, captions: captions).draw(
            into: cr, cells: slice.cells, viewport: viewport)
    }

    private func renderSVG(_ request: RenderRequest, cells: Range<Int>) throws -> RenderResult {
        let slice = span(of: cells)
        let width = Double(painter.layout.options.width), height = Double(slice.bottom - slice.top)
        let output = CairoOutput()
        guard let surface = cairo_svg_surface_create_for_stream(CairoOutput.write, output.closure, width, height)
        else { throw RenderError("cairo cannot create an SVG surface") }
        try check(cairo_surface_status(surface), "cannot create an SVG surface")
        let missingBefore = painter.missingGlyphsDrawn
        var frames: [OverlayFrame] = []
        do {
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
            defer { cairo_destroy(cr) }
            frames = paintSlice(slice, into: cr, overlay: request.overlay)
            try check(cairo_status(cr), "drawing failed")
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "cannot write the SVG")
        }
        let svg = try SVGTextLayer(painter: painter, slice: slice, title: request.title).insert(into: output.data)
        return RenderResult(
            data: svg, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), pages: [slice],
            overlayFrames: frames, missingGlyphs: painter.missingGlyphsDrawn - missingBefore)
    }
}
