import InterlinearCorpus

/// What a chapter's rows should be, written at import and verified on every load (`chapter` table, schema version
/// 3): its verse and word counts and a 64-bit checksum of its verse rows — each verse's key, translation, packed words
/// and packed morphemes, and (version 5) whether it is outside the edition's text, in key order. A flipped bit, a verse deleted or added, a blob emptied: the rows no longer
/// give the checksum, and the chapter is refused in one line with the command that rebuilds it, instead of being
/// served as if complete.
///
/// The checksum guards against damage, not an adversary (who could rewrite the row too): hostile content is bounded
/// and checked field by field anyway (`StoredChapterCheck`). It mixes eight bytes at a time, under one instruction
/// a byte: a chapter's load hashes what it reads once.
struct ChapterDigest: Equatable {
    private(set) var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    private(set) var verses = 0

    /// Adds one verse row, as stored.
    mutating func addVerse(
        key: Int, translation: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt8>,
        morphemes: UnsafeBufferPointer<UInt8>?, outside: Bool = false
    ) {
        verses += 1
        mix(UInt64(truncatingIfNeeded: key))
        if outside { mix(UInt64.max - 1) }
        add(translation)
        add(words)
        if let morphemes { add(morphemes) } else { mix(UInt64.max) }
    }

    /// Adds one field of a table row as stored (`TableDigest`: the same mixing for a whole table's rows).
    mutating func addField(_ bytes: UnsafeBufferPointer<UInt8>) { add(bytes) }

    /// Adds a number of a row (`StudyTable`: the Strong's number its renderings are of).
    mutating func addNumber(_ number: Int) { mix(UInt64(truncatingIfNeeded: number)) }

    /// The checksum as SQLite stores it (a signed 64-bit integer).
    var value: Int { Int(Int64(bitPattern: state)) }

    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        mix(UInt64(bytes.count))
        // Empty is empty, whether its buffer has an address or not (SQLite gives none for an empty value).
        guard !bytes.isEmpty, let base = UnsafeRawPointer(bytes.baseAddress) else { return }
        let count = bytes.count
        var offset = 0
        // Four words a turn: the same mixes in the same order as one a turn, with a quarter of the loop's tests.
        while count - offset >= 32 {
            mix(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            mix(base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            mix(base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            mix(base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        while count - offset >= 8 {
            mix(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The last 0–7 bytes as a little-endian number. With eight bytes or more in all, that is the last word
        // shifted down (one load instead of a loop over the bytes).
        let left = count - offset
        if count >= 8 {
            let last = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            mix(left == 0 ? 0 : last >> UInt64(64 - 8 * left))
            return
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        mix(tail)
    }

    @inline(__always)
    private mutating func mix(_ value: UInt64) {
        state = (state ^ value) &* 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 29
    }
}
