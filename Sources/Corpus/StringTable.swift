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
    public struct Lineage: Hashable, Sendable {
        let id: UInt64
    }

    /// The empty string, interned first by every builder (an absent gloss).
    public static let emptyText: TextID = 0
    /// A single space, interned second by every builder (the gap between translation words).
    public static let spaceText: TextID = 1

    @usableFromInline var storage: InternedStrings
    public let lineage: Lineage

    init(storage: InternedStrings, lineage: Lineage) {
        self.storage = storage
        self.lineage = lineage
    }

    /// Number of distinct strings.
    public var count: Int { storage.hashes.count }

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
    public func utf8Count(of id: TextID) -> Int { byteRange(of: id).count }

    @usableFromInline
    func byteRange(of id: TextID) -> Range<Int> { storage.offsets[Int(id)]..<storage.offsets[Int(id) + 1] }

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
    @usableFromInline var arena: [UInt8] = []
    /// `offsets[id]..<offsets[id + 1]` are the bytes of `id` in `arena`.
    @usableFromInline var offsets: [Int] = [0]
    var hashes: [Int] = []
    /// 0 = empty, else id + 1. The count is a power of two, kept under half full.
    var slots = [UInt32](repeating: 0, count: 1024)

    /// The slot holding `bytes`, or the empty slot where they would go.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> (slot: Int, found: TextID?) {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (slot, nil) }
            let id = Int(entry - 1)
            if hashes[id] == hash && equal(id, bytes) { return (slot, TextID(id)) }
            slot = (slot + 1) & mask
        }
    }

    private func equal(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = offsets[id], end = offsets[id + 1]
        guard end - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            bytes.isEmpty || memcmp(stored.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
        }
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}

/// Calls `body` with the contiguous UTF-8 of `text`, copying only when the string is not stored contiguously.
@inline(__always)
func withContiguousUTF8<S: StringProtocol, R>(of text: S, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = String(text)
    return copy.withUTF8(body)
}
