import CCairo
import InterlinearCorpus
import InterlinearTypesetting

/// How a label's text goes with its glyphs (cairo text clusters), so that PDF and SVG extraction gives the text
/// exactly, even for runs drawn with fallback fonts.
extension ChapterPainter {
    /// Text clusters for `glyphs` glyphs showing `text`; returns their count. The shaped run keeps no per-glyph
    /// clusters, so: one character per glyph when the counts agree (left-to-right text with neither ligature nor
    /// decomposition, nearly every label), else (and for right-to-left Hebrew) the whole text as one cluster (a PDF then carries it as ActualText).
    /// Either way extraction gives exactly `text`; cairo itself falls back to ActualText if a glyph was already
    /// mapped to other characters.
    func fillClusters(_ text: UnsafeBufferPointer<CChar>, glyphs: Int) -> Int {
        let scalars = text.reduce(0) { $0 + (UInt8(bitPattern: $1) & 0xC0 != 0x80 ? 1 : 0) }
        // Hebrew's glyphs come in visual order, right to left, so a character per glyph would pair them backwards;
        // the whole text is one cluster instead.
        let rightToLeft = Self.isRightToLeft(text)
        guard scalars == glyphs, glyphs > 0, !rightToLeft else {
            // With a separator, its space glyph stays a cluster of its own, so only the word needs ActualText.
            let separated = wordSeparators && glyphs > 1 && text.count > 1 && text.last == 0x20
            let head = separated ? 1 : 0
            buffer.clusters[0] = cairo_text_cluster_t(
                num_bytes: Int32(text.count - head), num_glyphs: Int32(glyphs - head))
            if separated { buffer.clusters[1] = cairo_text_cluster_t(num_bytes: 1, num_glyphs: 1) }
            return 1 + head
        }
        var n = -1
        for byte in text {
            if UInt8(bitPattern: byte) & 0xC0 != 0x80 {
                n += 1
                buffer.clusters[n] = cairo_text_cluster_t(num_bytes: 0, num_glyphs: 1)
            }
            buffer.clusters[n].num_bytes += 1
        }
        return glyphs
    }

    /// A run shaped with fallback fonts: its glyphs are split by font, and its text by the same rule the shaper
    /// used (a scalar goes to the primary if it covers it, else to the first font of the chain that does), so each
    /// font's glyphs carry their own characters. If the two splits disagree, the first segment carries all the text.
    func showMixed(
        _ cr: OpaquePointer, count: Int, text: UnsafeBufferPointer<CChar>, tier: Tier,
        size: Double, squeezed: Bool, slant: Double
    ) {
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
            showSegment(
                cr, glyphs: start..<end, text: part, font: font, tier: tier, size: size, squeezed: squeezed,
                slant: slant)
            segment += 1
            start = end
        }
    }

    /// Fills `buffer.segments` with the text's font segments; nil when they do not match the glyphs' segments.
    func splitText(_ text: UnsafeBufferPointer<CChar>, glyphCount: Int) -> Int? {
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
                    if f > 0, font == 0 || f < font, faces.covers(scalar, fontIndex: f) { font = f }
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
        return (
            (b0 & 0x07) << 18 | (UInt32(bytes[offset + 1]) & 0x3F) << 12 | (UInt32(bytes[offset + 2]) & 0x3F) << 6
                | UInt32(bytes[offset + 3]) & 0x3F, 4
        )
    }
}
