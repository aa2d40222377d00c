import CCairo
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting

/// Paints typeset cells with cairo. It never shapes: every label is drawn from the glyph run the `ShapeCache`
/// already holds (glyph ids and em positions, scaled to the label's size) with a cairo FreeType face of the same font
/// file, through `cairo_show_text_glyphs`, so PDF and SVG text extraction gets the label's exact text.
///
/// Use:
/// ```swift
/// let painter = try ChapterPainter(chapter: chapter, layout: layout, cache: typesetter.cache)
/// painter.paintBackground(into: cr, x: 0, y: 0, width: w, height: h)
/// painter.paint(into: cr, cells: table.visibleCells(in: viewport), scrollY: Double(viewport.scrollY))
/// FocusRing.draw(into: cr, rect: frame, style: painter.style)
/// ```
/// `cr` is a `cairo_t *` on any surface (an image over an SDL window's pixels, PNG, SVG, PDF). Coordinates are
/// points in the cairo user space the caller set up (scale it for HiDPI); cell `i` is drawn at
/// `(originX, originY + table.origins[i] - scrollY)`, exactly where `Table.screenFrame` puts its frames for a
/// viewport with that origin and scroll. Painting allocates nothing per label. Not thread-safe: one painter per
/// thread. Glyphs no installed font has (.notdef) are drawn with a visible box and counted in `missingGlyphsDrawn`.
public final class ChapterPainter {
    public let chapter: Chapter
    public let layout: ChapterLayout
    public let cache: ShapeCache
    public let table: Table
    public var style: PaintStyle
    /// .notdef glyphs drawn (as boxes) since the painter was made.
    public private(set) var missingGlyphsDrawn = 0

    let faces: FontFaces
    private var buffer = GlyphBuffer()
    private let fontOptions: OpaquePointer
    /// Scaled fonts at the tiers' nominal sizes, by `fontIndex * tierCount + tier`, valid for `fontCTM`.
    private var scaledFonts: [OpaquePointer?] = []
    private var fontCTM = cairo_matrix_t()
    /// Baseline below a label's top, in ems of its size: the font's ascender plus half the line gap.
    private let baselineEm: Double
    private let tierCount = Tier.allCases.count

    /// Throws `RenderError` when the chain's primary font file cannot be opened by FreeType.
    public init(chapter: Chapter, layout: ChapterLayout, cache: ShapeCache, style: PaintStyle = .standard) throws {
        self.chapter = chapter
        self.layout = layout
        self.cache = cache
        self.style = style
        self.table = Table(layout: layout)
        faces = try FontFaces(chain: cache.chain)
        let primary = cache.chain.primary
        baselineEm = Double(primary.ascender) + Double(primary.lineSpacing - (primary.ascender - primary.descender)) / 2
        guard let options = cairo_font_options_create() else { throw RenderError("cairo cannot allocate font options") }
        // Unhinted outlines at unrounded positions: the glyphs sit where HarfBuzz put them, at any scale.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        fontOptions = options
    }

    deinit {
        for font in scaledFonts { if let font { cairo_scaled_font_destroy(font) } }
        cairo_font_options_destroy(fontOptions)
        buffer.release()
    }

    /// The content height of the whole chapter, in points.
    public var contentHeight: Double { Double(table.contentHeight) }

    /// Fills a rectangle with the style's background.
    public func paintBackground(into cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        set(cr, style.background)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }

    /// Paints `cells` (clamped to the chapter) with cell `i`'s top-left at `(originX, originY + origins[i] - scrollY)`.
    public func paint(into cr: OpaquePointer, cells: Range<Int>, originX: Double = 0, originY: Double = 0,
                      scrollY: Double = 0) {
        let cells = cells.clamped(to: 0..<table.cellCount)
        for cell in cells {
            paintCell(cell, into: cr, x: originX, y: originY + Double(table.origins[cell]) - scrollY)
        }
    }

    /// Paints one cell with its top-left corner at `(x, y)`: the rule above it (except above the first verse), then
    /// its labels in reading order. With `rows`, only the labels whose top lies in `rows` (cell-relative points) are
    /// drawn, and the rule only if the cell's top is in it: a page shows whole rows, and text that is not shown is
    /// not in the page at all (a clip would leave it in the PDF's text).
    public func paintCell(_ cell: Int, into cr: OpaquePointer, x: Double, y: Double, rows: Range<Float>? = nil) {
        if cell > 0, let rule = style.rule, rows?.contains(0) ?? true {
            set(cr, rule)
            cairo_set_line_width(cr, style.ruleWidth)
            let margin = Double(layout.options.margin)
            cairo_move_to(cr, x + margin, y + style.ruleWidth / 2)
            cairo_line_to(cr, x + Double(layout.options.width) - margin, y + style.ruleWidth / 2)
            cairo_stroke(cr)
        }
        let range = layout.cells[cell].labels
        layout.labels.withUnsafeBufferPointer { labels in
            for i in range where rows?.contains(labels[i].y) ?? true { drawLabel(labels[i], into: cr, x: x, y: y) }
        }
    }

