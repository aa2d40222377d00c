import CSQLite
import Foundation
import InterlinearCorpus

/// The corpus in two SQLite files: chapters for layout in the store's own, and the indexes Bible-wide search reads
/// in its search index beside it (`StoreIndex`), attached only by what reads them.
///
/// Opening checks that the file is ours (`application_id`), not from a newer version (`user_version`, unsigned),
/// and migrates an older one when asked to (import; reads refuse it). A damaged or foreign file is refused with one line saying which and what to do.
package final class CorpusStore {
    /// The store file's path.
    package let path: String
    /// The same, as a file URL.
    package var url: URL { URL(fileURLWithPath: path) }
    /// The store's own file alone: what a chapter's read, the chapter list and the versification table need.
    let chapters: Database
    private var indexAttached = false
    /// The connection with the search index attached (`StoreIndex`), on first use: the tables of both files by
    /// their names. A chapter's read does not attach it, and so never makes SQLite parse its schema.
    var database: Database {
        get throws {
            if !indexAttached {
                try StoreIndex.attach(to: chapters, store: path)
                indexAttached = true
            }
            return chapters
        }
    }
    /// The tables whose digest this store has verified (`TableDigest`): each is read whole once.
    /// An array, not a `Set`: the first `Set<String>` instantiated its metadata at run time, a scan of the binary's
    /// conformance records (the `define` benchmark), for the two or three names a command verifies.
    private var verifiedTables: [String] = []
    private var verseStatement: Statement?
    private var chapterStatement: Statement?
    /// One verse with its own checksum, by key, and its chapter's recorded language (`vouchedVerses`).
    var verseByKey: Statement?
    var chapterRecord: Statement?
    /// A lexicon entry by its key (`lexiconEntry(strongs:)`).
    var lexiconByKey: Statement?
    /// A Greek number's recorded renderings (`StudyTable`).
    var studyStatement: Statement?

    /// Opens an existing store. With `upgrade` (import, which writes anyway) an older store is migrated in place;
    /// without it (every read command) the store is never changed: an older one is refused with the command that
    /// upgrades it (`StoreError.tooOld`). Migrating in memory instead would copy and repack the whole store on every
    /// read (the step to version 2 rebuilds every verse's words), work proportional to the store rather than to the
    /// chapter asked for, and a read-only or shared store must not change under a reader.
    ///
    /// The file is opened read-write when this user may write it, even to read: that is what lets SQLite roll back
    /// a hot journal (an import killed mid-transaction) on open, so the next command heals the store. A store this
    /// user cannot write with a hot journal is refused in one line saying who can recover it
    /// (`StoreError.description`). Reads run with `query_only`, so nothing but that rollback writes.
    package convenience init(url: URL, upgrade: Bool = true) throws {
        try self.init(path: url.path, upgrade: upgrade)
    }

    /// Opens the store at `path` (`init(url:upgrade:)`).
    package init(path: String, upgrade: Bool = true) throws {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw StoreError.cannotOpen(path: path, reason: code == ENOENT ? "no such file" : systemMessage(code))
        }
        let writable = access(path, W_OK) == 0
        let database = try Database(path: path, readOnly: !writable)
        let version = try Self.validate(database)
        if version < Schema.version {
            guard upgrade, version >= Schema.rebuildVersion else {
                throw StoreError.tooOld(path: path, version: version, supported: Schema.version)
            }
            guard writable else {
                throw StoreError.cannotUpgrade(path: path, version: version, supported: Schema.version)
            }
            try StoreIndex.attach(to: database, store: path)
            indexAttached = true
            try Self.migrate(database)
        }
        if !upgrade { try database.execute("PRAGMA query_only = ON") }
        chapters = database
    }

    /// A store over a database already open and checked with `validate`, its index attached (the fuzz harness's
    /// in-memory databases).
    init(database: Database, url: URL) {
        path = url.path
        chapters = database
        indexAttached = true
    }

    /// Checks the file is a store this build reads; returns its schema version.
    @discardableResult
    static func validate(_ database: Database) throws -> Int {
        let path = database.path
        do {
            let id = try database.integer("PRAGMA application_id") ?? 0
            // user_version is a signed 32-bit field; versions are counts, so a negative one is read as the unsigned
            // number it is (a version far newer than any build), never used as a count.
            let version = Int(UInt32(truncatingIfNeeded: try database.integer("PRAGMA user_version") ?? 0))
            let tables = try database.integer("SELECT count(*) FROM sqlite_master") ?? 0
            if id != Schema.applicationID {
                if tables == 0 { throw StoreError.corrupt(path: path, detail: "an empty database") }
                throw StoreError.foreign(path: path, applicationID: id)
            }
            if version > Schema.version {
                throw StoreError.tooNew(path: path, version: version, supported: Schema.version)
            }
            return version
        } catch let error as StoreError where error.isCorruption {
            if case .corrupt = error { throw error }
            throw StoreError.corrupt(path: path, detail: "not an SQLite database, or a damaged one")
        }
    }

    /// Runs the migrations the store lacks, in one transaction, its index attached (`StoreIndex`): a new store's
    /// steps create the index's tables there.
    static func migrate(_ database: Database) throws {
        try database.transaction {
            let from = Int(UInt32(truncatingIfNeeded: try database.integer("PRAGMA user_version") ?? 0))
            guard from <= Schema.version else {
                throw StoreError.tooNew(path: database.path, version: from, supported: Schema.version)
            }
            for (index, step) in Schema.migrations.enumerated().dropFirst(from) {
                do { try database.execute(step) } catch StoreError.sqlite(_, let code, let message)
                    where code & 0xFF == SQLITE_ERROR
                {
                    // A step that does not apply (`duplicate column name`, `table … already exists`): the tables are
                    // not those of the version the store is marked with. Damage, said as such, not an I/O failure.
                    throw StoreError.corrupt(
                        path: database.path,
                        detail: "it is marked schema version \(from), but its tables do not match that version "
                            + "(upgrading to version \(index + 1): \(message))")
                }
            }
            try database.execute(
                "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(Schema.version)")
            try StoreIndex.mark(database)
        }
    }

    /// The chapters the store holds, in canonical order.
    package func availableChapters() throws -> [ChapterReference] {
        let statement = try chapters.prepare("SELECT DISTINCT id / 1000 FROM verse ORDER BY 1")
        var found: [ChapterReference] = []
        while try statement.step() {
            let key = statement.int(0)
            // Keys of chapters a book does not have are a damaged store's: `read` refuses them.
            if let book = Book.numbered(key / 1000), (1...book.chapterCount).contains(key % 1000) {
                found.append(ChapterReference(book: book, chapter: key % 1000))
            }
        }
        return found
    }

    /// Loads a chapter, interning its strings into `strings`, and freezes the table for it (a Hebrew one with its
    /// morphemes unless `morphemes` is false: `read`); nil when the store does not hold it.
    package func load(
        _ reference: ChapterReference, into strings: StringTableBuilder, morphemes: Bool = true
    ) throws -> Chapter? {
        guard var chapter = try read(reference, into: strings, morphemes: morphemes) else { return nil }
        chapter.freeze(strings)
        return chapter
    }

    /// Reads a chapter, interning its strings into `strings`, without freezing (`ChapterSource.read`); nil when the
    /// store does not hold it.
    ///
    /// The rows are data like a chapter file's lines, and are bounded and checked the same way before anything is
    /// built from them (`StoredChapterCheck`): a damaged or hand-edited store is refused in one line, never trusted.
    /// They must also give the verse and word counts and the checksum the import recorded (`ChapterDigest`): a
    /// changed, missing or extra verse is refused with the command that rebuilds the chapter.
    /// One range scan of the chapter's verses, each with its words (and a Hebrew verse's morphemes) packed in a blob.
    ///
    /// Without `morphemes` a Hebrew chapter's morphemes are left unread (`Chapter.omitsMorphemes`): their bytes still
    /// count towards the checksum, so a damaged row is refused either way, but they are neither parsed, checked nor
    /// interned — each distinct morpheme string met for the first time is a check and a copy, and the Old
    /// Testament's morphemes were a quarter of its load (docs/performance.md). Read with them, every morpheme is
    /// checked as before.
    ///
    /// Into a new builder, the strings the import recorded for the chapter are copied in at once and each field takes
    /// the id the record names for it (`ChapterStrings`); a record that does not agree with the rows is damage too.
    package func read(
        _ reference: ChapterReference, into strings: StringTableBuilder, morphemes withMorphemes: Bool = true
    ) throws -> Chapter? {
        do {
            return try read(reference, into: strings, morphemes: withMorphemes, replaying: true)
        } catch is ChapterStrings.Mismatch {
            // Read by interning: a refusal of the rows is worded as it always is; rows that pass have a record
            // that was changed since the import.
            strings.restart()
            _ = try read(reference, into: strings, morphemes: withMorphemes, replaying: false)
            throw StoredChapterCheck(path: path, reference: reference).damaged("has changed since it was imported")
        }
    }

    /// `read(_:into:morphemes:)`, from the chapter's recorded strings when `replaying` allows and they apply; throws
    /// `ChapterStrings.Mismatch` when they do not agree with the rows.
    private func read(
        _ reference: ChapterReference, into strings: StringTableBuilder, morphemes withMorphemes: Bool,
        replaying: Bool
    ) throws -> Chapter? {
        let key = ChapterKey(book: reference.book.number, chapter: reference.chapter)
        let range = Schema.range(of: key)
        if verseStatement == nil {
            verseStatement = try chapters.prepare(
                """
                SELECT verse.id, verse.translation, verse_words.words, verse_words.morphemes, verse.outside
                FROM verse LEFT JOIN verse_words ON verse_words.id = verse.id
                WHERE verse.id BETWEEN ?1 AND ?2 ORDER BY verse.id
                """)
            chapterStatement = try chapters.prepare(
                "SELECT language, verses, words, checksum, strings, ids FROM chapter WHERE id = ?1")
        }
        guard let verses = verseStatement, let record = chapterStatement else { return nil }
        defer { verses.reset(); record.reset() }
        try record.bind([Schema.chapterKey(key)])
        let expected =
            try record.step()
            ? (
                language: SourceLanguage(rawValue: record.text(0)), verses: record.int(1), words: record.int(2),
                checksum: record.int(3)
            )
            : nil
        var check = StoredChapterCheck(path: path, reference: reference)
        if let expected, expected.language == nil { throw check.damaged("records an unknown language") }
        let language = expected?.language ?? reference.book.language
        var chapter = Chapter(reference: reference, language: language)
        chapter.omitsMorphemes = language == .hebrew && !withMorphemes
        var ids = FieldIDs(interning: strings)
        // The counts the import recorded, bounded: the record is data too.
        if let expected {
            let words = min(max(expected.words, 0), Self.largestReservation)
            chapter.reserveCapacity(words: words, morphemes: language == .hebrew && withMorphemes ? words * 2 : 0)
            // The record is of a load with every morpheme, into a new builder (a chapter written without one has none).
            if replaying, strings.count == 2, !chapter.omitsMorphemes, !record.isNull(4), !record.isNull(5) {
                guard ChapterStrings.adopt(record.bytes(4), into: strings) else { throw ChapterStrings.Mismatch() }
                ids = FieldIDs(replaying: record.bytes(5), strings: strings)
            } else {
                // Two to three new strings a word, of about eight bytes each, on a chapter's first load (John 1:
                // 826 words, 1,877 strings; Romans 1 3.2 a word): the builder's tables then grow at most once.
                strings.reserve(strings: words * 12 / 5, bytes: words * 24)
            }
        }
        var digest = ChapterDigest()
        var verseMorphemes: [Morpheme] = []  // one verse's at a time (`readWords`), its room kept
        var marks = StoredMarks()
        try verses.bind([range.lowerBound, range.upperBound])
        do {
            while try verses.step() {
                let number = verses.int(0) - range.lowerBound
                let translation = verses.bytes(1)
                try check.verse(number, translation: translation)
                guard let expected else {
                    throw check.damaged("holds verses of \(reference) but no record of what it should hold")
                }
                let packedMorphemes = verses.isNull(3) ? nil : verses.bytes(3)
                let outside = verses.int(4) != 0
                digest.addVerse(
                    key: verses.int(0), translation: translation, words: verses.bytes(2), morphemes: packedMorphemes,
                    outside: outside)
                guard digest.verses <= expected.verses else {
                    throw check.damaged("holds more verses than it recorded")
                }
                try Self.appendVerse(
                    number, translation: translation, words: verses.bytes(2), morphemes: packedMorphemes,
                    outside: outside, into: &chapter, gathering: &verseMorphemes, marks: &marks, ids: &ids,
                    check: &check)
            }
        } catch  where ids.mismatched {
            throw ChapterStrings.Mismatch()  // what followed a code that disagreed means nothing
        }
        if ids.isReplaying, !ids.replayedAll { throw ChapterStrings.Mismatch() }
        guard let expected else { return nil }
        guard digest.verses == expected.verses, chapter.words.count == expected.words,
            digest.value == expected.checksum
        else {
            throw check.damaged(
                digest.verses < expected.verses ? "lacks verses it recorded" : "has changed since it was imported")
        }
        return chapter
    }

    /// The most words a load reserves room for ahead (the largest chapter, Matthew 26, has 1,240).
    private static let largestReservation = 1 << 14

    /// Verifies a table against the digest its import recorded, the first time this store serves it; with
    /// `rowsOnly`, its row count alone (`TableDigest.verify`), which a whole verification already covers.
    func verifyOnce(_ table: TableDigest.Table, rowsOnly: Bool = false) throws {
        let key = rowsOnly ? table.name + " rows" : table.name
        guard !verifiedTables.contains(table.name), !verifiedTables.contains(key) else { return }
        try TableDigest.verify(table.inIndex ? database : chapters, table, rowsOnly: rowsOnly)
        verifiedTables.append(key)
    }
}

/// Calls `body` with each non-empty space-separated item of `field`.
@inline(__always)
func forEachItem(_ field: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var start = 0
    for i in 0...field.count where i == field.count || field[i] == 0x20 {
        if i > start { body(UnsafeBufferPointer(rebasing: field[start..<i])) }
        start = i + 1
    }
}
