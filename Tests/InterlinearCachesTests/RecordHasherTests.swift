import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// `RecordHasher` (the shape file's entry checks and key hashes) against its definition written out independently:
/// the words assembled byte by byte, the 128-bit product by 32-bit halves (not `multipliedFullWidth`), then
/// MurmurHash3's finalizer. A different value would orphan every shape cache file, and a weak one miss damage.
@Suite struct RecordHasherTests {
    /// wyhash's two constants, as the hasher's definition names them.
    static let first: UInt64 = 0xA076_1D64_78BD_642F
    static let second: UInt64 = 0xE703_7ED1_A0B4_28DB

    /// The 128-bit product of `a` and `b`, high and low halves, by schoolbook multiplication of 32-bit halves.
    static func product(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
        let (a1, a0) = (a >> 32, a & 0xFFFF_FFFF), (b1, b0) = (b >> 32, b & 0xFFFF_FFFF)
        let low = a0 * b0, middle1 = a1 * b0, middle2 = a0 * b1, high = a1 * b1
        let carry = ((low >> 32) + (middle1 & 0xFFFF_FFFF) + (middle2 & 0xFFFF_FFFF)) >> 32
        return (
            high &+ (middle1 >> 32) &+ (middle2 >> 32) &+ carry,
            low &+ (middle1 << 32) &+ (middle2 << 32)
        )
    }

    /// The definition: `numbers` mixed in first (each a step with a zero second word), then the bytes sixteen at a
    /// time as two little-endian words, the last 1–15 as two words zero-filled, then the length.
    static func reference(numbers: [UInt64] = [], _ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var state = seed
        func step(_ a: UInt64, _ b: UInt64) {
            let p = product(a ^ first, b ^ state ^ second)
            state = p.high ^ p.low
        }
        func word(at offset: Int) -> UInt64 {
            var word: UInt64 = 0
            for i in 0..<8 where offset + i < bytes.count { word |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
            return word
        }
        for number in numbers { step(number, 0) }
        var offset = 0
        while bytes.count - offset >= 16 {
            step(word(at: offset), word(at: offset + 8))
            offset += 16
        }
        if bytes.count > offset { step(word(at: offset), word(at: offset + 8)) }
        step(UInt64(bytes.count), 0)
        var h = state
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    @Test func theProductIsTheFullWidthOne() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let (a, b) = (
                UInt64.random(in: 0...UInt64.max, using: &generator),
                UInt64.random(in: 0...UInt64.max, using: &generator)
            )
            let expected = a.multipliedFullWidth(by: b)
            #expect(Self.product(a, b) == (expected.high, expected.low))
        }
    }

    @Test func everyLengthAndAlignmentHashesAsDefined() {
        var generator = SystemRandomNumberGenerator()
        // Bytes on both sides of each slice, so a load past either end would change the hash.
        let buffer = (0..<128).map { _ in UInt8.random(in: 1...255, using: &generator) }
        buffer.withUnsafeBytes { whole in
            for start in 0..<16 {
                for length in 0...70 {
                    let slice = UnsafeRawBufferPointer(rebasing: whole[(start + 16)..<(start + 16 + length)])
                    var hasher = RecordHasher(seed: 7)
                    hasher.combine(42)
                    hasher.combine(slice)
                    #expect(
                        hasher.finalize() == Self.reference(numbers: [42], Array(slice), seed: 7),
                        "start \(start), length \(length)")
                }
            }
        }
    }

    /// Every single flipped bit of a record-sized buffer changes its hash (the damage a check must catch).
    @Test func everyFlippedBitChangesTheHash() {
        var generator = SystemRandomNumberGenerator()
        let record = (0..<112).map { _ in UInt8.random(in: 0...255, using: &generator) }
        func hash(_ bytes: [UInt8]) -> UInt64 {
            var hasher = RecordHasher(seed: ShapeFileLayout.checkSeed)
            bytes.withUnsafeBytes { hasher.combine($0) }
            return hasher.finalize()
        }
        let original = hash(record)
        for bit in 0..<(record.count * 8) {
            var damaged = record
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(hash(damaged) != original, "bit \(bit)")
        }
    }
}
