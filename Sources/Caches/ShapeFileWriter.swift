import InterlinearShaping

/// Records (`ShapeFileLayout`) encoded in memory for a file, the first at byte offset `start`: the appender writes
/// them at the end of the file in one `pwrite`, the whole-file writer after its slots.
struct ShapeRecords {
    typealias Layout = ShapeFileLayout

    /// The file offset of the first byte (a multiple of 16).
    let start: Int
    private(set) var bytes: [UInt8] = []

    init(start: Int) {
        precondition(start % Layout.unit == 0, "records start 16-byte aligned")
        self.start = start
    }

    /// The file offset the next record gets.
    var end: Int { start + bytes.count }

    /// Whether a run can be stored at all: its glyph count and key length fit their 16-bit fields.
    static func fits(glyphs: Int, stringBytes: Int) -> Bool { glyphs <= 0xFFFF && stringBytes <= 0xFFFF }

    /// Appends an entry; returns its offset / 16 (the slot value). `check` is the entry's check when it comes
    /// from a file already verified (it does not depend on positions); nil computes it. The run must `fit`.
    mutating func appendEntry(
        keyHash: UInt64, check: UInt64? = nil, string: UnsafeRawBufferPointer, style: UInt8,
        advance: Float32, flags: UInt8, maxFont: UInt16, fonts: UInt32,
        glyphs: UnsafeBufferPointer<ShapedGlyph>
    ) -> UInt32 {
        precondition(Self.fits(glyphs: glyphs.count, stringBytes: string.count), "a run too long for a record")
        let at = bytes.count
        let unit = UInt32((start + at) / Layout.unit)
        let advanceBits = advance.bitPattern
        let entryCheck =
            check
            ?? Layout.check(
                keyHash: keyHash, advanceBits: advanceBits, style: style, flags: flags,
                maxFont: maxFont, string: string, glyphs: UnsafeRawBufferPointer(glyphs))
        appendZeros(Layout.entryLength(glyphs: glyphs.count, stringBytes: string.count))
        bytes.withUnsafeMutableBytes { record in
            typealias E = Layout.Entry
            record.storeBytes(of: keyHash, toByteOffset: at + E.keyHash, as: UInt64.self)
            record.storeBytes(of: entryCheck, toByteOffset: at + E.check, as: UInt64.self)
            record.storeBytes(of: advanceBits, toByteOffset: at + E.advance, as: UInt32.self)
            record.storeBytes(of: UInt16(glyphs.count), toByteOffset: at + E.glyphCount, as: UInt16.self)
            record.storeBytes(of: UInt16(string.count), toByteOffset: at + E.stringCount, as: UInt16.self)
            record.storeBytes(of: style, toByteOffset: at + E.style, as: UInt8.self)
            record.storeBytes(of: flags, toByteOffset: at + E.flags, as: UInt8.self)
            record.storeBytes(of: maxFont, toByteOffset: at + E.maxFont, as: UInt16.self)
            record.storeBytes(of: fonts, toByteOffset: at + E.fonts, as: UInt32.self)
            let glyphsAt = at + Layout.recordHeadSize
            if let source = UnsafeRawBufferPointer(glyphs).baseAddress {
                (record.baseAddress! + glyphsAt).copyMemory(from: source, byteCount: glyphs.count * Layout.glyphSize)
            }
            if let source = string.baseAddress {
                (record.baseAddress! + glyphsAt + glyphs.count * Layout.glyphSize)
                    .copyMemory(from: source, byteCount: string.count)
            }
        }
        return unit
    }

    /// Zeros to copy from: appending a slice is a `memcpy`, where `repeatElement` goes byte by byte (a visible part
    /// of a cold John 1's save: benchmark `typeset-cold`).
    private static let zeros = [UInt8](repeating: 0, count: 4096)

    /// Appends `count` zero bytes.
    private mutating func appendZeros(_ count: Int) {
        var left = count
        while left > 0 {
            let chunk = min(left, Self.zeros.count)
            bytes.append(contentsOf: Self.zeros[0..<chunk])
            left -= chunk
        }
    }

    /// Appends a run list's record (`ShapeRunList.record`); returns its offset / 16.
    mutating func appendList(_ record: [UInt8]) -> UInt32 {
        let unit = UInt32(end / Layout.unit)
        bytes.append(contentsOf: record)
        return unit
    }

    /// Appends a fonts record of `fonts` (the chain's fonts 0…n); returns its offset / 16.
    mutating func appendFonts(_ fonts: [ShapeFile.Font]) -> UInt32 {
        var payload: [UInt8] = []
        for font in fonts {
            appendInteger(font.faceIndex, to: &payload)
            appendInteger(UInt32(truncatingIfNeeded: font.path.count), to: &payload)
            appendInteger(font.size, to: &payload)
            appendInteger(font.modifiedSeconds, to: &payload)
            appendInteger(font.modifiedNanoseconds, to: &payload)
            payload.append(contentsOf: font.path)
            payload.append(contentsOf: repeatElement(0, count: ((font.path.count + 7) & ~7) - font.path.count))
        }
        let unit = UInt32(end / Layout.unit)
        appendInteger(Layout.fontsMarker, to: &bytes)
        appendInteger(payload.withUnsafeBytes { StableHasher.hash($0) }, to: &bytes)
        appendInteger(UInt32(payload.count), to: &bytes)
        bytes.append(contentsOf: repeatElement(0, count: Layout.recordHeadSize - 20))
        bytes.append(contentsOf: payload)
        bytes.append(contentsOf: repeatElement(0, count: Layout.padded(payload.count) - payload.count))
        return unit
    }
}

