import CHarfBuzz

/// Shapes one string at a time into a caller's glyph array, with its own `hb_buffer`. The shape cache owns one;
/// `ShapeCache.prefetch` gives each extra thread its own, so threads share only the (thread-safe) fonts and the
/// (frozen) string table.
final class RunShaper {
    let chain: FontChain
    private let buffer: OpaquePointer
    private let greekLanguage = hb_language_from_string("grc", -1)
    private let englishLanguage = hb_language_from_string("en", -1)

    init(chain: FontChain) {
        self.chain = chain
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes UTF-8 text and appends its glyphs to `glyphs`; the run's `glyphStart` is where they begin in `glyphs`.
    func shape(utf8: UnsafeBufferPointer<UInt8>, into glyphs: inout [ShapedGlyph]) -> ShapedRun {
        let start = glyphs.count
        var missing = 0
        let isGreek = utf8.contains { $0 == 0xCE || $0 == 0xCF || $0 == 0xE1 }  // lead bytes of Greek blocks
        if !append(utf8, range: 0..<utf8.count, fontIndex: 0, greek: isGreek, into: &glyphs) {
            // The primary lacks a glyph: re-shape by segments, each with the first font that covers it.
            glyphs.removeSubrange(start...)
            missing = shapeWithFallback(utf8, greek: isGreek, into: &glyphs)
        }
        var advance: Float32 = 0
        for g in glyphs[start...] { advance += g.advance }
        return ShapedRun(glyphStart: UInt32(start), glyphCount: UInt32(glyphs.count - start), advance: advance,
                         missing: UInt16(clamping: missing))
    }

    /// Shapes `range` of `utf8` with one font and appends its glyphs; false when a glyph is missing.
    @discardableResult
    private func append(_ utf8: UnsafeBufferPointer<UInt8>, range: Range<Int>, fontIndex: Int, greek: Bool,
                        into glyphs: inout [ShapedGlyph]) -> Bool {
        let font = chain.font(at: fontIndex)
        hb_buffer_clear_contents(buffer)
        utf8.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, greek ? HB_SCRIPT_GREEK : HB_SCRIPT_LATIN)
        hb_buffer_set_language(buffer, greek ? greekLanguage : englishLanguage)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return true }
        let scale = 1 / font.unitsPerEm
        var complete = true
        for i in 0..<Int(count) {
            let glyph = infos[i].codepoint
            if glyph == 0 { complete = false }
            glyphs.append(ShapedGlyph(
                glyph: UInt16(truncatingIfNeeded: glyph), font: UInt16(fontIndex),
                advance: Float(positions[i].x_advance) * scale,
                xOffset: Float(positions[i].x_offset) * scale,
                yOffset: Float(positions[i].y_offset) * scale))
        }
        return complete
    }

    /// Splits the text into runs of scalars drawn by the same font and shapes each; returns how many scalars no
    /// installed font covers (they are kept as the primary's .notdef glyph, so they are visible and counted).
    private func shapeWithFallback(_ utf8: UnsafeBufferPointer<UInt8>, greek: Bool,
                                   into glyphs: inout [ShapedGlyph]) -> Int {
        var missing = 0
        var segmentStart = 0
        var segmentFont = -1
        var offset = 0
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
        for scalar in scalars {
            var fontIndex = 0
            if !chain.primary.covers(scalar.value) {
                if let fallback = chain.fallback(for: scalar.value) { fontIndex = fallback } else { missing += 1 }
            }
            if fontIndex != segmentFont {
                if segmentFont >= 0 {
                    append(utf8, range: segmentStart..<offset, fontIndex: segmentFont, greek: greek, into: &glyphs)
                }
                segmentStart = offset
                segmentFont = fontIndex
            }
            offset += UTF8.width(scalar)
        }
        if segmentFont >= 0 { append(utf8, range: segmentStart..<offset, fontIndex: segmentFont, greek: greek, into: &glyphs) }
        return missing
    }
}
