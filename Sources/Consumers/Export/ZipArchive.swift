import Foundation

/// A ZIP file (APPNOTE 6.3) of stored, uncompressed entries, as the EPUB Open Container Format needs: the first
/// entry `mimetype`, stored, without extra fields, and no ZIP64 (an archive over 4 GiB, far beyond any chapter
/// range, traps in `append`). Timestamps are fixed (1980-01-01), so the same book is the same bytes. Entries go to
/// `write` as they are added (a book with audio is never held whole); only the central directory is kept.
struct ZipArchive {
    private let write: (Data) throws -> Void
    private var written = 0
    private var central = Data()
    private var count = 0

    init(writingTo write: @escaping (Data) throws -> Void) { self.write = write }

    /// Adds a file. Traps when the archive would pass the 32-bit offsets of classic ZIP.
    mutating func append(_ name: String, _ contents: Data) throws {
        let nameBytes = Data(name.utf8)
        precondition(written + contents.count + nameBytes.count + 30 < Int(UInt32.max), "ZIP over 4 GiB")
        let crc = Self.crc32(contents)
        let offset = UInt32(written)
        // Local file header: version 2.0, no flags, method 0 (stored), DOS time 00:00 and date 1980-01-01.
        var local = Data()
        local.le32(0x0403_4B50); local.le16(20); local.le16(0); local.le16(0); local.le16(0); local.le16(0x21)
        local.le32(crc); local.le32(UInt32(contents.count)); local.le32(UInt32(contents.count))
        local.le16(UInt16(nameBytes.count)); local.le16(0)
        try write(local + nameBytes)
        try write(contents)
        written += local.count + nameBytes.count + contents.count
        // Its central directory record.
        var record = Data()
        record.le32(0x0201_4B50); record.le16(20); record.le16(20); record.le16(0); record.le16(0); record.le16(0)
        record.le16(0x21); record.le32(crc); record.le32(UInt32(contents.count)); record.le32(UInt32(contents.count))
        record.le16(UInt16(nameBytes.count)); record.le16(0); record.le16(0); record.le16(0); record.le16(0)
        record.le32(0); record.le32(offset)
        central += record + nameBytes
        count += 1
    }

    /// Ends the archive: the central directory and the end record.
    func finish() throws {
        var end = Data()
        end.le32(0x0605_4B50); end.le16(0); end.le16(0); end.le16(UInt16(count)); end.le16(UInt16(count))
        end.le32(UInt32(central.count)); end.le32(UInt32(written)); end.le16(0)
        try write(central + end)
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (ISO 3309, the polynomial ZIP uses).
    static func crc32(_ data: Data) -> UInt32 {
        // Over the bytes in place: `Data`'s iterator took several times the table step per byte (benchmark
        // `export-epub`).
        var c: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            data.withUnsafeBytes { bytes in
                for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            }
        }
        return c ^ 0xFFFF_FFFF
    }
}

extension Data {
    fileprivate mutating func le16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    fileprivate mutating func le32(_ v: UInt32) { le16(UInt16(v & 0xFFFF)); le16(UInt16(v >> 16)) }
}
