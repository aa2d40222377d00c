import CHarfBuzz

/// Shapes one string at a time into a caller's glyph array, with its own `hb_buffer`. The shape cache owns one;
/// `ShapeCache.prefetch` gives each extra thread its own, so threads share only the (thread-safe) fonts and the
/// (frozen) string table.
/// Its HarfBuzz buffer and languages are made on the first string it shapes: a shape cache that serves every run
/// from its file never loads HarfBuzz (CHarfBuzzLoader).
final class RunShaper {
    let chain: FontChain
    /// The buffer and the HarfBuzz languages by `ShapingStyle` raw value, once made.
    private var prepared: (buffer: OpaquePointer, languages: [hb_language_t?])?

    init(chain: FontChain) {
        self.chain = chain
    }

    deinit {
        if let prepared { hb_buffer_destroy(prepared.buffer) }
    }

    /// The buffer and languages, made the first time; nil when HarfBuzz cannot make a buffer (not installed).
    private func prepare() -> (buffer: OpaquePointer, languages: [hb_language_t?])? {
        if let prepared { return prepared }
        guard let buffer = hb_buffer_create() else { return nil }
        prepared = (buffer, ShapingStyle.allCases.map { hb_language_from_string($0.language, -1) })
        return prepared
    }

    /// Shapes UTF-8 text in `style` (by default read from the text) and appends its glyphs to `glyphs`, in visual
    /// (left-to-right) order whatever the direction; the run's `glyphStart` is where they begin in `glyphs`.
    /// Hebrew starts from the chain's Hebrew font (`FontChain.hebrewFont`), everything else from the primary.
    func shape(
        utf8: UnsafeBufferPointer<UInt8>, style: ShapingStyle? = nil,
        into glyphs: inout [ShapedGlyph]
    ) -> ShapedRun {
        let start = glyphs.count
        var missing = 0
        let style = style ?? ShapingStyle.detect(utf8)
        let first = style == .hebrew ? chain.hebrewFont ?? 0 : 0
        if !append(utf8, range: 0..<utf8.count, fontIndex: first, style: style, into: &glyphs) {
            // The first font lacks a glyph: re-shape by segments, each with the first font that covers it.
            glyphs.removeSubrange(start...)
            missing = shapeWithFallback(utf8, preferred: first, style: style, into: &glyphs)
        }
        var advance: Float32 = 0
        for g in glyphs[start...] { advance += g.advance }
        return ShapedRun(
            glyphStart: UInt32(start), glyphCount: UInt32(glyphs.count - start), advance: advance,
            missing: UInt16(clamping: missing), style: style)
    }

    /// Shapes `range` of `utf8` with one font and appends its glyphs; false when a glyph is missing.
    @discardableResult
    private func append(
        _ utf8: UnsafeBufferPointer<UInt8>, range: Range<Int>, fontIndex: Int, style: ShapingStyle,
        into glyphs: inout [ShapedGlyph]
    ) -> Bool {
        let font = chain.font(at: fontIndex)
        // Without HarfBuzz nothing is shaped: no glyphs, each character counted missing by the caller's fallback.
        guard let (buffer, languages) = prepare(), let hbFont = font.hbFont else { return false }
        hb_buffer_clear_contents(buffer)
        utf8.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(
                buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, style.hbDirection)
        hb_buffer_set_script(buffer, style.hbScript)
        hb_buffer_set_language(buffer, languages[Int(style.rawValue)])
        hb_shape(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return true }
        let scale = 1 / font.unitsPerEm
        var complete = true
        for i in 0..<Int(count) {
            let glyph = infos[i].codepoint
            if glyph == 0 { complete = false }
            glyphs.append(
                ShapedGlyph(
                    glyph: UInt16(truncatingIfNeeded: glyph), font: UInt16(fontIndex),
                    advance: Float(positions[i].x_advance) * scale,
                    xOffset: Float(positions[i].x_offset) * scale,
                    yOffset: Float(positions[i].y_offset) * scale))
        }
        return complete
    }

    /// Splits the text into runs of scalars drawn by the same font and shapes each; returns how many scalars no
    /// installed font covers (they are kept as the primary's .notdef glyph, so they are visible and counted).
    /// Segments go in logical order; for a right-to-left run each segment's glyphs come out in visual order, so
    /// the segments are laid down right to left (the later segment's glyphs before the earlier one's).
    private func shapeWithFallback(
        _ utf8: UnsafeBufferPointer<UInt8>, preferred: Int, style: ShapingStyle,
        into glyphs: inout [ShapedGlyph]
    ) -> Int {
        // Where each segment's glyphs end (the first entry is where the run starts).
        var cuts = [glyphs.count]
        var missing = 0
        var segmentStart = 0
        var segmentFont = -1
        var offset = 0
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
        for scalar in scalars {
            var fontIndex = preferred
            // A combining mark stays with the font of the letter it sits on, when that font has it.
            if segmentFont >= 0 && isMark(scalar.value) && chain.font(at: segmentFont).covers(scalar.value) {
                fontIndex = segmentFont
            } else if !chain.font(at: preferred).covers(scalar.value) {
                if preferred != 0 && chain.primary.covers(scalar.value) {
                    fontIndex = 0
                } else if let fallback = chain.fallback(for: scalar.value) {
                    fontIndex = fallback
                } else {
                    fontIndex = preferred
                    missing += 1
                }
            }
            if fontIndex != segmentFont {
                if segmentFont >= 0 {
                    append(utf8, range: segmentStart..<offset, fontIndex: segmentFont, style: style, into: &glyphs)
                    cuts.append(glyphs.count)
                }
                segmentStart = offset
                segmentFont = fontIndex
            }
            offset += UTF8.width(scalar)
        }
        if segmentFont >= 0 {
            append(utf8, range: segmentStart..<offset, fontIndex: segmentFont, style: style, into: &glyphs)
            cuts.append(glyphs.count)
        }
        if style.direction == .rightToLeft && cuts.count > 2 {
            // Each segment's glyphs are in visual order already; the segments themselves go right to left.
            var reordered: [ShapedGlyph] = []
            reordered.reserveCapacity(glyphs.count - cuts[0])
            for k in stride(from: cuts.count - 1, to: 0, by: -1) {
                reordered.append(contentsOf: glyphs[cuts[k - 1]..<cuts[k]])
            }
            glyphs.replaceSubrange(cuts[0]..., with: reordered)
        }
        return missing
    }

    /// Combining marks (general category Mn/Mc/Me): Hebrew points and accents, Greek diacritics.
    private func isMark(_ scalar: UInt32) -> Bool {
        guard let s = Unicode.Scalar(scalar) else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
