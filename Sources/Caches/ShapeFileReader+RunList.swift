import InterlinearShaping

/// Run lists (`ShapeRunList`) in a file read record by record: found by the same probe as in a mapped file, read
/// whole and checked, and served with the same checks (`ShapeFile.serveList`), each entry read where it is. So a
/// chapter looked up in the cache of many chapters, too large to map, costs about what it costs in its own file.
extension ShapeFileReader {
    /// Bytes read at a listed entry: a chapter's entries were appended together, so one read takes several.
    static var listRead: Int { 4096 }

    /// What looking a list up found: the offsets / 16 it names and the hash of their entries, its check verified;
    /// none; or one that failed its check.
    enum ListRead: Equatable {
        case found(units: [UInt32], contents: UInt64)
        case absent
        case damaged
    }

    /// The list of `count` strings for `digest`: the last on its probe, as `ShapeFile.runList` finds it.
    func runList(digest: UInt64, count: Int) -> ListRead {
        typealias L = Layout.List
        guard count >= 1, count <= Layout.maximumListCount else { return .absent }
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        var last: Int?
        for _ in 0..<slotCount {
            let value = slot(index)
            if value == 0 { break }
            index = (index + 1) & mask
            let at = Int(value) &* Layout.unit
            guard at >= recordsStart, at <= length - L.units,
                let head = window(at: at, count: L.units, ahead: Self.recordRead),
                head.loadUnaligned(fromByteOffset: L.digest, as: UInt64.self) == digest,
                ShapeRunList.count(head: head, available: length - at) == count
            else { continue }
            last = at
        }
        guard let last else { return .absent }
        let recordLength = Layout.listLength(count: count)
        // A list that cannot be read whole (the file was cut short meanwhile) is not there.
        guard let head = window(at: last, count: recordLength, ahead: recordLength) else { return .absent }
        guard
            ShapeRunList.check(head, length: recordLength)
                == head.loadUnaligned(fromByteOffset: L.check, as: UInt64.self)
        else { return .damaged }
        let units = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(start: head + L.units, count: 4 * count))
            initialized = count
        }
        return .found(units: units, contents: head.loadUnaligned(fromByteOffset: L.contents, as: UInt64.self))
    }

    /// Serves a list `runList` found, as `ShapeFile.serveList` serves one in place: hands `found` each entry it
    /// names (k in order; none for an offset of 0) as its record's head, read into the record window and valid
    /// only until `found` returns, and returns true when the whole list holds. Every entry must be read whole
    /// inside the file, its key be the batch's `k`th string (`matches`), its fallback fonts hold (`accept`), and
    /// the hash of all of them be `contents`; when it returns false, what `found` was given must be thrown away.
    @inline(__always)
    func serveList(
        units: [UInt32], contents: UInt64, matches: (Int, UnsafeRawBufferPointer) -> Bool,
        accept: (ShapeFile.Entry) -> Bool, found: (Int, UnsafeRawPointer) -> Void
    ) -> Bool {
        typealias E = Layout.Entry
        var hasher = RecordHasher(seed: Layout.listContentsSeed)
        for k in units.indices {
            let unit = units[k]
            if unit == 0 { continue }
            let at = Int(unit) &* Layout.unit  // below 2³⁶: no overflow
            guard at >= recordsStart, at <= length &- Layout.recordHeadSize,
                let first = window(at: at, count: Layout.recordHeadSize, ahead: Self.listRead)
            else { return false }
            let glyphBytes = Int(first.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self)) &* Layout.glyphSize
            let stringCount = Int(first.loadUnaligned(fromByteOffset: E.stringCount, as: UInt16.self))
            let recordLength = Layout.recordHeadSize &+ glyphBytes &+ Layout.padded(stringCount)
            guard recordLength <= length &- at,
                let head = window(at: at, count: recordLength, ahead: Self.listRead),
                matches(k, UnsafeRawBufferPointer(start: head + Layout.recordHeadSize + glyphBytes, count: stringCount))
            else { return false }
            if head.load(fromByteOffset: E.flags, as: UInt8.self) & Layout.dependsOnFallbacks != 0 {
                // Its fonts record is read apart from the record window: `head` stays valid.
                guard accept(ShapeFile.Entry(head: head, offset: at)) else { return false }
            }
            hasher.combine(blocks: head + E.advance, count: 1 &+ glyphBytes &>> 4)
            found(k, head)
        }
        return hasher.finalize() == contents
    }
}
