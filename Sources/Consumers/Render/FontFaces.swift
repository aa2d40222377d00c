import CCairo
import CCairoLoader
import CFreeType
import CFreeTypeLoader
import Foundation
import InterlinearShaping

/// cairo font faces for the fonts of a `FontChain`: the same files (path and face index) HarfBuzz shaped with, opened
/// in FreeType and wrapped with cairo-ft, so the glyph ids of a shaped run name the same glyphs here. Indexed like
/// the chain (0 is the primary); a fallback face is opened the first time a glyph of it is drawn.
final class FontFaces {
    let chain: FontChain
    /// cairo faces by chain index; nil until first use.
    private var faces: [OpaquePointer?] = []
    /// The FreeType faces behind them, for coverage queries (cairo owns their lifetime).
    private var ftFaces: [FT_Face?] = []

    /// Throws `RenderError` when cairo (loaded on first use) is missing, or the primary font cannot be opened.
    init(chain: FontChain) throws {
        self.chain = chain
        // The first cairo call of every painter: a missing libcairo (or libfreetype, which opens the faces cairo draws
        // with, loaded on first use too) is said here, once, naming its package.
        if let missing = cairo_loader_failure() ?? freetype_loader_failure() {
            throw RenderError(String(cString: missing))
        }
        guard face(at: 0) != nil else {
            throw RenderError("cannot open font file \(chain.primary.descriptor.path) in FreeType")
        }
    }

    deinit {
        for face in faces { if let face { cairo_font_face_destroy(face) } }
    }

    /// The cairo face of the chain's font `index`, or nil if its file cannot be opened.
    func face(at index: Int) -> OpaquePointer? {
        if index < faces.count, let face = faces[index] { return face }
        while faces.count <= index {
            faces.append(nil)
            ftFaces.append(nil)
        }
        let descriptor = chain.font(at: index).descriptor
        guard let ftFace = FontFaces.openFace(descriptor) else { return nil }
        guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, 0) else {
            FontFaces.closeFace(ftFace)
            return nil
        }
        // cairo may keep the face in its caches after we release it: it closes the FreeType face itself.
        let status = cairo_font_face_set_user_data(face, &FontFaces.ftFaceKey, UnsafeMutableRawPointer(ftFace)) {
            FontFaces.closeFace(OpaquePointer($0))
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            FontFaces.closeFace(ftFace)
            return nil
        }
        faces[index] = face
        ftFaces[index] = ftFace
        return face
    }

    /// Whether the chain's font `index` maps `scalar` to a glyph (the same cmap HarfBuzz used).
    func covers(_ scalar: UInt32, fontIndex index: Int) -> Bool { glyph(for: scalar, fontIndex: index) != 0 }

    /// The glyph the chain's font `index` maps `scalar` to; 0 when it has none or cannot be opened.
    func glyph(for scalar: UInt32, fontIndex index: Int) -> UInt32 {
        guard face(at: index) != nil, let ftFace = ftFaces[index] else { return 0 }
        return FontFaces.lock.withLock { UInt32(FT_Get_Char_Index(ftFace, FT_ULong(scalar))) }
    }

    // MARK: One FreeType library for the process

    /// cairo can close a face from any thread, long after its painter is gone, so the library lives for the
    /// process and every face open and close goes through one lock (FreeType's rule for a shared library).
    private static let lock = NSLock()
    nonisolated(unsafe) private static var library: FT_Library? = {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }()
    nonisolated(unsafe) private static var ftFaceKey = cairo_user_data_key_t(unused: 0)

    private static func openFace(_ descriptor: FontDescriptor) -> FT_Face? {
        lock.withLock {
            guard let library else { return nil }
            var face: FT_Face?
            guard FT_New_Face(library, descriptor.path, FT_Long(descriptor.index), &face) == 0 else { return nil }
            return face
        }
    }

    private static func closeFace(_ face: FT_Face?) {
        guard let face else { return }
        lock.withLock { _ = FT_Done_Face(face) }
    }
}

/// A rendering failure that is not a usage error: a font that cannot be opened, a cairo error.
public struct RenderError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
