/// Each lexicon row's own checksum (column `checksum`, schema version 6): its other fields as stored, in column
/// order, mixed as a chapter's rows are (`ChapterDigest`). Serving an entry checks its row, and the table's row count
/// against the digest the import recorded (`TableDigest`): a row changed, added or deleted is refused as before, and
/// `define` reads the rows it shows instead of all 14,298 (the `define` benchmark in `Benchmarks/Thresholds`).
///
/// A row without one — a store migrated from version 5, or a row added by hand — is checked by the whole table's
/// digest instead, once per opened store. Like the digest, it guards against damage and edits, not an adversary who
/// computes the checksum too.
enum LexiconRowChecksum {
    /// The lexicon's columns as every reader selects them: the entry's fields, its key, its folded headword and the
    /// recorded checksum last.
    static let select = """
        SELECT language, number, headword, transliteration, pronunciation, derivation, definition, kjv_usage, text,
            strongs, headword_key, checksum
        FROM lexicon
        """

    /// The column of `select` that holds the recorded checksum.
    static let recorded: Int32 = 11

    /// The columns of `select` hashed, in the table's own column order (strongs, language, number, headword,
    /// headword_key, transliteration … text): every field but the checksum.
    private static let hashed: [Int32] = [9, 0, 1, 2, 10, 3, 4, 5, 6, 7, 8]

    /// The checksum of the row `statement` (a `select`) is on, from its fields as stored.
    static func computed(_ statement: Statement) -> Int {
        var digest = ChapterDigest()
        for column in hashed { digest.addField(statement.bytes(column)) }
        return digest.value
    }

    /// Whether the row `statement` is on is the row the import wrote: true or false when it has a checksum, nil
    /// when it has none (the whole table's digest must say).
    static func matches(_ statement: Statement) -> Bool? {
        statement.isNull(recorded) ? nil : statement.int(recorded) == computed(statement)
    }

    /// Writes every row's checksum, then the table's digest, in the writer's transaction: what the store vouches
    /// for after `StoreLexicon.write`.
    static func record(_ database: Database) throws {
        var sums: [(String, Int)] = []
        let rows = try database.prepare(select)
        while try rows.step() { sums.append((rows.text(9), computed(rows))) }
        let update = try database.prepare("UPDATE lexicon SET checksum = ?2 WHERE strongs = ?1")
        for (strongs, sum) in sums {
            update.reset()
            try update.bind([strongs, sum] as [any StatementValue])
            try update.run()
        }
        try TableDigest.record(database, .lexicon)
    }
}
