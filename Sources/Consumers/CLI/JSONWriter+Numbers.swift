/// Numbers as `JSONEncoder` writes them, without its detours: an integer from a table of digit pairs (one division
/// by 100 per two digits, which the compiler makes a multiplication), a whole number of hundredths (every coordinate
/// of our documents) from that integer, rounded without libm. Anything else goes through `Double.description`.
extension JSONWriter {
    /// The decimal digit pairs "00" to "99", back to back: pair `n` is at `2n`.
    @inline(__always)
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// The longest text a number takes: `Double.description` of a subnormal or of the extremes
    /// ("-2.2250738585072014e-308"), beyond the 20 characters of `Int.min`.
    static let maxNumberLength = 24

    /// Writes an integer in decimal.
    mutating func appendDecimal(_ value: Int) {
        reserve(21)
        if value < 0 { base[count] = 0x2D; count += 1 }
        putDecimal(value.magnitude)
    }

    /// Writes `magnitude` in decimal into room the caller made (20 bytes at most): `writeDecimal`.
    @inline(__always)
    mutating func putDecimal(_ magnitude: UInt) {
        count = Self.writeDecimal(magnitude, at: base + count) - base
    }

    /// Writes `magnitude` in decimal at `out` (20 bytes at most) and returns where the digits end: the digits are
    /// counted first, then written from the last pair backwards. A position, not the writer, so that a writer of
    /// many small records (`LayoutDocument`'s labels) keeps its place in a register. Wrapping arithmetic: every
    /// index stays within the room made, so the overflow checks would only cost (five numbers a label: most of the
    /// JSON stage of `typeset-warm`).
    @inline(__always)
    static func writeDecimal(_ magnitude: UInt, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let digits = decimalDigits(magnitude)
        let pairs = digitPairs.utf8Start
        var rest = magnitude
        var at = digits
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            at &-= 2
            out[at] = pairs[pair]
            out[at &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            out[at &- 2] = pairs[pair]
            out[at &- 1] = pairs[pair &+ 1]
        } else {
            out[at &- 1] = 0x30 &+ UInt8(truncatingIfNeeded: rest)
        }
        return out + digits
    }

    /// The decimal digits of `magnitude`: the short numbers of a layout (coordinates in hundredths, word numbers)
    /// decided by a few comparisons, longer ones counted.
    @inline(__always)
    static func decimalDigits(_ magnitude: UInt) -> Int {
        if magnitude < 10 { return 1 }
        if magnitude < 100 { return 2 }
        if magnitude < 1000 { return 3 }
        if magnitude < 10000 { return 4 }
        var digits = 5
        var power: UInt = 100_000
        while digits < 20 && magnitude >= power {  // 10¹⁹ is the largest power of ten a UInt holds
            digits &+= 1
            power = power &* 10
        }
        return digits
    }

    /// Writes `hundredths / 100` into room the caller made (22 bytes at most): `writeHundredths`.
    @inline(__always)
    mutating func putHundredths(_ hundredths: Int) {
        count = Self.writeHundredths(hundredths, at: base + count) - base
    }

