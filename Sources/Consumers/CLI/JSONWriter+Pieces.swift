import InterlinearCorpus

/// A value written from fixed pieces: for the records a document repeats thousands of times (a layout's labels, an
/// accessibility tree's nodes), the caller makes room once for an upper bound of the value's bytes, then writes
/// constant pieces (keys with their quotes and colon, the punctuation between them) and values with no further
/// check. Compact output only: the pieces carry no indentation.
///
/// Between `beginValue(reserving:)` and `endValue(_:)` the caller writes at most the bytes it reserved (debug
/// builds check); every `put…` says the most it writes. Positions move by wrapping arithmetic (`&+=`): they stay
/// within the reserved room, far below `Int.max`, so overflow checks would only cost time on every byte.
extension JSONWriter {
    /// Starts a value (an element of the open array, or the value of the key just written: its comma when it
    /// needs one) and makes room for `bound` more bytes.
    @inline(__always)
    mutating func beginValue(reserving bound: Int) -> ReservedRoom {
        assert(!pretty, "pieces are for compact output")
        reserve(bound + 1)
        separate()
        return ReservedRoom(end: count + bound)
    }

    /// Ends a value begun by `beginValue(reserving:)`.
    @inline(__always)
    mutating func endValue(_ room: ReservedRoom) {
        assert(count <= room.end, "a value wrote more than it reserved")
    }

    /// Where the room reserved for a value ends (for the debug check).
    struct ReservedRoom {
        let end: Int
    }

    /// Writes constant bytes (`piece.utf8CodeUnitCount` of them): one copy of a length known where this is inlined.
    @inline(__always)
    mutating func put(_ piece: StaticString) {
        let length = piece.utf8CodeUnitCount
        UnsafeMutableRawPointer(base + count).copyMemory(from: piece.utf8Start, byteCount: length)
        count &+= length
    }

    /// Writes a `Double` as `number(_:)` does: at most `maxNumberLength` bytes.
    @inline(__always)
    mutating func putNumber(_ value: Double) {
        appendNumber(value)
    }

    /// Writes an integer, or `null`: at most 20 bytes.
    @inline(__always)
    mutating func putNumber(_ value: Int?) {
        guard let value else { return put("null") }
        if value < 0 { base[count] = 0x2D; count &+= 1 }
        putDecimal(value.magnitude)
    }

    /// Writes the escaped contents of a string (no quotes), `textContent(utf8:)`'s: at most 6 bytes per byte of
    /// `utf8` (an escaped control is 6; a byte of invalid UTF-8 becomes the 3 of U+FFFD). `checked`: the bytes are
    /// known to be valid UTF-8 (`StringTable.isCheckedClean`), so they are not checked again.
    @inline(__always)
    mutating func putTextContent(utf8: UnsafeBufferPointer<UInt8>, checked: Bool = false) {
        guard checked || TextCheck.firstInvalidUTF8(utf8) == nil else { return textContent(utf8: utf8) }
        putStringContent(utf8: utf8)
    }

    /// Writes the escaped contents of `text` (no quotes): at most 6 bytes per byte of its UTF-8.
    @inline(__always)
    mutating func putStringContent(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ putStringContent(utf8: $0) }) { return done }
        var copy = text
        copy.withUTF8 { putStringContent(utf8: $0) }
    }

    /// Writes `text` quoted and escaped, or `null`: at most 2 + 6 bytes per byte of its UTF-8.
    @inline(__always)
    mutating func putString(_ text: String?) {
        guard let text else { return put("null") }
        put("\"")
        putStringContent(text)
        put("\"")
    }

    /// Writes the escaped contents of UTF-8 bytes (no quotes): at most 6 bytes per byte.
    ///
    /// Eight bytes at a time while none needs an escape, copied as one word; the last word of a string of eight
    /// bytes or more is copied overlapping the one before when it needs no escape (the bytes it writes again are
    /// the same ones: no escape before them shifted them). A string of four to seven bytes (most of a layout's
    /// labels: Strong's numbers, codes, short glosses) is read as two overlapping four-byte halves, tested together,
    /// and copied as them when neither needs an escape.
    mutating func putStringContent(utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        let length = utf8.count
        if length >= 4 && length < 8 {
            let first = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
            let last = UnsafeRawPointer(source + length - 4).loadUnaligned(as: UInt32.self)
            if !Self.mayNeedEscape(UInt64(first) | UInt64(last) << 32) {
                let out = UnsafeMutableRawPointer(base + count)
                out.storeBytes(of: first, as: UInt32.self)
                out.storeBytes(of: last, toByteOffset: length - 4, as: UInt32.self)
                count &+= length
                return
            }
        }
        var i = 0
        while i + 8 <= length {
            let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
            if Self.mayNeedEscape(word) { break }
            UnsafeMutableRawPointer(base + count).storeBytes(of: word, as: UInt64.self)
            count &+= 8
            i &+= 8
        }
        let rest = length - i
        if rest == 0 { return }
        // The loop ran to the end without an escape (fewer than 8 bytes remain, none escaped before them).
        if rest < 8, i >= 8 {
            let word = UnsafeRawPointer(source + length - 8).loadUnaligned(as: UInt64.self)
            if !Self.mayNeedEscape(word) {
                let back = 8 - rest
                UnsafeMutableRawPointer(base + count - back).storeBytes(of: word, as: UInt64.self)
                count &+= rest
                return
            }
        }
        while i < length {
            let byte = source[i]
            i &+= 1
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                base[count] = byte
                count &+= 1
                continue
            }
            putEscape(byte)
        }
    }
}

