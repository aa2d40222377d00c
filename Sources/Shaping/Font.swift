import CFreeType
import CHarfBuzz
import Synchronization

/// One font file, open in FreeType (metrics) and, from the first time it shapes, HarfBuzz. Shaping happens at
/// units-per-em, so one shaped run serves every point size; all metrics here are in ems.
/// Unchecked `Sendable`: after `init` only the HarfBuzz font changes, once, under its mutex; and HarfBuzz lets
/// threads shape with one `hb_font_t` at once.
package final class Font: @unchecked Sendable {
    package let descriptor: FontDescriptor
    /// The face's metrics in font units, as FreeType read them (kept in the font cache).
    let metrics: FontCacheFile.Metrics
    let unitsPerEm: Float
    /// Ascender, descender (negative) and line spacing, in ems, from FreeType.
    package let ascender: Float
    package let descender: Float
    package let lineSpacing: Float
    /// HarfBuzz's font: nil until first asked for (a warm run serves every run from the shape cache file and never
    /// loads HarfBuzz: CHarfBuzzLoader), then made once; `.some(nil)` when HarfBuzz could not make it.
    private let shaping = Mutex<OpaquePointer??>(nil)

    /// Opens the face in FreeType for its metrics; nil when FreeType cannot, or it has no units per em.
    convenience init?(_ descriptor: FontDescriptor, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Face(library, descriptor.path, FT_Long(descriptor.index), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        var metrics = FontCacheFile.Metrics(unitsPerEm: 0, ascender: 0, descender: 0, height: 0)
        interlinear_freetype_face_metrics(
            face, &metrics.unitsPerEm, &metrics.ascender, &metrics.descender, &metrics.height)
        guard metrics.unitsPerEm > 0 else { return nil }
        self.init(descriptor, metrics: metrics)
    }

    /// A face whose metrics are known (the font cache's, recorded while the file is unchanged): nothing is opened
    /// until it shapes. `metrics.unitsPerEm` must not be 0 (`FontCacheFile` refuses it).
    init(_ descriptor: FontDescriptor, metrics: FontCacheFile.Metrics) {
        let upem = Float(metrics.unitsPerEm)
        self.descriptor = descriptor
        self.metrics = metrics
        unitsPerEm = upem
        ascender = Float(metrics.ascender) / upem
        descender = Float(metrics.descender) / upem
        lineSpacing = Float(metrics.height) / upem
    }

    deinit {
        if case .some(.some(let font)) = shaping.withLock({ $0 }) { hb_font_destroy(font) }
    }

    /// HarfBuzz's font for the file, made (and HarfBuzz loaded) the first time; nil when HarfBuzz cannot open the
    /// file or is not installed.
    var hbFont: OpaquePointer? {
        shaping.withLock { state in
            if let made = state { return made }
            let made = Self.makeShapingFont(descriptor, unitsPerEm: unitsPerEm)
            state = .some(made)
            return made
        }
    }

    private static func makeShapingFont(_ descriptor: FontDescriptor, unitsPerEm: Float) -> OpaquePointer? {
        guard let blob = hb_blob_create_from_file_or_fail(descriptor.path) else { return nil }
        let hbFace = hb_face_create(blob, UInt32(descriptor.index))
        hb_blob_destroy(blob)
        guard let hbFace, let hbFont = hb_font_create(hbFace) else { return nil }
        hb_face_destroy(hbFace)
        // The default OpenType functions: fast and lock-free, unlike FreeType's.
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        return hbFont
    }

    /// Whether the font maps this scalar to a glyph.
    func covers(_ scalar: UInt32) -> Bool {
        guard let hbFont else { return false }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }
}
