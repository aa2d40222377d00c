/// A 64-bit hash that is the same in every process, on every run: it names the persisted shape cache's file (from
/// its key), places strings in the file's index, and checks each entry against damage. Swift's `Hasher` is seeded
/// per process, so it can do none of these. Not cryptographic: it guards against accidents (a torn write, a flipped
/// bit, another program's file), not against someone forging a cache file in the user's own cache folder.
///
/// Eight bytes per step (a multiply and a rotate), a final avalanche (the MurmurHash3 finalizer's constants), and
/// every piece's length is mixed in, so "ab" + "c" and "a" + "bc" differ.
package struct StableHasher {
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

    /// Mixes in bytes and their length. Reads them eight at a time, unaligned; the last 1–7 bytes as one
    /// little-endian word (byte `i` of the tail in bits `8i…8i+7`), read with whole loads, not byte by byte: this
    /// runs for every entry a warm run takes from the shape file (its check covers the key and the glyphs), and the
    /// byte loop was a quarter of it. `StableHasherTests` checks it against the byte-by-byte definition.
    @inline(__always)
    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        if let base = bytes.baseAddress {
            // Wrapping steps: `offset` stays within `count` (a buffer's length), so overflow checks would only cost
            // (a large part of the loop).
            var offset = 0
            while count &- offset >= 8 {
                mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset &+= 8
            }
            mix(Self.tail(base, offset: offset, count: count))
        }
        mix(UInt64(count))
    }

    /// Bytes `offset..<count` (fewer than eight) as a little-endian word, zero above them.
    @inline(__always)
    static func tail(_ base: UnsafeRawPointer, offset: Int, count: Int) -> UInt64 {
        let left = count - offset
        if left == 0 { return 0 }
        if count >= 8 {
            // The last eight bytes of the buffer, shifted down past those already mixed in.
            let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            return last >> UInt64(8 * (8 - left))
        }
        // The whole buffer is shorter than a word: a 4-, 2- and 1-byte load as the length asks.
        var word: UInt64 = 0
        var at = offset
        var shift: UInt64 = 0
        if left & 4 != 0 {
            word = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            at += 4; shift = 32
        }
        if left & 2 != 0 {
            word |= UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt16.self))) << shift
            at += 2; shift += 16
        }
        if left & 1 != 0 {
            word |= UInt64(base.load(fromByteOffset: at, as: UInt8.self)) << shift
        }
        return word
    }

    /// The hash of everything combined.
    func finalize() -> UInt64 { Self.avalanche(state) }

    /// MurmurHash3's 64-bit finalizer: every bit of `state` reaches every bit of the result (`RecordHasher` ends
    /// with it too).
    static func avalanche(_ state: UInt64) -> UInt64 {
        var h = state
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    /// The hash of one buffer.
    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0x243F_6A88_85A3_08D3) -> UInt64 {
        var hasher = StableHasher(seed: seed)
        hasher.combine(bytes)
        return hasher.finalize()
    }
}
