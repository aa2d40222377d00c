import InterlinearCorpus
import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// Adds a batch of new entries to the persisted shape cache file in the cache folder, as `ShapeFileLayout` lays it
/// out: under an exclusive `flock` on the file, the entries another process appended meanwhile are looked up in a
/// fresh mapping (what is there already is not written again), the rest are appended in one `pwrite` at the end,
/// then their slots are filled. Concurrent processes take turns at the lock, so none loses another's entries and
/// no slot is filled twice.
///
/// The file is written whole (compaction: a new file renamed over the name while the old one is still locked, so
/// a process waiting for the lock sees the name moved and starts again on the new file) only when it must grow
/// (the append would fill more than half its slots: the new file has room for 4 times what it holds, so growing
/// costs O(1) a string over the file's life) or when there is waste a lookup can meet:
/// - the file is not one this build wrote for the key (another format version, damaged header): replaced with the
///   batch alone;
/// - a lookup or the append met an entry that failed its check (a crash lost a page, a disk flipped a bit): the
///   reachable entries that check out are carried into the new file with the batch.
/// Unreachable bytes (a torn tail: records whose slots a crash kept from being filled) are never read and never
/// compacted for; they stay until the file is replaced.
struct ShapeFileAppender {
    typealias Layout = ShapeFileLayout

    /// What an append did.
    struct Outcome {
        /// Entries this process added (the batch's, less those another process had added meanwhile).
        var added: Int
        /// Bytes handed to `pwrite`/`write`: records, slots, and a new file's header; the whole file for a
        /// compaction.
        var bytesWritten: Int
        var compacted: Bool
    }

    let folder: CacheFolder
    let name: String
    let key: UInt64
    /// The fewest slots of a file this process makes (`ShapeFileLayout.slotCount(holding:least:)`).
    let slotCount: Int

    /// Appends `batch` (records encoded from offset 0: a fonts record `fonts` first when some entry depends on
    /// fallbacks, then entries at `entries`, their relative offsets). `compact` asks for a compaction (a lookup met
    /// damage). `holds` says whether an entry of the file through fallback fonts still holds (its fonts are the
    /// chain's), for a compaction's carrying. `lists` are the run lists to write after the entries (those the file
    /// already has are not written again); a compaction carries the file's lists that hold. Nil when the folder or
    /// file cannot be used (a cache never fails a command).
    func append(
        _ batch: ShapeRecords, entries: [Int], fonts: [ShapeFile.Font], compact: Bool,
        holds: (ShapeFile, ShapeFile.Entry) -> Bool, lists: [ShapeRunListDraft] = []
    ) -> Outcome? {
        precondition(batch.start == 0, "a batch is encoded from offset 0")
        for _ in 0..<8 {
            guard let (fd, opened) = folder.openForAppending(name) else { return nil }
            defer { close(fd) }
            while flock(fd, LOCK_EX) != 0 { guard errno == EINTR else { return nil } }
            // A compaction renamed a new file over the name while this process waited: start again on it.
            guard folder.isCurrent(name, opened) else { continue }
            var info = stat()
            guard fstat(fd, &info) == 0 else { return nil }
            var size = Int(info.st_size)
            var written = 0
            if size == 0 {
                // A new file: the first process at the lock writes its header and makes room for its slots, as many
                // as its batch needs.
                let slots = Layout.slotCount(holding: entries.count, least: slotCount)
                let header = Layout.header(key: key, slotCount: slots)
                guard Self.write(fd, header, at: 0), ftruncate(fd, off_t(Layout.recordsStart(slotCount: slots))) == 0
                else { return nil }
                size = Layout.recordsStart(slotCount: slots)
                written = header.count
                ShapeFileSweep.removeEarlierFormats(in: folder)
            }
            var header = [UInt8](repeating: 0, count: Layout.headerSize)
            let slots =
                size >= Layout.headerSize && pread(fd, &header, header.count, 0) == header.count
                ? header.withUnsafeBytes { Layout.slotCount(ofHeader: $0.baseAddress!, key: key) } : nil
            guard let slots, size <= Layout.maximumFileSize else {
                // Not a file for this key (or past the bound): replaced by one with the batch alone.
                return replace(
                    with: batch, entries: entries, fonts: fonts, carrying: nil, holds: holds, lists: lists)
            }
            if size < Layout.recordsStart(slotCount: slots) {
                // A crash between the header and the room for the slots.
                guard ftruncate(fd, off_t(Layout.recordsStart(slotCount: slots))) == 0 else { return nil }
                size = Layout.recordsStart(slotCount: slots)
            }
            guard let mapping = ShapeFileMapping(descriptor: fd, length: size, key: key) else { return nil }
            if compact || crowded(mapping.file, adding: entries.count + lists.count) {
                return replace(
                    with: batch, entries: entries, fonts: fonts, carrying: mapping.file, holds: holds, lists: lists)
            }
            switch appendNew(batch, entries: entries, to: fd, file: mapping.file, end: size, holds: holds, lists: lists)
            {
            case .appended(var outcome):
                outcome.bytesWritten += written
                return outcome
            case .damaged:
                return replace(
                    with: batch, entries: entries, fonts: fonts, carrying: mapping.file, holds: holds, lists: lists)
            case .failed:
                return nil
            }
        }
        return nil
    }

