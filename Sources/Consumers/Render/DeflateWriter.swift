/// A deflate encoder (RFC 1951) made for rendered pages, which are mostly paper: rows are PNG-filtered "Up", so a
/// row like the one above it is zeros and the paper around the text is runs of zeros; those runs are the only
/// matches it looks for (distance 1, as fpnge does), and everything else is a literal. Each call of `block` codes
/// one strip of filtered rows as one block with its own Huffman codes, from a count of its symbols made first; no
/// hash table, no search. A band of strips ends byte-aligned (`alignToByte`, an empty stored block), so bands
/// encoded on different threads join into one stream by concatenation. The output grows in a buffer of its own
/// (room for the worst case made before each block), written through a pointer.
final class DeflateWriter: @unchecked Sendable {
    private var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private var capacity = 1 << 16
    private var used = 0
    private var bits: UInt64 = 0
    private var count = 0

    deinit { storage.deallocate() }

    /// The bytes written so far (valid until the next write); a finished band's writer is read by one thread.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: used) }

    /// Makes room for `extra` more bytes.
    private func reserve(_ extra: Int) {
        guard used + extra + 8 > capacity else { return }
        let grown = max(capacity * 2, used + extra + 8)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: used)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    /// Appends the low `n` bits of `value` (n ≤ 32), least significant first, within room `reserve` made.
    @inline(__always)
    func put(_ value: UInt32, _ n: Int) {
        bits |= UInt64(value) << UInt64(count)
        count += n
        if count >= 32 {
            UnsafeMutableRawPointer(storage + used).storeBytes(
                of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            used += 4
            bits >>= 32
            count -= 32
        }
    }

    private func flushBits() {
        reserve(8)
        while count > 0 {
            storage[used] = UInt8(truncatingIfNeeded: bits)
            used += 1
            bits >>= 8
            count = max(0, count - 8)
        }
        bits = 0
    }

    /// An empty stored block: the stream so far ends on a byte, and goes on (zlib's sync flush).
    func alignToByte() {
        reserve(16)
        put(0, 3)
        flushBits()
        reserve(4)
        for byte: UInt8 in [0, 0, 0xFF, 0xFF] {
            storage[used] = byte
            used += 1
        }
    }

    /// The last block: empty, fixed codes (its end-of-block code is seven zero bits), then the stream's last byte.
    func finish() {
        reserve(16)
        put(1, 1)
        put(1, 2)
        put(0, 7)
        flushBits()
    }

    /// One block (not the last) coding `sameAsAbove.count` filtered rows of `rowBytes` bytes each, from `rows`; a
    /// row marked the same as the one above is coded as `paperRow` (its symbols found once), and not read. Runs of
    /// zeros never cross a row (a row's filter byte is nonzero but for the band's first row, which starts the
    /// band's first block), so row by row the symbols are the ones of the rows' bytes in one piece.
    func block(
        rows: UnsafePointer<UInt8>, rowBytes: Int, sameAsAbove: UnsafeBufferPointer<Bool>,
        paperRow: UnsafeBufferPointer<UInt8>
    ) {
        guard !sameAsAbove.isEmpty, rowBytes > 0 else { return }
        // The worst case: a header of under 300 bytes, then at most 15 bits a byte.
        reserve(sameAsAbove.count * rowBytes * 2 + 1024)
        var paper = SymbolList()
        Self.scan(paperRow, into: &paper)
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 286)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        var counter = SymbolCount(literals: counts)
        for y in sameAsAbove.indices {
            if sameAsAbove[y] {
                paper.replay(into: &counter)
            } else {
                Self.scan(UnsafeBufferPointer(start: rows + y * rowBytes, count: rowBytes), into: &counter)
            }
        }
        counts[256] += 1
        let literalLengths = Huffman.lengths(Array(counts), limit: 15)
        let literalCodes = Huffman.codes(literalLengths)
        putHeader(literalLengths)
        // The symbols (the one distance code is a single zero bit) are coded with the bit buffer and the output
        // cursor in locals of the coder (a class's stored properties would be checked for exclusive access at every
        // write), handed back after.
        literalCodes.withUnsafeBufferPointer { codes in
            literalLengths.withUnsafeBufferPointer { lengths in
                var coder = SymbolCoder(
                    out: storage + used, bits: bits, count: count, codes: codes.baseAddress!,
                    lengths: lengths.baseAddress!)
                for y in sameAsAbove.indices {
                    if sameAsAbove[y] {
                        paper.replay(into: &coder)
                    } else {
                        Self.scan(UnsafeBufferPointer(start: rows + y * rowBytes, count: rowBytes), into: &coder)
                    }
                }
                used = coder.out - storage
                bits = coder.bits
                count = coder.count
            }
        }
        put(literalCodes[256], Int(literalLengths[256]))
    }

