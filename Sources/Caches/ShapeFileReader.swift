import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// Where a `ShapeFileReader` reads its bytes: an open file (`ShapeFileDescriptor`), or bytes in memory
/// (`ShapeFileBytes`: tests and the fuzz harness, which compare it with the mapped reader).
protocol ShapeFileSource {
    /// Fills `buffer` with the bytes at `offset`; false when they could not all be read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool
    /// Lets go of what it holds (the reader is done with it).
    func release()
}

/// A persisted shape cache file too large to map whole, read record by record: the header once, then for each
/// lookup the slots its probe visits (a 64-byte window at a time) and the records they lead to. Mapping a file of the
/// whole Bible and looking up one chapter's strings made the kernel bring in most of the file, since the records a
/// chapter uses lie all over it (docs/performance.md, "the shape cache at Bible scale"); read this way, a lookup
/// costs memory for what it reads only.
///
/// The file is as untrusted as `ShapeFile` says, and read with its checks (`ShapeFileProbe`: the same probe and
/// bounds, the same checks of the header, the records and the fonts): a read that comes up short (the file changed
/// meanwhile) is an empty slot or a record that does not fit, so a miss. Records past `length` (appended after the
/// file was opened) are not read. Not thread-safe: the record and slot windows are reused from lookup to lookup; what
/// `string(of:)` and `glyphs(of:)` return is valid until the next read.
final class ShapeFileReader<Source: ShapeFileSource>: ShapeFileProbe {
    typealias Layout = ShapeFileLayout

    let source: Source
    /// The file's length when it was opened: nothing past it is read.
    let length: Int
    let slotCount: Int
    /// Where the records begin.
    let recordsStart: Int
    /// Slots read at a time (64 bytes: a probe rarely goes past one window).
    static var windowSlots: Int { 16 }
    /// The first slot of `window`; -1 when it holds none.
    private var windowStart = -1
    private let window: UnsafeMutableRawBufferPointer
    /// Bytes read at a record's head: its head, and most entries whole (glyphs and key), in one read.
    static var recordRead: Int { 512 }
    /// The record last read: `recordCount` bytes from offset `recordOffset` (-1: none).
    private var recordOffset = -1
    private var recordCount = 0
    /// 16-byte aligned, so glyphs are read from it as `ShapedGlyph`s; grows to the longest entry met.
    private var record: UnsafeMutableRawBufferPointer
    /// The most a fonts record's payload may hold here: far more than any chain's fonts, so a damaged length does not
    /// make a read of the whole file.
    static var fontsPayloadBound: Int { 1 << 20 }

    /// Reads the header of the `length` bytes of `source` and checks it for `key` as `ShapeFile.init` does; nil when
    /// it is not a file this build wrote for that key, too long, or too short for its slots.
    init?(source: Source, length: Int, key: UInt64) {
        guard length >= Layout.headerSize, length <= Layout.maximumFileSize, Layout.glyphLayoutMatches else {
            return nil
        }
        let header = UnsafeMutableRawBufferPointer.allocate(byteCount: Layout.headerSize, alignment: 16)
        defer { header.deallocate() }
        guard source.read(into: header, at: 0),
            let slots = Layout.slotCount(ofHeader: UnsafeRawPointer(header.baseAddress!), key: key),
            Layout.recordsStart(slotCount: slots) <= length
        else { return nil }
        self.source = source
        self.length = length
        slotCount = slots
        recordsStart = Layout.recordsStart(slotCount: slots)
        window = .allocate(byteCount: Self.windowSlots * 4, alignment: 16)
        record = .allocate(byteCount: Self.recordRead, alignment: 16)
    }

    deinit {
        window.deallocate()
        record.deallocate()
        source.release()
    }

    func slot(_ index: Int) -> UInt32 {
        let start = index & ~(Self.windowSlots - 1)
        if start != windowStart {
            // The table's length is a multiple of the window (slot counts are powers of two from 16).
            guard source.read(into: window, at: Layout.headerSize + start * 4) else {
                windowStart = -1
                return 0
            }
            windowStart = start
        }
        return window.loadUnaligned(fromByteOffset: (index - start) * 4, as: UInt32.self)
    }

    func keyHash(atUnit unit: UInt32) -> UInt64? {
        guard let at = recordHead(atUnit: unit), readRecord(at: at, count: Layout.recordHeadSize) else { return nil }
        return record.loadUnaligned(fromByteOffset: Layout.Entry.keyHash, as: UInt64.self)
    }

    func entry(atUnit unit: UInt32) -> ShapeFile.Entry? {
        guard let at = recordHead(atUnit: unit), readRecord(at: at, count: Layout.recordHeadSize) else { return nil }
        let entry = ShapeFile.Entry(head: UnsafeRawPointer(record.baseAddress!), offset: at)
        guard entry.length <= length - at, readRecord(at: at, count: entry.length) else { return nil }
        return entry
    }

