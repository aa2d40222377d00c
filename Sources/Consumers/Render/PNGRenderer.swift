import CCairo
import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting
import Synchronization

/// Paints a slice of the chapter into a PNG strip by strip (one reused cairo image surface per thread), keeping the
/// strips' rows, deflated in one call at the end (`PNGFile`). Without the overlay the image is split into bands of
/// strips painted on several threads, each with a painter of its
/// own made from an immutable snapshot of the shaped runs (`ShapedRuns`); the overlay (which builds accessibility
/// containers and interns captions as it goes) draws on the caller's thread.
struct PNGRenderer {
    let painter: ChapterPainter
    let request: RenderRequest
    let slice: PageSlice

    /// Rows of pixels painted at a time.
    static let stripRows = 1024
    /// Deflate level by image size: 1, the fastest, for big images, where higher levels save little and cost much;
    /// 6 up to 2 million pixels, where it costs tens of milliseconds (zlib's timings chose the threshold: John 1:1–3
    /// at scale 2 took 15 ms at level 1 and 43 ms at 6; libdeflate's levels cost less and compress more).
    static func level(pixels: Int) -> Int32 { pixels <= 2_000_000 ? 6 : 1 }

    func render() throws -> RenderResult {
        let scale = request.scale
        guard scale.isFinite, scale > 0 else { throw RenderError("the scale must be positive") }
        let layoutWidth = Double(painter.layout.options.width)
        let width = Int((layoutWidth * scale).rounded(.up))
        let height = Int((Double(slice.bottom - slice.top) * scale).rounded(.up))
        guard width >= 1, width <= ChapterRenderer.maximumPixels, height >= 1, height <= Int(Int32.max) else {
            throw RenderError(
                "the image would be \(width)x\(height) pixels, wider than cairo's "
                    + "\(ChapterRenderer.maximumPixels); use a smaller --width or --scale")
        }
        let strips = stride(from: 0, to: height, by: Self.stripRows).map { $0..<min($0 + Self.stripRows, height) }
        let threads =
            request.overlay ? 1 : min(strips.count, min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4))
        // Contiguous bands of strips, one per thread.
        let bandStrips = (0..<threads).map { t in
            strips[(t * strips.count / threads)..<((t + 1) * strips.count / threads)]
        }
        let level = Self.level(pixels: width * height)
        let overlay = request.overlay ? AccessibilityOverlay(painter: painter) : nil
        let rows = PNGRows(width: width, height: height)
        let bands: [PaintedBand]
        if threads == 1 {
            // On the caller's thread with the caller's painter (the overlay's captions need its session).
            bands = [
                try Frame(request: request, slice: slice).paintBand(
                    strips, painter: painter, into: rows,
                    overlay: overlay)
            ]
        } else {
            bands = try paintBands(bandStrips.map(Array.init), into: rows)
        }
        var seen = Set<String>()
        let frames = bands.flatMap(\.frames).filter { seen.insert($0.nodeID).inserted }
        return RenderResult(
            data: try PNGFile.assemble(rows, level: level),
            width: width, height: height, pages: [slice], overlayFrames: frames,
            missingGlyphs: bands.reduce(0) { $0 + $1.missingGlyphs })
    }

    /// Paints and deflates each band of strips on a thread of its own. Each thread makes its own painter from
    /// values it may read at once with the others (the chapter, its layout, the immutable snapshot of the shaped
    /// runs, the thread-safe font chain), and hands back only values: no session or shape cache crosses a thread.
    private func paintBands(_ bands: [[Range<Int>]], into rows: PNGRows) throws -> [PaintedBand] {
        let plan = BandPlan(
            chapter: painter.chapter, layout: painter.layout, runs: painter.runs, fonts: painter.fonts,
            style: painter.style, renderer: Frame(request: request, slice: slice), bands: bands,
            rows: rows)
        let results = Mutex([Result<PaintedBand, any Error>?](repeating: nil, count: bands.count))
        DispatchQueue.concurrentPerform(iterations: bands.count) { t in
            let result = Result { try plan.paint(band: t) }
            results.withLock { $0[t] = result }
        }
        return try results.withLock { slots in try slots.map { try $0!.get() } }
    }
}