    /// A dynamic block's header (not final) for the literal/length code `literalLengths` and one distance code:
    /// how many codes of each, the code-length code, then each code's length.
    private func putHeader(_ literalLengths: [UInt8]) {
        let distanceLengths: [UInt8] = [1]
        put(0, 1)
        put(2, 2)
        var symbols = 286
        while symbols > 257 && literalLengths[symbols - 1] == 0 { symbols -= 1 }
        let lengths = Array(literalLengths[..<symbols]) + distanceLengths
        var lengthCounts = [Int](repeating: 0, count: 19)
        for length in lengths { lengthCounts[Int(length)] += 1 }
        // A decoder refuses an incomplete code-length code: at least two of its symbols are given codes.
        if lengthCounts.filter({ $0 > 0 }).count < 2 { lengthCounts[lengthCounts[0] > 0 ? 1 : 0] += 1 }
        let lengthLengths = Huffman.lengths(lengthCounts, limit: 7)
        let lengthCodes = Huffman.codes(lengthLengths)
        var order = 19
        while order > 4 && lengthLengths[Self.lengthOrder[order - 1]] == 0 { order -= 1 }
        put(UInt32(symbols - 257), 5)
        put(0, 5)  // one distance code
        put(UInt32(order - 4), 4)
        for index in Self.lengthOrder[..<order] { put(UInt32(lengthLengths[index]), 3) }
        for length in lengths { put(lengthCodes[Int(length)], Int(lengthLengths[Int(length)])) }
    }

    /// The order in which a dynamic header lists the code-length code's lengths (RFC 1951, 3.2.7).
    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Walks `input` as literals and runs of zeros: a run of four or more zeros is a literal zero, then matches of
    /// the byte before (distance 1) of 3 to 258 bytes.
    @inline(__always)
    static func scan<Sink: DeflateSink>(_ input: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        let base = input.baseAddress!
        let end = input.count
        var i = 0
        while i < end {
            if base[i] != 0 {
                sink.literal(base[i])
                i += 1
                continue
            }
            var j = i + 1
            while j + 8 <= end, UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self) == 0 { j += 8 }
            while j < end && base[j] == 0 { j += 1 }
            var run = j - i
            i = j
            guard run >= 4 else {
                for _ in 0..<run { sink.literal(0) }
                continue
            }
            sink.literal(0)
            run -= 1
            while run >= 3 {
                var length = min(258, run)
                if run - length > 0 && run - length < 3 { length -= 3 }
                sink.match(length)
                run -= length
            }
            for _ in 0..<run { sink.literal(0) }
        }
    }

    /// The length symbol (257–285), its extra bits' count and value of each match length 3…258.
    static let lengthSymbols: [(symbol: UInt16, extra: UInt8, value: UInt16)] = {
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227,
            258,
        ]
        let extras: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [(symbol: UInt16, extra: UInt8, value: UInt16)](repeating: (0, 0, 0), count: 259)
        for length in 3...258 {
            let code = length == 258 ? 28 : bases.lastIndex { $0 <= length }!
            table[length] = (UInt16(257 + code), extras[code], UInt16(length - bases[code]))
        }
        return table
    }()
}

/// What `DeflateWriter.scan` hands its symbols to.
protocol DeflateSink {
    mutating func literal(_ byte: UInt8)
    mutating func match(_ length: Int)
}

/// The symbols of one row, kept to be counted and coded again for every row like it.
struct SymbolList: DeflateSink {
    /// A literal as its byte (0…255), a match as its length negated.
    private var symbols: [Int16] = []
    mutating func literal(_ byte: UInt8) { symbols.append(Int16(byte)) }
    mutating func match(_ length: Int) { symbols.append(Int16(-length)) }

