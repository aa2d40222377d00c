import CLibdeflate
import Foundation

/// A ZIP file (APPNOTE 6.3) of stored, uncompressed entries, as the EPUB Open Container Format needs: the first
/// entry `mimetype`, stored, without extra fields, and no ZIP64 (an archive over 4 GiB, far beyond any chapter
/// range, traps in `append`). Timestamps are fixed (1980-01-01), so the same book is the same bytes.
struct ZipArchive {
    // Bytes, not `Data`: each header built as a `Data` and joined with `+` copied every entry twice more, and
    // `Data`'s appends of a byte were calls each (benchmark `export-epub-cold`).
    private var data: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    /// Adds a file of text, as its UTF-8 bytes. Traps when the archive would pass the 32-bit offsets of classic ZIP.
    mutating func append(_ name: String, text: String) {
        var text = text
        text.withUTF8 { append(name, bytes: $0) }
    }

    private mutating func append(_ name: String, bytes contents: UnsafeBufferPointer<UInt8>) {
        let nameBytes = Array(name.utf8)
        precondition(data.count + contents.count + nameBytes.count + 30 < Int(UInt32.max), "ZIP over 4 GiB")
        let crc = Self.crc32(contents)
        let offset = UInt32(data.count)
        // Local file header: version 2.0, no flags, method 0 (stored), DOS time 00:00 and date 1980-01-01.
        data.le32(0x0403_4B50); data.le16(20); data.le16(0); data.le16(0); data.le16(0); data.le16(0x21)
        data.le32(crc); data.le32(UInt32(contents.count)); data.le32(UInt32(contents.count))
        data.le16(UInt16(nameBytes.count)); data.le16(0)
        data.append(contentsOf: nameBytes)
        data.append(contentsOf: contents)
        // Its central directory record.
        central.le32(0x0201_4B50); central.le16(20); central.le16(20); central.le16(0); central.le16(0)
        central.le16(0); central.le16(0x21); central.le32(crc); central.le32(UInt32(contents.count))
        central.le32(UInt32(contents.count)); central.le16(UInt16(nameBytes.count)); central.le16(0)
        central.le16(0); central.le16(0); central.le16(0); central.le32(0); central.le32(offset)
        central.append(contentsOf: nameBytes)
        count += 1
    }

    /// The archive: entries, central directory, end record.
    func finished() -> Data {
        var end: [UInt8] = []
        end.le32(0x0605_4B50); end.le16(0); end.le16(0); end.le16(UInt16(count)); end.le16(UInt16(count))
        end.le32(UInt32(central.count)); end.le32(UInt32(data.count)); end.le16(0)
        var archive = Data(capacity: data.count + central.count + end.count)
        archive.append(contentsOf: data)
        archive.append(contentsOf: central)
        archive.append(contentsOf: end)
        return archive
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
