import CLibdeflate
import CZlib
import Foundation

/// A PNG's rows, filtered (a filter byte, then RGB), in one buffer the size of the image's: the bands of strips
/// painted on several threads each store their own rows into it (disjoint ranges: no two threads touch a byte in
/// common), and `PNGFile` deflates it in one call to libdeflate, with nothing copied in between.
///
/// Rows are opaque RGB with PNG filter "None": the pages are mostly paper, which deflate squeezes as it is (John 1
/// at scale 2: 4.14 MB; "Up" 5.07 MB, "Sub" 5.12 MB with zlib, and no faster), and a band needs nothing from the
/// band above it. libdeflate rather than zlib: whole-buffer compression at level 1 takes less than half of zlib's
/// instructions for a smaller stream (docs/performance.md); its price is the image's rows in memory at once
/// (93 MB for John 1 at scale 2).
final class PNGRows: @unchecked Sendable {
    let width: Int
    let height: Int
    let rowBytes: Int
    /// Filled by `store`; the filter bytes are 0 (None) from the start.
    let bytes: UnsafeMutableRawBufferPointer

    /// Rows for a `width`×`height` image. Traps when memory for them cannot be had.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rowBytes = 1 + 3 * width
        bytes = .allocate(byteCount: max(rowBytes * height, 1), alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { bytes.deallocate() }

    /// Stores `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them) as rows `first`…
    /// of the image. Rows outside the image are a programming error (a precondition traps).
    func store(first: Int, count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        precondition(first >= 0 && count >= 0 && first + count <= height, "rows outside the image")
        let out = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<count {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var target = out + (first + y) * rowBytes + 1
            for x in 0..<width {
                let argb = source[x]
                target[0] = UInt8(truncatingIfNeeded: argb >> 16)
                target[1] = UInt8(truncatingIfNeeded: argb >> 8)
                target[2] = UInt8(truncatingIfNeeded: argb)
                target += 3
            }
        }
    }
}

/// Assembles an opaque 8-bit RGB PNG from deflated bands.
enum PNGFile {
    /// The PNG of the image `rows` holds, deflated at libdeflate's `level` (1, fastest, … 12). Throws when
    /// libdeflate cannot start or compress.
    static func assemble(_ rows: PNGRows, level: Int32) throws -> Data {
        let width = rows.width, height = rows.height
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, filtered rows, no interlace
        appendChunk("IHDR", header[...], to: &data)
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw RenderError("libdeflate cannot start (level \(level))")
        }
        defer { libdeflate_free_compressor(compressor) }
        let input = UnsafeRawBufferPointer(rows.bytes)
        var stream = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count))
        let length = stream.withUnsafeMutableBytes { output in
            libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
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
