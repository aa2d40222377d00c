import CCairo
import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting
import Synchronization

/// Paints a slice of the chapter into a PNG strip by strip (one reused cairo image surface per thread). A small
/// image keeps its strips' rows, deflated by zlib in one call at the end (`PNGFile`); a larger one is encoded as it is
/// painted (`PNGBand`), so memory is a strip per thread and the compressed image, whatever the image's size, and an
/// image over `maximumImagePixels` is refused. Without the overlay the image is split into bands of strips painted
/// on several threads, each with a painter of its own made from an immutable snapshot of the shaped runs
/// (`ShapedRuns`); the overlay (which builds accessibility containers and interns captions as it goes) draws on
/// the caller's thread, and so does the key to the codes under the verses (`CodeKeyBand`), whose strips follow the
/// verses' (no strip holds both).
struct PNGRenderer {
    let painter: ChapterPainter
    /// The overlay's captions (on the caller's thread).
    let captions: any CaptionSource
    let request: RenderRequest
    let slice: PageSlice

    /// Rows of pixels painted at a time: 1,024, fewer for wide images, so a strip's pixels are at most
    /// `stripBytes`.
    static func stripRows(width: Int) -> Int { max(1, min(1024, stripBytes / max(1, 4 * width))) }
    static let stripBytes = 4 << 20
    /// Images up to this many pixels are deflated by zlib at level 6 in one call (their rows in memory: at most
    /// 6 MB), where it costs tens of milliseconds; larger ones are encoded strip by strip (`PNGBand`).
    static let smallPixels = 2_000_000
    /// The largest PNG made: past it, painting alone takes minutes, and the file is no page anyone reads.
    public static let maximumImagePixels = 400_000_000

    func render() throws -> RenderResult {
        let scale = request.scale
        guard scale.isFinite, scale > 0 else { throw RenderError("the scale must be positive") }
        let layoutWidth = Double(painter.layout.options.width)
        let width = Int((layoutWidth * scale).rounded(.up))
        let key = CodeKeyBand(painter: painter, slice: slice, captions: captions)
        let verseRows = Int((Double(slice.bottom - slice.top) * scale).rounded(.up))
        let height = verseRows + Int(((key?.height ?? 0) * scale).rounded(.up))
        guard width >= 1, width <= ChapterRenderer.maximumPixels, verseRows >= 1, height <= Int(Int32.max) else {
            throw RenderError(
                "the image would be \(width)x\(height) pixels, wider than cairo's "
                    + "\(ChapterRenderer.maximumPixels); use a smaller --width or --scale")
        }
        guard width * height <= Self.maximumImagePixels else {
            throw RenderError(
                "the image would be \(width)x\(height) pixels (\(width * height / 1_000_000) megapixels); a PNG has at "
                    + "most \(Self.maximumImagePixels / 1_000_000): use a smaller --scale, --width or --font-size, "
                    + "fewer verses (--from, --to), or --format pdf")
        }
        let stripRows = Self.stripRows(width: width)
        let strips = stride(from: 0, to: verseRows, by: stripRows).map { $0..<min($0 + stripRows, verseRows) }
        let keyStrips = stride(from: verseRows, to: height, by: stripRows).map { $0..<min($0 + stripRows, height) }
        let threads =
            request.overlay ? 1 : min(strips.count, min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4))
        // Contiguous bands of strips, one per thread.
        let bandStrips = (0..<threads).map { t in
            strips[(t * strips.count / threads)..<((t + 1) * strips.count / threads)]
        }
        let overlay = request.overlay ? AccessibilityOverlay(painter: painter, captions: captions) : nil
        let small = width * height <= Self.smallPixels
        let rows = small ? PNGRows(width: width, height: height) : nil
        let frame = Frame(request: request, slice: slice, stripRows: stripRows, verseRows: verseRows)
        let keyed = key.map { (band: $0, captions: captions) }
        var bands: [PaintedBand]
        if threads == 1 {
            // On the caller's thread with the caller's painter (the overlay's and the key's captions are shaped
            // there).
            bands = [
                try frame.paintBand(
                    strips + keyStrips, painter: painter, into: rows ?? PNGBand(width: width, stripRows: stripRows),
                    overlay: overlay, key: keyed, last: true)
            ]
        } else {
            bands = try paintBands(
                bandStrips.map(Array.init), frame: frame, into: rows, endsImage: keyStrips.isEmpty)
            if !keyStrips.isEmpty {
                bands.append(
                    try frame.paintBand(
                        keyStrips, painter: painter, into: rows ?? PNGBand(width: width, stripRows: stripRows),
                        overlay: nil, key: keyed, last: true))
            }
        }
        var seen = Set<String>()
        let frames = bands.flatMap(\.frames).filter { seen.insert($0.nodeID).inserted }
        let data =
            try rows.map { try PNGFile.assemble($0, level: 6) }
            ?? PNGFile.assemble(bands: &bands, width: width, height: height)
        return RenderResult(
            data: data,
            width: width, height: height, pages: [slice], overlayFrames: frames,
            missingGlyphs: bands.reduce(0) { $0 + $1.missingGlyphs })
    }

    /// Paints and deflates each band of strips on a thread of its own. Each thread makes its own painter from
    /// values it may read at once with the others (the chapter, its layout, the immutable snapshot of the shaped
    /// runs, the thread-safe font chain), and hands back only values: no session or shape cache crosses a thread.
    /// The last band ends the image when `endsImage` (no key follows).
    private func paintBands(_ bands: [[Range<Int>]], frame: Frame, into rows: PNGRows?, endsImage: Bool) throws
        -> [PaintedBand]
    {
        let plan = BandPlan(
            chapter: painter.chapter, layout: painter.layout, runs: painter.runs, fonts: painter.fonts,
            style: painter.style, renderer: frame, bands: bands,
            rows: rows, endsImage: endsImage)
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
    /// The band's deflated rows, their Adler-32 and length (nil when the rows went to a `PNGRows`).
    var encoded: DeflateWriter?
    var adler: UInt32 = 1
    var length = 0
}

