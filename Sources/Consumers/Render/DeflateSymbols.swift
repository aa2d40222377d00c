/// A strip's rows as deflate symbols (RFC 1951), read straight from cairo's pixels: each row is filtered "Up" (its
/// difference from the row above, byte by byte, modulo 256) as it is read, and its bytes become literals, and runs of
/// four or more zeros a literal zero and matches of the byte before (distance 1, 3 to 258 bytes). The filtered
/// bytes themselves are never stored: a stretch of pixels the same as above is a count of zero bytes, and only a
/// pixel that differs is turned into RGB bytes. Runs of zeros never cross a row (every row starts with its filter
/// byte), so a row's symbols do not depend on its neighbours'. The symbols are counted as they are made, for the
/// block's Huffman codes, and the Adler-32 of the filtered bytes is kept (RFC 1950), so `DeflateWriter` reads the
/// symbols once, to code them.
struct DeflateSymbols {
    /// A literal is its byte (0–255), a match 256 plus its length (259–514).
    static let symbolCount = 515

    /// The strip's symbols so far (at most one a filtered byte).
    let symbols: UnsafeMutablePointer<UInt16>
    private(set) var count = 0
    /// How many times each symbol occurs among `symbols`.
    let counts: UnsafeMutablePointer<UInt32>
    /// The Adler-32's two sums, reduced modulo 65521 at the end of each row.
    private var sumA: UInt64 = 1
    private var sumB: UInt64 = 0

    /// The Adler-32 of every filtered byte read so far (all the strips').
    var adler: UInt32 { UInt32(truncatingIfNeeded: sumB << 16 | sumA) }

    /// Room for `rowBytes`-byte rows, `rows` of them a strip. Allocated once; a page is touched only when a strip
    /// has that many symbols.
    init(rowBytes: Int, rows: Int) {
        symbols = .allocate(capacity: max(1, rowBytes * rows))
        counts = .allocate(capacity: Self.symbolCount)
        counts.initialize(repeating: 0, count: Self.symbolCount)
    }

    /// Frees the buffers (the owner calls it once, when done).
    func deallocate() {
        symbols.deallocate()
        counts.deallocate()
    }

    /// Forgets the symbols and their counts, for the next strip (the Adler-32 goes on).
    mutating func clear() {
        count = 0
        counts.update(repeating: 0, count: Self.symbolCount)
    }

