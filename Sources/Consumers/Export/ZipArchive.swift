import CLibdeflate
import Foundation

/// A book that would pass what classic ZIP can address: 4 GiB of entries and directory, or 65,535 entries.
public struct ZipOverflow: Error, CustomStringConvertible {
    public let description =
        "the EPUB would pass 4 GiB or 65,535 files, the most a ZIP file without ZIP64 holds; export fewer chapters "
        + "at a time"
}

/// A ZIP file (APPNOTE 6.3) of stored, uncompressed entries, as the EPUB Open Container Format needs: the first
/// entry `mimetype`, stored, without extra fields, and no ZIP64: an entry that would pass the 32-bit sizes and offsets
/// of classic ZIP, or a 65,536th entry, is refused (`ZipOverflow`) before any of its bytes are written — a
/// narrated book of many chapters reaches that. Timestamps are fixed (1980-01-01), so the same book is the same
/// bytes. Entries go to `write` as they are added (a book with audio is never held whole); only the central directory
/// is kept.
struct ZipArchive {
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var written = 0
    // Bytes, not `Data`: each header built as a `Data` and joined with `+` copied every entry twice more, and
    // `Data`'s appends of a byte were calls each (benchmark `export-epub-cold`).
    private var header: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    init(writingTo write: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.write = write }

    /// Adds a file of text, as its UTF-8 bytes.
    mutating func append(_ name: String, text: String) throws {
        var text = text
        try text.withUTF8 { try append(name, bytes: $0) }
    }

    /// Adds a file of bytes (a chapter's audio).
    mutating func append(_ name: String, _ contents: [UInt8]) throws {
        try contents.withUnsafeBufferPointer { try append(name, bytes: $0) }
    }

    /// Adds a file of bytes from memory the caller keeps. Throws `ZipOverflow`, writing nothing, when the entry, its
    /// directory record and the archive's end would not fit classic ZIP's 32-bit sizes and offsets.
    mutating func append(_ name: String, bytes contents: UnsafeBufferPointer<UInt8>) throws {
        let nameBytes = Array(name.utf8)
        // What the archive holds once this entry, its directory record (46 bytes and the name) and the end record
        // (22 bytes) are written: every offset and size in them must fit 32 bits, the count 16.
        let local = 30 + nameBytes.count + contents.count
        let directory = central.count + 46 + nameBytes.count
        guard count < Int(UInt16.max), written + local + directory + 22 <= Int(UInt32.max) else { throw ZipOverflow() }
        let crc = Self.crc32(contents)
        let offset = UInt32(written)
        // Local file header: version 2.0, no flags, method 0 (stored), DOS time 00:00 and date 1980-01-01.
        header.removeAll(keepingCapacity: true)
        header.le32(0x0403_4B50); header.le16(20); header.le16(0); header.le16(0); header.le16(0); header.le16(0x21)
        header.le32(crc); header.le32(UInt32(contents.count)); header.le32(UInt32(contents.count))
        header.le16(UInt16(nameBytes.count)); header.le16(0)
        header.append(contentsOf: nameBytes)
        try header.withUnsafeBytes { try write($0) }
        try write(UnsafeRawBufferPointer(contents))
        written += header.count + contents.count
        // Its central directory record.
        central.le32(0x0201_4B50); central.le16(20); central.le16(20); central.le16(0); central.le16(0)
        central.le16(0); central.le16(0x21); central.le32(crc); central.le32(UInt32(contents.count))
        central.le32(UInt32(contents.count)); central.le16(UInt16(nameBytes.count)); central.le16(0)
        central.le16(0); central.le16(0); central.le16(0); central.le32(0); central.le32(offset)
        central.append(contentsOf: nameBytes)
        count += 1
    }

    /// Ends the archive: the central directory and the end record.
    func finish() throws {
        var end: [UInt8] = []
        end.le32(0x0605_4B50); end.le16(0); end.le16(0); end.le16(UInt16(count)); end.le16(UInt16(count))
        end.le32(UInt32(central.count)); end.le32(UInt32(written)); end.le16(0)
        try central.withUnsafeBytes { try write($0) }
        try end.withUnsafeBytes { try write($0) }
    }

    /// CRC-32 (ISO 3309, the polynomial ZIP uses), by libdeflate (linked already for the PNG encoder): a table
    /// step per byte was a third of the archive's cost (benchmark `export-epub-cold`).
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        return libdeflate_crc32(0, base, bytes.count)
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    fileprivate mutating func le32(_ v: UInt32) { le16(UInt16(v & 0xFFFF)); le16(UInt16(v >> 16)) }
}
