import CZlib
import Foundation

/// Encodes an opaque RGB PNG from rows of cairo ARGB32 pixels given a strip at a time, deflating as it goes, so an
/// image of any height is encoded without holding it whole (cairo's own surfaces stop at 32,767 pixels and its PNG
/// writer costs most of a render: libpng's adaptive filtering at zlib level 6).
///
/// Each row is filtered with PNG's "Up" filter (a row minus the one above: 0 on blank paper and in the repeated
/// rows of a glyph's stems) and deflated at a fast level with zlib's default strategy.
final class PNGEncoder {
    let width: Int
    let height: Int
    private(set) var data = Data()
    /// On the heap: zlib keeps a pointer back to its stream and checks it on every call.
    private let stream: UnsafeMutablePointer<z_stream> = .allocate(capacity: 1)
    private var rowsWritten = 0
    /// The filtered row (filter byte + RGB) and the previous row's RGB, reused for every row.
    private var row: [UInt8]
    private var previous: [UInt8]
    private var chunk: [UInt8]
    private var finished = false
    static let chunkSize = 1 << 18

    /// Starts a `width`×`height` image; `level` is zlib's (1 fastest … 9 smallest). Throws if zlib cannot start.
    init(width: Int, height: Int, level: Int32 = 3) throws {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw RenderError("cannot encode a \(width)x\(height) PNG")
        }
        self.width = width
        self.height = height
        row = [UInt8](repeating: 0, count: 1 + 3 * width)
        previous = [UInt8](repeating: 0, count: 3 * width)
        chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        stream.initialize(to: z_stream())
        let status = deflateInit2_(stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw RenderError("zlib cannot start (status \(status))")
        }
        data.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = [UInt8]()
        header.append(contentsOf: Self.bigEndian(UInt32(width)))
        header.append(contentsOf: Self.bigEndian(UInt32(height)))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit, truecolour, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header)
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Appends `rows` rows of opaque ARGB32 pixels (native-endian words, as cairo stores them) from `pixels`.
    func append(rows: Int, pixels: UnsafePointer<UInt8>, stride: Int) throws {
        let rows = min(rows, height - rowsWritten)
        for y in 0..<rows {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            row.withUnsafeMutableBufferPointer { out in
                previous.withUnsafeMutableBufferPointer { above in
                    out[0] = 2  // Up
                    for x in 0..<width {
                        let argb = source[x]
                        let r = UInt8(truncatingIfNeeded: argb >> 16), g = UInt8(truncatingIfNeeded: argb >> 8)
                        let b = UInt8(truncatingIfNeeded: argb)
                        let i = 3 * x
                        out[1 + i] = r &- above[i]
                        out[2 + i] = g &- above[i + 1]
                        out[3 + i] = b &- above[i + 2]
                        above[i] = r
                        above[i + 1] = g
                        above[i + 2] = b
                    }
                }
            }
            try deflate(row, flush: Z_NO_FLUSH)
        }
        rowsWritten += rows
    }

    /// Ends the image; throws unless every row was given.
    func finish() throws -> Data {
        guard !finished else { return data }
        guard rowsWritten == height else { throw RenderError("PNG encoder got \(rowsWritten) of \(height) rows") }
        try deflate([], flush: Z_FINISH)
        appendChunk("IEND", [])
        finished = true
        return data
    }

    /// Deflates `input`; with `Z_FINISH`, until the stream ends. Full output buffers become IDAT chunks.
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
                if produced > 0 { appendChunk("IDAT", chunk[0..<produced]) }
            } while flush == Z_FINISH ? status != Z_STREAM_END : stream.pointee.avail_out == 0
        }
    }

    private func appendChunk<Bytes: Collection>(_ type: String, _ payload: Bytes) where Bytes.Element == UInt8 {
        let typeBytes = Array(type.utf8)
        data.append(contentsOf: Self.bigEndian(UInt32(payload.count)))
        data.append(contentsOf: typeBytes)
        data.append(contentsOf: payload)
        var crc = crc32(0, typeBytes, UInt32(typeBytes.count))
        crc = Array(payload).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        data.append(contentsOf: Self.bigEndian(UInt32(crc)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