/// Builds a whole persisted shape cache file in memory: the fuzz seeds, tests, and a compaction. Entries are added
/// one at a time; duplicates by key hash are skipped, and an entry that would take the file past its size bound
/// or crowd its slots is refused.
struct ShapeFileWriter {
    typealias Layout = ShapeFileLayout

    /// What `add` did.
    enum Outcome: Equatable {
        case added
        /// An entry with the same key hash is in already.
        case duplicate
        /// It would take the file past the size bound, or its probe past `ShapeFileLayout.maximumProbe`.
        case full
    }

    let key: UInt64
    let limit: Int
    private var slots: [UInt32]
    private var slotHashes: [UInt64]
    private var records: ShapeRecords
    /// The fonts record runs depending on fallbacks name (0: none yet).
    private var fontsUnit: UInt32 = 0
    private(set) var entryCount = 0
    /// The offset / 16 of the entry the last `add` added, or found there already (a duplicate); 0 when it was full.
    private(set) var lastUnit: UInt32 = 0

    /// A writer of a file for `key` with `slotCount` slots (a power of two, 16 or more), of at most `limit` bytes.
    init(key: UInt64, slotCount: Int = Layout.defaultSlotCount, limit: Int = Layout.maximumFileSize) {
        precondition(
            slotCount >= 16 && slotCount <= Layout.maximumSlotCount && slotCount & (slotCount - 1) == 0,
            "a power of two from 16 slots")
        self.key = key
        self.limit = min(limit, Layout.maximumFileSize)
        slots = [UInt32](repeating: 0, count: slotCount)
        slotHashes = [UInt64](repeating: 0, count: slotCount)
        records = ShapeRecords(start: Layout.recordsStart(slotCount: slotCount))
    }

    /// The file's length with what is in now.
    var length: Int { records.end }

    /// Records the chain's fonts 0…n that the runs depending on fallbacks added after it were shaped with.
    mutating func setFonts(_ fonts: [ShapeFile.Font]) {
        fontsUnit = records.appendFonts(fonts)
    }

    /// Adds a run: its key (`string` shaped in `style`), what it says, and its glyphs. `check` is the entry's
    /// check when it comes from another file already verified; nil computes it. A run depending on fallbacks
    /// names the fonts `setFonts` recorded last.
    mutating func add(
        string: UnsafeRawBufferPointer, style: UInt8, advance: Float32, flags: UInt8, maxFont: UInt16,
        glyphs run: UnsafeBufferPointer<ShapedGlyph>, keyHash: UInt64? = nil,
        check: UInt64? = nil
    ) -> Outcome {
        let hash = keyHash ?? Layout.keyHash(string, style: style)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        lastUnit = 0
        while slots[index] != 0 {
            if slotHashes[index] == hash {
                lastUnit = slots[index]
                return .duplicate
            }
            probes += 1
            guard probes < Layout.maximumProbe else { return .full }
            index = (index + 1) & mask
        }
        guard ShapeRecords.fits(glyphs: run.count, stringBytes: string.count),
            records.end + Layout.entryLength(glyphs: run.count, stringBytes: string.count) <= limit
        else { return .full }
        let fonts = flags & Layout.dependsOnFallbacks != 0 ? fontsUnit : 0
        slots[index] = records.appendEntry(
            keyHash: hash, check: check, string: string, style: style, advance: advance,
            flags: flags, maxFont: maxFont, fonts: fonts, glyphs: run)
        slotHashes[index] = hash
        lastUnit = slots[index]
        entryCount += 1
        return .added
    }

    /// Adds a run list (`ShapeRunList`) for `digest` naming the entries at `units` (offsets / 16 of entries this
    /// writer added; 0: none): `.full` when a unit leads to none of them, or the list would take the file past its
    /// bound or its probe past `ShapeFileLayout.maximumProbe`; `.duplicate` when no unit names an entry.
    mutating func addList(digest: UInt64, units: [UInt32]) -> Outcome {
        guard units.count <= Layout.maximumListCount, units.contains(where: { $0 != 0 }) else { return .duplicate }
        let start = records.start
        let contents = records.bytes.withUnsafeBytes { bytes in
            ShapeRunList.contents(of: units) { unit -> UnsafeRawBufferPointer? in
                let at = Int(unit) * Layout.unit - start
                guard at >= 0, at <= bytes.count - Layout.recordHeadSize else { return nil }
                let entry = ShapeFile.Entry(head: bytes.baseAddress! + at, offset: at)
                guard entry.length <= bytes.count - at else { return nil }
                return UnsafeRawBufferPointer(rebasing: bytes[at..<at + entry.length])
            }
        }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: digest) & mask
        var probes = 0
        while slots[index] != 0 {
            probes += 1
            guard probes < Layout.maximumProbe else { return .full }
            index = (index + 1) & mask
        }
        guard let contents, records.end + Layout.listLength(count: units.count) <= limit else { return .full }
        slots[index] = records.appendList(ShapeRunList.record(digest: digest, units: units, contents: contents))
        slotHashes[index] = Layout.listMarker
        return .added
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        var file = Layout.header(key: key, slotCount: slots.count)
        file.reserveCapacity(records.end)
        slots.withUnsafeBytes { file.append(contentsOf: $0) }
        file.append(contentsOf: records.bytes)
        return file
    }
}

/// Appends an integer's bytes in native order (the format's order: `ShapeFileLayout.byteOrderMark` tells).
@inline(__always)
func appendInteger<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
}
