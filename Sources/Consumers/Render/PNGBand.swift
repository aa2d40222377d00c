import CZlib
import Foundation

/// One band of a large PNG's rows, encoded strip by strip as they are painted: each strip's pixels become deflate
/// symbols of rows filtered "Up" (the difference from the row above; the band's first row unfiltered, so a band
/// needs nothing from the band above it) by `DeflateSymbols`, which `DeflateWriter` codes as one block at once. What
/// a band keeps is its deflated bytes, never its rows: memory is a strip's symbols per thread plus the compressed
/// image. The bands join into one zlib stream (`PNGFile.assemble(bands:)`), their Adler-32s combined.
final class PNGBand {
    let width: Int
    let rowBytes: Int
    private let stripRows: Int
    private var hasAbove = false
    private var symbols: DeflateSymbols
    /// The last row of the strip before, as cairo painted it (ARGB32); zeros before the band's first row, so that
    /// row's difference from it is the row itself (filter None).
    private let lastRow: UnsafeMutablePointer<UInt32>
    private var writer = DeflateWriter()
    /// The Adler-32 of the filtered rows.
    var adler: UInt32 { symbols.adler }
    /// Bytes of filtered rows (the Adler-32's length).
    private(set) var length = 0

    init(width: Int, stripRows: Int) {
        self.width = width
        self.stripRows = stripRows
        rowBytes = 1 + 3 * width
        symbols = DeflateSymbols(rowBytes: rowBytes, rows: stripRows)
        lastRow = .allocate(capacity: width)
        lastRow.initialize(repeating: 0, count: width)
    }

    deinit {
        symbols.deallocate()
        lastRow.deallocate()
    }

    /// Encodes `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them), the band's next.
    /// A row the same as the one above (most of a page's paper) is found by comparing the pixels (`memcmp`), and
    /// becomes its symbols without a look at its pixels.
    func add(count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        precondition(count >= 0 && count <= stripRows, "a strip taller than the band's buffer")
        let width = width, rowBytes = rowBytes, pixelBytes = 4 * width
        // The symbols in a local while the strip is read (a class's stored property would be checked for
        // exclusive access at every symbol).
        var strip = symbols
        strip.clear()
        var hasAbove = hasAbove
        for y in 0..<count {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            let previous =
                y > 0
                ? UnsafeRawPointer(pixels + (y - 1) * stride).assumingMemoryBound(to: UInt32.self)
                : UnsafePointer(lastRow)
            if hasAbove && memcmp(source, previous, pixelBytes) == 0 {
                strip.repeatedRow(rowBytes: rowBytes)
            } else {
                // filter: Up, or None for the band's first row
                strip.row(source, above: previous, width: width, filter: hasAbove ? 2 : 0)
                hasAbove = true
            }
        }
        self.hasAbove = hasAbove
        if count > 0 {
            lastRow.update(
                from: UnsafeRawPointer(pixels + (count - 1) * stride).assumingMemoryBound(to: UInt32.self),
                count: width)
        }
        length += count * rowBytes
        writer.block(
            symbols: UnsafeBufferPointer(start: strip.symbols, count: strip.count), counts: strip.counts)
        symbols = strip
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
