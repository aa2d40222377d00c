import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// `StableHasher.combine(_: UnsafeRawBufferPointer)` reads the bytes after the last whole word with wide loads; it
/// must give what the definition gives: every whole word, then the rest byte by byte as one little-endian word, then
/// the length (a different value would orphan every cache file).
@Suite struct StableHasherTests {
    /// The definition, one byte at a time for the tail.
    static func reference(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hasher = StableHasher(seed: seed)
        var offset = 0
        while offset + 8 <= bytes.count {
            var word: UInt64 = 0
            for i in 0..<8 { word |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
            hasher.combine(word)
            offset += 8
        }
        var tail: UInt64 = 0
        for i in offset..<bytes.count { tail |= UInt64(bytes[i]) << UInt64(8 * (i - offset)) }
        hasher.combine(tail)
        hasher.combine(UInt64(bytes.count))
        return hasher.finalize()
    }

    @Test func everyLengthAndAlignmentHashesAsDefined() {
        var generator = SystemRandomNumberGenerator()
        // A buffer with bytes on both sides of each slice, so a load past either end would change the hash.
        let buffer = (0..<96).map { _ in UInt8.random(in: 1...255, using: &generator) }
        buffer.withUnsafeBytes { whole in
            for start in 0..<8 {
                for length in 0...40 {
                    let slice = UnsafeRawBufferPointer(rebasing: whole[(start + 8)..<(start + 8 + length)])
                    let expected = Self.reference(Array(slice), seed: 7)
                    #expect(StableHasher.hash(slice, seed: 7) == expected, "start \(start), length \(length)")
                }
            }
        }
    }

    @Test func anEmptyBufferWithoutAnAddressHashesAsAnEmptyOne() {
        let empty = [UInt8]()
        let withAddress = [UInt8](repeating: 1, count: 4).withUnsafeBytes {
            StableHasher.hash(UnsafeRawBufferPointer(rebasing: $0[0..<0]))
        }
        let withoutAddress = StableHasher.hash(UnsafeRawBufferPointer(start: nil, count: 0))
        // The definition mixes a zero tail only when there is an address; both must stay what they were.
        #expect(withAddress == Self.reference(empty, seed: 0x243F_6A88_85A3_08D3))
        #expect(withoutAddress != withAddress)
    }
}
