/// Undoes libsword's Latin-1 decoding of a module whose text is UTF-8 but whose `.conf` does not say so.
///
/// A module without `Encoding=UTF-8` is read as Latin-1: libsword's raw filter turns each byte ≥ 0x80 into a
/// character, taking 0x80–0x9F as Windows-1252 does (0x80 → €, 0x93 → “) and the five bytes Windows-1252 leaves
/// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) as the control characters U+0081…. Debian's sword-dict-strongs-hebrew
/// 3.0 is such a module: its Hebrew and its transliteration are UTF-8, so diatheke shows "××œ×”×™×" for אלהים.
/// Mapping every character back to its byte gives the module's bytes, which are then read as UTF-8 — only when
/// every character has a byte and the bytes are valid UTF-8; otherwise the text really was Latin-1 and is kept.
enum ModuleEncoding {
    /// The Windows-1252 byte of each character it places in 0x80–0x9F (the Unicode consortium's cp1252 table).
    private static let windows1252: [Unicode.Scalar: UInt8] = [
        "\u{20AC}": 0x80, "\u{201A}": 0x82, "\u{0192}": 0x83, "\u{201E}": 0x84, "\u{2026}": 0x85, "\u{2020}": 0x86,
        "\u{2021}": 0x87, "\u{02C6}": 0x88, "\u{2030}": 0x89, "\u{0160}": 0x8A, "\u{2039}": 0x8B, "\u{0152}": 0x8C,
        "\u{017D}": 0x8E, "\u{2018}": 0x91, "\u{2019}": 0x92, "\u{201C}": 0x93, "\u{201D}": 0x94, "\u{2022}": 0x95,
        "\u{2013}": 0x96, "\u{2014}": 0x97, "\u{02DC}": 0x98, "\u{2122}": 0x99, "\u{0161}": 0x9A, "\u{203A}": 0x9B,
        "\u{0153}": 0x9C, "\u{017E}": 0x9E, "\u{0178}": 0x9F,
    ]

    /// `text` as the module's own UTF-8, when libsword decoded UTF-8 bytes as Latin-1; else `text` unchanged.
    static func repaired(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var changed = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else if let byte = windows1252[scalar] {
                bytes.append(byte)
                changed = true
            } else if scalar.value <= 0xFF {
                bytes.append(UInt8(scalar.value))
                changed = true
            } else {
                return text  // a character no single byte decodes to: not Latin-1-decoded UTF-8
            }
        }
        guard changed, let repaired = String(validating: bytes, as: UTF8.self) else { return text }
        return repaired
    }
}
