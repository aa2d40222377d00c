/// A key the reader understands, decoded from the bytes a terminal sends.
package enum Key: Equatable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, backspace, escape, tab
    /// Ctrl-C: raw mode turns it into a byte; the reader quits on it with exit status 130, as SIGINT would.
    case interrupt
    /// Ctrl-D: the reader quits on it (exit status 0).
    case endOfInput
    /// Ctrl-Z: stop, with the terminal restored, until `fg`.
    case suspend
    /// An escape sequence the reader does not use.
    case unknown
}

/// Turns terminal input bytes into keys. Sequences and UTF-8 characters split across reads are kept until
/// complete; a lone ESC stays pending until `flush()` (called when no more bytes arrive shortly).
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Whether bytes are waiting for the rest of a sequence.
    package var hasPending: Bool { !pending.isEmpty }

    package mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            guard let (key, length) = Self.decode(pending, at: i) else { break }
            keys.append(key)
            i += length
        }
        pending.removeFirst(i)
        return keys
    }

    /// Resolves whatever is pending: a lone ESC becomes `.escape` (and what followed it is decoded afresh);
    /// an incomplete character is dropped as `.unknown`.
    package mutating func flush() -> [Key] {
        let bytes = pending
        pending.removeAll()
        guard let first = bytes.first else { return [] }
        guard first == 0x1B else { return [.unknown] }
        var rest = KeyDecoder()
        let keys = rest.feed(Array(bytes.dropFirst()))
        return [.escape] + keys + (rest.hasPending ? [.unknown] : [])
    }

    /// One key starting at `i`, with its length in bytes; nil when more bytes are needed.
    static func decode(_ b: [UInt8], at i: Int) -> (Key, Int)? {
        let byte = b[i]
        switch byte {
        case 0x1B: return decodeEscape(b, at: i)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x1A: return (.suspend, 1)
        case 0x00..<0x20: return (.unknown, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
        default:
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (.unknown, 1)  // a stray continuation byte or an invalid lead byte
            }
            guard i + length <= b.count else { return nil }
            guard let text = String(validating: b[i..<(i + length)], as: UTF8.self), let c = text.first else {
                return (.unknown, 1)
            }
            return (.character(c), length)
        }
    }

    private static func decodeEscape(_ b: [UInt8], at i: Int) -> (Key, Int)? {
        guard i + 1 < b.count else { return nil }
        let second = b[i + 1]
        if second == 0x4F {  // SS3: ESC O A (application cursor keys)
            guard i + 2 < b.count else { return nil }
            return (arrow(b[i + 2]) ?? .unknown, 3)
        }
        guard second == 0x5B else {
            // ESC followed by something else: Escape, then that key decoded on its own.
            return (.escape, 1)
        }
        // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else { return nil }
        let final = b[j]
        let parameters = String(decoding: b[(i + 2)..<j], as: UTF8.self)
        let length = j - i + 1
        if let key = arrow(final) { return (key, length) }
        if final == 0x7E {
            switch parameters.split(separator: ";").first ?? "" {
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            default: return (.unknown, length)
            }
        }
        return (.unknown, length)
    }

    private static func arrow(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        default: nil
        }
    }
}
