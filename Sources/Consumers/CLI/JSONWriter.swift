import Foundation
import InterlinearCorpus

/// Writes JSON straight into one growing byte buffer, byte for byte as Foundation's `JSONEncoder` writes it with
/// `.sortedKeys` and `.withoutEscapingSlashes` (and `.prettyPrinted` when `pretty`), without building a tree of
/// values first: `JSONEncoder` was two thirds of a whole `typeset` run (benchmark `typeset-cold`).
///
/// The caller writes the keys of each object in sorted order (UTF-8 byte order, as `JSONEncoder` sorts on Linux);
/// debug builds check that. What it reproduces, and `JSONWriterTests` checks against `JSONEncoder` itself:
/// - strings: `"` and `\` escaped, `\b \f \n \r \t`, other C0 controls as `\u00XX` (lowercase hex); `/`, DEL and
///   everything non-ASCII as their UTF-8 bytes;
/// - numbers: a `Double` as its `description` (the shortest text that reads back to the same value) without a
///   trailing `.0`; an `Int` in decimal;
/// - pretty: two spaces per level, `"key" : value`, `,` and a line break between elements, and an empty container
///   as its brackets around an empty line.
///
/// Text from a string table goes through `text(utf8:)`, which checks that it is UTF-8 first.
/// A non-finite `Double` (which `JSONEncoder` refuses) makes `finish()` throw; nothing traps.
struct JSONWriter: ~Copyable {
    // The state below is internal, not private, only so that the writer's own extensions in other files
    // (`JSONWriter+Numbers.swift`, `JSONWriter+Pieces.swift`) can write; nothing else touches it.

    /// The document so far: `count` bytes of `capacity` at `base`, grown by doubling.
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int
    let pretty: Bool
    var depth = 0
    /// Whether the innermost open container already holds an element (so the next one needs a comma).
    var hasElement = false
    /// Whether a key was just written (its value needs no separator).
    var afterKey = false
    /// Set when a value could not be written as JSON (a non-finite number).
    var invalidNumber: Double?
    #if DEBUG || INTERLINEAR_CHECKS
    /// The last key written at each depth, to check that keys come sorted.
    private var lastKeys: [[UInt8]] = [[]]
    #endif

    /// `capacity`: the bytes the document is expected to take (a guess; the buffer grows as needed).
    init(pretty: Bool = false, capacity: Int = 4096) {
        self.pretty = pretty
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A value could not be written (only a non-finite number can't: JSON has no NaN or infinity).
    struct InvalidValue: Error, CustomStringConvertible {
        let value: Double
        var description: String { "cannot write \(value) as a JSON number" }
    }

    /// The finished document with a final line break, or an error when a value could not be written. The bytes
    /// are handed over, not copied (a copy of a chapter's half megabyte was a tenth of the writing).
    consuming func finish() throws -> Data {
        if let invalidNumber { throw InvalidValue(value: invalidNumber) }
        assert(depth == 0, "every container is closed")
        byte(0x0A)
        let bytes = base
        base = .allocate(capacity: 1)  // for `deinit`: the document's buffer now belongs to the `Data`
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    // MARK: Containers

    mutating func beginObject() { open(0x7B) }
    mutating func endObject() { close(0x7D) }
    mutating func beginArray() { open(0x5B) }
    mutating func endArray() { close(0x5D) }

    /// Writes a key of the open object; its value comes next. Keys must come in sorted order. Inlined: each key is
    /// a constant, so its length is known where it is written.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        separate()
        #if DEBUG || INTERLINEAR_CHECKS
        checkOrder(ofKey: Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)))
        #endif
        let length = name.utf8CodeUnitCount
        reserve(length + 5)
        base[count] = 0x22
        // One copy of a constant length (the key is a literal where this is inlined): a few moves, no loop.
        UnsafeMutableRawPointer(base + count + 1).copyMemory(from: name.utf8Start, byteCount: length)
        count += length + 1
        if pretty {
            base[count] = 0x22; base[count + 1] = 0x20; base[count + 2] = 0x3A; base[count + 3] = 0x20
            count += 4
        } else {
            base[count] = 0x22; base[count + 1] = 0x3A
            count += 2
        }
        afterKey = true
    }

    /// A key known only at run time (a `JSONFields` record's property name), in sorted order as `key(_:)`.
    mutating func key(named name: String) {
        separate()
        #if DEBUG || INTERLINEAR_CHECKS
        checkOrder(ofKey: Array(name.utf8))
        #endif
        byte(0x22)
        var name = name
        name.withUTF8 { stringContent(utf8: $0) }
        byte(0x22)
        if pretty { append(" : ") } else { byte(0x3A) }
        afterKey = true
    }

    #if DEBUG || INTERLINEAR_CHECKS
    private mutating func checkOrder(ofKey key: [UInt8]) {
        assert(
            lastKeys[depth].isEmpty || lastKeys[depth].lexicographicallyPrecedes(key),
            "keys in sorted order: \(String(decoding: key, as: UTF8.self))")
        lastKeys[depth] = key
    }
    #endif

    // MARK: Values

