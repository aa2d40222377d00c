/// Builds a persisted shape cache file (`ShapeFileLayout`) in memory: entries are added one at a time (the runs a
/// process used first, then what the old file held), duplicates by key hash are skipped, and an entry that would
/// take the file past its size bound is refused, so the file never grows past `limit`.
struct ShapeFileWriter {
    typealias Layout = ShapeFileLayout

    /// What `add` did.
    enum Outcome: Equatable {
        case added
        /// An entry with the same key hash is in already.
        case duplicate
        /// It would take the file past the size bound.
        case full
    }

    let key: UInt64
    let limit: Int
    private var records: [UInt8] = []
    private var glyphs: [ShapedGlyph] = []
    private var strings: [UInt8] = []
    private var fontSection: [UInt8] = []
    /// The key hashes added, by open addressing (they are good hashes already: a `Set` hashed them again).
    /// 0 marks an empty slot; a key hash of 0 is kept in `hasZeroKey`.
    private var keySlots = [UInt64](repeating: 0, count: 64)
    private var hasZeroKey = false
    private(set) var entryCount = 0
    private static let emptyRecord = [UInt8](repeating: 0, count: ShapeFileLayout.entrySize)

    /// A writer of a file for `key` of at most `limit` bytes (at most `ShapeFileLayout.maximumFileSize`).
    init(key: UInt64, limit: Int = ShapeFileLayout.maximumFileSize) {
        self.key = key
        self.limit = min(limit, Layout.maximumFileSize)
    }

    /// Slots for `entries` entries: a power of two at least twice their number (probes stay short), at least 16.
    static func slotCount(for entries: Int) -> Int {
        var count = 16
        while count < entries * 2 { count *= 2 }
        return count
    }

    /// The length the file would have with what is in now, plus `entries` entries of `glyphs` glyphs and
    /// `stringBytes` bytes more.
    func length(adding entries: Int = 0, glyphs more: Int = 0, stringBytes: Int = 0) -> Int {
        Layout.Sections(slotCount: Self.slotCount(for: entryCount + entries), entryCount: entryCount + entries,
                        glyphCount: glyphs.count + more, fontBytes: fontSection.count,
                        stringBytes: strings.count + stringBytes).end
    }

    /// Sets the fonts section: the chain's fonts 0…n that runs depending on fallbacks were shaped with. Call it
    /// before adding entries (its size counts towards the bound).
    mutating func setFonts(_ fonts: [ShapeFile.Font]) {
        fontSection.removeAll()
        for font in fonts {
            appendInteger(font.faceIndex, to: &fontSection)
            appendInteger(UInt32(truncatingIfNeeded: font.path.count), to: &fontSection)
            appendInteger(font.size, to: &fontSection)
            appendInteger(font.modifiedSeconds, to: &fontSection)
            appendInteger(font.modifiedNanoseconds, to: &fontSection)
            fontSection.append(contentsOf: font.path)
            fontSection.append(contentsOf: repeatElement(0, count: ((font.path.count + 7) & ~7) - font.path.count))
        }
    }

    /// Adds a run: its key (`string` shaped in `style`), what it says, and its glyphs. `check` is the entry's
    /// check when it comes from another file already verified (it does not depend on positions); nil computes it.
    mutating func add(string: UnsafeRawBufferPointer, style: UInt8, advance: Float32, missing: UInt16, flags: UInt8,
                      maxFont: UInt16, glyphs run: UnsafeBufferPointer<ShapedGlyph>, keyHash: UInt64? = nil,
                      check: UInt64? = nil) -> Outcome {
        let hash = keyHash ?? Layout.keyHash(string, style: style)
        guard !containsKey(hash) else { return .duplicate }
        guard string.count <= Int(UInt32.max) - strings.count, run.count <= Int(UInt32.max) - glyphs.count,
              length(adding: 1, glyphs: run.count, stringBytes: string.count) <= limit else { return .full }
        insertKey(hash)
        let advanceBits = advance.bitPattern
        let entryCheck = check ?? Layout.check(
            keyHash: hash, advanceBits: advanceBits, missing: missing, style: style, flags: flags, maxFont: maxFont,
            string: string, glyphs: UnsafeRawBufferPointer(run))
        // One zeroed record, then its fields stored in place (appending field by field cost more than the rest).
        let at = records.count
        let stringStart = UInt32(strings.count), glyphStart = UInt32(glyphs.count)
        records.append(contentsOf: Self.emptyRecord)
        records.withUnsafeMutableBytes { record in
            typealias E = Layout.Entry
            record.storeBytes(of: hash, toByteOffset: at + E.keyHash, as: UInt64.self)
            record.storeBytes(of: entryCheck, toByteOffset: at + E.check, as: UInt64.self)
            record.storeBytes(of: stringStart, toByteOffset: at + E.stringStart, as: UInt32.self)
            record.storeBytes(of: UInt32(string.count), toByteOffset: at + E.stringCount, as: UInt32.self)
            record.storeBytes(of: glyphStart, toByteOffset: at + E.glyphStart, as: UInt32.self)
            record.storeBytes(of: UInt32(run.count), toByteOffset: at + E.glyphCount, as: UInt32.self)
            record.storeBytes(of: advanceBits, toByteOffset: at + E.advance, as: UInt32.self)
            record.storeBytes(of: missing, toByteOffset: at + E.missing, as: UInt16.self)
            record.storeBytes(of: style, toByteOffset: at + E.style, as: UInt8.self)
            record.storeBytes(of: flags, toByteOffset: at + E.flags, as: UInt8.self)
            record.storeBytes(of: maxFont, toByteOffset: at + E.maxFont, as: UInt16.self)
        }
        strings.append(contentsOf: string)
        glyphs.append(contentsOf: run)
        entryCount += 1
        return .added
    }

