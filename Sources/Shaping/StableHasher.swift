/// A 64-bit hash that is the same in every process, on every run: it names the persisted shape cache's file (from
/// its key), places strings in the file's index, and checks each entry against damage. Swift's `Hasher` is seeded
/// per process, so it can do none of these. Not cryptographic: it guards against accidents (a torn write, a flipped
/// bit, another program's file), not against someone forging a cache file in the user's own cache folder.
///
/// Eight bytes per step (a multiply and a rotate), a final avalanche (the MurmurHash3 finalizer's constants), and
/// every piece's length is mixed in, so "ab" + "c" and "a" + "bc" differ.
struct StableHasher {
    private var state: UInt64

    init(seed: UInt64 = 0x243F_6A88_85A3_08D3) { state = seed }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let second: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        state = ((state ^ (word &* Self.multiplier)) &* Self.second)
        state = (state << 29) | (state >> 35)
    }

    /// Mixes in a number.
    @inline(__always)
    mutating func combine(_ value: UInt64) { mix(value) }

    /// Mixes in bytes and their length. Reads them eight at a time, unaligned.
    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= count {
                mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
                shift += 8
                offset += 1
            }
            mix(tail)
        }
        mix(UInt64(count))
    }

    /// The hash of everything combined.
    func finalize() -> UInt64 {
        var h = state
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    /// The hash of one buffer.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0x243F_6A88_85A3_08D3) -> UInt64 {
        var hasher = StableHasher(seed: seed)
        hasher.combine(bytes)
        return hasher.finalize()
    }
}
