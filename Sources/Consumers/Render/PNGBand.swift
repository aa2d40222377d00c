import CLibdeflate
import CZlib
import Foundation

/// One band of a large PNG's rows, encoded strip by strip as they are painted: each strip's pixels become filtered
/// rows (opaque RGB, "Up": the difference from the row above; the band's first row unfiltered, so a band needs
/// nothing from the band above it) in a buffer the size of a strip, which `DeflateWriter` codes as one block at
/// once. What a band keeps is its deflated bytes, never its rows: memory is a strip per thread plus the compressed
/// image. The bands join into one zlib stream (`PNGFile.assemble(bands:)`), their Adler-32s combined.
final class PNGBand {
    let width: Int
    let rowBytes: Int
    private let stripRows: Int
    private var hasAbove = false
    /// A strip's filtered rows (and room for the 8-byte stores past a row's end); a row the same as the one above
    /// is not written here, only marked in `sameAsAbove`.
    private let filtered: UnsafeMutablePointer<UInt8>
    private let sameAsAbove: UnsafeMutablePointer<Bool>
    /// The last row of the strip before, as cairo painted it (ARGB32); zeros before the band's first row, so that
    /// row's difference from it is the row itself (filter None).
    private let lastRow: UnsafeMutablePointer<UInt32>
    /// What a row the same as the one above is once filtered: filter "Up", then zeros.
    private let paperRow: UnsafeMutablePointer<UInt8>
    private var writer = DeflateWriter()
    private(set) var adler: UInt32 = 1
    /// Bytes of filtered rows (the Adler-32's length).
    private(set) var length = 0

    init(width: Int, stripRows: Int) {
        self.width = width
        self.stripRows = stripRows
        rowBytes = 1 + 3 * width
        filtered = .allocate(capacity: rowBytes * stripRows + 8)
        sameAsAbove = .allocate(capacity: stripRows)
        lastRow = .allocate(capacity: width)
        lastRow.initialize(repeating: 0, count: width)
        paperRow = .allocate(capacity: rowBytes)
        paperRow.initialize(repeating: 0, count: rowBytes)
        paperRow[0] = 2
    }

    deinit {
        filtered.deallocate()
        sameAsAbove.deallocate()
        lastRow.deallocate()
        paperRow.deallocate()
    }

    /// Encodes `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them), the band's next.
    /// A row the same as the one above (most of a page's paper) is all zeros once filtered: found by comparing the
    /// pixels, and only marked, so neither it nor its zeros are written or scanned (`DeflateWriter` codes such a row
    /// from one template). Another row's difference from the row above is taken on the painted words, two pixels
    /// at a time, then packed to RGB.
    func add(count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        precondition(count >= 0 && count <= stripRows, "a strip taller than the band's buffer")
        let width = width, rowBytes = rowBytes, pixelBytes = 4 * width
        for y in 0..<count {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            let previous =
                y > 0
                ? UnsafeRawPointer(pixels + (y - 1) * stride).assumingMemoryBound(to: UInt32.self)
                : UnsafePointer(lastRow)
            if hasAbove && memcmp(source, previous, pixelBytes) == 0 {
                sameAsAbove[y] = true
                continue
            }
            sameAsAbove[y] = false
            let row = filtered + y * rowBytes
            row[0] = hasAbove ? 2 : 0  // filter: Up, or None for the band's first row
            hasAbove = true
            Self.difference(source, previous, width: width, into: row + 1)
        }
        if count > 0 {
            lastRow.update(
                from: UnsafeRawPointer(pixels + (count - 1) * stride).assumingMemoryBound(to: UInt32.self),
                count: width)
        }
        // The Adler-32 of the rows as filtered: written rows in runs, each paper row by formula.
        var y = 0
        while y < count {
            if sameAsAbove[y] {
                adler = Self.adlerOfPaperRow(adler, rowBytes: rowBytes)
                y += 1
                continue
            }
            var end = y + 1
            while end < count && !sameAsAbove[end] { end += 1 }
            adler = UInt32(libdeflate_adler32(adler, filtered + y * rowBytes, (end - y) * rowBytes))
            y = end
        }
        length += count * rowBytes
        writer.block(
            rows: filtered, rowBytes: rowBytes, sameAsAbove: UnsafeBufferPointer(start: sameAsAbove, count: count),
            paperRow: UnsafeBufferPointer(start: paperRow, count: rowBytes))
    }