    @inline(__always)
    mutating func string(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return done }
        var copy = text
        copy.withUTF8 { string(utf8: $0) }
    }

    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        beginString()
        stringContent(utf8: utf8)
        endString()
    }

    /// Bytes that should be UTF-8 but were not checked (a string table's, which the store fills from its rows):
    /// written as they are when valid, else as `String(decoding:as:)` reads them (U+FFFD for each bad sequence), as
    /// `JSONEncoder` wrote the `String` made from them.
    mutating func text(utf8: UnsafeBufferPointer<UInt8>) {
        beginString()
        textContent(utf8: utf8)
        endString()
    }

    /// `text(utf8:)` for a piece of a string begun by `beginString()`.
    mutating func textContent(utf8: UnsafeBufferPointer<UInt8>) {
        if TextCheck.firstInvalidUTF8(utf8) == nil {
            stringContent(utf8: utf8)
        } else {
            var repaired = String(decoding: utf8, as: UTF8.self)
            repaired.withUTF8 { stringContent(utf8: $0) }
        }
    }

    mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// Starts a string written in pieces (`stringContent`), ended by `endString()`.
    mutating func beginString() {
        separate()
        byte(0x22)
    }

    /// Appends text to the string begun by `beginString()`, escaped.
    mutating func stringContent(utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        let length = utf8.count
        // Room for the text unescaped; an escape grows it by at most 5 bytes each, reserved as they come.
        reserve(length)
        var start = 0
        var i = 0
        while i < length {
            // Eight bytes at a time while none of them needs an escape (nearly all text).
            if i + 8 <= length, !Self.mayNeedEscape(UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let byte = source[i]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C { i += 1; continue }
            append(source + start, i - start)
            reserve(6 + length - i)
            putEscape(byte)
            i += 1
            start = i
        }
        append(source + start, length - start)
    }

    mutating func stringContent(_ text: StaticString) {
        stringContent(utf8: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func endString() { byte(0x22) }

    mutating func bool(_ value: Bool) {
        separate()
        if value { append("true") } else { append("false") }
    }

    mutating func null() {
        separate()
        append("null")
    }

    mutating func number(_ value: Int) {
        separate()
        appendDecimal(value)
    }

    mutating func number(_ value: Int?) {
        if let value { number(value) } else { null() }
    }

    /// A `Double` as `JSONEncoder` writes it: `description` without a trailing ".0" ("12.5", "390", "-0", "1e-05",
    /// "1e+16").
    mutating func number(_ value: Double) {
        separate()
        appendNumber(value)
    }

    /// `number(rounded(value))`, the coordinate of a layout in hundredths of a point, without the `Double`
    /// division and libm's `round` (`appendNumber(hundredthsOf:)`).
    mutating func number(hundredthsOf value: Float) {
        separate()
        appendNumber(hundredthsOf: value)
    }

    // MARK: Private

    private mutating func open(_ bracket: UInt8) {
        separate()
        byte(bracket)
        if pretty { byte(0x0A) }
        depth += 1
        hasElement = false
        #if DEBUG || INTERLINEAR_CHECKS
        lastKeys.append([])
        #endif
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            byte(0x0A)
            indent()
        }
        byte(bracket)
        hasElement = true  // the container just closed is an element of its parent
        #if DEBUG || INTERLINEAR_CHECKS
        lastKeys.removeLast()
        #endif
    }

    /// What goes before an element: nothing after a key; else a comma unless it is the container's first element,
    /// and in pretty output a line break and the indentation.
    @inline(__always)
    mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if hasElement {
            byte(0x2C)
            if pretty { byte(0x0A) }
        }
        hasElement = true
        if pretty { indent() }
    }

    private mutating func indent() {
        reserve(2 * depth)
        for _ in 0..<2 * depth {
            base[count] = 0x20
            count += 1
        }
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>?, _ length: Int) {
        guard let source, length > 0 else { return }
        reserve(length)
        (base + count).update(from: source, count: length)
        count += length
    }

    mutating func append(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Writes the escape of `byte` (a control character, `"` or `\`) as `JSONEncoder` does: `\"`, `\\`, `\b \f \n
    /// \r \t`, else `\u00XX` in lowercase hex. Room for 6 bytes must be reserved.
    @inline(__always)
    mutating func putEscape(_ byte: UInt8) {
        base[count] = 0x5C
        switch byte {
        case 0x22: base[count + 1] = 0x22; count += 2
        case 0x5C: base[count + 1] = 0x5C; count += 2
        case 0x08: base[count + 1] = 0x62; count += 2  // b
        case 0x0C: base[count + 1] = 0x66; count += 2  // f
        case 0x0A: base[count + 1] = 0x6E; count += 2  // n
        case 0x0D: base[count + 1] = 0x72; count += 2  // r
        case 0x09: base[count + 1] = 0x74; count += 2  // t
        default:
            base[count + 1] = 0x75; base[count + 2] = 0x30; base[count + 3] = 0x30  // u00
            base[count + 4] = Self.hexDigit(byte >> 4)
            base[count + 5] = Self.hexDigit(byte & 0xF)
            count += 6
        }
    }

    /// Whether any of the eight bytes in `word` is a control character (< 0x20), `"` or `\`. Exact: a byte is
    /// flagged only if it, or a byte before it in the word, is one (the carries of the subtraction run upwards).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let control = (word &- 0x2020_2020_2020_2020) & ~word & highs
        return (control | hasZeroByte(word ^ 0x2222_2222_2222_2222) | hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)) != 0
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10 }
}
