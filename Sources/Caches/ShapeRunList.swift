import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// A batch's runs found in one lookup: the offsets of the entries of a prefetch's strings (a chapter's), in the
/// batch's order, kept in the shape file (`ShapeFileLayout.List`) under a digest of the batch's string ids. A warm
/// prefetch finds the list by that digest and takes every run from it, where looking each string up hashed it,
/// probed for it and checked its entry on its own (benchmark `typeset-warm`). A file mapped whole serves its lists
/// in place (`ShapeFile.serveList`); a file read record by record, with the same checks, from its reads
/// (`ShapeFileReader.serveList`).
///
/// A list is as untrusted as the rest of the file, and it is served whole or not at all: its own check must hold,
/// each offset must lead to an entry that fits in the file, whose key is byte for byte the string the batch has
/// there and whose fallback fonts still hold, and the hash of what every entry it names says of its run (its head
/// from the advance on, and its glyphs) must be the one the list recorded, so that damage to an entry is caught as
/// its own check would catch it. Anything else and the batch is looked up string by string, which is never wrong,
/// only slower; the next save writes the list again. An offset of 0 names no entry: that string is shaped (a run
/// not kept, say one with a missing glyph).
enum ShapeRunList {
    typealias Layout = ShapeFileLayout

    /// What a process wants written: a batch it looked up string by string, with the entries (offset / 16, 0:
    /// none) its lookups found in the file it had mapped.
    struct Wanted {
        var digest: UInt64
        var ids: [UInt32]
        var units: [UInt32]
    }

    /// The digest a batch's list is found by: its string ids (a session's, in the order they were interned), in
    /// order. A list found for them is served only if its entries' keys are those ids' strings, byte for byte; one
    /// that is not (another store's strings under the same ids) is looked up string by string and written again,
    /// and the later list is the one found.
    static func digest(of ids: UnsafeBufferPointer<UInt32>) -> UInt64 {
        var hasher = RecordHasher(seed: Layout.listSeed)
        hasher.combine(UnsafeRawBufferPointer(ids))
        return hasher.finalize()
    }

    /// Whether two buffers of the same length hold the same bytes: eight at a time, the last eight overlapping, and
    /// a short one as one word (`StableHasher.tail`); never reading outside either. For the short keys of a
    /// chapter's strings this is a few instructions, where a call to `memcmp` was several times that.
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
        if count < 8 {
            return StableHasher.tail(x, offset: 0, count: count) == StableHasher.tail(y, offset: 0, count: count)
        }
        var offset = 0
        while count &- offset > 8 {
            guard
                x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        return x.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// The check of the list record at `record`, `length` bytes long: every byte but the marker and the check.
    static func check(_ record: UnsafeRawPointer, length: Int) -> UInt64 {
        var hasher = RecordHasher(seed: Layout.listCheckSeed)
        hasher.combine(UnsafeRawBufferPointer(start: record + Layout.List.digest, count: 8))
        hasher.combine(UnsafeRawBufferPointer(start: record + Layout.List.count, count: length - Layout.List.count))
        return hasher.finalize()
    }

    /// The hash of the entries at `units` (0 skipped), each record read by `record`: of each, what the run is made
    /// of (its head from the advance on, and its glyphs; its key is compared whole when the list is served); nil
    /// when a unit leads to none.
    static func contents(of units: [UInt32], record: (UInt32) -> UnsafeRawBufferPointer?) -> UInt64? {
        var hasher = RecordHasher(seed: Layout.listContentsSeed)
        for unit in units where unit != 0 {
            guard let bytes = record(unit), bytes.count >= Layout.recordHeadSize else { return nil }
            let glyphBytes =
                Int(bytes.loadUnaligned(fromByteOffset: Layout.Entry.glyphCount, as: UInt16.self)) * Layout.glyphSize
            guard Layout.recordHeadSize + glyphBytes <= bytes.count else { return nil }
            hasher.combine(blocks: bytes.baseAddress! + Layout.Entry.advance, count: 1 + glyphBytes / Layout.glyphSize)
        }
        return hasher.finalize()
    }

    /// A list record: `digest`, the entries at `units`, and the hash of their records.
    static func record(digest: UInt64, units: [UInt32], contents: UInt64) -> [UInt8] {
        typealias L = Layout.List
        let length = Layout.listLength(count: units.count)
        var bytes = [UInt8](repeating: 0, count: length)
        bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: Layout.listMarker, toByteOffset: L.marker, as: UInt64.self)
            raw.storeBytes(of: digest, toByteOffset: L.digest, as: UInt64.self)
            raw.storeBytes(of: UInt32(units.count), toByteOffset: L.count, as: UInt32.self)
            raw.storeBytes(of: contents, toByteOffset: L.contents, as: UInt64.self)
            units.withUnsafeBytes {
                (raw.baseAddress! + L.units).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
            }
            raw.storeBytes(
                of: check(UnsafeRawPointer(raw.baseAddress!), length: length), toByteOffset: L.check, as: UInt64.self)
        }
        return bytes
    }

    /// Whether the record at `head` (with `available` bytes from there) is a list, by its marker; its count then.
    static func count(head: UnsafeRawPointer, available: Int) -> Int? {
        guard available >= Layout.List.units,
            head.loadUnaligned(fromByteOffset: Layout.List.marker, as: UInt64.self) == Layout.listMarker
        else { return nil }
        let count = Int(head.loadUnaligned(fromByteOffset: Layout.List.count, as: UInt32.self))
        return count >= 1 && count <= Layout.maximumListCount && Layout.listLength(count: count) <= available
            ? count : nil
    }
}

