import InterlinearCorpus

/// A verse's words as the loader reads them: one BLOB per verse (`verse_words.words`, schema version 2) holding each
/// word's eight fields — surface, transliteration, lemma, Strong's, morphology, gloss, alignment, the `word` table's
/// display columns in its order, and (version 5) punctuation — each as its byte count (unsigned LEB128: seven bits a byte, low bits first, the
/// high bit set on every byte but the last) followed by its bytes, word after word in `position` order.
///
/// Why: SQLite stepped through and copied out each word row (eight columns, each decoded and copied by the virtual
/// machine), most of a whole-New-Testament load (`interlinear bench-store`; docs/performance.md); one blob per verse is
/// one column per verse. The `word` table keeps every field for search (its keys and indexes); the writer fills both
/// from the same chapter, and `rebuild` derives the blobs from word rows (the migration from version 1).
///
/// The bytes are data like any stored field: `Reader` never reads past them, and whatever it hands out is checked
/// field by field as a word row's fields are (`StoredChapterCheck`).
enum VerseWords {
    /// A word's fields in the order a blob holds them (`appendWord` writes, `Reader.next` reads): the `word` table's
    /// display columns, named as its columns are.
    enum Field: CaseIterable {
        case surface, transliteration, lemma, strongs, morphology, gloss, alignment, punctuation
    }

    /// The fields of a word.
    static let fieldsPerWord = Field.allCases.count

    /// Appends one word's fields in `Field` order; `alignment` is its alignment as stored (`StoreWriter`).
    static func appendWord(_ word: Word, alignment: String, of chapter: Chapter, to blob: inout [UInt8]) {
        for id in [word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss] {
            chapter.strings.withUTF8(of: id) { append($0, to: &blob) }
        }
        var alignment = alignment
        alignment.withUTF8 { append($0, to: &blob) }
        chapter.strings.withUTF8(of: word.punctuation) { append($0, to: &blob) }
    }

    /// Appends one field: its byte count, then its bytes.
    static func append(_ field: UnsafeBufferPointer<UInt8>, to blob: inout [UInt8]) {
        append(count: field.count, to: &blob)
        blob.append(contentsOf: field)
    }

    /// Appends a count alone (unsigned LEB128).
    static func append(count: Int, to blob: inout [UInt8]) {
        var count = count
        while count >= 0x80 {
            blob.append(UInt8(truncatingIfNeeded: count) | 0x80)
            count >>= 7
        }
        blob.append(UInt8(truncatingIfNeeded: count))
    }

    /// Reads the words of one blob in order, borrowing its bytes.
    struct Reader {
        private let bytes: UnsafeBufferPointer<UInt8>
        /// How many bytes have been read.
        private(set) var offset = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Whether every word has been read.
        var isAtEnd: Bool { offset >= bytes.count }

        /// The next word's fields; nil when the bytes end inside it, or a count runs past them (a damaged blob).
        mutating func next() -> StoredChapterCheck.WordRow? {
            var row = StoredChapterCheck.WordRow()
            return next(into: &row) ? row : nil
        }

        /// Reads the next word's fields into `row`, as `next()` gives them; false (and `row` partly overwritten)
        /// when the bytes end inside it, or a count runs past them. For the chapter's load, which reads every word
        /// into one row: returning the eight fields as an optional copied them twice a word.
        mutating func next(into row: inout StoredChapterCheck.WordRow) -> Bool {
            guard let surface = field() else { return false }
            row.surface = surface
            guard let transliteration = field() else { return false }
            row.transliteration = transliteration
            guard let lemma = field() else { return false }
            row.lemma = lemma
            guard let strongs = field() else { return false }
            row.strongs = strongs
            guard let morphology = field() else { return false }
            row.morphology = morphology
            guard let gloss = field() else { return false }
            row.gloss = gloss
            guard let alignment = field() else { return false }
            row.alignment = alignment
            guard let punctuation = field() else { return false }
            row.punctuation = punctuation
            return true
        }

        /// Skips the next word, measuring what `next` would give: its fields' extent (`StoredChapterCheck.word`) and
        /// where its surface is, from the start of the bytes; nil when the bytes end inside it, or a count runs past
        /// them. For a reader that needs a word's bounds and not its fields (`CheckedVerse`).
        mutating func skipWord() -> (extent: StoredChapterCheck.FieldExtent, surface: Int, surfaceCount: Int)? {
            var extent = StoredChapterCheck.FieldExtent()
            guard let surface = field() else { return nil }
            extent.add(surface)
            let surfaceStart = offset - surface.count
            // The seven fields after the surface (transliteration to punctuation, in `Field` order): only their
            // bounds count here.
            for _ in 0..<7 {
                guard let value = field() else { return nil }
                extent.add(value)
            }
            return (extent, surfaceStart, surface.count)
        }

        /// The bytes read since `start` (an earlier `offset`).
        func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[start..<offset])
        }

        /// The next field, or nil when its count or its bytes are not all there.
        @inline(__always)
        mutating func field() -> UnsafeBufferPointer<UInt8>? {
            guard let base = bytes.baseAddress, let count = count(), count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeBufferPointer(start: base + offset, count: count)
        }

        /// The next count, or nil when its bytes are not all there. A count takes at most five bytes (35 bits, more
        /// than any field or count the loader accepts), so it cannot overflow.
        @inline(__always)
        mutating func count() -> Int? {
            guard let base = bytes.baseAddress else { return nil }
            let end = bytes.count
            // Most counts are one byte (fields under 128 bytes).
            if offset < end, base[offset] < 0x80 {
                offset += 1
                return Int(base[offset - 1])
            }
            var count = 0, shift = 0
            while true {
                guard offset < end, shift < 35 else { return nil }
                let byte = base[offset]
                offset += 1
                count |= Int(byte & 0x7F) &<< shift
                if byte < 0x80 { return count }
                shift += 7
            }
        }
    }

    /// Derives every verse's blob from the `word` table, replacing the blobs there are (and their morphemes): what
    /// the migration from version 1 ran, which stores older than `Schema.rebuildVersion` no longer get; the tests
    /// use it to damage word rows and derive the packed words from them. Fields are copied as stored, unchecked (the
    /// loader checks them); word rows of a verse the `verse` table lacks belong to no blob.
    static func rebuild(_ database: Database) throws {
        try database.execute("DELETE FROM verse_words")
        let verses = try database.prepare("SELECT id FROM verse ORDER BY id")
        var keys: [Int] = []
        while try verses.step() { keys.append(verses.int(0)) }
        let columns = Field.allCases.map { "\($0)" }.joined(separator: ", ")
        let words = try database.prepare("SELECT \(columns) FROM word WHERE verse = ?1 ORDER BY position")
        let insert = try database.prepare("INSERT OR REPLACE INTO verse_words(id, words) VALUES (?1, ?2)")
        var blob: [UInt8] = []
        for key in keys {
            blob.removeAll(keepingCapacity: true)
            try words.bind(key, at: 1)
            while try words.step() {
                for column in 0..<Int32(fieldsPerWord) { append(words.bytes(column), to: &blob) }
            }
            words.reset()
            try insert.bind([key, blob])
            try insert.run()
        }
    }
}
