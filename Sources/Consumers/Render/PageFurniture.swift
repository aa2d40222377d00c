import CCairo
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// What a printed page carries besides the verses: the running head (the page's verses, "John 1:3–14") over a
/// hairline, the page number at the foot, the chapter's name as a heading on its first page, the number of a verse
/// the page begins inside of, and the title page. Captions are shaped by `captions` and drawn with a chapter's
/// painter (its fonts). The running head, its rule, the page number and a continued verse's number are left
/// untagged, so `PDFArtifacts` marks them as artifacts (repeated on every page, not the text); headings and the
/// title page are tagged.
struct PageFurniture {
    let captions: any CaptionSource
    let paper: Paper
    let margin: Double

    /// Running head and page number size, points.
    static let size = 9.0
    /// A chapter's heading, the book's title and the title page's other lines, points.
    static let headingSize = 13.0, titleSize = 30.0, subtitleSize = 12.0
    static let furnitureStyle = TierStyle(colour: Colour(hex: 0x555555))
    static let headingStyle = TierStyle(colour: Colour(hex: 0x111111))
    /// The running head's baseline, below the paper's top edge, as a distance above the text area's top.
    private var headTop: Double { margin - 2.6 * Self.size }

    /// The running head, centred, over a hairline.
    func drawHead(_ cr: OpaquePointer, text: String, painter: ChapterPainter) {
        drawCentred(cr, text, top: headTop, size: Self.size, style: Self.furnitureStyle, painter: painter)
        painter.set(cr, Colour(hex: 0xB0A898))
        cairo_set_line_width(cr, 0.5)
        cairo_move_to(cr, margin, margin - 0.9 * Self.size)
        cairo_line_to(cr, paper.width - margin, margin - 0.9 * Self.size)
        cairo_stroke(cr)
    }

    /// The page number, centred at the foot.
    func drawPageNumber(_ cr: OpaquePointer, _ number: String, painter: ChapterPainter) {
        drawCentred(
            cr, number, top: paper.height - margin + 1.2 * Self.size, size: Self.size, style: Self.furnitureStyle,
            painter: painter)
    }

    /// A chapter's name as a heading (`H1` or `H2`) at the left of the running head's line, on its baseline.
    func drawHeading(_ cr: OpaquePointer, _ text: String, level: String, painter: ChapterPainter) {
        let baseline = painter.baseline(top: headTop, size: Self.size)
        let top = baseline - painter.baseline(top: 0, size: Self.headingSize)
        cairo_tag_begin(cr, level, "")
        painter.drawCaption(
            captions.intern(text), from: captions, tier: .translation, into: cr, left: margin, top: top,
            size: Self.headingSize, exactSize: true, style: Self.headingStyle)
        cairo_tag_end(cr, level)
    }

    /// The title page: the first line as the book's heading (`H1`), the others as paragraphs under it, centred.
    func drawTitlePage(_ cr: OpaquePointer, lines: [String], painter: ChapterPainter) {
        var top = paper.height / 3
        for (index, line) in lines.enumerated() {
            let size = index == 0 ? Self.titleSize : Self.subtitleSize
            let tag = index == 0 ? "H1" : "P"
            cairo_tag_begin(cr, tag, "")
            drawCentred(cr, line, top: top, size: size, style: Self.headingStyle, painter: painter)
            cairo_tag_end(cr, tag)
            top += size * (index == 0 ? 2.2 : 1.6)
        }
    }

    /// On a page that begins inside a verse, that verse's number again in the gutter beside the page's first row,
    /// slanted (a continuation, not the verse's start), in chapter points with the page's top at 0.
    func drawContinuedVerse(_ cr: OpaquePointer, page: PageSlice, painter: ChapterPainter) {
        let layout = painter.layout
        let index = VerseIndex(page.cells.lowerBound)
        let cell = layout.cells[index]
        let rows = page.rows(of: cell)
        guard rows.lowerBound > 0.5 else { return }
        var number: Label?
        var firstRow = Float.infinity
        for label in layout.labels(in: index) {
            if label.tier == .verse { number = label }
            if rows.contains(label.y) { firstRow = min(firstRow, label.y) }
        }
        guard let number, firstRow.isFinite else { return }
        var style = painter.style.style(of: .verse)
        style.slant = 0.2
        let (size, squeezed) = painter.drawnSize(of: number)
        painter.drawRun(
            number.text, tier: .verse, into: cr, left: Double(number.x), top: Double(cell.y + firstRow - page.top),
            size: size, exactSize: squeezed || style.slant != 0, style: style)
    }

    private func drawCentred(
        _ cr: OpaquePointer, _ text: String, top: Double, size: Double, style: TierStyle, painter: ChapterPainter
    ) {
        let id = captions.intern(text)
        let width = Double(captions.run(id).advance) * size
        painter.drawCaption(
            id, from: captions, tier: .translation, into: cr, left: (paper.width - width) / 2, top: top, size: size,
            exactSize: true, style: style)
    }
}
