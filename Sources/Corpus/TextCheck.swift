/// Byte-level checks every reader of corpus text (chapter files, the importer, the store) makes before trusting a
/// field: valid UTF-8, and no control characters (which would reach a terminal raw through the reader or an error
/// message).
public enum TextCheck {
    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence (overlong forms,
    /// surrogates and code points past U+10FFFF are invalid), or nil when all of `bytes` is valid.
    public static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
    public static func firstControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
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
    /// whose fields they separate): `firstInvalidUTF8` and `firstControl` in one pass, through a small state
    /// machine (`CleanTextMachine`), leading ASCII eight bytes at a time. Loading checks every field with it
    /// and asks the other two only to word a refusal.
    public static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, allowingTabs: Bool = false) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let machine = CleanTextMachine.shared
        let classes = allowingTabs ? machine.classesAllowingTab : machine.classes
        let next = machine.transitions
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        // Leading ASCII eight bytes at a time: no high bit, no byte below 0x20, none equal to 0x7F (the usual "has
        // less than" and "has zero byte" tests, exact as yes/no answers). A gloss or a translation is all ASCII;
        // Greek stops this at once, and the state machine takes the rest byte by byte without testing again.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while n - i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let below = (word &- 0x20 &* ones) & ~word & highs
            let delete = word ^ (0x7F &* ones)
            guard word & highs == 0 && below == 0 && (delete &- ones) & ~delete & highs == 0 else { break }
            i += 8
        }
        var state = CleanTextMachine.accept
        while i < n {
            state = next[Int(state) &<< 4 | Int(classes[Int(base[i])])]
            i += 1
        }
        return state == CleanTextMachine.accept
    }

    /// The first control character of a string, or nil.
    public static func firstControl<S: StringProtocol>(_ text: S) -> Unicode.Scalar? {
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
