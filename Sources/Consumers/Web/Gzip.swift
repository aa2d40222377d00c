import CZlib

/// A gzip member (RFC 1952) of a response body, for clients that accept `Content-Encoding: gzip`: zlib's deflate
/// with a gzip wrapper (window bits 15 + 16), at level 6, zlib's default balance of size and time. Pages are
/// compressed once when they are made and kept compressed (`ResponseCache`), so the level costs nothing per request.
enum Gzip {
    /// The compressed bytes; nil when zlib fails (the body is then sent as it is).
    static func compress(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 32
        var failed = false
        let output = input.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: bound) { output, count in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                if deflate(&stream, Z_FINISH) == Z_STREAM_END {
                    count = output.count - Int(stream.avail_out)
                } else {
                    count = 0
                    failed = true
                }
            }
        }
        return failed ? nil : output
    }
}
