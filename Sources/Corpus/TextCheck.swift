/// Byte-level checks every reader of corpus text (chapter files, the importer, the store) makes before trusting a
/// field: valid UTF-8, and no control characters (which would reach a terminal raw through the reader or an error
/// message).
package enum TextCheck {
    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence (overlong forms,
    /// surrogates and code points past U+10FFFF are invalid), or nil when all of `bytes` is valid.
    package static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        func continuation(_ at: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            at < n && range.contains(bytes[at])
        }
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            switch b {
            case 0xC2...0xDF:
                guard continuation(i + 1) else { return i }
                i += 2
            case 0xE0...0xEF:
                let second: ClosedRange<UInt8> = b == 0xE0 ? 0xA0...0xBF : b == 0xED ? 0x80...0x9F : 0x80...0xBF
                guard continuation(i + 1, second), continuation(i + 2) else { return i }
                i += 3
            case 0xF0...0xF4:
                let second: ClosedRange<UInt8> = b == 0xF0 ? 0x90...0xBF : b == 0xF4 ? 0x80...0x8F : 0x80...0xBF
                guard continuation(i + 1, second), continuation(i + 2), continuation(i + 3) else { return i }
                i += 4
            default:
                return i
            }
        }
        return nil
    }

    /// The first control character in valid UTF-8 `bytes` (C0 including tab, DEL, or C1 U+0080–U+009F), or nil.
    package static func firstControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        for i in 0..<bytes.count {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F { return Unicode.Scalar(b) }
            if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
                return Unicode.Scalar(bytes[i + 1])
            }
        }
        return nil
    }

    /// Whether `bytes` are valid UTF-8 without control characters (tabs excepted when `allowingTabs`, for lines
    /// whose fields they separate): `firstInvalidUTF8` and `firstControl` in one pass. A text that opens with eight
    /// bytes of printable ASCII (a gloss, an English word) or of two-byte characters (Hebrew with its points, most
    /// Greek) is taken eight bytes at a time while it goes on so, the window that ends it included; a text of four
    /// to seven bytes is taken as one such window when it is all of one kind; the rest goes through a small state
    /// machine (`CleanTextMachine`) byte by byte. Loading checks every distinct field with it
    /// and asks the other two only to word a refusal.
    package static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, allowingTabs: Bool = false) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        if n >= 8 {
            let first = raw.loadUnaligned(as: UInt64.self)
            let ascii = isPrintableASCII(first)
            if ascii || isTwoByte(first) {
                // One kind for the whole text, tested inline (a function value here cost a call a window).
                @inline(__always) func plain(_ word: UInt64) -> Bool {
                    ascii ? isPrintableASCII(word) : isTwoByte(word)
                }
                i = 8
                while n - i >= 8, plain(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { i += 8 }
                // The last 1–7 bytes with the window that ends the text: whole characters of the same kind from
                // its first byte. Byte i - 1 ended a character, so it is no lead byte, and byte i is then no
                // continuation byte: the window's characters start at i too.
                if n - i < 8, i == n || plain(raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) {
                    return true
                }
            }
        } else if n >= 4 {
            // Four to seven bytes (a Strong's number, a morphology code, a short gloss or transliteration) as one
            // word: the first four and the last four, overlapping. Printable ASCII there is printable ASCII
            // throughout; two-byte characters likewise when the count is even, since both halves then start on a
            // character (an odd count cannot pass: one byte would have to be a lead and a continuation).
            let word =
                UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) &<< 32
            if isPrintableASCII(word) || isTwoByte(word) { return true }
        }
        let machine = CleanTextMachine.shared
        let classes = allowingTabs ? machine.classesAllowingTab : machine.classes
        let next = machine.transitions
        var state = CleanTextMachine.accept
        while i < n {
            state = next[Int(state) &<< 4 | Int(classes[Int(base[i])])]
            i += 1
        }
        return state == CleanTextMachine.accept
    }

    /// Whether eight bytes are printable ASCII: no high bit, no byte below 0x20, none equal to 0x7F (the usual
    /// "has less than" and "has zero byte" tests, exact as yes/no answers).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- 0x20 &* ones) & ~word & highs
        let delete = word ^ (0x7F &* ones)
        return word & highs == 0 && below == 0 && (delete &- ones) & ~delete & highs == 0
    }

    /// Whether eight bytes (the first in the low byte) are four two-byte characters U+00C0–U+07FF: a lead byte
    /// C3–DF, then a continuation byte 80–BF, four times. (C0 and C1 would be overlong; C2 is left to the state
    /// machine, as C2 80–9F are C1 controls.)
    @inline(__always)
    static func isTwoByte(_ word: UInt64) -> Bool {
        // The top bits of each byte as above; a lead's low five bits at least 3 (adding 0x7D to them sets its
        // high bit exactly then, with no carry out of the byte).
        word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0
            && ((word & 0x001F_001F_001F_001F) &+ 0x007D_007D_007D_007D) & 0x0080_0080_0080_0080
                == 0x0080_0080_0080_0080
    }

    /// The first control character of a string, or nil.
    package static func firstControl<S: StringProtocol>(_ text: S) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}

