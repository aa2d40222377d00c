import Foundation
import Synchronization

/// Integer id of an interned string. The typesetter and the shape cache index arrays with it,
/// so no Greek `String` is hashed after loading.
public typealias TextID = UInt32

/// The interned strings, frozen: a read-only value, so chapters, the shape cache and its worker threads share it
/// without a lock (it is `Sendable` because nothing can write it). `StringTableBuilder` interns while chapters load
/// and hands out a new frozen table after each load; a later table of the same builder extends an earlier one
/// (ids only ever get added), so every chapter's ids stay valid.
///
/// Keys are the UTF-8 bytes (byte equality, not Unicode canonical equivalence: the corpus is NFC already), held in
/// one arena and found through an open-addressing table: looking a string up hashes bytes, not grapheme clusters,
/// and reading one hands out its bytes without making a `String`.
public struct StringTable: Sendable {
    /// Which builder the table comes from: two tables of one lineage agree on every id both hold.
    package struct Lineage: Hashable, Sendable {
        let id: UInt64
    }

    /// The empty string, interned first by every builder (an absent gloss).
    public static let emptyText: TextID = 0
    /// A single space, interned second by every builder (the gap between translation words).
    public static let spaceText: TextID = 1

    @usableFromInline var storage: InternedStrings
    package let lineage: Lineage

    init(storage: InternedStrings, lineage: Lineage) {
        self.storage = storage
        self.lineage = lineage
    }

    /// Number of distinct strings.
    public var count: Int { storage.entries.count }

