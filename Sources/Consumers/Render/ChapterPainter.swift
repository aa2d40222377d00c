import CCairo
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting

/// Paints typeset cells with cairo. It never shapes a label: every label is drawn from its glyph run in `runs`, an
/// immutable snapshot of the layout's shaped runs (glyph ids and em positions, scaled to the label's size), with a
/// cairo FreeType face of the same font file, through `cairo_show_text_glyphs`, so PDF and SVG text extraction gets
/// the label's exact text. It reads the snapshot and the thread-safe font chain only (no session, no shape cache),
/// so a render thread makes one of its own; text drawn beside the labels (captions) comes from a `CaptionSource`
/// its caller passes (`drawCaption`).
///
/// Use:
/// ```swift
/// let layout = session.layout(chapter)
/// let runs = session.cache.snapshot(of: [StringTable.spaceText] + layout.labels.lazy.map(\.text))
/// let painter = try ChapterPainter(chapter: chapter, layout: layout, runs: runs, fonts: session.fonts)
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
    /// The shaped runs of every label of the layout (and the space), read by any thread.
    package let runs: ShapedRuns
    /// The fonts the runs were shaped with.
    package let fonts: FontChain
    public let table: Table
    public var style: PaintStyle
    /// When true, each label ends with the font's space glyph (no ink) carrying a space character, so text read from
    /// the drawing in content order (a PDF's structure tree, `pdftotext -raw`) has the labels apart. A real glyph,
    /// not an empty cluster: a glyphless cluster makes cairo write an empty ActualText span, which some readers
    /// (poppler) take as the end of the enclosing structure element's content. A word's label and its separator are
    /// one text span whose separator stands across the gap to the row's next word (`showSpan`), so that readers
    /// rebuilding lines from positions (poppler's default mode) read each row as a line.
    public var wordSeparators = false
    /// When true (PDF), `paintCell` tags its labels with structure elements inside the caller's tags: the verse
    /// number as `Lbl`, each word block as `Ruby` holding the Greek word as `RB` (ruby base) and its other tiers as
    /// one `RT` (ruby text, a `Span` per tier), the translation as a `Span`. Every drawn label is in a leaf: cairo 1.16 leaves out the
    /// content of an element that has children. The Greek is the only `RB` (but for the reverse interlinear's marks, `markElements`), so `PDFLanguage` can mark it as Greek.
    public var structureTags = false
    /// With `structureTags`, in drawing order: each right-to-left label's structure element and its text in logical
    /// order, for `PDFLanguage` to give the element as `/ActualText` (the label's span in the content stream carries
    /// the text reversed, for poppler: see `showSpan`). The writer of a document empties it and
    /// `structureElementsBegun` before painting.
    var rightToLeftElements: [(element: StructureTags.Element, text: String)] = []
    /// With `structureTags`, in drawing order: the `Span` of each lemma label, in the chapter's language where the
    /// other tiers of its `RT` are English, for `PDFLanguage` to mark. Emptied with `rightToLeftElements`.
    var lemmaElements: [StructureTags.Element] = []
    /// With `structureTags`, in drawing order: the `RB` of each mark of the reverse interlinear (the dash, the
    /// ditto mark: `EnglishOrderMarks`), which stand in a source word's place but are no Greek or Hebrew, for
    /// `PDFLanguage` to leave in the document's language. Emptied with `rightToLeftElements`.
    var markElements: [StructureTags.Element] = []
    var structureElementsBegun = (rb: 0, span: 0)
    /// .notdef glyphs drawn (as boxes) since the painter was made.
    public private(set) var missingGlyphsDrawn = 0

    let faces: FontFaces
    /// Reused for every label (see `GlyphBuffer`).
    var buffer = GlyphBuffer()
    private let fontOptions: OpaquePointer
    /// Scaled fonts at the tiers' nominal sizes, by `fontIndex * tierCount + tier`, valid for `fontCTM`.
    private var scaledFonts: [OpaquePointer?] = []
    private var fontCTM = cairo_matrix_t()
    /// Baseline below a label's top, in ems of its size: the font's ascender plus half the line gap.
    private let baselineEm: Double
    private let tierCount = Tier.allCases.count
    /// The primary font's space glyph and its advance in ems, for `wordSeparators`; nil if the primary has none.
    private let space: (glyph: UInt16, advance: Float)?

    /// A painter of the layout's labels from a snapshot of their runs (with the space's: `StringTable.spaceText`),
    /// for any one thread: everything it reads is an immutable value (`runs`) or thread-safe (`fonts`). Throws
    /// `RenderError` when the chain's primary font file cannot be opened by FreeType.
    package init(
        chapter: Chapter, layout: ChapterLayout, runs: ShapedRuns, fonts: FontChain,
        style: PaintStyle = .standard
    ) throws {
        self.chapter = chapter
        self.layout = layout
        self.runs = runs
        self.fonts = fonts
        self.style = style
        self.table = Table(layout: layout)
        faces = try FontFaces(chain: fonts)
        let primary = fonts.primary
        baselineEm = Double(primary.ascender) + Double(primary.lineSpacing - (primary.ascender - primary.descender)) / 2
        let spaceRun = runs.run(StringTable.spaceText)
        let spaceGlyph = spaceRun.glyphCount == 1 ? runs.withGlyphs(of: spaceRun) { $0.first } : nil
        space = spaceGlyph.flatMap { $0.font == 0 && $0.glyph != 0 ? ($0.glyph, $0.advance) : nil }
        guard let options = cairo_font_options_create() else { throw RenderError("cairo cannot allocate font options") }
        // Unhinted outlines at unrounded positions: the glyphs sit where HarfBuzz put them, at any scale.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        fontOptions = options
    }

    /// The texts a painter of `layout` draws from its snapshot (`runs`): the space (for `wordSeparators`) and every
    /// label's.
    public static func texts(of layout: ChapterLayout) -> [TextID] {
        [StringTable.spaceText] + layout.labels.lazy.map(\.text)
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
    public func paint(
        into cr: OpaquePointer, cells: Range<Int>, originX: Double = 0, originY: Double = 0,
        scrollY: Double = 0
    ) {
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
        let range = layout.cells[VerseIndex(cell)].labels
        var tags = StructureTags(cr: structureTags ? cr : nil, begun: structureElementsBegun)
        layout.labels.withUnsafeBufferPointer { labels in
            for i in range where rows?.contains(labels[i].y) ?? true {
                if let element = tags.enter(labels[i]) {  // PDF only
                    let text = runs.strings[labels[i].text]
                    if Self.isRightToLeft(text) { rightToLeftElements.append((element, text)) }
                    if labels[i].tier == .lemma { lemmaElements.append(element) }
                    if isOrderMark(labels[i]) { markElements.append(element) }
                }
                let reach = wordSeparators ? textReach(of: i, in: range, labels: labels) : nil
                drawLabel(labels[i], into: cr, x: x, y: y, reach: reach)
                tags.leave(labels[i])
            }
        }
        tags.close()
        structureElementsBegun = tags.begun
    }

    /// Whether `label` is one of the reverse interlinear's marks rather than a source word.
    private func isOrderMark(_ label: Label) -> Bool {
        guard label.tier == .source, let marks = chapter.englishOrderMarks else { return false }
        return label.text == marks.unlinked || label.text == marks.repeated
    }

    /// The point size a label is drawn at: its tier's size, or smaller when the typesetter squeezed it into its
    /// column (then the drawn run fills exactly the label's width).
    public func drawnSize(of label: Label) -> (size: Double, squeezed: Bool) {
        let run = runs.run(label.text)
        let nominal = Double(layout.options.size(of: label.tier))
        let squeezed = run.advance > 0 && Double(run.advance) * nominal > Double(label.width) * 1.0001
        return (squeezed ? Double(label.width) / Double(run.advance) : nominal, squeezed)
    }

    /// The baseline of text of `size` points whose line box starts at `top`.
    public func baseline(top: Double, size: Double) -> Double { top + baselineEm * size }

    /// Draws one label at its frame, offset by the cell origin `(x, y)`; with `wordSeparators`, its text span
    /// reaches to `reach` (cell-relative, see `textReach`).
    public func drawLabel(_ label: Label, into cr: OpaquePointer, x: Double, y: Double, reach: Float? = nil) {
        let (size, squeezed) = drawnSize(of: label)
        drawRun(
            label.text, tier: label.tier, into: cr, left: x + Double(label.x), top: y + Double(label.y),
            size: size, exactSize: squeezed, style: style.style(of: label.tier), reach: reach.map { x + Double($0) })
    }

    /// Draws a label's shaped run (from the snapshot) with its line box's top-left at `(left, top)`. `exactSize`
    /// draws at `size` even when it is not `tier`'s size (no cached scaled font). With `wordSeparators`, the run and
    /// its separator are one text span reaching to `reach` (see `showSpan`).
    public func drawRun(
        _ text: TextID, tier: Tier, into cr: OpaquePointer, left: Double, top: Double, size: Double,
        exactSize: Bool, style tierStyle: TierStyle, reach: Double? = nil
    ) {
        let run = runs.run(text)
        guard run.glyphCount > 0 else { return }
        validateFonts(cr)
        let baseline = baseline(top: top, size: size)
        let count = reserve(run)
        let (pen, fallbacks) = runs.withGlyphs(of: run) { place($0, left: left, baseline: baseline, size: size) }
        set(cr, tierStyle.colour)
        show(
            runs.strings[text], label: true, count: count, into: cr, left: left, pen: pen, fallbacks: fallbacks,
            reach: reach, baseline: baseline, tier: tier, size: size,
            exact: exactSize || size != Double(layout.options.size(of: tier)), slant: tierStyle.slant)
    }

    /// Draws a caption (page furniture of printed output: running header, page numbers; the overlay's captions; the
    /// window's details), interned and shaped by `captions`, like a label (`drawRun`); with `wordSeparators`, its
    /// separator is a glyph of its own at the pen. `captions` interns into the table the chapter's ids are from
    /// (the session's): a caption that is also a label's text (a page number that is a verse number) is drawn as
    /// that label is.
    package func drawCaption(
        _ text: TextID, from captions: any CaptionSource, tier: Tier, into cr: OpaquePointer, left: Double,
        top: Double, size: Double, exactSize: Bool, style tierStyle: TierStyle
    ) {
        if runs.contains(text) {
            drawRun(
                text, tier: tier, into: cr, left: left, top: top, size: size, exactSize: exactSize, style: tierStyle)
            return
        }
        let run = captions.run(text)
        guard run.glyphCount > 0 else { return }
        validateFonts(cr)
        let baseline = baseline(top: top, size: size)
        let count = reserve(run)
        let (pen, fallbacks) = captions.withGlyphs(of: run) { place($0, left: left, baseline: baseline, size: size) }
        set(cr, tierStyle.colour)
        show(
            captions.text(text), label: false, count: count, into: cr, left: left, pen: pen, fallbacks: fallbacks,
            reach: nil, baseline: baseline, tier: tier, size: size,
            exact: exactSize || size != Double(layout.options.size(of: tier)), slant: tierStyle.slant)
    }

    /// Room in the buffer for a run's glyphs and, with `wordSeparators`, its separator; returns how many.
    @inline(__always)
    private func reserve(_ run: ShapedRun) -> Int {
        let count = Int(run.glyphCount) + (wordSeparators && space != nil ? 1 : 0)
        buffer.reserve(count)
        return count
    }

    /// Shows the `count` glyphs placed in the buffer (the run's, then the separator's with `wordSeparators`)
    /// carrying `string`: a label with a separator as one span (`showSpan`), else in one font or by font
    /// (`showMixed`); then outlines the missing glyphs.
    @inline(__always)
    private func show(
        _ string: String, label: Bool, count: Int, into cr: OpaquePointer, left: Double, pen: Double,
        fallbacks: Bool, reach: Double?, baseline: Double, tier: Tier, size: Double, exact: Bool, slant: Double
    ) {
        var string = string
        let separator = wordSeparators ? space : nil
        if separator != nil, label,
            string.withUTF8({ utf8 in
                utf8.withMemoryRebound(to: CChar.self) {
                    showSpan(
                        cr, count: count - 1, text: $0, left: left, pen: pen, reach: reach, baseline: baseline,
                        tier: tier, size: size, squeezed: exact, slant: slant)
                }
            })
        {
            drawMissingBoxes(cr, count: count, size: size, baseline: baseline)
            return
        }
        if let separator {
            buffer.glyphs[count - 1] = cairo_glyph_t(index: UInt(separator.glyph), x: pen, y: baseline)
            buffer.fonts[count - 1] = 0
        }
        string.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { original in
                var chars = original
                if separator != nil {
                    buffer.reserveText(original.count + 1)
                    if let base = original.baseAddress { buffer.text.update(from: base, count: original.count) }
                    buffer.text[original.count] = 0x20
                    chars = UnsafeBufferPointer(start: buffer.text, count: original.count + 1)
                }
                if !fallbacks {
                    showSegment(
                        cr, glyphs: 0..<count, text: chars, font: 0, tier: tier, size: size,
                        squeezed: exact, slant: slant)
                } else {
                    showMixed(cr, count: count, text: chars, tier: tier, size: size, squeezed: exact, slant: slant)
                }
            }
        }
        drawMissingBoxes(cr, count: count, size: size, baseline: baseline)
    }

    // MARK: Glyph runs

    /// Fills the buffer with a run's glyphs at `size` from the pen position `left`; returns where the pen ends and
    /// whether any glyph is from a fallback font.
    private func place(
        _ glyphs: UnsafeBufferPointer<ShapedGlyph>, left: Double, baseline: Double,
        size: Double
    ) -> (pen: Double, fallbacks: Bool) {
        var pen = left
        var fallbacks = false
        for k in 0..<glyphs.count {
            let g = glyphs[k]
            buffer.glyphs[k] = cairo_glyph_t(
                index: UInt(g.glyph), x: pen + Double(g.xOffset) * size,
                y: baseline - Double(g.yOffset) * size)
            buffer.fonts[k] = g.font
            fallbacks = fallbacks || g.font > 0
            pen += Double(g.advance) * size
        }
        return (pen, fallbacks)
    }

    /// Shows glyphs `range` of the buffer with chain font `font`, carrying `text` as one cluster (empty: no text).
    func showSegment(
        _ cr: OpaquePointer, glyphs range: Range<Int>, text: UnsafeBufferPointer<CChar>,
        font: Int, tier: Tier, size: Double, squeezed: Bool, slant: Double, oneCluster: Bool = false
    ) {
        guard !range.isEmpty, useFont(cr, font: font, tier: tier, size: size, squeezed: squeezed, slant: slant) else {
            return
        }
        let glyphs = buffer.glyphs + range.lowerBound
        // cairo counts in Int32; a label's text never comes near, but a longer one is drawn without its text.
        if text.isEmpty || text.count > Int(Int32.max) / 2 || range.count > Int(Int32.max) / 2 {
            cairo_show_glyphs(cr, glyphs, Int32(clamping: range.count))
            return
        }
        var clusterCount = 1
        if oneCluster {
            buffer.clusters[0] = cairo_text_cluster_t(num_bytes: Int32(text.count), num_glyphs: Int32(range.count))
        } else {
            clusterCount = fillClusters(text, glyphs: range.count)
        }
        cairo_show_text_glyphs(
            cr, text.baseAddress, Int32(text.count), glyphs, Int32(range.count),
            buffer.clusters, Int32(clusterCount), cairo_text_cluster_flags_t(rawValue: 0))
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
    private func useFont(_ cr: OpaquePointer, font: Int, tier: Tier, size: Double, squeezed: Bool, slant: Double)
        -> Bool
    {
        guard let face = faces.face(at: font) else { return false }
        var matrix = cairo_matrix_t(xx: size, yx: 0, xy: -slant * size, yy: size, x0: 0, y0: 0)
        if squeezed {
            cairo_set_font_face(cr, face)
            cairo_set_font_matrix(cr, &matrix)
            cairo_set_font_options(cr, fontOptions)
            return true
        }
        let slot = font * tierCount + Int(tier.rawValue)
        if slot >= scaledFonts.count {
            scaledFonts.append(contentsOf: repeatElement(nil, count: slot + 1 - scaledFonts.count))
        }
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
