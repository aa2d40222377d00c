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

    /// Whether `bytes` are valid UTF-8 without control characters (bytes equal to `allowed`, an ASCII separator
    /// such as a tab, excepted): `firstInvalidUTF8` and `firstControl` in one pass, eight ASCII bytes at a time.
    /// Loading checks every field with it and asks the other two only to word a refusal.
    public static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, allowing allowed: UInt8? = nil) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        // An allowed separator is checked byte by byte (it is below 0x20, so the word test would stop at it).
        let wordTest = allowed == nil
        var i = 0
        while i < n {
            if wordTest && n - i >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                // No high bit (all ASCII), no byte below 0x20, no byte equal to 0x7F (the usual "has less than" and
                // "has zero byte" tests, exact as yes/no answers).
                let below = (word &- 0x20 &* ones) & ~word & highs
                let delete = word ^ (0x7F &* ones)
                if word & highs == 0 && below == 0 && (delete &- ones) & ~delete & highs == 0 {
                    i += 8
                    continue
                }
            }
            let b = base[i]
            if b < 0x80 {
                if (b < 0x20 || b == 0x7F) && b != allowed { return false }
                i += 1
                continue
            }
            func continuation(_ at: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
                at < n && range.contains(base[at])
            }
            switch b {
            case 0xC2:
                // U+0080–U+009F are the C1 controls.
                guard continuation(i + 1, 0xA0...0xBF) else { return false }
                i += 2
            case 0xC3...0xDF:
                guard continuation(i + 1) else { return false }
                i += 2
            case 0xE0...0xEF:
                let second: ClosedRange<UInt8> = b == 0xE0 ? 0xA0...0xBF : b == 0xED ? 0x80...0x9F : 0x80...0xBF
                guard continuation(i + 1, second), continuation(i + 2) else { return false }
                i += 3
            case 0xF0...0xF4:
                let second: ClosedRange<UInt8> = b == 0xF0 ? 0x90...0xBF : b == 0xF4 ? 0x80...0x8F : 0x80...0xBF
                guard continuation(i + 1, second), continuation(i + 2), continuation(i + 3) else { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }

    /// The first control character of a string, or nil.
    public static func firstControl<S: StringProtocol>(_ text: S) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
