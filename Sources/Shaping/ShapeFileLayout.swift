/// The persisted shape cache's file format (version 1), shared by the reader (`ShapeFile`) and the writer
/// (`ShapeFileWriter`). Native byte order (little-endian here; a file from a machine of the other order fails the
/// byte-order field), every section 16-byte aligned, so the glyphs are served in place from the mapping:
///
/// | section | size | what |
/// |---|---|---|
/// | header | 128 | magic, version, byte order, key hash, file length, counts, fonts check, header check |
/// | slots | 4 × slotCount (power of two, > entryCount), padded | open addressing by key hash: 0 empty, else entry + 1 |
/// | entries | 48 × entryCount | key hash, check, string and glyph ranges, advance, missing, style, flags, max font |
/// | glyphs | 16 × glyphCount | `ShapedGlyph`s, each run's contiguous |
/// | fonts | fontBytes, padded | the chain's fonts 0…n a run depended on (see `ShapeFile.Font`) |
/// | strings | stringBytes, padded | each entry's UTF-8 key |
///
/// Section offsets follow from the counts, so there are no offsets to trust: a header whose counts do not add up
/// to the file's length is refused. Nothing is parsed at load beyond the header; an entry is checked (ranges and
/// its 64-bit check) when a lookup reaches it.
enum ShapeFileLayout {
    /// "ILSHAPES" read as a little-endian number.
    static let magic: UInt64 = 0x5345_5041_4853_4C49
    static let version: UInt32 = 1
    /// Written natively; read back as another number on a machine of the other byte order.
    static let byteOrderMark: UInt32 = 0x0102_0304
    static let headerSize = 128
    static let entrySize = 48
    static let glyphSize = 16
    static let fontRecordSize = 32
    /// The size bound: no file larger is written or read (see `ShapeFileWriter` for what happens at the bound).
    static let maximumFileSize = 64 << 20
    /// Header fields, by byte offset.
    enum Header {
        static let magic = 0, version = 8, byteOrder = 12, key = 16, fileLength = 24, slotCount = 32,
                   entryCount = 36, glyphCount = 40, stringBytes = 44, fontBytes = 48, fontsCheck = 56,
                   headerCheck = 120
    }
    /// Entry fields, by byte offset within the 48-byte record.
    enum Entry {
        static let keyHash = 0, check = 8, stringStart = 16, stringCount = 20, glyphStart = 24, glyphCount = 28,
                   advance = 32, missing = 36, style = 38, flags = 39, maxFont = 40
    }
    /// Entry flag: the run went through fallback fonts, so it holds only while the chain's fonts 1…maxFont are the
    /// ones recorded in the fonts section.
    static let dependsOnFallbacks: UInt8 = 1

    static let checkSeed: UInt64 = 0x1319_8A2E_0370_7344
    static let keySeed: UInt64 = 0xA409_3822_299F_31D0

    /// `count` rounded up to a multiple of 16.
    static func padded(_ count: Int) -> Int { (count + 15) & ~15 }

    /// Where each section starts, and the file's length, for these counts (no overflow: every count is 32-bit).
    struct Sections: Equatable {
        let slots, entries, glyphs, fonts, strings, end: Int

        init(slotCount: Int, entryCount: Int, glyphCount: Int, fontBytes: Int, stringBytes: Int) {
            slots = headerSize
            entries = slots + padded(slotCount * 4)
            glyphs = entries + entryCount * entrySize
            fonts = glyphs + glyphCount * glyphSize
            strings = fonts + padded(fontBytes)
            end = strings + padded(stringBytes)
        }
    }

    /// Whether `ShapedGlyph` is laid out as the file stores it (glyph, font, advance, x offset, y offset at 0, 2,
    /// 4, 8, 12; 16 bytes): the glyphs are served from the mapping as `ShapedGlyph`s only then.
    static var glyphLayoutMatches: Bool {
        MemoryLayout<ShapedGlyph>.size == glyphSize && MemoryLayout<ShapedGlyph>.stride == glyphSize
            && MemoryLayout<ShapedGlyph>.alignment <= 16
            && MemoryLayout<ShapedGlyph>.offset(of: \.glyph) == 0 && MemoryLayout<ShapedGlyph>.offset(of: \.font) == 2
            && MemoryLayout<ShapedGlyph>.offset(of: \.advance) == 4
            && MemoryLayout<ShapedGlyph>.offset(of: \.xOffset) == 8
            && MemoryLayout<ShapedGlyph>.offset(of: \.yOffset) == 12
    }

    /// The key hash of a string shaped in a style: where it goes in the slots.
    static func keyHash(_ utf8: UnsafeRawBufferPointer, style: UInt8) -> UInt64 {
        var hasher = StableHasher(seed: keySeed)
        hasher.combine(UInt64(style))
        hasher.combine(utf8)
        return hasher.finalize()
    }

    /// An entry's check: its key hash, what it says of the run, its string and its glyphs (not their positions in
    /// the file, so an entry carried into a new file keeps its check).
    static func check(keyHash: UInt64, advanceBits: UInt32, missing: UInt16, style: UInt8, flags: UInt8,
                      maxFont: UInt16, string: UnsafeRawBufferPointer, glyphs: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = StableHasher(seed: checkSeed)
        hasher.combine(keyHash)
        hasher.combine(UInt64(advanceBits) | UInt64(missing) << 32 | UInt64(style) << 48 | UInt64(flags) << 56)
        hasher.combine(UInt64(maxFont))
        hasher.combine(string)
        hasher.combine(glyphs)
        return hasher.finalize()
    }
}