    func verified(_ entry: ShapeFile.Entry) -> Bool {
        guard let glyphs = glyphs(of: entry) else { return false }
        return entry.holds(string: string(of: entry), glyphs: UnsafeRawBufferPointer(glyphs))
    }

    /// The key bytes of the entry `entry(atUnit:)` returned last (empty for any other).
    func string(of entry: ShapeFile.Entry) -> UnsafeRawBufferPointer {
        guard holds(entry) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(
            start: record.baseAddress! + Layout.recordHeadSize + entry.glyphCount * Layout.glyphSize,
            count: entry.stringCount)
    }

    /// The glyphs of the entry `entry(atUnit:)` returned last, as read (nil for any other).
    func glyphs(of entry: ShapeFile.Entry) -> UnsafeBufferPointer<ShapedGlyph>? {
        guard holds(entry) else { return nil }
        let start = (record.baseAddress! + Layout.recordHeadSize).assumingMemoryBound(to: ShapedGlyph.self)
        return UnsafeBufferPointer(start: start, count: entry.glyphCount)
    }

    /// The fonts record at `unit` (offset / 16), read and checked as `ShapeFile.fonts(atUnit:)` checks it.
    func fonts(atUnit unit: UInt32) -> [ShapeFile.Font]? {
        let at = Int(unit) &* Layout.unit
        guard at >= recordsStart, at <= length - Layout.recordHeadSize else { return nil }
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: Layout.recordHeadSize, alignment: 16)
        defer { head.deallocate() }
        guard source.read(into: head, at: at),
            let count = ShapeFile.Font.payloadLength(
                head: UnsafeRawPointer(head.baseAddress!), available: length - at - Layout.recordHeadSize),
            count <= Self.fontsPayloadBound
        else { return nil }
        let payload = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        defer { payload.deallocate() }
        let section = UnsafeMutableRawBufferPointer(rebasing: payload[0..<count])
        guard source.read(into: section, at: at + Layout.recordHeadSize) else { return nil }
        return ShapeFile.Font.records(UnsafeRawBufferPointer(section), head: UnsafeRawPointer(head.baseAddress!))
    }

    /// Whether the record window holds `entry` whole.
    private func holds(_ entry: ShapeFile.Entry) -> Bool {
        entry.offset == recordOffset && entry.length <= recordCount
    }

    /// The byte offset a slot value leads to, when a record head fits there inside the records; nil otherwise.
    private func recordHead(atUnit unit: UInt32) -> Int? {
        let at = Int(unit) &* Layout.unit  // below 2³⁶: no overflow
        return at >= recordsStart && at <= length - Layout.recordHeadSize ? at : nil
    }

    /// The `count` bytes at `at`, in the record window: read (with as many more as make `ahead` in all, when the
    /// file has them) unless the window holds them already; nil when they could not be read. Valid until the next
    /// read. A run list's entries are read so (`serveList`): a chapter's, appended together, several to a read.
    @inline(__always)
    func window(at: Int, count: Int, ahead: Int) -> UnsafeRawPointer? {
        if recordOffset >= 0, at >= recordOffset, count <= recordCount - (at - recordOffset) {
            return UnsafeRawPointer(record.baseAddress! + (at - recordOffset))
        }
        guard readRecord(at: at, count: count, ahead: ahead) else { return nil }
        return UnsafeRawPointer(record.baseAddress!)
    }

    /// Makes the record window hold at least `count` bytes from `at` (and as many more of `ahead`, by default
    /// `recordRead`, as the file has), reading only when it does not already.
    private func readRecord(at: Int, count: Int, ahead: Int? = nil) -> Bool {
        if at == recordOffset && count <= recordCount { return true }
        let wanted = min(max(count, ahead ?? Self.recordRead), length - at)
        guard wanted >= count else { return false }
        if wanted > record.count {
            record.deallocate()
            record = .allocate(byteCount: wanted, alignment: 16)
        }
        guard source.read(into: UnsafeMutableRawBufferPointer(rebasing: record[0..<wanted]), at: at) else {
            recordOffset = -1
            return false
        }
        recordOffset = at
        recordCount = wanted
        return true
    }
}

/// An open shape cache file a `ShapeFileReader` reads with `pread`; the reader closes it when it is done. A value,
/// not an object: a read costs no reference counting.
struct ShapeFileDescriptor: ShapeFileSource {
    let descriptor: Int32

    func release() { close(descriptor) }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false  // the end of the file (it was cut short meanwhile), or an error
            }
        }
        return true
    }
}

/// Bytes in memory read as a `ShapeFileReader` reads a file: for tests and the fuzz harness, which compare the two
/// readers on the same bytes.
struct ShapeFileBytes: ShapeFileSource {
    let bytes: UnsafeRawBufferPointer

    func release() {}

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count, buffer.count <= bytes.count - offset else { return false }
        if buffer.count > 0 {
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: buffer.count)
        }
        return true
    }
}