    /// Makes room for this many more entries, glyphs and string bytes (a save knows them up front).
    mutating func reserve(entries: Int, glyphs more: Int, stringBytes: Int) {
        records.reserveCapacity(records.count + entries * Layout.entrySize)
        glyphs.reserveCapacity(glyphs.count + more)
        strings.reserveCapacity(strings.count + stringBytes)
    }

    private func containsKey(_ hash: UInt64) -> Bool {
        if hash == 0 { return hasZeroKey }
        let mask = keySlots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while keySlots[slot] != 0 {
            if keySlots[slot] == hash { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    private mutating func insertKey(_ hash: UInt64) {
        if hash == 0 { hasZeroKey = true; return }
        if (entryCount + 1) * 2 > keySlots.count {
            let old = keySlots
            keySlots = [UInt64](repeating: 0, count: keySlots.count * 2)
            for key in old where key != 0 { place(key) }
        }
        place(hash)
    }

    private mutating func place(_ hash: UInt64) {
        let mask = keySlots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while keySlots[slot] != 0 { slot = (slot + 1) & mask }
        keySlots[slot] = hash
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        let slotCount = Self.slotCount(for: entryCount)
        let sections = Layout.Sections(slotCount: slotCount, entryCount: entryCount, glyphCount: glyphs.count,
                                       fontBytes: fontSection.count, stringBytes: strings.count)
        var slots = [UInt32](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for index in 0..<entryCount {
            let hash = records.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * Layout.entrySize, as: UInt64.self) }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index + 1)
        }
        var file = [UInt8]()
        file.reserveCapacity(sections.end)
        appendInteger(Layout.magic, to: &file)
        appendInteger(Layout.version, to: &file)
        appendInteger(Layout.byteOrderMark, to: &file)
        appendInteger(key, to: &file)
        appendInteger(UInt64(sections.end), to: &file)
        appendInteger(UInt32(slotCount), to: &file)
        appendInteger(UInt32(entryCount), to: &file)
        appendInteger(UInt32(glyphs.count), to: &file)
        appendInteger(UInt32(strings.count), to: &file)
        appendInteger(UInt32(fontSection.count), to: &file)
        appendInteger(UInt32(0), to: &file)
        appendInteger(fontSection.withUnsafeBytes { StableHasher.hash($0) }, to: &file)
        file.append(contentsOf: repeatElement(0, count: Layout.Header.headerCheck - file.count))
        appendInteger(file.withUnsafeBytes { StableHasher.hash($0) }, to: &file)
        for slot in slots { appendInteger(slot, to: &file) }
        pad(&file, to: sections.entries)
        file.append(contentsOf: records)
        glyphs.withUnsafeBytes { file.append(contentsOf: $0) }
        file.append(contentsOf: fontSection)
        pad(&file, to: sections.strings)
        file.append(contentsOf: strings)
        pad(&file, to: sections.end)
        return file
    }

    private func pad(_ bytes: inout [UInt8], to length: Int) {
        bytes.append(contentsOf: repeatElement(0, count: length - bytes.count))
    }
}

/// Appends an integer's bytes in native order (the format's order: `ShapeFileLayout.byteOrderMark` tells).
@inline(__always)
private func appendInteger<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
}