    /// The text of an id, decoded from its bytes. Traps when `id` is not in the table (ids come from this table's
    /// lineage, so that is a programming error).
    public subscript(id: TextID) -> String { withUTF8(of: id) { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the UTF-8 bytes of `id`, without copying them. Traps when `id` is not in the table.
    @inlinable
    public func withUTF8<R>(of id: TextID, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let range = byteRange(of: id)
        return try storage.arena.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The number of UTF-8 bytes of `id`.
    @inlinable
    public func utf8Count(of id: TextID) -> Int { byteRange(of: id).count }

    /// Whether the bytes of `id` were found clean text (valid UTF-8 without control characters, `TextCheck.isClean`)
    /// when they were interned through `StringTableBuilder.intern(checkedUTF8:)`, as the store interns every field;
    /// false when nobody checked them. A writer of the bytes may skip its own check when true. Traps when `id` is
    /// not in the table.
    @inlinable
    package func isCheckedClean(_ id: TextID) -> Bool {
        FieldCheck.clean.isPassed(by: storage.entries[Int(id)].checks)
    }

    @inlinable
    func byteRange(of id: TextID) -> Range<Int> {
        let entry = storage.entries[Int(id)]
        return entry.start..<entry.start + entry.count
    }

    /// The id of `text` if it was interned.
    public func id<S: StringProtocol>(of text: S) -> TextID? {
        withContiguousUTF8(of: text) { storage.find($0, hash: InternedStrings.hash($0)).found }
    }

    /// What a chapter holds while it is being read, before its builder freezes (lineage 0 is no builder's).
    static let unfrozen = StringTable(storage: InternedStrings(), lineage: Lineage(id: 0))

    /// Whether this table holds every id `other` holds, with the same meaning.
    public func extends(_ other: StringTable) -> Bool { lineage == other.lineage && count >= other.count }
}

/// The storage of interned strings: plain arrays of numbers and bytes, so copying a frozen table is cheap and
/// sharing it across threads is safe.
@usableFromInline
struct InternedStrings: Sendable {
    /// What the table knows of one string, by id: one array of them rather than one array per property, so a new
    /// string is one append, not three, and a lookup reads one place (appending a string was about a third of
    /// interning a chapter's fields; benchmark `typeset-warm`).
    @usableFromInline
    struct Entry: Sendable {
        /// `start..<start + count` are the string's bytes in `arena`.
        @usableFromInline let start: Int
        @usableFromInline let count: Int
        /// The low 32 bits of the string's hash (`hash(_:)`): `slots` is placed by them (ids are 32 bits, so it
        /// never has more slots than they tell apart), and the bytes are compared only when they match.
        let hash: UInt32
        /// The checks the string's bytes passed (`FieldCheck` bits): clean text
        /// (`StringTableBuilder.intern(checkedUTF8:)`) and the syntax of the coded fields it stood for
        /// (`StringTableBuilder.passes`), so each is checked once.
        @usableFromInline var checks: UInt8
    }

    /// The strings' bytes one after another, with room ahead (zeros) past `used`.
    @usableFromInline var arena: [UInt8] = []
    /// The bytes of `arena` the strings take.
    var used = 0
    @usableFromInline var entries: [Entry] = []
    /// 0 = empty, else id + 1. The count is a power of two, kept under half full.
    var slots = [UInt32](repeating: 0, count: 1024)

    /// The slot holding `bytes`, or the empty slot where they would go. Reads through buffer pointers: this is the
    /// inner loop of every chapter load (about 7 lookups per word), and the indices come from the table itself.
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> (slot: Int, found: TextID?) {
        let key = UInt32(truncatingIfNeeded: hash)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                arena.withUnsafeBufferPointer { arena in
                    let mask = slots.count - 1
                    var slot = Int(key) & mask
                    while true {
                        let occupant = slots[slot]
                        if occupant == 0 { return (slot, nil) }
                        let id = Int(occupant - 1)
                        let entry = entries[id]
                        if entry.hash == key && entry.count == bytes.count
                            && Self.equal(arena.baseAddress, entry.start, bytes)
                        {
                            return (slot, TextID(truncatingIfNeeded: id))
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// Whether `bytes` equal as many bytes of the arena from `start`: words compared inline (keys are short, so
    /// a call to `memcmp` cost more than the comparison).
    @inlinable @inline(__always)
    static func equal(_ arena: UnsafePointer<UInt8>?, _ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count > 0, let arena, let base = bytes.baseAddress else { return true }
        let a = UnsafeRawPointer(arena + start), b = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for i in 0..<count where arena[start + i] != base[i] { return false }
        return true
    }

    /// The hash of a key: a few multiply-and-fold steps over 8-byte words (the usual "folded multiply" mix), not
    /// SipHash through `Hasher`. Keys come from our own corpus and the table only needs a spread of its low bits,
    /// so flooding resistance buys nothing here; SipHash was about 14 % of a whole-NT load. Deterministic across runs.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: fold(state, 0x9E37_79B9_7F4A_7C15)) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while count - offset > 16 {
            state = fold(
                raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0xA076_1D64_78BD_642F,
                raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ state)
            offset += 16
        }
        // The last 1–16 bytes as two words: overlapping loads when at least 4 bytes are left, else the first,
        // middle and last byte (which together see every byte of a 1–3 byte tail).
        let left = count - offset
        var a: UInt64 = 0, b: UInt64 = 0
        if left >= 8 {
            a = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            b = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if left >= 4 {
            a = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            b = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if left > 0 {
            a = UInt64(base[offset]) << 16 | UInt64(base[offset + left / 2]) << 8 | UInt64(base[count - 1])
        }
        return Int(truncatingIfNeeded: fold(a ^ 0xE703_7ED1_A0B4_28DB ^ state, b ^ 0x8EBC_6AF0_9C88_C6E3))
    }

    /// The 128-bit product of two words, its halves xored: every input bit moves many output bits.
    @inline(__always)
    static func fold(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }
}

/// Calls `body` with the contiguous UTF-8 of `text`, copying only when the string is not stored contiguously.
@inline(__always)
func withContiguousUTF8<S: StringProtocol, R>(of text: S, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = String(text)
    return copy.withUTF8(body)
}