    /// One row of `width` opaque ARGB32 pixels (native-endian words, as cairo stores them) filtered against `above`
    /// with filter byte `filter` (2, "Up"; 0, "None", against a row of zero words). Pixels are compared four, then
    /// two at a time, as 8-byte words; a pair that differs is differenced as one word (Hacker's Delight's SWAR
    /// subtraction: a borrow never crosses a byte) and packed to its six RGB bytes. The state is in locals while
    /// the row is read (a stored property written through `self` would be stored at every byte).
    mutating func row(_ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width: Int, filter: UInt8) {
        let symbols = symbols, counts = counts
        var count = count, sumA = sumA, sumB = sumB
        var zeros = 0  // zero bytes read and not yet made into symbols
        @inline(__always) func byte(_ value: UInt8) {
            if value == 0 {
                zeros &+= 1
                return
            }
            if zeros > 0 {
                sumB &+= sumA &* UInt64(zeros)
                count = Self.zeroRun(zeros, into: symbols, at: count, counts: counts)
                zeros = 0
            }
            symbols[count] = UInt16(value)
            count &+= 1
            counts[Int(value)] &+= 1
            sumA &+= UInt64(value)
            sumB &+= sumA
        }
        byte(filter)
        let rowPairs = UnsafeRawPointer(row), abovePairs = UnsafeRawPointer(above)
        var x = 0
        while true {
            // A stretch of pixels the same as above: zeros, counted at once.
            let start = x
            while x &+ 4 <= width {
                let a0 = rowPairs.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
                let b0 = abovePairs.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
                let a1 = rowPairs.loadUnaligned(fromByteOffset: x &* 4 &+ 8, as: UInt64.self)
                let b1 = abovePairs.loadUnaligned(fromByteOffset: x &* 4 &+ 8, as: UInt64.self)
                if (a0 ^ b0) | (a1 ^ b1) != 0 { break }
                x &+= 4
            }
            while x &+ 2 <= width,
                rowPairs.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
                    == abovePairs.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
            {
                x &+= 2
            }
            zeros &+= 3 &* (x &- start)
            guard x &+ 2 <= width else { break }
            // A pair that differs.
            let a = rowPairs.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
            let b = abovePairs.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self)
            x &+= 2
            let rgb = Self.packed(Self.subtract(a, b))
            byte(UInt8(truncatingIfNeeded: rgb))
            byte(UInt8(truncatingIfNeeded: rgb &>> 8))
            byte(UInt8(truncatingIfNeeded: rgb &>> 16))
            byte(UInt8(truncatingIfNeeded: rgb &>> 24))
            byte(UInt8(truncatingIfNeeded: rgb &>> 32))
            byte(UInt8(truncatingIfNeeded: rgb &>> 40))
        }
        if x < width {
            var rgb = Self.packed(Self.subtract(UInt64(row[x]), UInt64(above[x])))
            for _ in 0..<3 {
                byte(UInt8(truncatingIfNeeded: rgb))
                rgb &>>= 8
            }
        }
        if zeros > 0 {
            sumB &+= sumA &* UInt64(zeros)
            count = Self.zeroRun(zeros, into: symbols, at: count, counts: counts)
        }
        self.count = count
        self.sumA = sumA % 65521
        self.sumB = sumB % 65521
    }

    /// A row the same as the one above: filter "Up", then `rowBytes - 1` zeros.
    mutating func repeatedRow(rowBytes: Int) {
        symbols[count] = 2
        counts[2] &+= 1
        sumA &+= 2
        sumB &+= sumA &+ sumA &* UInt64(rowBytes &- 1)
        count = Self.zeroRun(rowBytes &- 1, into: symbols, at: count &+ 1, counts: counts)
        sumA %= 65521
        sumB %= 65521
    }

    /// Writes the symbols of `run` zero bytes at `symbols[at]` and counts them; returns where the next symbol goes.
    /// Under four, literals; else a literal zero, then matches of the byte before, none shorter than 3 (a match
    /// of 258 gives up 3 bytes when it would leave 1 or 2), the last one or two bytes literals.
    @inline(__always)
    private static func zeroRun(
        _ run: Int, into symbols: UnsafeMutablePointer<UInt16>, at start: Int, counts: UnsafeMutablePointer<UInt32>
    ) -> Int {
        var run = run, next = start
        if run >= 4 {
            symbols[next] = 0
            next &+= 1
            counts[0] &+= 1
            run &-= 1
            while run >= 3 {
                var length = min(258, run)
                if run &- length > 0 && run &- length < 3 { length &-= 3 }
                symbols[next] = UInt16(truncatingIfNeeded: 256 &+ length)
                next &+= 1
                counts[256 &+ length] &+= 1
                run &-= length
            }
        }
        while run > 0 {
            symbols[next] = 0
            next &+= 1
            counts[0] &+= 1
            run &-= 1
        }
        return next
    }

    /// The bytes of `a - b`, each modulo 256.
    @inline(__always)
    private static func subtract(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }

    /// Two ARGB32 words (little-endian: bytes B, G, R, A each) as the bytes R, G, B, R, G, B, then zeros.
    @inline(__always)
    private static func packed(_ pair: UInt64) -> UInt64 {
        let first = UInt64(UInt32(truncatingIfNeeded: pair).byteSwapped >> 8)
        let second = UInt64(UInt32(truncatingIfNeeded: pair >> 32).byteSwapped >> 8)
        return first | second << 24
    }
}
