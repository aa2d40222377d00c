import InterlinearCorpus

/// What a whole table held when the importer wrote it — its row count and a 64-bit checksum of every field of every
/// row, in key order — recorded in `meta` (`digest:lexicon` = "14298 -8823…") and verified before the table is
/// served, so a row changed, added or deleted since is refused in one line with the command that rebuilds it, as a
/// chapter's rows are (`ChapterDigest`, whose mixing it shares). For the tables no chapter's checksum covers and that
/// are served as they are: the Strong's lexicon, the versification table and the spelling index, whose rows choose
/// which lemmas a transliterated search finds (the search tables are checked hit by hit against the checked
/// chapters instead: `StoreSearch+Check`).
///
/// Each is read whole once per opened store, on first use; the lexicon (14,298 rows, 3.7 MB) only when a row it
/// serves has no checksum of its own (`LexiconRowChecksum`), its row count otherwise. A table with rows and
/// no recorded digest (a store imported before digests were recorded) is refused the same way: nothing vouches for
/// it. Like the chapter checksum, it guards against damage and edits, not an adversary who rewrites `meta` too.
struct TableDigest: Equatable {
    var rows: Int
    var checksum: Int

    /// A table the importer records a digest of.
    struct Table: Sendable {
        let name: String
        /// Every column, in key order: what is hashed.
        let select: String
        /// What a refusal calls it: "its Strong's lexicon".
        let what: String
        /// Whether the table is in the search index (`StoreIndex`), not the store's own file.
        var inIndex = true

        static let lexicon = Table(
            name: "lexicon",
            select: """
                SELECT strongs, language, number, headword, headword_key, transliteration, pronunciation, derivation,
                    definition, kjv_usage, text FROM lexicon ORDER BY strongs
                """,
            what: "its Strong's lexicon")
        static let spelling = Table(
            name: "spelling",
            select: "SELECT key, lemma_key, strongs_number FROM spelling ORDER BY key, lemma_key, strongs_number",
            what: "its spelling index (the lemmas Latin spellings name)")
        static let versification = Table(
            name: "versification", select: "SELECT english, hebrew FROM versification ORDER BY english",
            what: "its versification table (English and Hebrew verse numbers)", inIndex: false)
    }

    /// The digest of a table as it is now.
    static func compute(_ database: Database, _ table: Table) throws -> TableDigest {
        let statement = try database.prepare(table.select)
        var digest = ChapterDigest()
        var rows = 0
        while try statement.step() {
            rows += 1
            for column in 0..<statement.columnCount { digest.addField(statement.bytes(column)) }
        }
        return TableDigest(rows: rows, checksum: digest.value)
    }

    private static func key(_ table: Table) -> String { "digest:" + table.name }

    /// Records the digest of a table that has none, its rows taken as they are (a store imported before digests
    /// were recorded, as the migration to schema 3 took chapters): what a chapter import that leaves the table alone
    /// runs.
    static func recordIfMissing(_ database: Database, _ table: Table) throws {
        let statement = try database.prepare("SELECT 1 FROM meta WHERE key = ?1")
        try statement.bind([key(table)])
        if try !statement.step() { try record(database, table) }
    }

    /// Records a table's digest in `meta` (in the writer's transaction).
    static func record(_ database: Database, _ table: Table) throws {
        let digest = try compute(database, table)
        let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)")
        try statement.bind([key(table), "\(digest.rows) \(digest.checksum)"])
        try statement.run()
    }

    /// Throws `StoreError.badRow` unless the table is what its recorded digest says (or is empty and has none).
    /// With `rowsOnly`, only its row count is compared (`SELECT count(*)`, one pass over the smallest index): for a
    /// table whose rows are each checked as they are served (`LexiconRowChecksum`).
    static func verify(_ database: Database, _ table: Table, rowsOnly: Bool = false) throws {
        let statement = try database.prepare("SELECT value FROM meta WHERE key = ?1")
        try statement.bind([key(table)])
        let recorded = try statement.step() ? statement.text(0) : nil
        var now: TableDigest
        if rowsOnly {
            now = TableDigest(rows: try database.integer("SELECT count(*) FROM \(table.name)") ?? 0, checksum: 0)
        } else {
            now = try compute(database, table)
        }
        guard let recorded else {
            if now.rows == 0 { return }
            throw StoreError.badRow(
                path: database.path, what: "\(table.what) has no checksum recorded, so nothing vouches for its rows")
        }
        let fields = recorded.split(separator: " ")
        guard fields.count == 2, let rows = Int(fields[0]), let checksum = Int(fields[1]) else {
            throw StoreError.badRow(path: database.path, what: "the checksum recorded for \(table.what) is unreadable")
        }
        if rowsOnly { now.checksum = checksum }
        guard now == TableDigest(rows: rows, checksum: checksum) else {
            let change = now.rows == rows ? "has changed" : "holds \(now.rows) rows, not the \(rows) it recorded,"
            throw StoreError.badRow(path: database.path, what: "\(table.what) \(change) since it was imported")
        }
    }
}