/// The UTF-8 grammar (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF) with control characters
/// (C0, DEL and the C1 range U+0080–U+009F) refused, as a table-driven state machine: each byte maps to a class,
/// and the state and class give the next state. Built from the grammar below when first used, into one allocation
/// that lives as long as the process (plain pointers: reading an array's table costs a retain and a release per
/// call, more than a short field's check). Unchecked `Sendable`: the tables are written once, before anyone reads.
struct CleanTextMachine: @unchecked Sendable {
    static let shared = CleanTextMachine()

    /// Between characters: where a clean text ends.
    static let accept: UInt8 = 0
    /// A refused byte was seen; no way back.
    static let reject: UInt8 = 1

    /// Byte classes (256 each); `classesAllowingTab` puts the tab with the printable ASCII bytes.
    let classes: UnsafePointer<UInt8>
    let classesAllowingTab: UnsafePointer<UInt8>
    /// 16 entries per state, by class.
    let transitions: UnsafePointer<UInt8>

    private enum Class: UInt8 {
        case printable, control, tab, cont80, cont90, contA0, invalid, leadC2, lead2, leadE0, lead3, leadED, leadF0,
            lead4, leadF4
    }

    private init() {
        func classOf(_ b: UInt8) -> Class {
            switch b {
            case 0x09: return .tab
            case 0x20...0x7E: return .printable
            case 0x00...0x1F, 0x7F: return .control
            case 0x80...0x8F: return .cont80
            case 0x90...0x9F: return .cont90
            case 0xA0...0xBF: return .contA0
            case 0xC2: return .leadC2
            case 0xC3...0xDF: return .lead2
            case 0xE0: return .leadE0
            case 0xED: return .leadED
            case 0xE1...0xEF: return .lead3
            case 0xF0: return .leadF0
            case 0xF1...0xF3: return .lead4
            case 0xF4: return .leadF4
            default: return .invalid  // C0, C1, F5–FF
            }
        }
        let all = (0...255).map { classOf(UInt8($0)) }
        let plain = all.map { $0 == .tab ? Class.control.rawValue : $0.rawValue }
        let tabbed = all.map { $0 == .tab ? Class.printable.rawValue : $0.rawValue }
        // States after `accept` (0) and `reject` (1): how many continuation bytes are still owed, and what the
        // first of them may be.
        let needOne: UInt8 = 2, needTwo: UInt8 = 3, needThree: UInt8 = 4
        let afterC2: UInt8 = 5, afterE0: UInt8 = 6, afterED: UInt8 = 7, afterF0: UInt8 = 8, afterF4: UInt8 = 9
        var table = [UInt8](repeating: Self.reject, count: 10 * 16)
        func on(_ state: UInt8, _ classes: [Class], _ next: UInt8) {
            for c in classes { table[Int(state) * 16 + Int(c.rawValue)] = next }
        }
        let anyContinuation: [Class] = [.cont80, .cont90, .contA0]
        on(Self.accept, [.printable], Self.accept)
        on(Self.accept, [.leadC2], afterC2)
        on(Self.accept, [.lead2], needOne)
        on(Self.accept, [.leadE0], afterE0)
        on(Self.accept, [.lead3], needTwo)
        on(Self.accept, [.leadED], afterED)
        on(Self.accept, [.leadF0], afterF0)
        on(Self.accept, [.lead4], needThree)
        on(Self.accept, [.leadF4], afterF4)
        on(needOne, anyContinuation, Self.accept)
        on(needTwo, anyContinuation, needOne)
        on(needThree, anyContinuation, needTwo)
        on(afterC2, [.contA0], Self.accept)  // C2 80–9F would be a C1 control
        on(afterE0, [.contA0], needOne)  // E0 80–9F would be overlong
        on(afterED, [.cont80, .cont90], needOne)  // ED A0–BF would be a surrogate
        on(afterF0, [.cont90, .contA0], needTwo)  // F0 80–8F would be overlong
        on(afterF4, [.cont80], needTwo)  // F4 90–BF would be past U+10FFFF
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 512 + table.count)
        storage.initialize(from: plain + tabbed + table, count: 512 + table.count)
        classes = UnsafePointer(storage)
        classesAllowingTab = UnsafePointer(storage + 256)
        transitions = UnsafePointer(storage + 512)
    }
}
