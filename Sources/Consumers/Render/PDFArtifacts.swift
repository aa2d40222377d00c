import CZlib
import Foundation

/// Marks what cairo 1.16 draws outside any structure tag — the running head, its rule and the page number — as
/// artifacts (PDF/UA-1 rule 7.1-3: every piece of page content is tagged or an artifact). cairo 1.16 has no call
/// for artifacts (`cairo_tag_begin(cr, "Artifact", …)` came in 1.18), so the page's content stream is rewritten:
/// each painting operator outside every marked-content sequence is wrapped, with the path it paints, in
/// `/Artifact BMC … EMC`. Tagged content is left byte for byte as cairo wrote it.
enum PDFArtifacts {
    /// The content stream with its untagged marks made artifacts. Works on cairo's own operator syntax (ISO 32000-1
    /// §7.8.2: operands then operator; strings, hex strings, arrays, dictionaries and names as operands).
    static func markingUntagged(_ content: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(content.count + 256)
        var copied = 0
        var depth = 0
        // Where the operands of the next operator begin, and where the current path began (at depth 0).
        var operandsStart: Int? = nil
        var pathStart: Int? = nil
        func wrap(_ range: Range<Int>) {
            out += content[copied..<range.lowerBound]
            out += Array("/Artifact BMC\n".utf8)
            out += content[range]
            out += Array("\nEMC".utf8)
            copied = range.upperBound
        }
        for token in Tokens(content) {
            guard token.isOperator else {
                if operandsStart == nil { operandsStart = token.range.lowerBound }
                continue
            }
            let start = operandsStart ?? token.range.lowerBound
            operandsStart = nil
            switch token.name {
            case "BDC", "BMC": depth += 1
            case "EMC": depth = max(0, depth - 1)
            case "m", "re":
                if pathStart == nil { pathStart = start }
            case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n":
                if depth == 0, token.name != "n" { wrap((pathStart ?? start)..<token.range.upperBound) }
                pathStart = nil
            case "Tj", "TJ", "'", "\"", "Do", "sh":
                if depth == 0 { wrap(start..<token.range.upperBound) }
            default: break
            }
        }
        out += content[copied...]
        return out
    }

    /// A token of a content stream: an operator, or an operand (number, name, string, array or dictionary
    /// delimiter, boolean, null).
    struct Token {
        var range: Range<Int>
        var name: String
        var isOperator: Bool
    }

    /// The tokens of a content stream, in order. Never traps on malformed input: an unterminated string or hex
    /// string runs to the end.
    struct Tokens: Sequence, IteratorProtocol {
        let bytes: [UInt8]
        var i = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        static func isWhite(_ b: UInt8) -> Bool {
            b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0
        }
        static func isDelimiter(_ b: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(b) }

        /// A number, a boolean or null: a bare word that is not an operator.
        static func isOperand(_ word: String) -> Bool {
            guard let first = word.first else { return true }
            return first.isNumber || first == "-" || first == "+" || first == "." || word == "true" || word == "false"
                || word == "null"
        }

        mutating func next() -> Token? {
            while i < bytes.count {
                let b = bytes[i]
                if Self.isWhite(b) { i += 1; continue }
                if b == UInt8(ascii: "%") {
                    while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                    continue
                }
                let start = i
                switch b {
                case UInt8(ascii: "("):
                    var nesting = 0
                    while i < bytes.count {
                        let c = bytes[i]
                        if c == UInt8(ascii: "\\") { i += 2; continue }
                        if c == UInt8(ascii: "(") { nesting += 1 }
                        if c == UInt8(ascii: ")") { nesting -= 1; if nesting == 0 { i += 1; break } }
                        i += 1
                    }
                case UInt8(ascii: "<"):
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<") {
                        i += 2
                    } else {
                        while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
                        i += 1
                    }
                case UInt8(ascii: ">"):
                    i += i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: ">") ? 2 : 1
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    i += 1
                case UInt8(ascii: "/"):
                    i += 1
                    while i < bytes.count, !Self.isWhite(bytes[i]), !Self.isDelimiter(bytes[i]) { i += 1 }
                default:
                    while i < bytes.count, !Self.isWhite(bytes[i]), !Self.isDelimiter(bytes[i]) { i += 1 }
                    if i == start { i += 1 }  // a stray ")": skipped, so the scan always moves on
                    let word = String(decoding: bytes[start..<i], as: UTF8.self)
                    return Token(range: start..<i, name: word, isOperator: !Self.isOperand(word))
                }
                i = Swift.min(i, bytes.count)
                return Token(range: start..<i, name: "", isOperator: false)
            }
            return nil
        }
    }

    // MARK: Flate

    /// The bytes of a FlateDecode stream, or nil when they do not inflate.
    static func inflate(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var source = Array(input)
        return source.withUnsafeMutableBufferPointer { src -> [UInt8]? in
            stream.next_in = src.baseAddress
            stream.avail_in = UInt32(src.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { return nil }
            }
        }
    }

    /// `bytes` as a zlib stream (FlateDecode).
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&output, &size, bytes, uLong(bytes.count), Z_BEST_COMPRESSION)
        precondition(status == Z_OK, "compress2 fails only without memory")  // traps when out of memory
        return Array(output[0..<Int(size)])
    }
}
