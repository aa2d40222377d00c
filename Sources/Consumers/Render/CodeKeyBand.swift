import InterlinearTable

/// The key to the codes under a PNG's verses (issue 43: the image carries the key, as the PDF does): the codes its
/// verses print (`CodeKey`), set as the PDF's key pages set them (`CodeKeyColumn`, its heading first) between the
/// layout's margins. Its lines are captions, interned on the caller's thread, so it is painted there, strip by
/// strip, after the bands of verses the other threads paint.
struct CodeKeyBand {
    let column: CodeKeyColumn
    /// Each paragraph's top, points below the key's top.
    let tops: [Double]
    let left: Double
    /// Points, from the last verse's bottom to the image's.
    let height: Double
    /// Above the heading and below the last line, points.
    static let padding = 16.0

    /// The key of the verses of `slice`; nil when they print no code (no morphology or Strong's tier).
    init?(painter: ChapterPainter, slice: PageSlice, captions: any CaptionSource) {
        var key = CodeKey()
        key.collect(painter, pages: [slice])
        guard !key.isEmpty else { return nil }
        let options = painter.layout.options
        left = Double(options.margin)
        column = CodeKeyColumn(
            key, width: Double(options.width - 2 * options.margin), captions: captions, heading: true)
        var y = Self.padding
        var tops: [Double] = []
        for paragraph in column.paragraphs {
            tops.append(y)
            y += paragraph.height + paragraph.after
        }
        self.tops = tops
        height = y + Self.padding
    }

    /// Draws the paragraphs that reach into `points` of the key (0 at its top), the key's top at user-space y
    /// `originY`. A paragraph is drawn whole (cairo clips it to the strip), a line's size beyond it each way for
    /// accents and descenders.
    func draw(
        _ points: Range<Double>, originY: Double, into cr: OpaquePointer, painter: ChapterPainter,
        captions: any CaptionSource
    ) {
        let reach = PageFurniture.headingSize
        for (paragraph, top) in zip(column.paragraphs, tops)
        where top - reach < points.upperBound && top + paragraph.height + reach > points.lowerBound {
            CodeKeyColumn.draw(
                paragraph, left: left, top: originY + top, into: cr, painter: painter, captions: captions)
        }
    }
}
