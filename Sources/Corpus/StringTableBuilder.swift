import Synchronization

/// Interns strings while chapters load, then freezes them into a `StringTable` for the chapters to read. Ids are
/// dense, starting at 0, in first-seen order; the empty string and a space come first (`StringTable.emptyText`,
/// `StringTable.spaceText`), so layout never has to intern anything. Not `Sendable`: one owner writes it (a
/// session, an importer); everyone else reads frozen tables.
public final class StringTableBuilder {
    private var storage = InternedStrings()
    private let lineage = StringTable.Lineage(id: nextLineage.add(1, ordering: .relaxed).newValue)

    public init() {
        let empty = intern(""), space = intern(" ")
        assert(empty == StringTable.emptyText && space == StringTable.spaceText)
    }

    /// Number of distinct strings interned so far.
    public var count: Int { storage.hashes.count }

    /// The table as it is now. Later interning leaves it unchanged (the builder copies its arrays on the next
    /// write while a frozen table still shares them).
    public func freeze() -> StringTable { StringTable(storage: storage, lineage: lineage) }

    /// The id of the UTF-8 bytes' string, interning it on first sight.
    public func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        let hash = InternedStrings.hash(bytes)
        let (slot, found) = storage.find(bytes, hash: hash)
        if let found { return found }
        let id = TextID(storage.hashes.count)
        storage.arena.append(contentsOf: bytes)
        storage.offsets.append(storage.arena.count)
        storage.hashes.append(hash)
        storage.slots[slot] = id + 1
        if storage.hashes.count * 2 > storage.slots.count { grow() }
        return id
    }

    /// The id of `text`, interning it on first sight.
    public func intern<S: StringProtocol>(_ text: S) -> TextID {
        withContiguousUTF8(of: text) { intern(utf8: $0) }
    }

    private func grow() {
        storage.slots = [UInt32](repeating: 0, count: storage.slots.count * 2)
        let mask = storage.slots.count - 1
        for id in storage.hashes.indices {
            var slot = storage.hashes[id] & mask
            while storage.slots[slot] != 0 { slot = (slot + 1) & mask }
            storage.slots[slot] = UInt32(id + 1)
        }
    }
}

/// Lineage ids, one per builder.
private let nextLineage = Atomic<UInt64>(0)