    /// `adler` after a paper row: the byte 2, then `rowBytes - 1` zeros (RFC 1950's sums, modulo 65521).
    static func adlerOfPaperRow(_ adler: UInt32, rowBytes: Int) -> UInt32 {
        let a = (Int(adler & 0xFFFF) + 2) % 65521
        var b = (Int(adler >> 16) + a) % 65521
        b = (b + (rowBytes - 1) % 65521 * a) % 65521
        return UInt32(b) << 16 | UInt32(a)
    }

    /// Writes the RGB bytes of `row`'s difference from `above` byte by byte (modulo 256) to `target`: two pixels a
    /// step, as one 8-byte word (Hacker's Delight's SWAR subtraction: a borrow never crosses a byte), packed to six
    /// bytes (alpha dropped) by one 8-byte store; a step whose pixels match above's stores zeros. Writes up to two
    /// bytes past the row's end.
    @inline(__always)
    private static func difference(
        _ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, width: Int,
        into target: UnsafeMutablePointer<UInt8>
    ) {
        var out = UnsafeMutableRawPointer(target)
        var x = 0
        while x + 2 <= width {
            let a = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(above + x).loadUnaligned(as: UInt64.self)
            out.storeBytes(of: a == b ? 0 : packed(subtract(a, b)), toByteOffset: 0, as: UInt64.self)
            out += 6
            x += 2
        }
        if x < width {
            let rgb = packed(subtract(UInt64(row[x]), UInt64(above[x])))
            out.storeBytes(of: UInt8(truncatingIfNeeded: rgb), toByteOffset: 0, as: UInt8.self)
            out.storeBytes(of: UInt8(truncatingIfNeeded: rgb >> 8), toByteOffset: 1, as: UInt8.self)
            out.storeBytes(of: UInt8(truncatingIfNeeded: rgb >> 16), toByteOffset: 2, as: UInt8.self)
        }
    }

    /// The bytes of `a - b`, each modulo 256.
    @inline(__always)
    private static func subtract(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }

    /// Two ARGB32 words (little-endian: bytes B, G, R, A each) as the bytes R, G, B, R, G, B, then zeros.
    @inline(__always)
    private static func packed(_ pair: UInt64) -> UInt64 {
        let first = UInt64(UInt32(truncatingIfNeeded: pair).byteSwapped >> 8)
        let second = UInt64(UInt32(truncatingIfNeeded: pair >> 32).byteSwapped >> 8)
        return (first | second << 24).littleEndian
    }

    /// The band's deflated bytes (in the writer handed back), ending on a byte (an empty stored block), or with
    /// the stream's last block.
    func finish(last: Bool) -> DeflateWriter {
        if last { writer.finish() } else { writer.alignToByte() }
        return writer
    }
}

extension PNGFile {
    /// The PNG of `bands`' encoded rows, top to bottom (`finish` already called: the last band last). Each band's
    /// bytes become IDAT chunks of their own and are let go at once, so the image is never held twice.
    static func assemble(bands: inout [PaintedBand], width: Int, height: Int) -> Data {
        var data = header(
            width: width, height: height, reserving: bands.reduce(0) { $0 + ($1.encoded?.written.count ?? 0) } + 64)
        appendChunk("IDAT", [0x78, 0x01][...], to: &data)  // zlib: deflate, 32 KiB window, no dictionary
        var adler: UInt32 = 1
        for index in bands.indices {
            if let bytes = bands[index].encoded?.written {
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + (1 << 20), bytes.count)
                    appendChunk("IDAT", UnsafeBufferPointer(rebasing: bytes[offset..<end]), to: &data)
                    offset = end
                }
            }
            bands[index].encoded = nil
            adler = UInt32(
                truncatingIfNeeded: adler32_combine(uLong(adler), uLong(bands[index].adler), off_t(bands[index].length))
            )
        }
        appendChunk(
            "IDAT",
            [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)][...],
            to: &data)
        appendChunk("IEND", [][...], to: &data)
        return data
    }
}