    /// Whether `adding` more entries would fill more than `ShapeFileLayout.maximumLoad` of the file's slots (and it
    /// can still grow): the append then writes the file again with more slots. The slots are counted only when the
    /// records' bytes allow that many entries.
    private func crowded(_ file: ShapeFile, adding: Int) -> Bool {
        let limit = Int(Double(file.slotCount) * Layout.maximumLoad)
        guard file.slotCount < Layout.maximumSlotCount,
            (file.bytes.count - file.recordsStart) / Layout.smallestRecord + adding > limit
        else { return false }
        return file.filledSlots() + adding > limit
    }

    private enum Appended {
        case appended(Outcome)
        case damaged
        case failed
    }

    /// The batch's entries the file lacks, appended at its end (rounded up to 16: past a torn tail), then the run
    /// lists the file lacks, then their slots filled. Records that would take the file past its bound or crowd its
    /// slots are left out.
    private func appendNew(
        _ batch: ShapeRecords, entries: [Int], to fd: Int32, file: ShapeFile, end: Int,
        holds: (ShapeFile, ShapeFile.Entry) -> Bool, lists: [ShapeRunListDraft]
    ) -> Appended {
        let start = Layout.padded(end)
        let mask = file.slotCount - 1
        var output: [UInt8] = []
        output.reserveCapacity(batch.bytes.count + lists.reduce(0) { $0 + Layout.listLength(count: $1.count) })
        var claimed: [Int: UInt64] = [:]  // slots this batch fills, with the key hash of what goes there
        claimed.reserveCapacity(entries.count)
        var fills: [(slot: Int, unit: UInt32)] = []
        fills.reserveCapacity(entries.count + lists.count)
        var fontsUnit: UInt32?
        // Where each batch entry is in the file after the append (0: left out), for the lists.
        var batchUnits = [UInt32](repeating: 0, count: entries.count)
        return batch.bytes.withUnsafeBytes { bytes -> Appended in
            for (index, offset) in entries.enumerated() {
                typealias E = Layout.Entry
                let base = bytes.baseAddress! + offset
                let hash = base.loadUnaligned(fromByteOffset: E.keyHash, as: UInt64.self)
                let style = base.load(fromByteOffset: E.style, as: UInt8.self)
                let glyphCount = Int(base.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self))
                let stringCount = Int(base.loadUnaligned(fromByteOffset: E.stringCount, as: UInt16.self))
                let string = UnsafeRawBufferPointer(
                    start: base + Layout.recordHeadSize + glyphCount * Layout.glyphSize, count: stringCount)
                switch file.lookup(string, style: style, hash: hash, accept: { holds(file, $0) }) {
                case .found(let entry):  // another process added it meanwhile
                    batchUnits[index] = UInt32(entry.offset / Layout.unit)
                    continue
                case .damaged: return .damaged
                case .absent: break
                }
                // Its slot: the first empty one on its probe, past those this batch claimed.
                var slot = Int(truncatingIfNeeded: hash) & mask
                var probes = 0
                var duplicate = false
                while file.slot(slot) != 0 || claimed[slot] != nil {
                    if claimed[slot] == hash { duplicate = true; break }
                    probes += 1
                    slot = (slot + 1) & mask
                    if probes >= Layout.maximumProbe { break }
                }
                let length = Layout.entryLength(glyphs: glyphCount, stringBytes: stringCount)
                let dependsOnFonts = base.load(fromByteOffset: E.flags, as: UInt8.self) & Layout.dependsOnFallbacks != 0
                let fontsLength = dependsOnFonts && fontsUnit == nil ? entries.first ?? 0 : 0
                guard !duplicate, probes < Layout.maximumProbe,
                    start + output.count + fontsLength + length <= Layout.maximumFileSize
                else { continue }
                if dependsOnFonts, fontsUnit == nil {
                    // The batch's fonts record (its first bytes, up to the first entry), once.
                    fontsUnit = UInt32((start + output.count) / Layout.unit)
                    Self.append(UnsafeRawBufferPointer(rebasing: bytes[0..<fontsLength]), to: &output)
                }
                let at = output.count
                Self.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), to: &output)
                output.withUnsafeMutableBytes {
                    $0.storeBytes(of: dependsOnFonts ? fontsUnit! : 0, toByteOffset: at + E.fonts, as: UInt32.self)
                }
                claimed[slot] = hash
                fills.append((slot, UInt32((start + at) / Layout.unit)))
                batchUnits[index] = UInt32((start + at) / Layout.unit)
            }
            let added = fills.count
            appendLists(lists, file: file, start: start, batchUnits: batchUnits, holds: holds, output: &output) {
                var slot = Int(truncatingIfNeeded: $0) & mask
                for _ in 0..<Layout.maximumProbe {
                    if file.slot(slot) == 0 && claimed[slot] == nil {
                        claimed[slot] = $0
                        fills.append((slot, $1))
                        return true
                    }
                    slot = (slot + 1) & mask
                }
                return false
            }
            guard !fills.isEmpty else { return .appended(Outcome(added: 0, bytesWritten: 0, compacted: false)) }
            // Records first, then their slots: a slot never leads to bytes not written yet.
            guard Self.write(fd, output, at: start) else { return .failed }
            for fill in fills {
                var unit = fill.unit
                guard withUnsafeBytes(of: &unit, { Self.write(fd, $0, at: Layout.headerSize + fill.slot * 4) })
                else { return .failed }
            }
            return .appended(
                Outcome(
                    added: added, bytesWritten: output.count + fills.count * 4,
                    compacted: false))
        }
    }

    /// Appends to `output` (the records to write at `start`) the run lists of `lists` the file lacks, each given a
    /// slot by `claim` (its digest and offset / 16; false: no slot near, so it is left out). An entry of a list is
    /// read where it is: in the file, or among the records being appended.
    private func appendLists(
        _ lists: [ShapeRunListDraft], file: ShapeFile, start: Int, batchUnits: [UInt32],
        holds: (ShapeFile, ShapeFile.Entry) -> Bool, output: inout [UInt8], claim: (UInt64, UInt32) -> Bool
    ) {
        for draft in lists where !draft.isListed(in: file, accept: { holds(file, $0) }) {
            let units = draft.units(in: file, batchUnits: batchUnits, accept: { holds(file, $0) })
            let contents = output.withUnsafeBytes { appended in
                ShapeRunList.contents(of: units) { unit -> UnsafeRawBufferPointer? in
                    let at = Int(unit) * Layout.unit
                    if at < start {
                        return file.entry(atUnit: unit).map {
                            UnsafeRawBufferPointer(rebasing: file.bytes[at..<at + $0.length])
                        }
                    }
                    guard at - start <= appended.count - Layout.recordHeadSize else { return nil }
                    let entry = ShapeFile.Entry(head: appended.baseAddress! + (at - start), offset: at)
                    guard entry.length <= appended.count - (at - start) else { return nil }
                    return UnsafeRawBufferPointer(rebasing: appended[(at - start)..<(at - start + entry.length)])
                }
            }
            guard let contents, units.contains(where: { $0 != 0 }),
                start + output.count + Layout.listLength(count: units.count) <= Layout.maximumFileSize,
                claim(draft.digest, UInt32((start + output.count) / Layout.unit))
            else { continue }
            ShapeRunList.record(digest: draft.digest, units: units, contents: contents).withUnsafeBytes {
                Self.append($0, to: &output)
            }
        }
    }

    /// A compaction: a new file of the batch and, from `file`, every reachable entry that checks out (and whose
    /// fallback fonts hold and are among `fonts`), renamed over the name.
    private func replace(
        with batch: ShapeRecords, entries: [Int], fonts: [ShapeFile.Font], carrying file: ShapeFile?,
        holds: (ShapeFile, ShapeFile.Entry) -> Bool, lists: [ShapeRunListDraft]
    ) -> Outcome? {
        // Sized for what it will hold: the batch and the entries carried (at most those the slots lead to).
        let carried = file?.filledSlots() ?? 0
        var writer = ShapeFileWriter(
            key: key, slotCount: Layout.slotCount(holding: entries.count + carried, least: slotCount))
        var fonts = fonts
        if fonts.isEmpty, let file {
            // The batch depends on no fallback font, so it brought no fonts record: the carried entries that do
            // (and hold: their fonts 1…maxFont are the chain's now) share the record of the one reaching furthest,
            // cut after its maxFont, which is then the chain's fonts 0…maxFont. Without it they were dropped.
            for entry in file.reachableEntries()
            where entry.dependsOnFallbacks && Int(entry.maxFont) >= fonts.count && file.verified(entry)
                && holds(file, entry)
            {
                if let recorded = file.fonts(atUnit: entry.fonts), Int(entry.maxFont) < recorded.count {
                    fonts = Array(recorded[...Int(entry.maxFont)])
                }
            }
        }
        if !fonts.isEmpty { writer.setFonts(fonts) }
        var added = 0
        var batchUnits = [UInt32](repeating: 0, count: entries.count)
        batch.bytes.withUnsafeBytes { bytes in
            for (index, offset) in entries.enumerated() {
                typealias E = Layout.Entry
                let base = bytes.baseAddress! + offset
                let glyphCount = Int(base.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self))
                let stringCount = Int(base.loadUnaligned(fromByteOffset: E.stringCount, as: UInt16.self))
                let glyphs = UnsafeBufferPointer(
                    start: (base + Layout.recordHeadSize).assumingMemoryBound(to: ShapedGlyph.self), count: glyphCount)
                let outcome = writer.add(
                    string: UnsafeRawBufferPointer(
                        start: base + Layout.recordHeadSize + glyphCount * Layout.glyphSize,
                        count: stringCount),
                    style: base.load(fromByteOffset: E.style, as: UInt8.self),
                    advance: Float32(bitPattern: base.loadUnaligned(fromByteOffset: E.advance, as: UInt32.self)),
                    flags: base.load(fromByteOffset: E.flags, as: UInt8.self),
                    maxFont: base.loadUnaligned(fromByteOffset: E.maxFont, as: UInt16.self), glyphs: glyphs,
                    keyHash: base.loadUnaligned(fromByteOffset: E.keyHash, as: UInt64.self),
                    check: base.loadUnaligned(fromByteOffset: E.check, as: UInt64.self))
                if outcome == .added { added += 1 }
                batchUnits[index] = writer.lastUnit
            }
        }
        // Where each carried entry went, for the lists. In the order they lie in the file, not the slots': the
        // entries a batch (a chapter) appended together stay together, so a file read record by record serves a
        // chapter's run list in a few reads (`ShapeFileReader.serveList`).
        var moved: [UInt32: UInt32] = [:]
        if let file {
            for entry in file.reachableEntries().sorted(by: { $0.offset < $1.offset }) where file.verified(entry) {
                if entry.dependsOnFallbacks, Int(entry.maxFont) >= fonts.count || !holds(file, entry) { continue }
                let outcome = writer.add(
                    string: file.string(of: entry), style: entry.style, advance: entry.advance,
                    flags: entry.flags, maxFont: entry.maxFont, glyphs: file.glyphs(of: entry),
                    keyHash: entry.keyHash, check: entry.check)
                if outcome == .full { break }
                moved[UInt32(entry.offset / Layout.unit)] = writer.lastUnit
            }
        }
        carryLists(from: file, moved: moved, lists: lists, batchUnits: batchUnits, holds: holds, into: &writer)
        let bytes = writer.encoded()
        guard folder.write(name, bytes) else { return nil }
        return Outcome(added: added, bytesWritten: bytes.count, compacted: true)
    }

    /// A compaction's run lists: the file's lists that hold, their entries where the compaction moved them, then
    /// `lists`, which replace any of the file's for the same batch.
    private func carryLists(
        from file: ShapeFile?, moved: [UInt32: UInt32], lists: [ShapeRunListDraft], batchUnits: [UInt32],
        holds: (ShapeFile, ShapeFile.Entry) -> Bool, into writer: inout ShapeFileWriter
    ) {
        let replaced = Set(lists.map(\.digest))
        if let file {
            for offset in file.reachableLists() {
                // A list naming an entry the compaction dropped is dropped too: the next prefetch writes it again.
                guard let (digest, units) = file.listUnits(at: offset), !replaced.contains(digest),
                    units.allSatisfy({ $0 == 0 || moved[$0] != nil })
                else { continue }
                if writer.addList(digest: digest, units: units.map { $0 == 0 ? 0 : moved[$0]! }) == .full { return }
            }
        }
        for draft in lists {
            // Served from the file: where that entry moved; the batch's own: where the writer put it.
            let old =
                file.map { file in draft.units(in: file, batchUnits: [], accept: { holds(file, $0) }) }
                ?? [UInt32](repeating: 0, count: draft.count)
            let units = (0..<draft.count).map { k -> UInt32 in
                let entry = Int(draft.batchEntry[k])
                if entry >= 0 { return entry < batchUnits.count ? batchUnits[entry] : 0 }
                return old[k] == 0 ? 0 : moved[old[k]] ?? 0
            }
            if writer.addList(digest: draft.digest, units: units) == .full { return }
        }
    }

    /// Writes all of `bytes` at `offset`; false on an error.
    private static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { write(fd, $0, at: offset) }
    }

    private static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Appends raw bytes as one copy (a raw buffer appended as a collection goes byte by byte).
    private static func append(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        bytes.withMemoryRebound(to: UInt8.self) { output.append(contentsOf: $0) }
    }
}