    @inline(__always)
    func replay<Sink: DeflateSink>(into sink: inout Sink) {
        for symbol in symbols {
            if symbol >= 0 { sink.literal(UInt8(symbol)) } else { sink.match(Int(-symbol)) }
        }
    }
}

/// Counts a block's literal/length symbols.
struct SymbolCount: DeflateSink {
    let literals: UnsafeMutableBufferPointer<Int>
    @inline(__always) mutating func literal(_ byte: UInt8) { literals[Int(byte)] += 1 }
    @inline(__always) mutating func match(_ length: Int) {
        literals[Int(DeflateWriter.lengthSymbols[length].symbol)] += 1
    }
}

/// Writes a block's symbols with its codes, into room the writer made.
struct SymbolCoder: DeflateSink {
    var out: UnsafeMutablePointer<UInt8>
    var bits: UInt64
    var count: Int
    let codes: UnsafePointer<UInt32>
    let lengths: UnsafePointer<UInt8>

    @inline(__always) private mutating func put(_ value: UInt32, _ n: Int) {
        bits |= UInt64(value) << UInt64(count)
        count += n
        if count >= 32 {
            UnsafeMutableRawPointer(out).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            out += 4
            bits >>= 32
            count -= 32
        }
    }

    @inline(__always) mutating func literal(_ byte: UInt8) {
        put(codes[Int(byte)], Int(lengths[Int(byte)]))
    }

    @inline(__always) mutating func match(_ length: Int) {
        let entry = DeflateWriter.lengthSymbols[length]
        put(codes[Int(entry.symbol)], Int(lengths[Int(entry.symbol)]))
        if entry.extra > 0 { put(UInt32(entry.value), Int(entry.extra)) }
        put(0, 1)  // distance code 0 (distance 1), one bit
    }
}

/// Huffman code lengths and canonical codes for deflate.
enum Huffman {
    /// Code lengths for `counts`, none longer than `limit`: a Huffman code, its counts halved (none used dropping
    /// to zero) until it fits. A single used symbol gets a one-bit code, as decoders expect.
    static func lengths(_ counts: [Int], limit: Int) -> [UInt8] {
        var weights = counts
        while true {
            var lengths = [UInt8](repeating: 0, count: counts.count)
            // Nodes: (weight, children or symbol); a simple two-queue construction over the sorted leaves.
            let leaves = weights.indices.filter { weights[$0] > 0 }.sorted { (weights[$0], $0) < (weights[$1], $1) }
            if leaves.isEmpty { return lengths }
            if leaves.count == 1 {
                lengths[leaves[0]] = 1
                return lengths
            }
            var parent = [Int](repeating: -1, count: leaves.count * 2)
            var weight = leaves.map { weights[$0] } + [Int](repeating: 0, count: leaves.count)
            var nextLeaf = 0, nextInner = leaves.count, made = leaves.count
            func smallest() -> Int {
                if nextLeaf < leaves.count && (nextInner >= made || weight[nextLeaf] <= weight[nextInner]) {
                    nextLeaf += 1
                    return nextLeaf - 1
                }
                nextInner += 1
                return nextInner - 1
            }
            while made < leaves.count * 2 - 1 {
                let a = smallest(), b = smallest()
                weight[made] = weight[a] + weight[b]
                parent[a] = made
                parent[b] = made
                made += 1
            }
            var depth = [Int](repeating: 0, count: made)
            for node in stride(from: made - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
            var longest = 0
            for (k, symbol) in leaves.enumerated() {
                lengths[symbol] = UInt8(depth[k])
                longest = max(longest, depth[k])
            }
            if longest <= limit { return lengths }
            for k in weights.indices where weights[k] > 0 { weights[k] = (weights[k] + 1) / 2 }
        }
    }

    /// The canonical codes of `lengths` (RFC 1951, 3.2.2), bit-reversed for a least-significant-first writer.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        var perLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var next = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1..<16 {
            code = (code + UInt32(perLength[bits - 1])) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(length) where value & (1 << UInt32(bit)) != 0 {
                reversed |= 1 << UInt32(Int(length) - 1 - bit)
            }
            return reversed
        }
    }
}
