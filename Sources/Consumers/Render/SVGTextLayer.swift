import Foundation
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The real text of an SVG rendering. cairo's SVG surface draws glyphs as outlines (exact, but not text), so each
/// label is also written as an invisible `<text>` at its frame, stretched to the label's width (`textLength`), in
/// its language, grouped per verse: a browser can select, search and copy it and a screen reader can read it, while
/// what is seen stays cairo's exact glyphs.
struct SVGTextLayer {
    let painter: ChapterPainter
    let slice: PageSlice
    let title: String

    /// The language of a tier's text (BCP 47) in a chapter of `source`: "grc" or "hbo", "grc-Latn" or "hbo-Latn".
    static func language(of tier: Tier, source: SourceLanguage = .greek) -> String {
        switch tier {
        case .source, .lemma: source.tag
        case .transliteration: source.transliterationTag
        default: "en"
        }
    }

    /// `svg` with a `<title>` after its root element's start tag and the text layer before its end tag.
    func insert(into svg: Data) throws -> Data {
        guard let text = String(data: svg, encoding: .utf8),
            let rootStart = text.range(of: "<svg"),
            let rootEnd = text.range(of: ">", range: rootStart.upperBound..<text.endIndex),
            let close = text.range(of: "</svg>", options: .backwards)
        else { throw RenderError("cairo wrote an SVG without an <svg> root element") }
        var out = String(text[..<rootEnd.upperBound])
        out += "\n<title>\(Self.escape(title))</title>\n"
        out += text[rootEnd.upperBound..<close.lowerBound]
        out += layer()
        out += text[close.lowerBound...]
        return Data(out.utf8)
    }

    private func layer() -> String {
        let layout = painter.layout
        let chapter = painter.chapter
        var out =
            "<g id=\"text\" fill=\"#000\" fill-opacity=\"0\" font-family=\"\(Self.escape(painter.fonts.family))\">\n"
        for row in slice.cells {
            let verse = chapter.verses[VerseIndex(row)].number
            let top = Double(painter.table.origins[row] - slice.top)
            out += "<g id=\"\(chapter.reference.osisID).\(verse)\">\n"
            for label in layout.labels(in: VerseIndex(row)) {
                let text = chapter.text(label.text)
                guard !text.isEmpty else { continue }
                let size = painter.drawnSize(of: label).size
                let baseline = painter.baseline(top: top + Double(label.y), size: size)
                out +=
                    "<text x=\"\(Self.number(Double(label.x)))\" y=\"\(Self.number(baseline))\" "
                    + "font-size=\"\(Self.number(size))\" textLength=\"\(Self.number(Double(label.width)))\" "
                    + "lengthAdjust=\"spacingAndGlyphs\" xml:lang=\"\(Self.language(of: label.tier, source: chapter.language))\">"
                    + Self.escape(text) + "</text>\n"
            }
            out += "</g>\n"
        }
        return out + "</g>\n"
    }

    static func number(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 forbids most control characters even escaped.
                if c.value < 0x20 && c != "\t" && c != "\n" && c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
