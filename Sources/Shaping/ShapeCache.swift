import CHarfBuzz
import InterlinearCorpus

/// One positioned glyph of a shaped run, in ems (16 bytes).
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt16
    /// Index of the font in the chain: 0 is the primary, others are fallbacks.
    public var font: UInt16
    public var advance: Float32
    public var xOffset: Float32
    public var yOffset: Float32
}

/// A shaped string: a slice of the glyph arena plus its total advance in ems.
public struct ShapedRun: Sendable, Equatable {
    public var glyphStart: UInt32
    public var glyphCount: UInt32
    public var advance: Float32
    /// Characters no installed font could draw.
    public var missing: UInt16
}

/// Shapes each distinct string once. Keyed by interned `TextID` (an array index, no hashing); runs are shaped at
/// units-per-em, so a cached run serves every font size. Glyphs live in one grow-only arena.
/// Not thread-safe: use one cache per thread.
public final class ShapeCache {
    public let chain: FontChain
    public let strings: StringTable
    /// The mutable tables live behind a pointer held in a `let`: Swift checks exclusivity dynamically
    /// (swift_beginAccess) on every access to a class's `var`, which cost more than the lookup itself.
    private struct Tables {
        var runIndex: [Int32] = []
        var runs: [ShapedRun] = []
        var glyphs: [ShapedGlyph] = []
        var shapedCount = 0
    }
    private let tables: UnsafeMutablePointer<Tables>
    /// Every shaped run, in shaping order.
    public var runs: [ShapedRun] { tables.pointee.runs }
    /// The glyph arena the runs slice.
    public var glyphs: [ShapedGlyph] { tables.pointee.glyphs }
    /// Number of strings shaped since creation or the last `reset()`.
    public var shapedCount: Int { tables.pointee.shapedCount }
    private let buffer: OpaquePointer
    private let greekLanguage = hb_language_from_string("grc", -1)
    private let englishLanguage = hb_language_from_string("en", -1)

    public init(chain: FontChain, strings: StringTable) {
        self.chain = chain
        self.strings = strings
        buffer = hb_buffer_create()
        tables = .allocate(capacity: 1)
        tables.initialize(to: Tables())
    }

    deinit {
        hb_buffer_destroy(buffer)
        tables.deinitialize(count: 1)
        tables.deallocate()
    }

    /// Forgets every run (for cold measurements); fonts and the buffer stay.
    public func reset() {
        tables.pointee.runIndex.removeAll(keepingCapacity: true)
        tables.pointee.runs.removeAll(keepingCapacity: true)
        tables.pointee.glyphs.removeAll(keepingCapacity: true)
        tables.pointee.shapedCount = 0
    }

    /// The shaped run of an interned string, shaping it on first use.
    @inline(__always)
    public func run(_ id: TextID) -> ShapedRun {
        let i = Int(id)
        let t = tables
        if i < t.pointee.runIndex.count {
            let slot = t.pointee.runIndex[i]
            if slot >= 0 { return t.pointee.runs[Int(slot)] }
        }
        return shape(id)
    }

    /// The glyphs of a run.
    public func glyphs(of run: ShapedRun) -> ArraySlice<ShapedGlyph> {
        tables.pointee.glyphs[Int(run.glyphStart)..<Int(run.glyphStart + run.glyphCount)]
    }

    /// The advance of any text in ems (e.g. a space); it is interned and cached like a label's text.
    public func advance(of text: String) -> Float {
        let id = strings.id(of: text) ?? strings.intern(text)
        return run(id).advance
    }

    private func shape(_ id: TextID) -> ShapedRun {
        let missingSlots = strings.count - tables.pointee.runIndex.count
        if missingSlots > 0 { tables.pointee.runIndex.append(contentsOf: repeatElement(-1, count: missingSlots)) }
        var text = strings[id]
        let start = tables.pointee.glyphs.count
        var missing = 0
        text.withUTF8 { utf8 in
            let isGreek = utf8.contains { $0 == 0xCE || $0 == 0xCF || $0 == 0xE1 }  // lead bytes of Greek blocks
            if !append(utf8, range: 0..<utf8.count, fontIndex: 0, greek: isGreek) {
                // The primary lacks a glyph: re-shape by segments, each with the first font that covers it.
                tables.pointee.glyphs.removeSubrange(start...)
                missing = shapeWithFallback(utf8, greek: isGreek)
            }
        }
        var advance: Float32 = 0
        for g in tables.pointee.glyphs[start...] { advance += g.advance }
        let run = ShapedRun(glyphStart: UInt32(start), glyphCount: UInt32(tables.pointee.glyphs.count - start),
                            advance: advance,
                            missing: UInt16(clamping: missing))
        tables.pointee.runIndex[Int(id)] = Int32(tables.pointee.runs.count)
        tables.pointee.runs.append(run)
        tables.pointee.shapedCount += 1
        return run
    }

    /// Shapes `range` of `utf8` with one font and appends its glyphs; false when a glyph is missing.
    @discardableResult
    private func append(_ utf8: UnsafeBufferPointer<UInt8>, range: Range<Int>, fontIndex: Int, greek: Bool) -> Bool {
        let font = fontIndex == 0 ? chain.primary : chain.font(at: fontIndex)  // the primary needs no lock
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
            tables.pointee.glyphs.append(ShapedGlyph(
                glyph: UInt16(truncatingIfNeeded: glyph), font: UInt16(fontIndex),
                advance: Float(positions[i].x_advance) * scale,
                xOffset: Float(positions[i].x_offset) * scale,
                yOffset: Float(positions[i].y_offset) * scale))
        }
        return complete
    }

    /// Splits the text into runs of scalars drawn by the same font and shapes each; returns how many scalars no
    /// installed font covers (they are kept as the primary's .notdef glyph, so they are visible and counted).
    private func shapeWithFallback(_ utf8: UnsafeBufferPointer<UInt8>, greek: Bool) -> Int {
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
                if segmentFont >= 0 { append(utf8, range: segmentStart..<offset, fontIndex: segmentFont, greek: greek) }
                segmentStart = offset
                segmentFont = fontIndex
            }
            offset += UTF8.width(scalar)
        }
        if segmentFont >= 0 { append(utf8, range: segmentStart..<offset, fontIndex: segmentFont, greek: greek) }
        return missing
    }
}
