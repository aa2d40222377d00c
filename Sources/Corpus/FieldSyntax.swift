/// The syntax of a word's coded fields, one rule for every reader and writer of corpus data (the chapter-file
/// parser, the importers, the corpus store), so what one accepts the others accept too.
package enum FieldSyntax {
    /// A Robinson-style morphology code: non-empty, without spaces ("V-IAI-3S", "PREP").
    package static func isMorphology(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        !field.isEmpty && !field.contains(UInt8(ascii: " "))
    }

    /// "G" (or `prefix`) + digits + at most one lower-case ASCII letter ("G3056", "G4053b", "H871a").
    package static func isStrongs(_ field: UnsafeBufferPointer<UInt8>, prefix: UInt8 = UInt8(ascii: "G")) -> Bool {
        guard field.count >= 2, field[0] == prefix else { return false }
        var i = 1
        while i < field.count && field[i] >= 0x30 && field[i] <= 0x39 { i += 1 }
        guard i > 1 else { return false }
        return i == field.count || (i == field.count - 1 && field[i] >= 0x61 && field[i] <= 0x7A)
    }

    /// Hebrew Strong's numbers: empty, or "H" numbers as `isStrongs` reads them, joined by "-" (one per morpheme)
    /// or "/" (a morpheme the source gives two numbers).
    /// One pass over the bytes (a store load checks every Hebrew word's and morpheme's numbers: splitting into slices
    /// first was a large part of the Old Testament's load: `interlinear bench-store`, docs/performance.md).
    package static func isHebrewStrongs(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = field.baseAddress, !field.isEmpty else { return true }
        let count = field.count
        var i = 0
        while true {
            guard i < count, base[i] == UInt8(ascii: "H") else { return false }
            i += 1
            let digits = i
            while i < count, base[i] &- 0x30 < 10 { i += 1 }
            guard i > digits else { return false }
            if i < count, base[i] &- 0x61 < 26 { i += 1 }  // one lower-case letter
            if i == count { return true }
            guard base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "/") else { return false }
            i += 1
        }
    }

    /// A non-negative decimal number of at most 9 digits (verse numbers, counts, token offsets), or nil.
    @inlinable package static func decimal(_ field: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !field.isEmpty, field.count <= 9 else { return nil }
        var value = 0
        for byte in field {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `isStrongs` for text.
    package static func isStrongs<S: StringProtocol>(_ text: S) -> Bool {
        var copy = String(text)
        return copy.withUTF8 { isStrongs($0) }
    }
}
