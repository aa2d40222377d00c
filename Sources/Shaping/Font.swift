import CFreeType
import CHarfBuzz

/// One font file, open in FreeType (metrics) and HarfBuzz (shaping). Shaping happens at units-per-em, so one
/// shaped run serves every point size; all metrics here are in ems.
/// Unchecked `Sendable`: after `init` nothing changes, and HarfBuzz lets threads shape with one `hb_font_t` at once.
public final class Font: @unchecked Sendable {
    public let descriptor: FontDescriptor
    let hbFont: OpaquePointer
    let unitsPerEm: Float
    /// Ascender, descender (negative) and line spacing, in ems, from FreeType.
    public let ascender: Float
    public let descender: Float
    public let lineSpacing: Float

    init?(_ descriptor: FontDescriptor, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Face(library, descriptor.path, FT_Long(descriptor.index), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        let upem = Float(face.pointee.units_per_EM)
        guard upem > 0, let blob = hb_blob_create_from_file_or_fail(descriptor.path) else { return nil }
        let hbFace = hb_face_create(blob, UInt32(descriptor.index))
        hb_blob_destroy(blob)
        guard let hbFace, let hbFont = hb_font_create(hbFace) else { return nil }
        hb_face_destroy(hbFace)
        // The default OpenType functions: fast and lock-free, unlike FreeType's.
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        self.descriptor = descriptor
        self.hbFont = hbFont
        self.unitsPerEm = upem
        ascender = Float(face.pointee.ascender) / upem
        descender = Float(face.pointee.descender) / upem
        lineSpacing = Float(face.pointee.height) / upem
    }

    deinit { hb_font_destroy(hbFont) }

    /// Whether the font maps this scalar to a glyph.
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }
}