/// One band of the image, painted (its rows are in the image's `PNGRows`): values only, so a render thread hands it
/// back as it is.
struct PaintedBand: Sendable {
    let frames: [OverlayFrame]
    let missingGlyphs: Int
}

/// What a render thread needs to paint its band with a painter of its own: all immutable values.
private struct BandPlan: Sendable {
    let chapter: Chapter
    let layout: ChapterLayout
    let runs: ShapedRuns
    let fonts: FontChain
    let style: PaintStyle
    let renderer: PNGRenderer.Frame
    let bands: [[Range<Int>]]
    let rows: PNGRows

    func paint(band t: Int) throws -> PaintedBand {
        let painter = try ChapterPainter(chapter: chapter, layout: layout, runs: runs, fonts: fonts, style: style)
        return try renderer.paintBand(bands[t], painter: painter, into: rows, overlay: nil)
    }
}

extension PNGRenderer {
    /// The image's frame: its scale and the slice of the chapter it shows (what every strip's position needs).
    struct Frame: Sendable {
        let request: RenderRequest
        let slice: PageSlice

        /// Paints `strips` one after another into one reused cairo image surface, storing each strip's rows into
        /// `rows` as it is painted.
        func paintBand(
            _ strips: [Range<Int>], painter: ChapterPainter, into rows: PNGRows,
            overlay: AccessibilityOverlay?
        ) throws -> PaintedBand {
            let width = rows.width
            let missingBefore = painter.missingGlyphsDrawn
            guard
                let surface = cairo_image_surface_create(
                    CAIRO_FORMAT_ARGB32, Int32(width),
                    Int32(PNGRenderer.stripRows))
            else { throw RenderError("cairo cannot create a \(width)x\(PNGRenderer.stripRows) image") }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), "cannot create a \(width)x\(PNGRenderer.stripRows) image")
            guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
            defer { cairo_destroy(cr) }
            var frames: [OverlayFrame] = []
            for strip in strips {
                frames += paintStrip(strip, painter: painter, into: cr, overlay: overlay)
                try check(cairo_status(cr), "drawing failed")
                cairo_surface_flush(surface)
                guard let pixels = cairo_image_surface_get_data(surface) else {
                    throw RenderError("cairo has no pixels")
                }
                rows.store(
                    first: strip.lowerBound, count: strip.count, pixels: pixels,
                    stride: Int(cairo_image_surface_get_stride(surface)))
            }
            return PaintedBand(frames: frames, missingGlyphs: painter.missingGlyphsDrawn - missingBefore)
        }

        /// Paints pixel rows `rows` of the image into `cr` (whose surface is `rows.count` tall or taller).
        func paintStrip(
            _ rows: Range<Int>, painter: ChapterPainter, into cr: OpaquePointer,
            overlay: AccessibilityOverlay?
        ) -> [OverlayFrame] {
            let scale = request.scale
            let layoutWidth = Double(painter.layout.options.width)
            let stripTop = slice.top + Float(Double(rows.lowerBound) / scale)
            let viewport = Viewport(
                width: Float(layoutWidth), height: Float(Double(rows.count) / scale), scrollY: stripTop)
            let shown = painter.table.visibleCells(in: viewport).clamped(to: slice.cells)
            cairo_identity_matrix(cr)
            cairo_scale(cr, scale, scale)
            painter.paintBackground(
                into: cr, x: 0, y: 0, width: layoutWidth, height: Double(PNGRenderer.stripRows) / scale)
            painter.paint(into: cr, cells: shown, scrollY: Double(stripTop))
            guard let overlay else { return [] }
            // The overlay's frames are the tree's for the whole image (its viewport is the image, scrolled to the
            // slice); each strip draws them shifted up by the strip's offset.
            cairo_translate(cr, 0, -Double(rows.lowerBound) / scale)
            let image = Viewport(width: Float(layoutWidth), height: slice.bottom - slice.top, scrollY: slice.top)
            return overlay.draw(into: cr, cells: shown, viewport: image)
        }
    }
}
