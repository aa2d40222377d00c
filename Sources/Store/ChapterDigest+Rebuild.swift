import InterlinearCorpus

extension ChapterDigest {
    /// Fills the `chapter` table, and each verse's own checksum (`VerseChecksum`), from the rows a store holds, as an
    /// import of those rows would have: what a test or a
    /// fuzz harness (`store-row`, `search-query`) that changes rows on purpose runs when the change is to stand as
    /// imported, not as damage. The program never runs it: a store older than version 5 is rebuilt by
    /// `interlinear import`, not migrated.
    static func rebuild(_ database: Database) throws {
        try database.execute("DELETE FROM chapter")
        let rows = try database.prepare(
            """
            SELECT verse.id, verse.translation, verse_words.words, verse_words.morphemes, verse.outside
            FROM verse LEFT JOIN verse_words ON verse_words.id = verse.id ORDER BY verse.id
            """)
        let insert = try database.prepare(
            "INSERT INTO chapter(id, language, verses, words, checksum) VALUES (?1, ?2, ?3, ?4, ?5)")
        var sums: [(key: Int, checksum: Int)] = []
        var current = -1
        var digest = ChapterDigest()
        var words = 0
        func flush() throws {
            guard current >= 0, let book = Book.numbered(current / 1000) else { return }
            try insert.bind([current, book.language.tag, digest.verses, words, digest.value])
            try insert.run()
        }
        while try rows.step() {
            let key = rows.int(0)
            if key / 1000 != current {
                try flush()
                current = key / 1000
                digest = ChapterDigest()
                words = 0
            }
            let packed = rows.bytes(2)
            let morphemes = rows.isNull(3) ? nil : rows.bytes(3)
            digest.addVerse(
                key: key, translation: rows.bytes(1), words: packed, morphemes: morphemes, outside: rows.int(4) != 0)
            sums.append(
                (
                    key,
                    VerseChecksum.of(
                        key: key, translation: rows.bytes(1), words: packed, morphemes: morphemes,
                        outside: rows.int(4) != 0)
                ))
            var reader = VerseWords.Reader(packed)
            while !reader.isAtEnd, reader.next() != nil { words += 1 }
        }
        try flush()
        let update = try database.prepare("UPDATE verse SET checksum = ?2 WHERE id = ?1")
        for (key, checksum) in sums {
            update.reset()
            try update.bind([key, checksum])
            try update.run()
        }
    }
}
