import CCairo
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The key to the codes (`CodeKey`) as the last pages of a PDF: the heading "Key to the codes" (`H2`), what a word
/// block shows and what a Strong's number is, then one line per morphology code with its words, each a paragraph,
/// in a column as wide as the text area, on as many pages as it takes.
struct CodeKeyPages {
    let key: CodeKey
    let furniture: PageFurniture
    let captions: any CaptionSource

    static let heading = "Key to the codes"
    static let textSize = 10.0, entrySize = 9.0
    static let codeStyle = TierStyle(colour: Colour(hex: 0x555555))
    static let wordsStyle = TierStyle(colour: Colour(hex: 0x222222))

    /// Draws the pages, numbering them on from `number` (which ends at the last).
    func draw(
        into cr: OpaquePointer, surface: OpaquePointer, painter: ChapterPainter, number: inout Int
    ) throws {
        let paper = furniture.paper, margin = furniture.margin
        let width = paper.width - 2 * margin, bottom = paper.height - margin
        var y = margin
        var first = true
        func beginPage() {
            number += 1
            cairo_pdf_surface_set_page_label(surface, String(number))
            // The first page has the heading, the others a running head saying what they continue.
            if first {
                furniture.drawHeading(cr, Self.heading, level: "H2", painter: painter)
            } else {
                furniture.drawHead(cr, text: Self.heading, painter: painter)
            }
            first = false
            y = margin
        }
        func endPage() throws {
            furniture.drawPageNumber(cr, String(number), painter: painter)
            cairo_show_page(cr)
            try check(cairo_status(cr), "drawing page \(number) failed")
        }
        beginPage()
        for paragraph in key.introduction {
            cairo_tag_begin(cr, "P", "")
            for line in wrap(paragraph, width: width, size: Self.textSize) {
                draw(
                    line, left: margin, top: y, size: Self.textSize, style: Self.wordsStyle, into: cr, painter: painter)
                y += Self.textSize * 1.3
            }
            cairo_tag_end(cr, "P")
            y += Self.textSize * 0.6
        }
        let entries = key.entries
        let codeWidth =
            entries.map { Double(captions.run(captions.intern($0.code)).advance) * Self.entrySize }.max() ?? 0
        let lineHeight = Self.entrySize * 1.35
        for entry in entries {
            let lines = wrap(entry.words, width: width - codeWidth - Self.entrySize, size: Self.entrySize)
            if y + Double(lines.count) * lineHeight > bottom {
                try endPage()
                beginPage()
            }
            cairo_tag_begin(cr, "P", "")
            draw(
                entry.code, left: margin, top: y, size: Self.entrySize, style: Self.codeStyle, into: cr,
                painter: painter)
            for line in lines {
                draw(
                    line, left: margin + codeWidth + Self.entrySize, top: y, size: Self.entrySize,
                    style: Self.wordsStyle, into: cr, painter: painter)
                y += lineHeight
            }
            cairo_tag_end(cr, "P")
        }
        try endPage()
    }

    private func draw(
        _ text: String, left: Double, top: Double, size: Double, style: TierStyle, into cr: OpaquePointer,
        painter: ChapterPainter
    ) {
        painter.drawCaption(
            captions.intern(text), from: captions, tier: .translation, into: cr, left: left, top: top, size: size,
            exactSize: true, style: style)
    }

    /// `text` in lines no wider than `width` at `size`, broken between words (a word wider than the line gets a
    /// line of its own).
    private func wrap(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, Double(captions.run(captions.intern(candidate)).advance) * size > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
