import Foundation

/// Integer id of an interned string. The typesetter and the shape cache index arrays with it,
/// so no Greek `String` is hashed after loading.
public typealias TextID = UInt32

/// Interns every distinct string once. Ids are dense, starting at 0, in first-seen order.
///
/// Keys are the UTF-8 bytes (byte equality, not Unicode canonical equivalence: the corpus is NFC already), held in
/// one arena and found through an open-addressing table, so looking up a string that is already there allocates
/// nothing and hashes bytes, not grapheme clusters.
public final class StringTable: @unchecked Sendable {
    public private(set) var strings: [String] = []
    private var arena: [UInt8] = []
    /// `offsets[id]..<offsets[id + 1]` are the bytes of `id` in `arena`.
    private var offsets: [Int] = [0]
    private var hashes: [Int] = []
    /// 0 = empty, else id + 1. The count is a power of two, kept under half full.
    private var slots = [UInt32](repeating: 0, count: 1024)

    public init() {}

    /// The id of the UTF-8 bytes' string, interning it on first sight.
    public func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        let hash = Self.hash(bytes)
        let (slot, found) = find(bytes, hash: hash)
        if let found { return found }
        let id = TextID(strings.count)
        strings.append(String(decoding: bytes, as: UTF8.self))
        arena.append(contentsOf: bytes)
        offsets.append(arena.count)
        hashes.append(hash)
        slots[slot] = id + 1
        if strings.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `text`, interning it on first sight.
    public func intern<S: StringProtocol>(_ text: S) -> TextID {
        withUTF8(of: text) { intern(utf8: $0) }
    }

    /// The id of `text` if it was interned.
    public func id<S: StringProtocol>(of text: S) -> TextID? {
        withUTF8(of: text) { find($0, hash: Self.hash($0)).found }
    }

    public subscript(id: TextID) -> String { strings[Int(id)] }

    /// Number of distinct strings.
    public var count: Int { strings.count }

    /// The slot holding `bytes`, or the empty slot where they would go.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> (slot: Int, found: TextID?) {
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

    private func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for id in hashes.indices {
            var slot = hashes[id] & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(id + 1)
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}

/// Calls `body` with the contiguous UTF-8 of `text`, copying only when the string is not stored contiguously.
@inline(__always)
func withUTF8<S: StringProtocol, R>(of text: S, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = String(text)
    return copy.withUTF8(body)
}
