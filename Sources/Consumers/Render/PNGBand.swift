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
    /// The row above, as RGB.
    private var above: [UInt8]
    private var hasAbove = false
    private var filtered: [UInt8]
    /// The last row of the strip before, as cairo painted it (ARGB32).
    private var lastRow: [UInt32]
    private var writer = DeflateWriter()
    private(set) var adler: UInt32 = 1
    /// Bytes of filtered rows (the Adler-32's length).
    private(set) var length = 0

    init(width: Int, stripRows: Int) {
        self.width = width
        rowBytes = 1 + 3 * width
        above = [UInt8](repeating: 0, count: 3 * width)
        filtered = [UInt8](repeating: 0, count: rowBytes * stripRows)
        lastRow = [UInt32](repeating: 0, count: width)
    }

    /// Encodes `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them), the band's next.
    /// A row the same as the one above (most of a page's paper) is all zeros once filtered: found by comparing the
    /// pixels, written with `memset`. Another row is converted to RGB, then its difference from the row above is
    /// taken eight bytes at a time.
    func add(count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        precondition(count >= 0 && count * rowBytes <= filtered.count, "a strip taller than the band's buffer")
        let width = width, rowBytes = rowBytes, pixelBytes = 4 * width
        filtered.withUnsafeMutableBufferPointer { out in
            for y in 0..<count {
                let source = pixels + y * stride
                let row = out.baseAddress! + y * rowBytes
                let previous: UnsafeRawPointer? =
                    y > 0 ? UnsafeRawPointer(pixels + (y - 1) * stride) : lastRow.withUnsafeBytes { $0.baseAddress }
                if hasAbove, let previous, memcmp(source, previous, pixelBytes) == 0 {
                    row[0] = 2
                    memset(row + 1, 0, rowBytes - 1)
                    continue
                }
                convert(UnsafeRawPointer(source).assumingMemoryBound(to: UInt32.self), width: width, into: row + 1)
                if hasAbove {
                    row[0] = 2  // filter: Up
                    above.withUnsafeMutableBufferPointer { above in
                        Self.subtract(row + 1, above.baseAddress!, count: rowBytes - 1)
                    }
                } else {
                    row[0] = 0  // the band's first row: None
                    above.withUnsafeMutableBufferPointer { above in
                        above.baseAddress!.update(from: row + 1, count: rowBytes - 1)
                    }
                    hasAbove = true
                }
            }
            if count > 0 {
                lastRow.withUnsafeMutableBytes {
                    $0.baseAddress!.copyMemory(from: pixels + (count - 1) * stride, byteCount: pixelBytes)
                }
            }
            let bytes = UnsafeBufferPointer(start: out.baseAddress, count: count * rowBytes)
            adler = UInt32(libdeflate_adler32(adler, bytes.baseAddress, bytes.count))
            length += bytes.count
            writer.block(bytes)
        }
    }

    /// One row of ARGB32 pixels as RGB bytes.
    private func convert(_ source: UnsafePointer<UInt32>, width: Int, into target: UnsafeMutablePointer<UInt8>) {
        var target = target
        for x in 0..<width {
            let argb = source[x]
            target[0] = UInt8(truncatingIfNeeded: argb >> 16)
            target[1] = UInt8(truncatingIfNeeded: argb >> 8)
            target[2] = UInt8(truncatingIfNeeded: argb)
            target += 3
        }
    }

    /// `row` becomes its difference from `above` byte by byte (modulo 256), and `above` becomes `row` as it was:
    /// eight bytes at a time (a borrow never crosses a byte: Hacker's Delight's SWAR subtraction).
    private static func subtract(_ row: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, count: Int) {
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= count {
            let a = UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(above + i).loadUnaligned(as: UInt64.self)
            let difference = ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
            UnsafeMutableRawPointer(above + i).storeBytes(of: a, as: UInt64.self)
            UnsafeMutableRawPointer(row + i).storeBytes(of: difference, as: UInt64.self)
            i += 8
        }
        while i < count {
            let a = row[i]
            row[i] = a &- above[i]
            above[i] = a
            i += 1
        }
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
