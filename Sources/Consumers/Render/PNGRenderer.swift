import CCairo
import Dispatch
import Foundation
import InterlinearTable

/// Paints a slice of the chapter into a PNG strip by strip (one reused cairo image surface per thread, so the
/// image's height has no limit but the format's) and deflates the strips as they are painted. Without the overlay
/// the image is split into bands of strips painted and compressed on several threads, each with a painter of its
/// own; the overlay (which builds accessibility containers as it goes) draws on one thread.
struct PNGRenderer {
    let painter: ChapterPainter
    let request: RenderRequest
    let slice: PageSlice

    /// Rows of pixels painted at a time.
    static let stripRows = 1024
    /// zlib level by image size (zlib's own timings on these images): 1, the fastest, for big images, where higher
    /// levels save little and cost much (John 1 at scale 2: 4.21 MB in 0.37 s at level 1, 3.71 MB in 0.97 s at 6);
    /// 6 up to 2 million pixels, where it costs tens of milliseconds (John 1:1–3 at scale 2: 176 KB in 15 ms at
    /// level 1, 154 KB in 43 ms at 6; level 9 would take 231 ms).
    static func level(pixels: Int) -> Int32 { pixels <= 2_000_000 ? 6 : 1 }

    func render() throws -> RenderResult {
        let scale = request.scale
        guard scale.isFinite, scale > 0 else { throw RenderError("the scale must be positive") }
        let layoutWidth = Double(painter.layout.options.width)
        let width = Int((layoutWidth * scale).rounded(.up))
        let height = Int((Double(slice.bottom - slice.top) * scale).rounded(.up))
        guard width >= 1, width <= ChapterRenderer.maximumPixels, height >= 1, height <= Int(Int32.max) else {
            throw RenderError("the image would be \(width)x\(height) pixels, wider than cairo's "
                              + "\(ChapterRenderer.maximumPixels); use a smaller --width or --scale")
        }
        let strips = stride(from: 0, to: height, by: Self.stripRows).map { $0..<min($0 + Self.stripRows, height) }
        let threads = request.overlay ? 1 : min(strips.count, min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4))
        // Contiguous bands of strips, one per thread.
        let bands = (0..<threads).map { t in
            strips[(t * strips.count / threads)..<((t + 1) * strips.count / threads)]
        }
        var painters = [painter]
        for _ in 1..<threads {
            painters.append(try ChapterPainter(chapter: painter.chapter, layout: painter.layout, session: painter.session,
                                               style: painter.style))
        }
        let missingBefore = painters.map(\.missingGlyphsDrawn)
        let job = Job(renderer: self, width: width, strips: bands.map(Array.init), painters: painters,
                      outputs: try (0..<threads).map { _ in try PNGBand(width: width, level: Self.level(pixels: width * height)) },
                      overlay: request.overlay ? AccessibilityOverlay(painter: painter) : nil)
        if threads == 1 {
            job.run(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { job.run($0) }
        }
        if let error = job.errors.compactMap({ $0 }).first { throw error }
        for (index, band) in job.outputs.enumerated() { try band.finish(last: index == threads - 1) }
        var seen = Set<String>()
        let frames = job.frames.filter { seen.insert($0.nodeID).inserted }
        let missing = zip(painters, missingBefore).reduce(0) { $0 + $1.0.missingGlyphsDrawn - $1.1 }
        return RenderResult(data: PNGFile.assemble(width: width, height: height, bands: job.outputs),
                            width: width, height: height, pages: [slice], overlayFrames: frames, missingGlyphs: missing)
    }

    /// Paints pixel rows `rows` of the image into `cr` (whose surface is `rows.count` tall or taller).
    fileprivate func paintStrip(_ rows: Range<Int>, painter: ChapterPainter, into cr: OpaquePointer,
                                overlay: AccessibilityOverlay?) -> [OverlayFrame] {
        let scale = request.scale
        let layoutWidth = Double(painter.layout.options.width)
        let stripTop = slice.top + Float(Double(rows.lowerBound) / scale)
        let viewport = Viewport(width: Float(layoutWidth), height: Float(Double(rows.count) / scale), scrollY: stripTop)
        let shown = painter.table.visibleCells(in: viewport).clamped(to: slice.cells)
        cairo_identity_matrix(cr)
        cairo_scale(cr, scale, scale)
        painter.paintBackground(into: cr, x: 0, y: 0, width: layoutWidth, height: Double(Self.stripRows) / scale)
        painter.paint(into: cr, cells: shown, scrollY: Double(stripTop))
        guard let overlay else { return [] }
        // The overlay's frames are the tree's for the whole image (its viewport is the image, scrolled to the
        // slice); each strip draws them shifted up by the strip's offset.
        cairo_translate(cr, 0, -Double(rows.lowerBound) / scale)
        let image = Viewport(width: Float(layoutWidth), height: slice.bottom - slice.top, scrollY: slice.top)
        return overlay.draw(into: cr, cells: shown, viewport: image)
    }

    /// The threads' shared plan and their separate outputs: thread `t` touches only index `t` of each array.
    private final class Job: @unchecked Sendable {
        let renderer: PNGRenderer
        let width: Int
        let strips: [[Range<Int>]]
        let painters: [ChapterPainter]
        let outputs: [PNGBand]
        let overlay: AccessibilityOverlay?
        /// One slot per thread (written by that thread only, so not a Swift array: no shared copy-on-write check).
        let errors: UnsafeMutableBufferPointer<(any Error)?>
        var frames: [OverlayFrame] = []

        init(renderer: PNGRenderer, width: Int, strips: [[Range<Int>]], painters: [ChapterPainter],
             outputs: [PNGBand], overlay: AccessibilityOverlay?) {
            self.renderer = renderer
            self.width = width
            self.strips = strips
            self.painters = painters
            self.outputs = outputs
            self.overlay = overlay
            errors = .allocate(capacity: strips.count)
            errors.initialize(repeating: nil)
        }

        deinit {
            errors.deinitialize()
            errors.deallocate()
        }

        func run(_ t: Int) {
            do {
                guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width),
                                                               Int32(PNGRenderer.stripRows))
                else { throw RenderError("cairo cannot create a \(width)x\(PNGRenderer.stripRows) image") }
                defer { cairo_surface_destroy(surface) }
                try check(cairo_surface_status(surface), "cannot create a \(width)x\(PNGRenderer.stripRows) image")
                guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
                defer { cairo_destroy(cr) }
                for rows in strips[t] {
                    let drawn = renderer.paintStrip(rows, painter: painters[t], into: cr, overlay: overlay)
                    if overlay != nil { frames += drawn }  // one thread with the overlay
                    try check(cairo_status(cr), "drawing failed")
                    cairo_surface_flush(surface)
                    guard let pixels = cairo_image_surface_get_data(surface) else { throw RenderError("cairo has no pixels") }
                    try outputs[t].append(rows: rows.count, pixels: pixels, stride: Int(cairo_image_surface_get_stride(surface)))
                }
            } catch {
                errors[t] = error
            }
        }
    }
}