/// Where a band's painted rows go: the whole image's rows (`PNGRows`), or the band's own encoder (`PNGBand`).
protocol PNGRowSink: AnyObject {
    /// Takes `count` rows of ARGB32 pixels, rows `first`… of the image (a band's in order, top to bottom).
    func store(first: Int, count: Int, pixels: UnsafePointer<UInt8>, stride: Int)
}

extension PNGRows: PNGRowSink {}

extension PNGBand: PNGRowSink {
    func store(first: Int, count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        add(count: count, pixels: pixels, stride: stride)
    }
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
    let rows: PNGRows?
    let endsImage: Bool

    func paint(band t: Int) throws -> PaintedBand {
        let painter = try ChapterPainter(chapter: chapter, layout: layout, runs: runs, fonts: fonts, style: style)
        let sink: any PNGRowSink =
            rows
            ?? PNGBand(
                width: Int((Double(layout.options.width) * renderer.request.scale).rounded(.up)),
                stripRows: renderer.stripRows)
        return try renderer.paintBand(
            bands[t], painter: painter, into: sink, overlay: nil, key: nil, last: endsImage && t == bands.count - 1)
    }
}

extension PNGRenderer {
    /// The image's frame: its scale and the slice of the chapter it shows (what every strip's position needs).
    struct Frame: Sendable {
        let request: RenderRequest
        let slice: PageSlice
        let stripRows: Int
        /// The image's rows of verses; the key's follow.
        let verseRows: Int

        /// Paints `strips` one after another into one reused cairo image surface, storing each strip's rows into
        /// `rows` as it is painted; the key's strips (on the caller's thread, with its captions) from `key`.
        func paintBand(
            _ strips: [Range<Int>], painter: ChapterPainter, into rows: any PNGRowSink,
            overlay: AccessibilityOverlay?, key: (band: CodeKeyBand, captions: any CaptionSource)?, last: Bool
        ) throws -> PaintedBand {
            let width = Int((Double(painter.layout.options.width) * request.scale).rounded(.up))
            let missingBefore = painter.missingGlyphsDrawn
            guard
                let surface = cairo_image_surface_create(
                    CAIRO_FORMAT_ARGB32, Int32(width),
                    Int32(stripRows))
            else { throw RenderError("cairo cannot create a \(width)x\(stripRows) image") }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), "cannot create a \(width)x\(stripRows) image")
            guard let cr = cairo_create(surface) else { throw RenderError("cairo cannot create a context") }
            defer { cairo_destroy(cr) }
            var frames: [OverlayFrame] = []
            for strip in strips {
                if strip.lowerBound >= verseRows, let key {
                    paintKeyStrip(strip, key: key.band, captions: key.captions, painter: painter, into: cr)
                } else {
                    frames += paintStrip(strip, painter: painter, into: cr, overlay: overlay)
                }
                try check(cairo_status(cr), "drawing failed")
                cairo_surface_flush(surface)
                guard let pixels = cairo_image_surface_get_data(surface) else {
                    throw RenderError("cairo has no pixels")
                }
                rows.store(
                    first: strip.lowerBound, count: strip.count, pixels: pixels,
                    stride: Int(cairo_image_surface_get_stride(surface)))
            }
            var band = PaintedBand(frames: frames, missingGlyphs: painter.missingGlyphsDrawn - missingBefore)
            if let encoder = rows as? PNGBand {
                band.encoded = encoder.finish(last: last)
                band.adler = encoder.adler
                band.length = encoder.length
            }
            return band
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
                into: cr, x: 0, y: 0, width: layoutWidth, height: Double(stripRows) / scale)
            painter.paint(into: cr, cells: shown, scrollY: Double(stripTop))
            guard let overlay else { return [] }
            // The overlay's frames are the tree's for the whole image (its viewport is the image, scrolled to the
            // slice); each strip draws them shifted up by the strip's offset.
            cairo_translate(cr, 0, -Double(rows.lowerBound) / scale)
            let image = Viewport(width: Float(layoutWidth), height: slice.bottom - slice.top, scrollY: slice.top)
            return overlay.draw(into: cr, cells: shown, viewport: image)
        }

        /// Paints pixel rows `rows` of the image, below the verses, with the key's paragraphs that reach into them.
        func paintKeyStrip(
            _ rows: Range<Int>, key: CodeKeyBand, captions: any CaptionSource, painter: ChapterPainter,
            into cr: OpaquePointer
        ) {
            let scale = request.scale
            let width = Double(painter.layout.options.width)
            cairo_identity_matrix(cr)
            cairo_scale(cr, scale, scale)
            painter.paintBackground(into: cr, x: 0, y: 0, width: width, height: Double(stripRows) / scale)
            let top = Double(rows.lowerBound - verseRows) / scale
            key.draw(
                top..<(top + Double(rows.count) / scale), originY: -top, into: cr, painter: painter,
                captions: captions)
        }
    }
}
