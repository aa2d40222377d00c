import CLibdeflate
import CZlib
import Foundation

/// A small PNG's rows (`PNGRenderer.smallPixels` at most), filtered (a filter byte, then RGB), in one buffer the
/// size of the image's: the bands of strips painted on several threads each store their own rows into it (disjoint
/// ranges: no two threads touch a byte in common), and `PNGFile` deflates it in one call to zlib at level 6, whose
/// stream is smaller than the strip encoder's for these few rows. Rows are opaque RGB with PNG filter "None".
final class PNGRows: @unchecked Sendable {
    let width: Int
    let height: Int
    let rowBytes: Int
    /// Filled by `store`, every row of it (the strips cover the image), filter byte included: not cleared first
    /// (clearing it cost as much as a large part of the encoding: benchmark `render-png`).
    let bytes: UnsafeMutableRawBufferPointer

    /// Rows for a `width`×`height` image. Traps when memory for them cannot be had.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rowBytes = 1 + 3 * width
        bytes = .allocate(byteCount: max(rowBytes * height, 1), alignment: 16)
    }

    deinit { bytes.deallocate() }

    /// Stores `count` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them) as rows `first`…
    /// of the image. Rows outside the image are a programming error (a precondition traps).
    func store(first: Int, count: Int, pixels: UnsafePointer<UInt8>, stride: Int) {
        precondition(first >= 0 && count >= 0 && first + count <= height, "rows outside the image")
        let out = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<count {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            let row = out + (first + y) * rowBytes
            row[0] = 0  // filter: None
            var target = row + 1
            var x = 0
            while x < width {
                let argb = source[x]
                target[0] = UInt8(truncatingIfNeeded: argb >> 16)
                target[1] = UInt8(truncatingIfNeeded: argb >> 8)
                target[2] = UInt8(truncatingIfNeeded: argb)
                target += 3
                x += 1
            }
        }
    }
}

/// Assembles an opaque 8-bit RGB PNG from deflated rows.
enum PNGFile {
    /// The PNG of the small image `rows` holds, deflated by zlib at `level` (level 6 came out smaller than any of
    /// libdeflate's levels on John 1:1–3). Throws when the compressor cannot start or compress.
    static func assemble(_ rows: PNGRows, level: Int32) throws -> Data {
        let input = UnsafeRawBufferPointer(rows.bytes)
        let stream = zlibStream(input, level: level)
        guard !stream.isEmpty else { throw RenderError("the image could not be compressed (level \(level))") }
        return file(stream: stream, width: rows.width, height: rows.height)
    }

    /// The PNG file of a zlib `stream` of a `width`×`height` image's filtered RGB rows.
    static func file(stream: [UInt8], width: Int, height: Int) -> Data {
        var data = header(width: width, height: height, reserving: stream.count + 64)
        let length = stream.count
        var offset = 0
        while offset < length {
            let end = min(offset + (1 << 20), length)
            appendChunk("IDAT", stream[offset..<end], to: &data)
            offset = end
        }
        appendChunk("IEND", [][...], to: &data)
        return data
    }

    /// A zlib stream of `input` by zlib in one call (memory level 9, as the banded encoder before it had: level 8,
    /// `compress2`'s, came out 0.1 % larger); empty when it fails.
    private static func zlibStream(_ input: UnsafeRawBufferPointer, level: Int32) -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            count = deflate(&stream, Z_FINISH) == Z_STREAM_END ? output.count - Int(stream.avail_out) : 0
        }
    }

    /// The signature and IHDR of an opaque 8-bit RGB image, with room for `reserving` more bytes (and chunk heads).
    static func header(width: Int, height: Int, reserving: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.reserveCapacity(reserving + reserving / (1 << 20) * 12 + 64)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, filtered rows, no interlace
        appendChunk("IHDR", header[...], to: &data)
        return data
    }

    static func appendChunk(_ type: String, _ payload: ArraySlice<UInt8>, to data: inout Data) {
        payload.withUnsafeBufferPointer { appendChunk(type, $0, to: &data) }
    }

    static func appendChunk(_ type: String, _ payload: UnsafeBufferPointer<UInt8>, to data: inout Data) {
        let typeBytes = Array(type.utf8)
        data.append(contentsOf: bigEndian(UInt32(payload.count)))
        data.append(contentsOf: typeBytes)
        data.append(contentsOf: payload)
        // libdeflate's CRC-32 (the same checksum as zlib's) runs several bytes a step; a large image's IDAT
        // chunks are several megabytes (benchmark `render-png`).
        var crc = libdeflate_crc32(0, typeBytes, typeBytes.count)
        crc = libdeflate_crc32(crc, payload.baseAddress, payload.count)
        data.append(contentsOf: bigEndian(UInt32(truncatingIfNeeded: crc)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