extension ShapeFile {
    /// What looking a list up found: the offset of the last list for the digest on its probe (a list written later
    /// for the same batch replaces an earlier one), its check verified; none; or one that failed its check.
    enum ListLookup: Equatable {
        case found(Int)
        case absent
        case damaged
    }

    /// The list of `count` strings for `digest`.
    func runList(digest: UInt64, count: Int) -> ListLookup {
        guard count >= 1, count <= Layout.maximumListCount else { return .absent }
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        var last: Int?
        for _ in 0..<slotCount {
            let value = slot(index)
            if value == 0 { break }
            index = (index + 1) & mask
            let at = Int(value) &* Layout.unit
            guard at >= recordsStart, at <= bytes.count - Layout.List.units,
                bytes.baseAddress!.loadUnaligned(fromByteOffset: at + Layout.List.digest, as: UInt64.self) == digest,
                ShapeRunList.count(head: bytes.baseAddress! + at, available: bytes.count - at) == count
            else { continue }
            last = at
        }
        guard let last else { return .absent }
        let head = bytes.baseAddress! + last
        let check = head.loadUnaligned(fromByteOffset: Layout.List.check, as: UInt64.self)
        return ShapeRunList.check(head, length: Layout.listLength(count: count)) == check ? .found(last) : .damaged
    }

    /// The offsets of the lists the slots lead to that fit in the bytes (checked or not), in slot order.
    func reachableLists() -> [Int] {
        var lists: [Int] = []
        for index in 0..<slotCount {
            let at = Int(slot(index)) &* Layout.unit
            guard at >= recordsStart, at <= bytes.count - Layout.List.units,
                ShapeRunList.count(head: bytes.baseAddress! + at, available: bytes.count - at) != nil
            else { continue }
            lists.append(at)
        }
        return lists
    }

    /// The digest and offsets / 16 of the list at `offset` (from `runList` or `reachableLists`), when its check
    /// holds.
    func listUnits(at offset: Int) -> (digest: UInt64, units: [UInt32])? {
        let head = bytes.baseAddress! + offset
        guard let count = ShapeRunList.count(head: head, available: bytes.count - offset),
            ShapeRunList.check(head, length: Layout.listLength(count: count))
                == head.loadUnaligned(fromByteOffset: Layout.List.check, as: UInt64.self)
        else { return nil }
        let units = (0..<count).map {
            head.loadUnaligned(fromByteOffset: Layout.List.units + 4 * $0, as: UInt32.self)
        }
        return (head.loadUnaligned(fromByteOffset: Layout.List.digest, as: UInt64.self), units)
    }

    /// Serves the list at `offset` (`runList`) of `count` strings: hands `found` each entry it names (k in order;
    /// none for an offset of 0) as its record's head, and returns true when the whole list holds (see
    /// `ShapeRunList`). `matches(k, key)` says whether an entry's key bytes are the batch's `k`th string (byte for
    /// byte); `accept` is asked of an entry that depends on fallback fonts. When it returns false, what `found` was
    /// given must be thrown away. Reads only the head fields a run needs (a warm prefetch serves every string of
    /// a chapter from here: benchmark `typeset-warm`).
    @inline(__always)
    func serveList(
        at offset: Int, count: Int, matches: (Int, UnsafeRawBufferPointer) -> Bool, accept: (Entry) -> Bool,
        found: (Int, UnsafeRawPointer) -> Void
    ) -> Bool {
        typealias E = Layout.Entry
        let base = bytes.baseAddress!
        let end = bytes.count
        let units = base + offset + Layout.List.units
        var hasher = RecordHasher(seed: Layout.listContentsSeed)
        for k in 0..<count {
            let unit = units.loadUnaligned(fromByteOffset: 4 &* k, as: UInt32.self)
            if unit == 0 { continue }
            let at = Int(unit) &* Layout.unit  // below 2³⁶: no overflow
            guard at >= recordsStart, at <= end &- Layout.recordHeadSize else { return false }
            let head = base + at
            let glyphBytes = Int(head.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self)) &* Layout.glyphSize
            let stringCount = Int(head.loadUnaligned(fromByteOffset: E.stringCount, as: UInt16.self))
            let key = head + Layout.recordHeadSize + glyphBytes
            guard Layout.recordHeadSize &+ glyphBytes &+ Layout.padded(stringCount) <= end &- at,
                matches(k, UnsafeRawBufferPointer(start: key, count: stringCount))
            else { return false }
            if head.load(fromByteOffset: E.flags, as: UInt8.self) & Layout.dependsOnFallbacks != 0 {
                guard accept(Entry(head: head, offset: at)) else { return false }
            }
            // The run's fields and its glyphs (the key was compared whole): the last 16 bytes of the head, then
            // the glyphs, whose count the head gives.
            hasher.combine(blocks: head + E.advance, count: 1 &+ glyphBytes &>> 4)
            found(k, head)
        }
        return hasher.finalize() == base.loadUnaligned(fromByteOffset: offset + Layout.List.contents, as: UInt64.self)
    }

    /// Whether the entry at `unit` is a checked entry of `utf8` in `style` that `accept` takes (a list's writer
    /// keeps an offset its process found only when it still leads there).
    func holdsEntry(atUnit unit: UInt32, _ utf8: UnsafeRawBufferPointer, style: UInt8, accept: (Entry) -> Bool) -> Bool
    {
        guard let entry = entry(atUnit: unit), keyHash(atUnit: unit) != Layout.listMarker, entry.style == style,
            entry.stringCount == utf8.count, string(of: entry).elementsEqual(utf8), verified(entry), accept(entry)
        else { return false }
        return true
    }
}
