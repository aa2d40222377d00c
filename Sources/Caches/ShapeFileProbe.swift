import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// What a lookup reads of a shape cache file, whether the file is mapped (`ShapeFile`, read in place) or read record
/// by record (`ShapeFileReader`, for a file too large to map whole): the probe, its bounds and its checks are the
/// same code for both.
protocol ShapeFileProbe {
    var slotCount: Int { get }
    /// The value of slot `index` (0: empty, else a record's offset / 16). `index` must be below `slotCount`.
    func slot(_ index: Int) -> UInt32
    /// The first field of the record a slot value leads to (an entry's key hash), or nil when no record head fits
    /// there.
    func keyHash(atUnit unit: UInt32) -> UInt64?
    /// The entry record a slot value leads to, or nil when it leads outside the records or its record does not
    /// fit in the file.
    func entry(atUnit unit: UInt32) -> ShapeFile.Entry?
    /// Whether the entry's check matches what its record holds.
    func verified(_ entry: ShapeFile.Entry) -> Bool
    /// The key bytes of an entry `entry(atUnit:)` returned.
    func string(of entry: ShapeFile.Entry) -> UnsafeRawBufferPointer
}

extension ShapeFileProbe {
    /// The entry for `utf8` shaped in `style`, checked, that `accept` takes (a run through fallback fonts that
    /// changed is passed over: a later entry may hold the run shaped anew); a probe visits at most `slotCount`
    /// slots.
    func lookup(
        _ utf8: UnsafeRawBufferPointer, style: UInt8, accept: (ShapeFile.Entry) -> Bool = { _ in true }
    ) -> ShapeFile.Lookup {
        lookup(utf8, style: style, hash: ShapeFileLayout.keyHash(utf8, style: style), accept: accept)
    }

    func lookup(
        _ utf8: UnsafeRawBufferPointer, style: UInt8, hash: UInt64,
        accept: (ShapeFile.Entry) -> Bool = { _ in true }
    ) -> ShapeFile.Lookup {
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        var damaged = false
        for _ in 0..<slotCount {
            let value = slot(index)
            if value == 0 { break }
            index = (index + 1) & mask
            // The key hash first, the rest of the record only for the entry it names.
            guard keyHash(atUnit: value) == hash, let entry = entry(atUnit: value), entry.style == style,
                entry.stringCount == utf8.count
            else { continue }
            guard verified(entry) else { damaged = true; continue }
            if utf8.isEmpty || memcmp(string(of: entry).baseAddress!, utf8.baseAddress!, utf8.count) == 0,
                accept(entry)
            {
                return .found(entry)
            }
        }
        return damaged ? .damaged : .absent
    }
}

extension ShapeFile.Entry {
    /// The entry whose 32-byte record head is at `head`, the record at `offset` in the file.
    @inline(__always)
    init(head: UnsafeRawPointer, offset: Int) {
        func u16(_ field: Int) -> UInt16 { head.loadUnaligned(fromByteOffset: field, as: UInt16.self) }
        func u32(_ field: Int) -> UInt32 { head.loadUnaligned(fromByteOffset: field, as: UInt32.self) }
        func u64(_ field: Int) -> UInt64 { head.loadUnaligned(fromByteOffset: field, as: UInt64.self) }
        typealias E = ShapeFileLayout.Entry
        self.init(
            offset: offset, keyHash: u64(E.keyHash), check: u64(E.check), advanceBits: u32(E.advance),
            glyphCount: Int(u16(E.glyphCount)), stringCount: Int(u16(E.stringCount)),
            style: head.load(fromByteOffset: E.style, as: UInt8.self),
            flags: head.load(fromByteOffset: E.flags, as: UInt8.self), maxFont: u16(E.maxFont), fonts: u32(E.fonts))
    }

    /// Whether the entry's check matches its record's string and glyphs.
    func holds(string: UnsafeRawBufferPointer, glyphs: UnsafeRawBufferPointer) -> Bool {
        check
            == ShapeFileLayout.check(
                keyHash: keyHash, advanceBits: advanceBits, style: style, flags: flags, maxFont: maxFont,
                string: string, glyphs: glyphs)
    }
}

extension ShapeFile.Font {
    /// The payload length a fonts record head at `head` declares, when it is a fonts record's head and the payload
    /// fits in the `available` bytes after the head; nil otherwise.
    static func payloadLength(head: UnsafeRawPointer, available: Int) -> Int? {
        typealias F = ShapeFileLayout.Fonts
        guard head.loadUnaligned(fromByteOffset: F.marker, as: UInt64.self) == ShapeFileLayout.fontsMarker else {
            return nil
        }
        let length = Int(head.loadUnaligned(fromByteOffset: F.length, as: UInt32.self))
        return length <= available ? length : nil
    }

    /// The fonts of a fonts record's payload `section`, its head at `head`; nil when the head's check does not
    /// match the payload or a font runs past it.
    static func records(_ section: UnsafeRawBufferPointer, head: UnsafeRawPointer) -> [Self]? {
        guard
            StableHasher.hash(section)
                == head.loadUnaligned(fromByteOffset: ShapeFileLayout.Fonts.check, as: UInt64.self)
        else { return nil }
        var fonts: [Self] = []
        var offset = 0
        let length = section.count
        while offset < length {
            guard length - offset >= ShapeFileLayout.fontRecordSize else { return nil }
            let record = section.baseAddress! + offset
            let pathLength = Int(record.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            guard pathLength <= length - offset - ShapeFileLayout.fontRecordSize else { return nil }
            let path = UnsafeRawBufferPointer(start: record + ShapeFileLayout.fontRecordSize, count: pathLength)
            fonts.append(
                Self(
                    path: Array(path), faceIndex: record.loadUnaligned(as: Int32.self),
                    size: record.loadUnaligned(fromByteOffset: 8, as: Int64.self),
                    modifiedSeconds: record.loadUnaligned(fromByteOffset: 16, as: Int64.self),
                    modifiedNanoseconds: record.loadUnaligned(fromByteOffset: 24, as: Int64.self)))
            offset += ShapeFileLayout.fontRecordSize + ((pathLength + 7) & ~7)
        }
        return fonts
    }
}
