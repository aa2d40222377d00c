import Foundation

/// A deflate encoder (RFC 1951) made for rendered pages, which are mostly paper: rows are PNG-filtered "Up", so a
/// row like the one above it is zeros and the paper around the text is runs of zeros; those runs are the only
/// matches looked for (distance 1, as fpnge does), and everything else is a literal (`DeflateSymbols` makes and
/// counts a strip's symbols). Each call of `block` codes one strip's symbols as one block with Huffman codes from
/// their counts; no hash table, no search. A band of strips ends byte-aligned (`alignToByte`, an empty stored
/// block), so bands encoded on different threads join into one stream by concatenation. The output grows in a
/// buffer of its own (room for the worst case made before each block), written through a pointer.
final class DeflateWriter: @unchecked Sendable {
    /// The output, from `malloc`, grown by `realloc`: a large block is moved by remapping its pages (glibc's
    /// `mremap`), not by copying them, so a growing band never has two copies of its bytes in memory at once.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 16
    private var used = 0
    private var bits: UInt64 = 0
    private var count = 0

    init() {
        guard let memory = malloc(capacity) else { preconditionFailure("no memory for a compressed band") }
        storage = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(storage) }

    /// The bytes written so far (valid until the next write); a finished band's writer is read by one thread.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: used) }

    /// Makes room for `extra` more bytes. Traps when memory for them cannot be had.
    private func reserve(_ extra: Int) {
        guard used + extra + 8 > capacity else { return }
        let grown = max(capacity * 2, used + extra + 8)
        guard let larger = realloc(storage, grown) else { preconditionFailure("no memory for a compressed band") }
        storage = larger.assumingMemoryBound(to: UInt8.self)
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

    /// One block (not the last) coding `symbols` (`DeflateSymbols`' numbering) with Huffman codes made from
    /// `counts`, their counts.
    func block(symbols: UnsafeBufferPointer<UInt16>, counts: UnsafePointer<UInt32>) {
        guard !symbols.isEmpty else { return }
        // The worst case: a header of under 300 bytes, then at most 21 bits a symbol (a match's).
        reserve(symbols.count * 3 + 1024)
        var literalCounts = [Int](repeating: 0, count: 286)
        for symbol in 0..<256 { literalCounts[symbol] = Int(counts[symbol]) }
        for length in 3...258 {
            literalCounts[Int(Self.lengthSymbols[length].symbol)] += Int(counts[256 + length])
        }
        literalCounts[256] = 1
        let literalLengths = Huffman.lengths(literalCounts, limit: 15)
        let literalCodes = Huffman.codes(literalLengths)
        putHeader(literalLengths)
        // Each symbol's bits (its code, a match's extra bits and its distance code, a single zero bit) and how
        // many, in two tables. The symbols are coded with the bit buffer and the output cursor in locals (a
        // class's stored properties would be checked for exclusive access at every write).
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: DeflateSymbols.symbolCount)
        let widths = UnsafeMutablePointer<UInt8>.allocate(capacity: DeflateSymbols.symbolCount)
        defer {
            table.deallocate()
            widths.deallocate()
        }
        for symbol in 0..<257 {
            table[symbol] = literalCodes[symbol]
            widths[symbol] = literalLengths[symbol]
        }
        for length in 3...258 {
            let entry = Self.lengthSymbols[length]
            let code = literalCodes[Int(entry.symbol)], bits = literalLengths[Int(entry.symbol)]
            table[256 + length] = code | UInt32(entry.value) << UInt32(bits)
            widths[256 + length] = bits + entry.extra + 1
        }
        // Two symbols (at most 42 bits) at a time onto under a byte's bits, then the whole bytes stored at once,
        // eight bytes written and the cursor moved past the whole ones (the room `reserve` makes has 8 to spare).
        var out = UnsafeMutableRawPointer(storage + used), buffer = bits, filled = UInt64(count)
        @inline(__always) func flush() {
            out.storeBytes(of: buffer.littleEndian, as: UInt64.self)
            let whole = filled &>> 3
            out += Int(whole)
            buffer &>>= whole &<< 3
            filled &= 7
        }
        @inline(__always) func append(_ symbol: UInt16) {
            buffer |= UInt64(table[Int(symbol)]) &<< filled
            filled &+= UInt64(widths[Int(symbol)])
        }
        flush()
        let base = symbols.baseAddress!, total = symbols.count
        var index = 0
        while index &+ 2 <= total {
            append(base[index])
            append(base[index &+ 1])
            flush()
            index &+= 2
        }
        if index < total {
            append(base[index])
            flush()
        }
        used = out - UnsafeMutableRawPointer(storage)
        bits = buffer
        count = Int(filled)
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
