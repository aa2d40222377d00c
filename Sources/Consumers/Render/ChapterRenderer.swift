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

    /// Rows of pixels painted at a time: the PNG is painted strip by strip into one reused cairo surface and
    /// encoded as it goes, so its height has no limit but the format's.
    static let stripRows = 1024

    private func renderPNG(_ request: RenderRequest, cells: Range<Int>) throws -> RenderResult {
        guard request.scale.isFinite, request.scale > 0 else { throw RenderError("the scale must be positive") }
        let slice = span(of: cells)
        let scale = request.scale
        let layoutWidth = Double(painter.layout.options.width)
        let width = Int((layoutWidth * scale).rounded(.up))
        let height = Int((Double(slice.bottom - slice.top) * scale).rounded(.up))
        guard width <= Self.maximumPixels, height <= Int(Int32.max) else {
            throw RenderError("the image would be \(width)x\(height) pixels, wider than cairo's \(Self.maximumPixels); "
                              + "use a smaller --width or --scale")
        }
        let rows = min(Self.stripRows, max(height, 1))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(width, 1)), Int32(rows))
        else { throw RenderError("cairo cannot create a \(width)x\(rows) image") }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cannot create a \(width)x\(rows) image")
        guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
        defer { cairo_destroy(cr) }
        let encoder = try PNGEncoder(width: max(width, 1), height: max(height, 1))
        let overlay = request.overlay ? AccessibilityOverlay(painter: painter) : nil
        let missingBefore = painter.missingGlyphsDrawn
        var frames: [OverlayFrame] = []
        var seen = Set<String>()
        var top = 0
        while top < max(height, 1) {
            // The strip shows chapter points [stripTop, stripTop + rows / scale): paint the cells it meets.
            let stripTop = slice.top + Float(Double(top) / scale)
            let viewport = Viewport(width: Float(layoutWidth), height: Float(Double(rows) / scale), scrollY: stripTop)
            let shown = painter.table.visibleCells(in: viewport).clamped(to: cells)
            cairo_identity_matrix(cr)
            cairo_scale(cr, scale, scale)
            painter.paintBackground(into: cr, x: 0, y: 0, width: layoutWidth, height: Double(rows) / scale)
            painter.paint(into: cr, cells: shown, scrollY: Double(stripTop))
            if let overlay {
                // The overlay's frames are the tree's for the whole image: its viewport is the image, scrolled to
                // the slice; each strip draws it shifted up by the strip's offset.
                cairo_translate(cr, 0, -Double(top) / scale)
                let image = Viewport(width: Float(layoutWidth), height: slice.bottom - slice.top, scrollY: slice.top)
                for frame in overlay.draw(into: cr, cells: shown, viewport: image) where seen.insert(frame.nodeID).inserted {
                    frames.append(frame)
                }
            }
            try check(cairo_status(cr), "drawing failed")
            cairo_surface_flush(surface)
            guard let pixels = cairo_image_surface_get_data(surface) else { throw RenderError("cairo has no pixels") }
            try encoder.append(rows: rows, pixels: pixels, stride: Int(cairo_image_surface_get_stride(surface)))
            top += rows
        }
        return RenderResult(data: try encoder.finish(), width: width, height: height, pages: [slice],
                            overlayFrames: frames.sorted { ($0.focusOrder ?? 0, $0.kind == .element ? 1 : 0) < ($1.focusOrder ?? 0, $1.kind == .element ? 1 : 0) },
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
