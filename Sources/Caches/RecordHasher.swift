/// The 64-bit hash of the shape file's records: an entry's check (its head, string and glyphs) and a string's key
/// hash (`ShapeFileLayout`). The same in every process and on every run, as the file needs; not cryptographic (it
/// guards against accidents — a torn write, a flipped bit — like `StableHasher`, which names the file and checks
/// its header and fonts records).
///
/// Why a second hash: a warm run checks every entry it serves (John 1: 1,780 entries of about 110 bytes), and
/// `StableHasher`'s eight bytes a step (two multiplies, a rotate) made the checks a visible part of a warm run
/// (`typeset-warm`). This one takes sixteen bytes a step — a glyph — with one 64 × 64 → 128-bit multiply whose
/// halves are folded together (the "mum" step of wyhash), then the MurmurHash3 finalizer. Each step's second word is
/// mixed with the state, so the order of the words counts, and every piece's length is mixed in, so "ab" + "c" and
/// "a" + "bc" differ. The words are read little-endian, unaligned; the last 1–15 bytes as two words zero-filled above
/// them (`StableHasher.tail`). `RecordHasherTests` checks it against a byte-by-byte definition.
struct RecordHasher {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Two odd constants of wyhash's secret, to keep a zero word from zeroing a product.
    private static let first: UInt64 = 0xA076_1D64_78BD_642F
    private static let second: UInt64 = 0xE703_7ED1_A0B4_28DB

    /// The 128-bit product's halves, folded.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    @inline(__always)
    private mutating func step(_ a: UInt64, _ b: UInt64) {
        state = Self.fold(a ^ Self.first, b ^ state ^ Self.second)
    }

    /// Mixes in a number.
    @inline(__always)
    mutating func combine(_ value: UInt64) { step(value, 0) }

    /// Mixes in bytes and their length: sixteen at a time, then the rest as two words. Wrapping steps: `offset`
    /// stays within `count`.
    @inline(__always)
    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        if let base = bytes.baseAddress {
            var offset = 0
            while count &- offset >= 16 {
                step(
                    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)))
                offset &+= 16
            }
            if count &- offset >= 8 {
                let low = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                step(low, StableHasher.tail(base, offset: offset &+ 8, count: count))
            } else if count != offset {
                step(StableHasher.tail(base, offset: offset, count: count), 0)
            }
        }
        step(UInt64(count), 0)
    }

    /// Mixes in `blocks` sixteen-byte blocks from `base`, without their length: for bytes whose length they say
    /// themselves (a run list's entries: each head gives its glyph count), so it need not be mixed in again.
    @inline(__always)
    mutating func combine(blocks base: UnsafeRawPointer, count blocks: Int) {
        var offset = 0
        let end = blocks &* 16
        while offset != end {
            step(
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)))
            offset &+= 16
        }
    }

    /// The hash of everything combined (the MurmurHash3 finalizer, as `StableHasher`'s).
    func finalize() -> UInt64 { StableHasher.avalanche(state) }
}
