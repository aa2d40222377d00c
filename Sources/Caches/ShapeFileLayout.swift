import InterlinearShaping

/// The persisted shape cache's file format (version 5: append-only), shared by the reader (`ShapeFile`), the
/// whole-file writer (`ShapeFileWriter`) and the appender (`ShapeFileAppender`). Native byte order (little-endian
/// here; a file from a machine of the other order fails the byte-order field); records 16-byte aligned, so glyphs
/// are served in place from the mapping, a run's glyph index being its glyphs' byte offset in the file / 16.
///
/// | part | size | what |
/// |---|---|---|
/// | header | 128 | magic, version, byte order, key hash, slot count, header check (never changes after creation) |
/// | slots | 4 × slotCount (a power of two) | open addressing by key hash: 0 empty, else a record's offset / 16 |
/// | records | to the end of the file | entries and fonts records, appended, each 16-byte aligned |
///
/// An entry record is a 32-byte head (key hash, check, advance, glyph count, string length, style, flags, max
/// font, fonts record), its glyphs (16 × count, `ShapedGlyph`s), its UTF-8 key padded to 16. A fonts record is a
/// 32-byte head (marker, check, length) and the chain's fonts 0…n that the entries naming it were shaped with. A
/// run list (`ShapeRunList`) is a 32-byte head (marker, digest, check, count), a hash of the entries it names, and
/// their offsets / 16 in a batch's order: a prefetch of a chapter's strings finds their entries in one lookup. Its
/// slot is placed by its digest, as an entry's by its key hash.
///
/// A process that shaped n new strings appends their records at the end (one `pwrite`) and then fills their slots
/// (4 bytes each), holding an exclusive `flock` on the file: O(n) bytes, never the file. A slot is filled only after
/// its record is written, and a filled slot never changes, so a reader mapping the file sees each slot empty or
/// leading to a complete record — unless a crash lost pages (no fsync: a cache needs checks, not durability), which
/// the record's 64-bit check catches. A record whose slot was never filled (a torn tail) is unreachable: it is
/// waste, never read. See `ShapeFileAppender` for when the file is compacted (rewritten whole).
enum ShapeFileLayout {
    /// "ILSHAPES" read as a little-endian number.
    static let magic: UInt64 = 0x5345_5041_4853_4C49
    /// 5: the layout of 4, with run lists (`ShapeRunList`) in the slots beside the entries. A list serves its runs
    /// in the styles `ShapingStyle.detect` gave when it was written, so a change to `detect` is a new version too.
    /// 4: the layout of 3, with entries' checks and key hashes by `RecordHasher` (sixteen bytes a step), not
    /// `StableHasher`. 3: the layout of 2, with a glyph's font a chain index of the chain `FontChain` makes since
    /// the Hebrew font is font 1 (in 2 it was its place in fontconfig's list). The key names the version, so files
    /// of earlier versions are never read, and `ShapeFileSweep` removes them.
    static let version: UInt32 = 5
    /// Written natively; read back as another number on a machine of the other byte order.
    static let byteOrderMark: UInt32 = 0x0102_0304
    static let headerSize = 128
    /// Records start at multiples of this; slots and fonts references count in it.
    static let unit = 16
    static let recordHeadSize = 32
    static let glyphSize = 16
    static let fontRecordSize = 32
    /// The fewest slots a file this build makes has (4 KiB). A file is made with room for what its first batch
    /// holds, and grows (is written again with 4 times the slots it needs, `slotCount(holding:least:)`) when an
    /// append would fill more than half of its slots: its size follows what it holds, where a fixed table of 2^20
    /// slots made a one-chapter file 4 MiB of empty slots. The whole Bible at every tier is 328,280 distinct strings
    /// per font chain (docs/performance.md): 2^20 slots after its last growth, a load of 0.31.
    static let defaultSlotCount = 1 << 10
    /// Entries a file holds at most per slot before an append grows it: probes stay short below half full.
    static let maximumLoad = 0.5
    static let maximumSlotCount = 1 << 24
    static let maximumProbe = 256
    /// The size bound: no file larger is read, and nothing is appended past it. The whole Bible measured 82 MB
    /// (docs/performance.md); the bound leaves room for about twice that.
    static let maximumFileSize = 160 << 20
    /// The largest file a process maps whole (`PersistedShapes`): a larger one is read record by record, since
    /// lookups scattered over a mapped file of the whole Bible made the kernel bring in most of it
    /// (docs/performance.md). Below this, a whole mapped file costs little memory, and lookups in place cost less
    /// than reads (benchmark `typeset-warm`: one chapter's file is about 0.3 MB).
    static let mappedLimit = 1 << 20
    /// Header fields, by byte offset.
    enum Header {
        static let magic = 0, version = 8, byteOrder = 12, key = 16, slotCount = 24, headerCheck = 120
    }
    /// Entry record fields, by byte offset within the 32-byte head.
    enum Entry {
        static let keyHash = 0, check = 8, advance = 16, glyphCount = 20, stringCount = 22, style = 24, flags = 25,
            maxFont = 26, fonts = 28
    }
    /// A fonts record's head: marker, check of its payload, payload length.
    enum Fonts {
        static let marker = 0, check = 8, length = 16
    }
    /// A run list's head: marker, digest of its batch's strings, check of the rest of the record, entry count.
    /// Its payload: the hash of the entries' records (`contents`), 8 zero bytes, then a 4-byte offset / 16 per
    /// string (0: none in the file).
    enum List {
        static let marker = 0, digest = 8, check = 16, count = 24, contents = 32, units = 48
    }
    /// "ILRUNLST": the first field of a run list (where an entry has its key hash).
    static let listMarker: UInt64 = 0x5453_4C4E_5552_4C49
    /// The most strings one list names: a chapter has a few thousand; a larger batch is looked up string by string.
    static let maximumListCount = 1 << 16
    /// The length of a run list of `count` strings.
    static func listLength(count: Int) -> Int { padded(List.units + 4 * count) }
    /// "ILFONTS\0": the first field of a fonts record (where an entry has its key hash).
    static let fontsMarker: UInt64 = 0x0053_544E_4F46_4C49
    /// Entry flag: the run went through fallback fonts, so it holds only while the chain's fonts 1…maxFont are the
    /// ones its fonts record names.
    static let dependsOnFallbacks: UInt8 = 1

