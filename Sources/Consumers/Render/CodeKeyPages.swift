import CCairo
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The key to the codes (`CodeKey`) as the last pages of a PDF: the heading "Key to the codes" (`H2`), then the
/// key's paragraphs (`CodeKeyColumn`: what a word block shows and what a Strong's number is, then one per
/// morphology code with its words) in a column as wide as the text area, on as many pages as it takes; a paragraph
/// is never split between pages.
struct CodeKeyPages {
    let key: CodeKey
    let furniture: PageFurniture
    let captions: any CaptionSource

    static let heading = CodeKeyColumn.heading

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
        let column = CodeKeyColumn(key, width: width, captions: captions, heading: false)
        for paragraph in column.paragraphs {
            if y > margin, y + paragraph.height > bottom {
                try endPage()
                beginPage()
            }
            CodeKeyColumn.draw(paragraph, left: margin, top: y, into: cr, painter: painter, captions: captions)
            y += paragraph.height + paragraph.after
        }
        try endPage()
    }
}
