import CZlib
import Foundation

/// One contiguous band of a PNG's rows, deflated on its own (a raw deflate stream that ends byte-aligned) so that
/// bands can be compressed on several threads and joined, as pigz does: the zlib stream is the bands' bytes in
/// order between one header and the Adler-32 of all the rows (combined from the bands' with `adler32_combine`).
///
/// Rows are opaque RGB with PNG filter "None": the pages are mostly paper, which deflate squeezes as it is (smaller
/// and no slower than the "Up" filter, measured on John 1), and a band needs nothing from the band above it.
final class PNGBand {
    let width: Int
    private(set) var output = Data()
    private(set) var adler: UInt = adler32(0, nil, 0)
    private(set) var length = 0
    /// On the heap: zlib keeps a pointer back to its stream and checks it on every call.
    private let stream: UnsafeMutablePointer<z_stream> = .allocate(capacity: 1)
    private var row: [UInt8]
    private var chunk: [UInt8]

    /// `level` is zlib's, 1 (fastest) … 9 (smallest). Throws if zlib cannot start.
    init(width: Int, level: Int32) throws {
        self.width = width
        row = [UInt8](repeating: 0, count: 1 + 3 * width)
        chunk = [UInt8](repeating: 0, count: 1 << 18)
        stream.initialize(to: z_stream())
        let status = deflateInit2_(stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw RenderError("zlib cannot start (status \(status))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Appends `rows` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them).
    func append(rows: Int, pixels: UnsafePointer<UInt8>, stride: Int) throws {
        for y in 0..<rows {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            row.withUnsafeMutableBufferPointer { out in
                out[0] = 0  // filter: None
                for x in 0..<width {
                    let argb = source[x]
                    out[1 + 3 * x] = UInt8(truncatingIfNeeded: argb >> 16)
                    out[2 + 3 * x] = UInt8(truncatingIfNeeded: argb >> 8)
                    out[3 + 3 * x] = UInt8(truncatingIfNeeded: argb)
                }
                adler = adler32(adler, out.baseAddress, UInt32(out.count))
            }
            length += row.count
            try deflate(row, flush: Z_NO_FLUSH)
        }
    }

    /// Ends the band: byte-aligned (`Z_SYNC_FLUSH`) when more bands follow, the final block when it is the last.
    /// Returns what the PNG needs of it, as a value.
    func finish(last: Bool) throws -> DeflatedBand {
        try deflate([], flush: last ? Z_FINISH : Z_SYNC_FLUSH)
        return DeflatedBand(output: output, adler: adler, length: length)
    }

    private func deflate(_ input: [UInt8], flush: Int32) throws {
        try input.withUnsafeBufferPointer { bytes in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.pointee.avail_in = UInt32(bytes.count)
            var status: Int32 = Z_OK
            repeat {
                let produced: Int = try chunk.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = UInt32(out.count)
                    status = CZlib.deflate(stream, flush)
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw RenderError("zlib failed (status \(status))")
                    }
                    return out.count - Int(stream.pointee.avail_out)
                }
                if produced > 0 { output.append(contentsOf: chunk[0..<produced]) }
            } while flush == Z_FINISH ? status != Z_STREAM_END : stream.pointee.avail_out == 0
        }
    }
}

/// A finished band: its deflated bytes, and the Adler-32 and length of its rows.
struct DeflatedBand: Sendable {
    let output: Data
    let adler: UInt
    let length: Int
}

/// Assembles an opaque 8-bit RGB PNG from deflated bands.
enum PNGFile {
    /// The PNG of a `width`×`height` image whose rows, top to bottom, are the bands' (each finished, the last with
    /// `last: true`).
    static func assemble(width: Int, height: Int, bands: [DeflatedBand]) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, filtered rows, no interlace
        appendChunk("IHDR", header[...], to: &data)
        var adler = bands.first?.adler ?? adler32(0, nil, 0)
        for band in bands.dropFirst() { adler = adler32_combine(adler, band.adler, off_t(band.length)) }
        var stream = Data([0x78, 0x01])  // deflate, 32K window, no dictionary (the level hint is only a hint)
        for band in bands { stream.append(band.output) }
        stream.append(contentsOf: bigEndian(UInt32(truncatingIfNeeded: adler)))
        var offset = 0
        let bytes = [UInt8](stream)
        while offset < bytes.count {
            let end = min(offset + (1 << 20), bytes.count)
            appendChunk("IDAT", bytes[offset..<end], to: &data)
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