/// The bytes a coordinate was last written as, to copy instead of writing them again: a layout's labels repeat
/// their coordinates (the five labels of a word's column share its x; the labels of a tier share their height, and
/// their y along a line). The bytes depend only on the `Float`'s bits, so a copy is what writing would give.
/// Holds texts of up to 16 bytes (every coordinate below 10¹²: "-123456789.12" is 13).
struct WrittenNumber {
    var bits: UInt32 = 0
    /// 0: nothing remembered yet.
    var length = 0
    var low: UInt64 = 0
    var high: UInt64 = 0
}

extension WrittenNumber {
    /// Writes `value` at `out` as `JSONWriter.writeNumber(hundredthsOf:at:)` does, copied from here when this holds
    /// the same value's bytes, else written and remembered; returns where it ends, or nil (nothing written) for a
    /// value that takes the writer's long way. Into room the caller made (`maxNumberLength` bytes; a copy writes 16
    /// and moves on by `length`).
    @inline(__always)
    mutating func write(hundredthsOf value: Float, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
        UInt8
    >? {
        let raw = UnsafeMutableRawPointer(out)
        if length != 0 && bits == value.bitPattern {
            raw.storeBytes(of: low, as: UInt64.self)
            raw.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
            return out + length
        }
        guard let end = JSONWriter.writeNumber(hundredthsOf: value, at: out) else { return nil }
        let written = end - out
        guard written <= 16 else { return end }
        // The 16 bytes from the number's first: its own, then whatever the reserved room held after it (copied back
        // only as room; `length` says how many are the number's).
        self = WrittenNumber(
            bits: value.bitPattern, length: written, low: raw.loadUnaligned(as: UInt64.self),
            high: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return end
    }
}

/// Up to 24 bytes a document repeats, as last written, under a key of what they show (`LayoutDocument`'s
/// `word,"x":x` and `,"y":y}`): bytes that depend only on the key, so a copy is what writing would give. A copy
/// writes all 24 and moves on by `length`; remembering reads 24 from the piece's first. Either way the caller made
/// room for 24 bytes there.
struct WrittenPiece {
    var key: UInt64 = 0
    /// 0: nothing remembered.
    var length = 0
    var first: UInt64 = 0
    var second: UInt64 = 0
    var third: UInt64 = 0

    @inline(__always)
    func holds(_ key: UInt64) -> Bool { length != 0 && self.key == key }

    /// Writes the piece at `out`; returns where it ends.
    @inline(__always)
    func copy(to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: first, as: UInt64.self)
        raw.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: third, toByteOffset: 16, as: UInt64.self)
        return out + length
    }

    /// Remembers the bytes from `start` to `end` under `key`; forgets what it held when they are more than 24.
    @inline(__always)
    mutating func remember(_ key: UInt64, from start: UnsafeMutablePointer<UInt8>, to end: UnsafeMutablePointer<UInt8>)
    {
        let length = end - start
        guard length <= 24 else {
            self.length = 0
            return
        }
        let raw = UnsafeRawPointer(start)
        self = WrittenPiece(
            key: key, length: length, first: raw.loadUnaligned(as: UInt64.self),
            second: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            third: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
    }
}
