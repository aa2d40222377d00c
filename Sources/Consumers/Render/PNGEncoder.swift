import CLibdeflate
import CZlib
import Foundation

/// One contiguous band of a PNG's rows, filtered (a filter byte, then RGB) as it is painted, so bands can be painted
/// on several threads; `PNGFile` deflates all the rows in one call to libdeflate.
///
/// Rows are opaque RGB with PNG filter "None": the pages are mostly paper, which deflate squeezes as it is (John 1
/// at scale 2: 4.14 MB; "Up" 5.07 MB, "Sub" 5.12 MB with zlib, and no faster), and a band needs nothing from the
/// band above it. libdeflate rather than zlib: whole-buffer compression at level 1 takes about 40 % of zlib's
/// instructions for a smaller stream (docs/performance.md); its price is the image's rows in memory at once
/// (93 MB for John 1 at scale 2).
final class PNGBand {
    let width: Int
    private(set) var rows: [UInt8] = []

    init(width: Int) {
        self.width = width
    }

    /// Appends `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them).
    func append(rows count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        let rowBytes = 1 + 3 * width
        let start = rows.count
        rows.append(contentsOf: repeatElement(0, count: count * rowBytes))  // filter bytes 0: None
        rows.withUnsafeMutableBufferPointer { out in
            for y in 0..<count {
                let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                let row = start + y * rowBytes + 1
                for x in 0..<width {
                    let argb = source[x]
                    out[row + 3 * x] = UInt8(truncatingIfNeeded: argb >> 16)
                    out[row + 3 * x + 1] = UInt8(truncatingIfNeeded: argb >> 8)
                    out[row + 3 * x + 2] = UInt8(truncatingIfNeeded: argb)
                }
            }
        }
    }
}

/// Assembles an opaque 8-bit RGB PNG from deflated bands.
enum PNGFile {
    /// The PNG of a `width`×`height` image whose rows, top to bottom, are the bands' (`PNGBand.rows`), deflated at
    /// libdeflate's `level` (1, fastest, … 12). Throws when libdeflate cannot start or compress.
    static func assemble(width: Int, height: Int, bands: [[UInt8]], level: Int32) throws -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, filtered rows, no interlace
        appendChunk("IHDR", header[...], to: &data)
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw RenderError("libdeflate cannot start (level \(level))")
        }
        defer { libdeflate_free_compressor(compressor) }
        let rows = bands.count == 1 ? bands[0] : Array(bands.joined())
        var stream = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, rows.count))
        let length = rows.withUnsafeBytes { input in
            stream.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard length > 0 else { throw RenderError("libdeflate could not compress the image") }
        var offset = 0
        while offset < length {
            let end = min(offset + (1 << 20), length)
            appendChunk("IDAT", stream[offset..<end], to: &data)
            offset = end
        }
        appendChunk("IEND", [][...], to: &data)
        return data
    }

    private static func appendChunk(_ type: String, _ payload: ArraySlice<UInt8>, to data: inout Data) {
        let typeBytes = Array(type.utf8)
        data.append(contentsOf: bigEndian(UInt32(payload.count)))
        data.append(contentsOf: typeBytes)
        data.append(contentsOf: payload)
        var crc = crc32(0, typeBytes, UInt32(typeBytes.count))
        crc = payload.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        data.append(contentsOf: bigEndian(UInt32(truncatingIfNeeded: crc)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