    static let checkSeed: UInt64 = 0x1319_8A2E_0370_7344
    static let keySeed: UInt64 = 0xA409_3822_299F_31D0
    static let listSeed: UInt64 = 0x082E_FA98_EC4E_6C89
    static let listContentsSeed: UInt64 = 0x4528_21E6_38D0_1377
    static let listCheckSeed: UInt64 = 0xBE54_66CF_34E9_0C6C

    /// The slots of a file made for `entries` entries: a power of two at least `least`, with the entries filling at
    /// most a quarter of them (so the file takes as many again before it grows), at most `maximumSlotCount`.
    static func slotCount(holding entries: Int, least: Int) -> Int {
        var slots = max(16, least)
        while slots < entries * 4, slots < maximumSlotCount { slots *= 2 }
        return slots
    }

    /// The least length of a record (an entry of no glyph and a 1-byte key): a bound on the entries a file holds
    /// from the bytes of its records.
    static let smallestRecord = recordHeadSize + unit

    /// `count` rounded up to a multiple of 16.
    static func padded(_ count: Int) -> Int { (count + 15) & ~15 }

    /// Where the records begin in a file of `slotCount` slots.
    static func recordsStart(slotCount: Int) -> Int { headerSize + slotCount * 4 }

    /// The length of an entry record of `glyphs` glyphs and a key of `stringBytes` bytes.
    static func entryLength(glyphs: Int, stringBytes: Int) -> Int {
        recordHeadSize + glyphs * glyphSize + padded(stringBytes)
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
        var hasher = RecordHasher(seed: keySeed)
        hasher.combine(UInt64(style))
        hasher.combine(utf8)
        return hasher.finalize()
    }

    /// An entry's check: its key hash, what it says of the run, its string and its glyphs (not its position in the
    /// file, so an entry carried into a compacted file keeps its check; its fonts record has a check of its own).
    static func check(
        keyHash: UInt64, advanceBits: UInt32, style: UInt8, flags: UInt8, maxFont: UInt16,
        string: UnsafeRawBufferPointer, glyphs: UnsafeRawBufferPointer
    ) -> UInt64 {
        var hasher = RecordHasher(seed: checkSeed)
        hasher.combine(keyHash)
        hasher.combine(UInt64(advanceBits) | UInt64(style) << 48 | UInt64(flags) << 56)
        hasher.combine(UInt64(maxFont))
        hasher.combine(string)
        hasher.combine(glyphs)
        return hasher.finalize()
    }

    /// The 128-byte header of a file for `key` with `slotCount` slots.
    static func header(key: UInt64, slotCount: Int) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: headerSize)
        header.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: magic, toByteOffset: Header.magic, as: UInt64.self)
            raw.storeBytes(of: version, toByteOffset: Header.version, as: UInt32.self)
            raw.storeBytes(of: byteOrderMark, toByteOffset: Header.byteOrder, as: UInt32.self)
            raw.storeBytes(of: key, toByteOffset: Header.key, as: UInt64.self)
            raw.storeBytes(of: UInt32(slotCount), toByteOffset: Header.slotCount, as: UInt32.self)
            let check = StableHasher.hash(UnsafeRawBufferPointer(rebasing: raw[0..<Header.headerCheck]))
            raw.storeBytes(of: check, toByteOffset: Header.headerCheck, as: UInt64.self)
        }
        return header
    }

    /// The slot count of a header that is one this build wrote for `key`; nil otherwise (another magic, version,
    /// byte order or key, a damaged header, a slot count that is not a power of two from 16 to `maximumSlotCount`).
    static func slotCount(ofHeader base: UnsafeRawPointer, key: UInt64) -> Int? {
        func u32(_ offset: Int) -> UInt32 { base.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        func u64(_ offset: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        guard u64(Header.magic) == magic, u32(Header.version) == version, u32(Header.byteOrder) == byteOrderMark,
            u64(Header.key) == key,
            u64(Header.headerCheck) == StableHasher.hash(UnsafeRawBufferPointer(start: base, count: Header.headerCheck))
        else { return nil }
        let slots = Int(u32(Header.slotCount))
        guard slots >= 16, slots <= maximumSlotCount, slots & (slots - 1) == 0 else { return nil }
        return slots
    }
}