    /// The point size a label is drawn at: its tier's size, or smaller when the typesetter squeezed it into its
    /// column (then the drawn run fills exactly the label's width).
    public func drawnSize(of label: Label) -> (size: Double, squeezed: Bool) {
        let run = cache.run(label.text)
        let nominal = Double(layout.options.size(of: label.tier))
        let squeezed = run.advance > 0 && Double(run.advance) * nominal > Double(label.width) * 1.0001
        return (squeezed ? Double(label.width) / Double(run.advance) : nominal, squeezed)
    }

    /// The baseline of text of `size` points whose line box starts at `top`.
    public func baseline(top: Double, size: Double) -> Double { top + baselineEm * size }

    /// Draws one label at its frame, offset by the cell origin `(x, y)`.
    public func drawLabel(_ label: Label, into cr: OpaquePointer, x: Double, y: Double) {
        let (size, squeezed) = drawnSize(of: label)
        drawRun(label.text, tier: label.tier, into: cr, left: x + Double(label.x), top: y + Double(label.y),
                size: size, exactSize: squeezed, style: style.style(of: label.tier))
    }

    /// Draws an interned string's shaped run with its line box's top-left at `(left, top)`: labels, and the page
    /// furniture of printed output (running header, page numbers, overlay captions), all through the shape cache.
    /// `exactSize` draws at `size` even when it is not `tier`'s size (no cached scaled font).
    public func drawRun(_ text: TextID, tier: Tier, into cr: OpaquePointer, left: Double, top: Double, size: Double,
                        exactSize: Bool, style tierStyle: TierStyle) {
        let run = cache.run(text)
        guard run.glyphCount > 0 else { return }
        validateFonts(cr)
        let exact = exactSize || size != Double(layout.options.size(of: tier))
        let baseline = baseline(top: top, size: size)
        let count = Int(run.glyphCount)
        buffer.reserve(count)
        var pen = left
        var fallbacks = false
        cache.glyphs.withUnsafeBufferPointer { arena in
            let start = Int(run.glyphStart)
            for k in 0..<count {
                let g = arena[start + k]
                buffer.glyphs[k] = cairo_glyph_t(index: UInt(g.glyph), x: pen + Double(g.xOffset) * size,
                                                 y: baseline - Double(g.yOffset) * size)
                buffer.fonts[k] = g.font
                fallbacks = fallbacks || g.font > 0
                pen += Double(g.advance) * size
            }
        }
        set(cr, tierStyle.colour)
        var string = chapter.strings[text]
        string.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                if !fallbacks {
                    showSegment(cr, glyphs: 0..<count, text: chars, font: 0, tier: tier, size: size,
                                squeezed: exact, slant: tierStyle.slant)
                } else {
                    showMixed(cr, count: count, text: chars, tier: tier, size: size, squeezed: exact,
                              slant: tierStyle.slant)
                }
            }
        }
        drawMissingBoxes(cr, count: count, size: size, baseline: baseline)
    }

    // MARK: Glyph runs

    /// Shows glyphs `range` of the buffer with chain font `font`, carrying `text` as one cluster (empty: no text).
    private func showSegment(_ cr: OpaquePointer, glyphs range: Range<Int>, text: UnsafeBufferPointer<CChar>,
                             font: Int, tier: Tier, size: Double, squeezed: Bool, slant: Double) {
        guard !range.isEmpty, useFont(cr, font: font, tier: tier, size: size, squeezed: squeezed, slant: slant) else { return }
        let glyphs = buffer.glyphs + range.lowerBound
        if text.isEmpty {
            cairo_show_glyphs(cr, glyphs, Int32(range.count))
            return
        }
        // One cluster: the whole text maps to the whole run. The shaped run keeps no per-glyph clusters, and a
        // label is one word, so its text is extracted as a unit (PDF ActualText when the counts differ).
        buffer.cluster.pointee = cairo_text_cluster_t(num_bytes: Int32(text.count), num_glyphs: Int32(range.count))
        cairo_show_text_glyphs(cr, text.baseAddress, Int32(text.count), glyphs, Int32(range.count),
                               buffer.cluster, 1, cairo_text_cluster_flags_t(rawValue: 0))
    }

    /// A run shaped with fallback fonts: its glyphs are split by font, and its text by the same rule the shaper
    /// used (a scalar goes to the primary if it covers it, else to the first font of the chain that does), so each
    /// font's glyphs carry their own characters. If the two splits disagree, the first segment carries all the text.
    private func showMixed(_ cr: OpaquePointer, count: Int, text: UnsafeBufferPointer<CChar>, tier: Tier,
                           size: Double, squeezed: Bool, slant: Double) {
        let textSegments = splitText(text, glyphCount: count)
        var segment = 0
        var start = 0
        while start < count {
            let font = Int(buffer.fonts[start])
            var end = start + 1
            while end < count && Int(buffer.fonts[end]) == font { end += 1 }
            var part = UnsafeBufferPointer<CChar>(start: nil, count: 0)
            if textSegments != nil {
                let s = buffer.segments[segment]
                part = UnsafeBufferPointer(rebasing: text[s.start..<s.end])
            } else if segment == 0 {
                part = text
            }
            showSegment(cr, glyphs: start..<end, text: part, font: font, tier: tier, size: size, squeezed: squeezed,
                        slant: slant)
            segment += 1
            start = end
        }
    }

    /// Fills `buffer.segments` with the text's font segments; nil when they do not match the glyphs' segments.
    private func splitText(_ text: UnsafeBufferPointer<CChar>, glyphCount: Int) -> Int? {
        var segments = 0
        var offset = 0
        var current = -1
        let bytes = UnsafeRawBufferPointer(text).bindMemory(to: UInt8.self)
        while offset < bytes.count {
            let (scalar, width) = decodeScalar(bytes, at: offset)
            var font = 0
            if !faces.covers(scalar, fontIndex: 0) {
                // The lowest-numbered font of this run covering it: the chain's first choice among those loaded.
                for k in 0..<glyphCount {
                    let f = Int(buffer.fonts[k])
                    if f > 0, (font == 0 || f < font), faces.covers(scalar, fontIndex: f) { font = f }
                }
            }
            if font != current {
                guard segments < GlyphBuffer.segmentCapacity else { return nil }
                if segments > 0 { buffer.segments[segments - 1].end = offset }
                buffer.segments[segments] = (offset, bytes.count, font)
                segments += 1
                current = font
            }
            offset += width
        }
        // Compare with the glyph segments, in order.
        var glyphSegment = 0
        var k = 0
        while k < glyphCount {
            let font = Int(buffer.fonts[k])
            guard glyphSegment < segments, buffer.segments[glyphSegment].font == font else { return nil }
            while k < glyphCount && Int(buffer.fonts[k]) == font { k += 1 }
            glyphSegment += 1
        }
        return glyphSegment == segments ? segments : nil
    }

    /// Outlines every .notdef glyph of the buffer in the missing-glyph colour and counts it.
    private func drawMissingBoxes(_ cr: OpaquePointer, count: Int, size: Double, baseline: Double) {
        var found = false
        for k in 0..<count where buffer.glyphs[k].index == 0 {
            found = true
            missingGlyphsDrawn += 1
            let g = buffer.glyphs[k]
            let width = max(k + 1 < count ? buffer.glyphs[k + 1].x - g.x : size * 0.5, size * 0.3)
            cairo_rectangle(cr, g.x + size * 0.05, baseline - size * 0.7, width - size * 0.1, size * 0.7)
        }
        guard found else { return }
        set(cr, style.missingGlyph)
        cairo_set_line_width(cr, max(size * 0.06, 0.5))
        cairo_stroke(cr)
    }

    // MARK: Fonts

    /// Drops the cached scaled fonts when the transformation's linear part changed (another scale).
    private func validateFonts(_ cr: OpaquePointer) {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        if ctm.xx != fontCTM.xx || ctm.yy != fontCTM.yy || ctm.xy != fontCTM.xy || ctm.yx != fontCTM.yx {
            for font in scaledFonts { if let font { cairo_scaled_font_destroy(font) } }
            scaledFonts = []
            fontCTM = ctm
            fontCTM.x0 = 0
            fontCTM.y0 = 0
        }
    }

    /// Selects chain font `font` at `size` with `slant`; false if its file cannot be opened.
    private func useFont(_ cr: OpaquePointer, font: Int, tier: Tier, size: Double, squeezed: Bool, slant: Double) -> Bool {
        guard let face = faces.face(at: font) else { return false }
        var matrix = cairo_matrix_t(xx: size, yx: 0, xy: -slant * size, yy: size, x0: 0, y0: 0)
        if squeezed {
            cairo_set_font_face(cr, face)
            cairo_set_font_matrix(cr, &matrix)
            cairo_set_font_options(cr, fontOptions)
            return true
        }
        let slot = font * tierCount + Int(tier.rawValue)
        if slot >= scaledFonts.count { scaledFonts.append(contentsOf: repeatElement(nil, count: slot + 1 - scaledFonts.count)) }
        if scaledFonts[slot] == nil {
            scaledFonts[slot] = cairo_scaled_font_create(face, &matrix, &fontCTM, fontOptions)
        }
        cairo_set_scaled_font(cr, scaledFonts[slot])
        return true
    }

    @inline(__always)
    func set(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }
}

/// The scalar starting at `offset` of valid UTF-8 and its byte width.
@inline(__always)
func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
    let b0 = UInt32(bytes[offset])
    let width = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
    guard offset + width <= bytes.count else { return (0xFFFD, 1) }
    switch width {
    case 1: return (b0, 1)
    case 2: return ((b0 & 0x1F) << 6 | UInt32(bytes[offset + 1]) & 0x3F, 2)
    case 3: return ((b0 & 0x0F) << 12 | (UInt32(bytes[offset + 1]) & 0x3F) << 6 | UInt32(bytes[offset + 2]) & 0x3F, 3)
    default:
        return ((b0 & 0x07) << 18 | (UInt32(bytes[offset + 1]) & 0x3F) << 12 | (UInt32(bytes[offset + 2]) & 0x3F) << 6
                | UInt32(bytes[offset + 3]) & 0x3F, 4)
    }
}
