/// Text from a data file or the command line, made safe to print inside a one-line message.
///
/// Data can hold anything: an `ESC[2J` in a chapter file would clear the user's screen if an error message echoed
/// it, a newline would split the one-line error in two, a 10 MB field would flood the terminal. Every value a
/// message quotes, and every message before it is printed, goes through here: control characters (C0, DEL, C1)
/// and the invisible format characters that reorder or break lines (bidirectional overrides, line separators) are
/// written as escapes, and the text is cut to a bound with a trailing `…`.
package enum EscapedText {
    /// The longest message printed (in Unicode scalars, escapes included): room for two long paths and a
    /// sentence; quoted data values are cut far shorter (`valueLimit`).
    package static let messageLimit = 400
    /// The longest value quoted inside a message.
    package static let valueLimit = 40

    /// `text` with control and format characters escaped (`\e`, `\t`, `\n`, `\r`, `\0`, `\x07`, `\u{85}`,
    /// `\u{202E}`), cut to `limit` scalars (the escapes count) with a trailing `…` when longer.
    package static func escaped<S: StringProtocol>(_ text: S, limit: Int = messageLimit) -> String {
        var out = ""
        var length = 0
        for scalar in text.unicodeScalars {
            let piece = escape(scalar)
            if length + piece.unicodeScalars.count > limit {
                out += "…"
                return out
            }
            out += piece
            length += piece.unicodeScalars.count
        }
        return out
    }

    /// A data value for a message: escaped, cut to `valueLimit`, in single quotes.
    package static func quoted<S: StringProtocol>(_ text: S, limit: Int = valueLimit) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// A data value given as UTF-8 bytes (possibly invalid, possibly megabytes long): only the first bytes are
    /// decoded, so quoting a huge field costs what quoting a short one does.
    package static func quoted(utf8 bytes: UnsafeBufferPointer<UInt8>, limit: Int = valueLimit) -> String {
        let head = UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, limit * 4 + 4)])
        var text = String(decoding: head, as: UTF8.self)
        if head.count < bytes.count { text += String(repeating: "x", count: limit) }  // forces the `…`
        return quoted(text, limit: limit)
    }

    /// Whether a scalar is printed as an escape.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi, separators
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        guard needsEscape(scalar) else { return String(Character(scalar)) }
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x00: return "\\0"
        case 0x01...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        default: return "\\u{" + hex(scalar.value, digits: 1) + "}"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
