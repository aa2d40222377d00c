import CCairo
import Foundation
import InterlinearTable
import InterlinearTypesetting

/// Renders a range of cells to PNG, SVG or PDF in memory with a `ChapterPainter` (and, on request, the
/// accessibility overlay). The caller writes `RenderResult.data` atomically.
public final class ChapterRenderer {
    public let painter: ChapterPainter
    /// The largest PNG side cairo's image surfaces allow.
    public static let maximumPixels = 32_767

    public init(painter: ChapterPainter) { self.painter = painter }

    /// Renders `request`. Throws `RenderError` when the image would be too large or cairo fails.
    public func render(_ request: RenderRequest) throws -> RenderResult {
        let cells = request.cells.clamped(to: 0..<painter.table.cellCount)
        guard !cells.isEmpty else { throw RenderError("no verses to render") }
        switch request.format {
        case .png: return try renderPNG(request, cells: cells)
        case .svg: return try renderSVG(request, cells: cells)
        case .pdf: return try PDFDocumentWriter(painter: painter, request: request, cells: cells).write()
        }
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
        return AccessibilityOverlay(painter: painter).draw(into: cr, cells: slice.cells, viewport: viewport)
    }

    private func renderPNG(_ request: RenderRequest, cells: Range<Int>) throws -> RenderResult {
        guard request.scale.isFinite, request.scale > 0 else { throw RenderError("the scale must be positive") }
        let slice = span(of: cells)
        let width = Int((Double(painter.layout.options.width) * request.scale).rounded(.up))
        let height = Int((Double(slice.bottom - slice.top) * request.scale).rounded(.up))
        guard width <= Self.maximumPixels, height <= Self.maximumPixels else {
            throw RenderError("the image would be \(width)x\(height) pixels, more than cairo's \(Self.maximumPixels); "
                              + "render fewer verses (--from/--to) or at a smaller --scale")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(width, 1)), Int32(max(height, 1)))
        else { throw RenderError("cairo cannot create a \(width)x\(height) image") }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cannot create a \(width)x\(height) image")
        guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, request.scale, request.scale)
        let missingBefore = painter.missingGlyphsDrawn
        let frames = paintSlice(slice, into: cr, overlay: request.overlay)
        try check(cairo_status(cr), "drawing failed")
        cairo_surface_flush(surface)
        let output = CairoOutput()
        try check(cairo_surface_write_to_png_stream(surface, CairoOutput.write, output.closure), "cannot encode the PNG")
        return RenderResult(data: output.data, width: width, height: height, pages: [slice], overlayFrames: frames,
                            missingGlyphs: painter.missingGlyphsDrawn - missingBefore)
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
        return RenderResult(data: svg, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), pages: [slice],
                            overlayFrames: frames, missingGlyphs: painter.missingGlyphsDrawn - missingBefore)
    }
}
