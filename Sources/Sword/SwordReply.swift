/// What the reader's child process (`SwordChild`) sends back for one request, and how the parent reads it: records
/// of a tag byte, a 32-bit little-endian length and that many bytes. `S` is a string (a key, an entry's markup, a
/// setting), `X` a refusal (its kind, then `ModuleDamage`'s parts), `P` the module and folder the child is about to hand
/// to libsword (named if the child then dies), `E` the end of the answer. The parent trusts none of it: a tag it does
/// not know, a record longer than `maxRecord` or an answer longer than `maxAnswer` ends the child.
enum SwordReply {
    static let maxRecord = 4 << 20
    static let maxAnswer = 96 << 20

    enum Tag: UInt8 {
        case string = 0x53  // S
        case refusal = 0x58  // X
        case module = 0x50  // P
        case end = 0x45  // E
    }

    /// One record, encoded.
    static func record(_ tag: Tag, _ payload: some Collection<UInt8>) -> [UInt8] {
        let count = UInt32(min(payload.count, maxRecord))
        return [
            tag.rawValue, UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24),
        ]
            + payload.prefix(Int(count))
    }

    /// A malformed answer: the child is not speaking the format (it is ended and named).
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// An answer read so far: the strings, the refusal if any, the module being read.
    struct Answer: Equatable {
        var strings: [String] = []
        var refusal: [String]?
        var module: [String]?
        var complete = false
        /// Bytes of records read so far.
        var bytes = 0
    }

    /// Reads complete records off the front of `buffer` into `answer`, leaving an incomplete one in the buffer.
    /// Throws `Malformed` for what the format does not allow.
    static func read(_ buffer: inout [UInt8], into answer: inout Answer) throws {
        var start = 0
        defer { buffer.removeFirst(start) }
        while !answer.complete, buffer.count - start >= 5 {
            guard let tag = Tag(rawValue: buffer[start]) else {
                throw Malformed(description: "an unknown record (\(buffer[start]))")
            }
            let length =
                Int(buffer[start + 1]) | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3]) << 16
                | Int(buffer[start + 4]) << 24
            guard length <= maxRecord else { throw Malformed(description: "a record of \(length) bytes") }
            guard buffer.count - start - 5 >= length else { return }
            answer.bytes += 5 + length
            guard answer.bytes <= maxAnswer else { throw Malformed(description: "an answer over \(maxAnswer) bytes") }
            let payload = buffer[(start + 5)..<(start + 5 + length)]
            start += 5 + length
            switch tag {
            case .string: answer.strings.append(String(decoding: payload, as: UTF8.self))
            case .refusal: answer.refusal = fields(payload, count: 4)
            case .module: answer.module = fields(payload, count: 2)
            case .end: answer.complete = true
            }
        }
    }

    /// A payload of `count` fields separated by NUL (a field holds none): missing fields are empty.
    static func fields(_ payload: ArraySlice<UInt8>, count: Int) -> [String] {
        var parts = payload.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        while parts.count < count { parts.append("") }
        return parts
    }

    /// Fields joined for `fields` to split: NUL in a field (none in a path or a message) is dropped.
    static func joined(_ fields: [String]) -> [UInt8] {
        Array(fields.map { $0.filter { $0 != "\0" } }.joined(separator: "\0").utf8)
    }
}
