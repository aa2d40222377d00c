import CCairo
import InterlinearCorpus
import InterlinearTypesetting

/// The key to the codes (`CodeKey`) set in a column: its paragraphs (the heading when asked, what a word block
/// shows, what a Strong's number is, then one per code with the code's words beside it) broken into lines no wider
/// than the column. The PDF's key pages (`CodeKeyPages`) and the PNG's key under the verses (`CodeKeyBand`) set and
/// draw it alike. Lines are measured without interning them: each distinct word is shaped once
/// (`CaptionSource.advance(of:)`, which interns nothing) and a line is as wide as its words and spaces, so only the
/// lines drawn are interned, and no candidate line is shaped whole.
struct CodeKeyColumn {
    struct Line {
        let text: String
        /// From the paragraph's top-left, points.
        let x: Double, y: Double
        let size: Double
        let style: TierStyle
    }

    struct Paragraph {
        var lines: [Line] = []
        /// The lines' height, points, and the space after the last.
        var height = 0.0, after = 0.0
    }

    static let heading = "Key to the codes"
    static let textSize = 10.0, entrySize = 9.0
    static let codeStyle = TierStyle(colour: Colour(hex: 0x555555))
    static let wordsStyle = TierStyle(colour: Colour(hex: 0x222222))

    private(set) var paragraphs: [Paragraph] = []

    /// `key` set `width` points wide, measured by `captions`; with `heading`, its heading first (a PDF draws the
    /// heading as its pages' furniture instead).
    init(_ key: CodeKey, width: Double, captions: any CaptionSource, heading: Bool) {
        var widths = WordWidths(captions: captions)
        if heading {
            let size = PageFurniture.headingSize
            paragraphs.append(
                Paragraph(
                    lines: [Line(text: Self.heading, x: 0, y: 0, size: size, style: PageFurniture.headingStyle)],
                    height: size * 1.3, after: Self.textSize * 0.6))
        }
        for text in key.introduction {
            var paragraph = Paragraph(after: Self.textSize * 0.6)
            for line in widths.wrap(text, width: width / Self.textSize) {
                paragraph.lines.append(
                    Line(text: line, x: 0, y: paragraph.height, size: Self.textSize, style: Self.wordsStyle))
                paragraph.height += Self.textSize * 1.3
            }
            paragraphs.append(paragraph)
        }
        let entries = key.entries
        let codeWidth = entries.map { Double(widths.width(of: $0.code[...])) * Self.entrySize }.max() ?? 0
        let indent = codeWidth + Self.entrySize
        for entry in entries {
            var paragraph = Paragraph(
                lines: [Line(text: entry.code, x: 0, y: 0, size: Self.entrySize, style: Self.codeStyle)])
            for line in widths.wrap(entry.words, width: (width - indent) / Self.entrySize) {
                paragraph.lines.append(
                    Line(text: line, x: indent, y: paragraph.height, size: Self.entrySize, style: Self.wordsStyle))
                paragraph.height += Self.entrySize * 1.35
            }
            paragraphs.append(paragraph)
        }
    }

    /// Draws `paragraph` with its top-left at `(left, top)`, as a paragraph (`P`) of a tagged PDF (an image has no
    /// tags: cairo ignores them there).
    static func draw(
        _ paragraph: Paragraph, left: Double, top: Double, into cr: OpaquePointer, painter: ChapterPainter,
        captions: any CaptionSource
    ) {
        cairo_tag_begin(cr, "P", "")
        for line in paragraph.lines {
            painter.drawCaption(
                captions.intern(line.text), from: captions, tier: .translation, into: cr, left: left + line.x,
                top: top + line.y, size: line.size, exactSize: true, style: line.style)
        }
        cairo_tag_end(cr, "P")
    }

    /// Widths of words in ems, each word shaped once. A line is taken to be as wide as its words and its spaces:
    /// a kerning pair across a space, if a font had one, would not be counted.
    private struct WordWidths {
        let captions: any CaptionSource
        private var known: [Substring: Float] = [:]
        private let space: Float

        init(captions: any CaptionSource) {
            self.captions = captions
            space = captions.advance(of: " ")
        }

        mutating func width(of word: Substring) -> Float {
            if let width = known[word] { return width }
            let width = captions.advance(of: String(word))
            known[word] = width
            return width
        }

        /// `text` in lines no wider than `width` ems, broken between words (a word wider than the line gets a
        /// line of its own).
        mutating func wrap(_ text: String, width: Double) -> [String] {
            var lines: [String] = []
            var line: [Substring] = []
            var lineWidth: Float = 0
            for word in text.split(separator: " ") {
                let wordWidth = self.width(of: word)
                if !line.isEmpty, Double(lineWidth + space + wordWidth) > width {
                    lines.append(line.joined(separator: " "))
                    line = []
                }
                lineWidth = line.isEmpty ? wordWidth : lineWidth + space + wordWidth
                line.append(word)
            }
            if !line.isEmpty { lines.append(line.joined(separator: " ")) }
            return lines
        }
    }
}
