#if canImport(Glibc)
import Glibc
#endif

/// A persisted shape cache file, read in place (`ShapeFileLayout` has the format). Made from bytes that may be
/// anything — truncated, damaged, another program's — so nothing read from them is trusted: the header's counts
/// must add up to the length, every range is checked against its section before it is touched, a probe stops after
/// `slotCount` steps, and an entry is served only when its 64-bit check matches. A failed check makes the entry a
/// miss (the string is shaped again) and marks the file `damaged` in the lookup's answer; nothing here traps.
///
/// A value over memory it does not own: the caller keeps the bytes alive and unchanged (`ShapeFileMapping` does).
struct ShapeFile {
    typealias Layout = ShapeFileLayout

    let bytes: UnsafeRawBufferPointer
    let key: UInt64
    let slotCount: Int
    let entryCount: Int
    let glyphCount: Int
    let stringBytes: Int
    let fontBytes: Int
    let fontsCheck: UInt64
    let sections: Layout.Sections

    /// What a lookup found.
    enum Lookup: Equatable {
        /// The entry (its index) and its run, checked.
        case found(Int, Entry)
        /// Not in the file.
        case absent
        /// The probe met an entry that failed its checks: the file is damaged (the string counts as absent).
        case damaged
    }

    /// One entry's record, as read (ranges not yet checked: `verified(_:)` does).
    struct Entry: Equatable {
        var keyHash: UInt64
        var check: UInt64
        var stringStart: Int
        var stringCount: Int
        var glyphStart: Int
        var glyphCount: Int
        var advanceBits: UInt32
        var missing: UInt16
        var style: UInt8
        var flags: UInt8
        var maxFont: UInt16

        var advance: Float32 { Float32(bitPattern: advanceBits) }
        var dependsOnFallbacks: Bool { flags & Layout.dependsOnFallbacks != 0 }
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
    /// too short, unaligned, another magic, version, byte order or key, a damaged header, or counts that do not add
    /// up to exactly the length.
    init?(bytes: UnsafeRawBufferPointer, key: UInt64) {
        guard let base = bytes.baseAddress, bytes.count >= Layout.headerSize,
              bytes.count <= Layout.maximumFileSize, Int(bitPattern: base) & 15 == 0,
              Layout.glyphLayoutMatches else { return nil }
        func u32(_ offset: Int) -> UInt32 { base.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        func u64(_ offset: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        typealias H = Layout.Header
        guard u64(H.magic) == Layout.magic, u32(H.version) == Layout.version, u32(H.byteOrder) == Layout.byteOrderMark,
              u64(H.key) == key,
              u64(H.headerCheck) == StableHasher.hash(UnsafeRawBufferPointer(start: base, count: H.headerCheck))
        else { return nil }
        let slots = Int(u32(H.slotCount)), entries = Int(u32(H.entryCount)), glyphs = Int(u32(H.glyphCount))
        let strings = Int(u32(H.stringBytes)), fonts = Int(u32(H.fontBytes))
        // A power of two with room for an empty slot, so every probe ends.
        guard slots > entries, slots & (slots - 1) == 0 else { return nil }
        let sections = Layout.Sections(slotCount: slots, entryCount: entries, glyphCount: glyphs, fontBytes: fonts,
                                       stringBytes: strings)
        guard u64(H.fileLength) == UInt64(bytes.count), sections.end == bytes.count else { return nil }
        self.bytes = bytes
        self.key = key
        slotCount = slots
        entryCount = entries
        glyphCount = glyphs
        stringBytes = strings
        fontBytes = fonts
        fontsCheck = u64(H.fontsCheck)
        self.sections = sections
    }

    private var base: UnsafeRawPointer { bytes.baseAddress! }  // non-nil: checked in init

    /// The record of entry `index`, or nil when there is no such entry.
    func entry(at index: Int) -> Entry? {
        guard index >= 0, index < entryCount else { return nil }
        let at = sections.entries + index * Layout.entrySize
        func u16(_ field: Int) -> UInt16 { base.loadUnaligned(fromByteOffset: at + field, as: UInt16.self) }
        func u32(_ field: Int) -> UInt32 { base.loadUnaligned(fromByteOffset: at + field, as: UInt32.self) }
        func u64(_ field: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: at + field, as: UInt64.self) }
        typealias E = Layout.Entry
        return Entry(keyHash: u64(E.keyHash), check: u64(E.check), stringStart: Int(u32(E.stringStart)),
                     stringCount: Int(u32(E.stringCount)), glyphStart: Int(u32(E.glyphStart)),
                     glyphCount: Int(u32(E.glyphCount)), advanceBits: u32(E.advance), missing: u16(E.missing),
                     style: base.load(fromByteOffset: at + E.style, as: UInt8.self),
                     flags: base.load(fromByteOffset: at + E.flags, as: UInt8.self), maxFont: u16(E.maxFont))
    }

    /// Whether the entry's ranges lie inside their sections and its check matches what they hold.
    func verified(_ entry: Entry) -> Bool {
        guard entry.stringStart <= stringBytes, entry.stringCount <= stringBytes - entry.stringStart,
              entry.glyphStart <= glyphCount, entry.glyphCount <= glyphCount - entry.glyphStart else { return false }
        return entry.check == Layout.check(
            keyHash: entry.keyHash, advanceBits: entry.advanceBits, missing: entry.missing, style: entry.style,
            flags: entry.flags, maxFont: entry.maxFont, string: string(of: entry),
            glyphs: UnsafeRawBufferPointer(glyphs(of: entry)))
    }

    /// The key bytes of an entry. Only for an entry `verified(_:)` accepted.
    func string(of entry: Entry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + sections.strings + entry.stringStart, count: entry.stringCount)
    }

