import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// A persisted shape cache file, read in place (`ShapeFileLayout` has the format). Made from bytes that may be
/// anything — truncated, damaged, another program's, or a file other processes append to meanwhile — so nothing
/// read from them is trusted: the header must check out, every record is bounds-checked against the bytes before
/// it is touched, a probe stops after `slotCount` steps, and an entry is served only when its 64-bit check matches.
/// A slot leading past the end of the bytes is a record appended after they were mapped: skipped, as a miss. A
/// failed check makes the entry a miss (the string is shaped again) and marks the lookup's answer `damaged`;
/// nothing here traps.
///
/// A value over memory it does not own: the caller keeps the bytes alive and unchanged (`ShapeFileMapping` does).
struct ShapeFile: ShapeFileProbe {
    typealias Layout = ShapeFileLayout

    let bytes: UnsafeRawBufferPointer
    let key: UInt64
    let slotCount: Int
    /// Where the records begin.
    let recordsStart: Int

    /// What a lookup found.
    enum Lookup: Equatable {
        /// The entry, checked.
        case found(Entry)
        /// Not in the file.
        case absent
        /// The probe met an entry for this key that failed its checks: the file is damaged (a miss).
        case damaged
    }

    /// One entry's record, as read (its ranges inside the bytes; its check not yet verified: `verified(_:)` does).
    struct Entry: Equatable {
        /// The record's offset in the file.
        var offset: Int
        var keyHash: UInt64
        var check: UInt64
        var advanceBits: UInt32
        var glyphCount: Int
        var stringCount: Int
        var style: UInt8
        var flags: UInt8
        var maxFont: UInt16
        /// The fonts record's offset / 16 (0: none).
        var fonts: UInt32

        var advance: Float32 { Float32(bitPattern: advanceBits) }
        var dependsOnFallbacks: Bool { flags & Layout.dependsOnFallbacks != 0 }
        /// Its first glyph's index in the file's glyph units (byte offset / 16).
        var glyphStart: Int { (offset + Layout.recordHeadSize) / Layout.glyphSize }
        var length: Int { Layout.entryLength(glyphs: glyphCount, stringBytes: stringCount) }
    }

    /// A font a run depended on, as recorded: the chain's font at `index` must still be this file, unchanged.
    struct Font: Equatable {
        var path: [UInt8]
        var faceIndex: Int32
        var size: Int64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
    }

    /// Checks the header against `bytes` and `key`; nil when this is not a file this build wrote for that key:
    /// too short for its slots, too long, unaligned, or a header `ShapeFileLayout.slotCount(ofHeader:key:)`
    /// refuses.
    init?(bytes: UnsafeRawBufferPointer, key: UInt64) {
        guard let base = bytes.baseAddress, bytes.count >= Layout.headerSize,
            bytes.count <= Layout.maximumFileSize, Int(bitPattern: base) & 15 == 0,
            Layout.glyphLayoutMatches, let slots = Layout.slotCount(ofHeader: base, key: key),
            Layout.recordsStart(slotCount: slots) <= bytes.count
        else { return nil }
        self.bytes = bytes
        self.key = key
        slotCount = slots
        recordsStart = Layout.recordsStart(slotCount: slots)
    }

    private var base: UnsafeRawPointer { bytes.baseAddress! }  // non-nil: checked in init

    /// The value of slot `index` (0: empty, else a record's offset / 16). `index` must be below `slotCount`.
    func slot(_ index: Int) -> UInt32 {
        base.loadUnaligned(fromByteOffset: Layout.headerSize + index * 4, as: UInt32.self)
    }

    /// The entry record a slot value leads to, or nil when it leads outside the records or its record does not
    /// fit in the bytes (damage, or a record appended after they were mapped).
    @inline(__always)
    func entry(atUnit unit: UInt32) -> Entry? {
        guard let at = recordHead(atUnit: unit) else { return nil }
        let entry = Entry(head: base + at, offset: at)
        guard entry.length <= bytes.count - at else { return nil }
        return entry
    }

    /// The first field of the record a slot value leads to (an entry's key hash), or nil when no record head fits
    /// there.
    @inline(__always)
    func keyHash(atUnit unit: UInt32) -> UInt64? {
        guard let at = recordHead(atUnit: unit) else { return nil }
        return base.loadUnaligned(fromByteOffset: at + Layout.Entry.keyHash, as: UInt64.self)
    }

    /// The byte offset a slot value leads to, when a record head fits there inside the records; nil otherwise.
    @inline(__always)
    private func recordHead(atUnit unit: UInt32) -> Int? {
        let at = Int(unit) &* Layout.unit  // below 2³⁶: no overflow
        return at >= recordsStart && at <= bytes.count - Layout.recordHeadSize ? at : nil
    }

    /// Whether the entry's check matches what its record holds.
    func verified(_ entry: Entry) -> Bool {
        entry.holds(string: string(of: entry), glyphs: UnsafeRawBufferPointer(glyphs(of: entry)))
    }

    /// The key bytes of an entry `entry(atUnit:)` returned.
    func string(of entry: Entry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(
            start: base + entry.offset + Layout.recordHeadSize + entry.glyphCount * Layout.glyphSize,
            count: entry.stringCount)
    }

    /// The glyphs of an entry `entry(atUnit:)` returned, in place (16-byte aligned in a 16-byte aligned buffer, and
    /// `ShapedGlyph` is laid out as stored: checked in init).
    func glyphs(of entry: Entry) -> UnsafeBufferPointer<ShapedGlyph> {
        UnsafeBufferPointer(start: glyphBase + entry.glyphStart, count: entry.glyphCount)
    }

    /// The file as `ShapedGlyph`s: glyph `i` is bytes 16i…16i+15 (only entries' glyph ranges are glyphs).
    var glyphBase: UnsafePointer<ShapedGlyph> { base.assumingMemoryBound(to: ShapedGlyph.self) }
    /// How many 16-byte glyph units the bytes hold.
    var glyphUnits: Int { bytes.count / Layout.glyphSize }

    /// The slots in use (filled, whatever they lead to).
    func filledSlots() -> Int {
        var filled = 0
        for index in 0..<slotCount where slot(index) != 0 { filled += 1 }
        return filled
    }

    /// Every entry the slots lead to that fits in the bytes (checked or not), in slot order; run lists
    /// (`ShapeRunList`) are not entries.
    func reachableEntries() -> [Entry] {
        var entries: [Entry] = []
        for index in 0..<slotCount {
            let value = slot(index)
            if value != 0, keyHash(atUnit: value) != Layout.listMarker, let entry = entry(atUnit: value) {
                entries.append(entry)
            }
        }
        return entries
    }

    /// The fonts record at `unit` (offset / 16): the chain's fonts 0…n as they were when the entries naming it
    /// were shaped. Nil when there is none there or it is damaged (its check fails, or a font runs past it).
    func fonts(atUnit unit: UInt32) -> [Font]? {
        let at = Int(unit) * Layout.unit
        guard at >= recordsStart, at <= bytes.count - Layout.recordHeadSize,
            let length = Font.payloadLength(head: base + at, available: bytes.count - at - Layout.recordHeadSize)
        else { return nil }
        return Font.records(
            UnsafeRawBufferPointer(start: base + at + Layout.recordHeadSize, count: length), head: base + at)
    }
}
