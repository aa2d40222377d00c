import CHarfBuzzPeer
import InterlinearShaping

/// The heavyweight baseline: one object per label that owns its text and shapes it when created, the way a
/// UILabel (or a GtkLabel) does. Written for the benchmark only; nothing in the engine works like this.
final class HeavyLabel {
    let text: String
    let pointSize: Float
    var frame: (x: Float, y: Float, width: Float, height: Float)
    private(set) var glyphs: [UInt32] = []
    private(set) var advances: [Float] = []

    init(text: String, pointSize: Float, lineHeight: Float, font: HeavyFont) {
        self.text = text
        self.pointSize = pointSize
        frame = (0, 0, 0, lineHeight)
        shape(font)
    }

    /// Shapes the label's own text with its own buffer: no cache, nothing shared but the font.
    private func shape(_ font: HeavyFont) {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var utf8 = text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        let scale = pointSize / font.unitsPerEm
        var width: Float = 0
        for i in 0..<Int(count) {
            glyphs.append(infos[i].codepoint)
            let advance = Float(positions[i].x_advance) * scale
            advances.append(advance)
            width += advance
        }
        frame.width = width
    }
}

/// The font the heavy labels share (an app shares its UIFont too): the same file and scale as the engine's primary.
final class HeavyFont: @unchecked Sendable {
    let font: OpaquePointer
    let unitsPerEm: Float

    init(_ descriptor: FontDescriptor) {
        let blob = hb_blob_create_from_file(descriptor.path)
        let face = hb_face_create(blob, UInt32(descriptor.index))
        hb_blob_destroy(blob)
        font = hb_font_create(face)
        let upem = hb_face_get_upem(face)
        hb_face_destroy(face)
        unitsPerEm = Float(upem)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
    }

    deinit { hb_font_destroy(font) }
}