    /// Writes `hundredths / 100` at `out` as the shortest decimal that reads back to the double nearest to it (see
    /// `appendHundredths`), and returns where it ends: the integer part, then "." and one or two digits when there
    /// is a fraction, without trailing zeros (22 bytes at most). A zero is written "0"; "-0" is the caller's.
    @inline(__always)
    static func writeHundredths(_ hundredths: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
        UInt8
    > {
        var out = start
        if hundredths < 0 {
            out.pointee = 0x2D
            out += 1
        }
        let magnitude = hundredths.magnitude
        out = writeDecimal(magnitude / 100, at: out)
        let fraction = Int(truncatingIfNeeded: magnitude % 100)
        guard fraction != 0 else { return out }
        out[0] = 0x2E
        if fraction % 10 == 0 {
            out[1] = 0x30 &+ UInt8(truncatingIfNeeded: fraction / 10)
            return out + 2
        }
        let pairs = digitPairs.utf8Start
        out[1] = pairs[fraction &* 2]
        out[2] = pairs[fraction &* 2 &+ 1]
        return out + 3
    }

    /// `value.rounded()` (to nearest, halves away from zero) as an integer, for |value| < 2⁵³, without libm.
    ///
    /// Exact: `Int(value)` truncates toward zero to `t`, and `Double(t)` is exact below 2⁵³. `value - Double(t)` is
    /// exact too: when t = 0 it is `value` itself; otherwise `value` and `t` share their sign and
    /// |t| ≤ |value| < |t| + 1 ≤ 2|t|, so the subtraction of two doubles within a factor of two of each other is
    /// exact (Sterbenz). That exact fraction, compared with ±0.5, decides the step away from zero as `rounded()`
    /// does. (The sign of a zero result is lost; callers that can produce "-0" test for it.)
    @inline(__always)
    static func roundedToInteger(_ value: Double) -> Int {
        let truncated = Int(value)
        let fraction = value - Double(truncated)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// A `Double` as `JSONEncoder` writes it: `description` without a trailing ".0" ("12.5", "390", "-0", "1e-05",
    /// "1e+16"); a non-finite value is recorded for `finish()` to refuse, and "null" written meanwhile.
    mutating func appendNumber(_ value: Double) {
        guard value.isFinite else {
            invalidNumber = invalidNumber ?? value
            append("null")
            return
        }
        if appendHundredths(value) { return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { append($0.baseAddress, $0.count) }
    }

    /// What `appendNumber(rounded(value))` writes (`rounded(_:)`: `(Double(value) * 100).rounded() / 100`), without
    /// the division and libm's `round`.
    ///
    /// For |Double(value) · 100| < 10¹⁰ (every coordinate), `k = roundedToInteger(Double(value) * 100)` is that
    /// `rounded()` (the same product, rounded exactly alike), so `rounded(value)` is the double nearest to k/100,
    /// below 10⁸: `appendHundredths` takes it and, since (k/100)(1 + δ)·100 rounds back to k (|k|·2⁻⁵² < 0.5),
    /// writes `putHundredths(k)`. The one exception is a zero with a minus sign (k = 0 from a negative product:
    /// `rounded()` keeps the sign, and the encoder writes "-0"). Larger and non-finite values take the long way.
    @inline(__always)
    mutating func appendNumber(hundredthsOf value: Float) {
        reserve(Self.maxNumberLength)
        putNumber(hundredthsOf: value)
    }

    /// `appendNumber(hundredthsOf:)` into room the caller made (`maxNumberLength` bytes).
    @inline(__always)
    mutating func putNumber(hundredthsOf value: Float) {
        guard let end = Self.writeNumber(hundredthsOf: value, at: base + count) else {
            return appendNumber(rounded(value))
        }
        count = end - base
    }

    /// Writes `appendNumber(hundredthsOf: value)`'s text at `out` and returns where it ends, for |value · 100| <
    /// 10¹⁰ (every coordinate); nil, having written nothing, for larger and non-finite values, which take the long
    /// way (`appendNumber(rounded(value))`).
    @inline(__always)
    static func writeNumber(hundredthsOf value: Float, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
        UInt8
    >? {
        let scaled = Double(value) * 100
        guard abs(scaled) < 1e10 else { return nil }  // false for NaN too
        let hundredths = roundedToInteger(scaled)
        guard hundredths != 0 || scaled.sign == .plus else {
            out[0] = 0x2D
            out[1] = 0x30
            return out + 2
        }
        return writeHundredths(hundredths, at: out)
    }

    /// Writes a value that is a whole number of hundredths (every coordinate we round, `rounded(_:)`) without going
    /// through `description`, and returns true; false for any other value, which `description` then writes.
    ///
    /// When `value` is the double nearest to k/100 for an integer k, and |value| < 10⁹, the decimal k/100 (without
    /// trailing zeros) is the shortest text that reads back to `value`: any other decimal of as many or fewer
    /// digits differs from it by at least 0.01, hundreds of thousands of times more than the spacing of doubles
    /// there, and `description` writes numbers of that size without an exponent. Zero with a minus sign is left to
    /// `description` ("-0"). k is `(value * 100).rounded()`, taken exactly without libm (`roundedToInteger`: the
    /// product is below 10¹¹ < 2⁵³); `Double(k) / 100 == value` is then the test `rounded() / 100 == value` made
    /// before (`Double(k)` is that rounded product, exactly; only their zeros' signs may differ, and a zero passes
    /// the test only for `value` = +0, written "0" either way).
    @inline(__always)
    mutating func appendHundredths(_ value: Double) -> Bool {
        guard abs(value) < 1e9, value != 0 || value.sign == .plus else { return false }
        let hundredths = Self.roundedToInteger(value * 100)
        guard Double(hundredths) / 100 == value else { return false }
        reserve(22)
        putHundredths(hundredths)
        return true
    }
}

/// Hundredths of a point: enough for any screen, and stable in JSON. `(Double(value) * 100).rounded() / 100`, with
/// the rounding done without libm where it is exact (`JSONWriter.roundedToInteger`, below 2⁵³; a zero keeps the
/// product's sign, as `rounded()` keeps it).
func rounded(_ value: Float) -> Double {
    let scaled = Double(value) * 100
    guard abs(scaled) < 9e15 else { return scaled.rounded() / 100 }  // and NaN
    let hundredths = JSONWriter.roundedToInteger(scaled)
    guard hundredths != 0 else { return scaled.sign == .minus ? -0.0 : 0 }
    return Double(hundredths) / 100
}
