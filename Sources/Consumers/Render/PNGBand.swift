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
    private var writer = DeflateWriter()
    private(set) var adler: UInt32 = 1
    /// Bytes of filtered rows (the Adler-32's length).
    private(set) var length = 0

    init(width: Int, stripRows: Int) {
        self.width = width
        rowBytes = 1 + 3 * width
        above = [UInt8](repeating: 0, count: 3 * width)
        filtered = [UInt8](repeating: 0, count: rowBytes * stripRows)
    }

    /// Encodes `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them), the band's next.
    func add(count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        precondition(count >= 0 && count * rowBytes <= filtered.count, "a strip taller than the band's buffer")
        let width = width, rowBytes = rowBytes
        filtered.withUnsafeMutableBufferPointer { out in
            above.withUnsafeMutableBufferPointer { above in
                for y in 0..<count {
                    var source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    let row = out.baseAddress! + y * rowBytes
                    let up = hasAbove
                    row[0] = up ? 2 : 0  // filter: Up, or None for the band's first row
                    var target = row + 1
                    var previous = above.baseAddress!
                    if up {
                        for _ in 0..<width {
                            let argb = source.pointee
                            let r = UInt8(truncatingIfNeeded: argb >> 16)
                            let g = UInt8(truncatingIfNeeded: argb >> 8)
                            let b = UInt8(truncatingIfNeeded: argb)
                            target[0] = r &- previous[0]
                            target[1] = g &- previous[1]
                            target[2] = b &- previous[2]
                            previous[0] = r
                            previous[1] = g
                            previous[2] = b
                            target += 3
                            previous += 3
                            source += 1
                        }
                    } else {
                        for _ in 0..<width {
                            let argb = source.pointee
                            target[0] = UInt8(truncatingIfNeeded: argb >> 16)
                            target[1] = UInt8(truncatingIfNeeded: argb >> 8)
                            target[2] = UInt8(truncatingIfNeeded: argb)
                            previous[0] = target[0]
                            previous[1] = target[1]
                            previous[2] = target[2]
                            target += 3
                            previous += 3
                            source += 1
                        }
                    }
                    hasAbove = true
                }
            }
            let bytes = UnsafeBufferPointer(start: out.baseAddress, count: count * rowBytes)
            adler = UInt32(libdeflate_adler32(adler, bytes.baseAddress, bytes.count))
            length += bytes.count
            writer.block(bytes)
        }
    }

    /// The band's deflated bytes, ending on a byte (an empty stored block), or with the stream's last block.
    func finish(last: Bool) -> [UInt8] {
        if last { writer.finish() } else { writer.alignToByte() }
        return writer.bytes
    }
}

extension PNGFile {
    /// The PNG of `bands`' encoded rows, top to bottom (`finish` already called: the last band last).
    static func assemble(bands: [(bytes: [UInt8], adler: UInt32, length: Int)], width: Int, height: Int) -> Data {
        var stream: [UInt8] = [0x78, 0x01]  // zlib: deflate, 32 KiB window, no dictionary
        var adler: UInt32 = 1
        for band in bands {
            stream += band.bytes
            adler = UInt32(truncatingIfNeeded: adler32_combine(uLong(adler), uLong(band.adler), off_t(band.length)))
        }
        stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return file(stream: stream, width: width, height: height)
    }
}