    /// The glyphs of an entry, in place. Only for an entry `verified(_:)` accepted (the glyph section is 16-byte
    /// aligned in a 16-byte aligned buffer, and `ShapedGlyph` is laid out as stored: checked in init).
    func glyphs(of entry: Entry) -> UnsafeBufferPointer<ShapedGlyph> {
        UnsafeBufferPointer(start: glyphBase + entry.glyphStart, count: entry.glyphCount)
    }

    /// The glyph section as `ShapedGlyph`s (index `i` is the file's glyph `i`).
    var glyphBase: UnsafePointer<ShapedGlyph> {
        (base + sections.glyphs).assumingMemoryBound(to: ShapedGlyph.self)
    }

    /// The entry for `utf8` shaped in `style`, checked; a probe visits at most `slotCount` slots.
    func lookup(_ utf8: UnsafeRawBufferPointer, style: UInt8) -> Lookup {
        lookup(utf8, style: style, hash: Layout.keyHash(utf8, style: style))
    }

    func lookup(_ utf8: UnsafeRawBufferPointer, style: UInt8, hash: UInt64) -> Lookup {
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<slotCount {
            let value = base.loadUnaligned(fromByteOffset: sections.slots + slot * 4, as: UInt32.self)
            if value == 0 { return .absent }
            guard let entry = entry(at: Int(value) - 1) else { return .damaged }
            if entry.keyHash == hash && entry.style == style && entry.stringCount == utf8.count {
                guard verified(entry) else { return .damaged }
                if utf8.isEmpty || memcmp(string(of: entry).baseAddress!, utf8.baseAddress!, utf8.count) == 0 {
                    return .found(Int(value) - 1, entry)
                }
            }
            slot = (slot + 1) & mask
        }
        return .absent
    }

    /// The fonts section: the chain's fonts 0…n as they were when the runs that depend on fallbacks were shaped.
    /// Nil when it is damaged (its check fails, or a record runs past the section).
    func fonts() -> [Font]? {
        let section = UnsafeRawBufferPointer(start: base + sections.fonts, count: fontBytes)
        guard StableHasher.hash(section) == fontsCheck else { return nil }
        var fonts: [Font] = []
        var at = 0
        while at < fontBytes {
            guard fontBytes - at >= Layout.fontRecordSize else { return nil }
            let record = section.baseAddress! + at
            let length = Int(record.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            guard length <= fontBytes - at - Layout.fontRecordSize else { return nil }
            let path = UnsafeRawBufferPointer(start: record + Layout.fontRecordSize, count: length)
            fonts.append(Font(
                path: Array(path), faceIndex: record.loadUnaligned(as: Int32.self),
                size: record.loadUnaligned(fromByteOffset: 8, as: Int64.self),
                modifiedSeconds: record.loadUnaligned(fromByteOffset: 16, as: Int64.self),
                modifiedNanoseconds: record.loadUnaligned(fromByteOffset: 24, as: Int64.self)))
            at += Layout.fontRecordSize + ((length + 7) & ~7)
        }
        return fonts
    }
}
