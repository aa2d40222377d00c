import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Each verse's own checksum (`VerseChecksum`, schema 7): a search checks the verses it shows by theirs, not every row
/// of their chapters. A change in a verse it shows is refused in one line; a change in a verse it does not show is
/// not its business, but `typeset` of that chapter still refuses it; verses without checksums are checked by their
/// chapters as before. Which verses a search shows is asked of the store by SQL.
@Suite("Verse checksums", .serialized) struct VerseChecksumTests {
    /// A copy of the committed New Testament store with `sql` applied (`HIT` and `OTHER` replaced by the verse keys
    /// `verses` gives).
    private func store(_ name: String, _ sql: String = "SELECT 1") throws -> URL {
        let url = try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "verse-sum-\(name).sqlite")
        let (hit, other) = try verses(url)
        try sqlite(
            url, sql.replacingOccurrences(of: "HIT", with: "\(hit)").replacingOccurrences(of: "OTHER", with: "\(other)")
        )
        return url
    }

    /// The first verse of John 1 with a word of Strong's G3056 (a verse `search G3056` shows) and the first without.
    private func verses(_ url: URL) throws -> (hit: Int, other: Int) {
        let database = try StoreIndex.openPair(store: url.path, readOnly: true)
        let hit = try #require(
            try database.integer(
                "SELECT min(verse) FROM word WHERE strongs_number = 3056 AND verse BETWEEN 43001000 AND 43001999"))
        let other = try #require(
            try database.integer(
                """
                SELECT min(id) FROM verse WHERE id BETWEEN 43001000 AND 43001999
                    AND id NOT IN (SELECT verse FROM word WHERE strongs_number = 3056)
                """))
        return (hit, other)
    }

    /// One word of verse `key` edited in its packed words as an editor would: the gloss of its word with the longest
    /// gloss that is not a G3056 word, upper-cased in place (the same length, so the words still parse).
    private func editWord(of key: Int, in url: URL) throws {
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        let select = try database.prepare(
            """
            SELECT gloss FROM word WHERE verse = \(key) AND strongs_number <> 3056 AND gloss <> upper(gloss)
            ORDER BY length(gloss) DESC, position LIMIT 1
            """)
        try #require(try select.step())
        let gloss = select.text(0)
        try database.execute(
            """
            UPDATE verse_words SET words = CAST(replace(CAST(words AS TEXT), '\(gloss)', upper('\(gloss)')) AS BLOB)
            WHERE id = \(key)
            """)
        #expect(
            try database.integer(
                "SELECT count(*) FROM verse_words WHERE id = \(key) AND instr(words, CAST(upper('\(gloss)') AS BLOB))")
                == 1)
        database.close()
    }

    private func interlinear(_ arguments: String..., corpus: URL) throws -> ProcessResult {
        try run(interlinearBinary, arguments + ["--corpus", corpus.path])
    }

    private func expectChanged(
        _ result: ProcessResult, verse: Int?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let detail = verse.map { "John 1 has changed since it was imported (verse \($0))" } ?? "John 1 has changed"
        expectOneErrorLine(
            result, status: 65, ["is damaged", detail, "run `interlinear import \"John 1\"`"],
            sourceLocation: sourceLocation)
    }

    @Test("a word edited in a verse the search shows: refused, naming the verse")
    func hitVerseEdited() throws {
        let url = try store("hit")
        #expect(try interlinear("search", "G3056", corpus: url).status == 0)
        let hit = try verses(url).hit
        try editWord(of: hit, in: url)
        expectChanged(try interlinear("search", "G3056", corpus: url), verse: hit % 1000)
    }

    @Test("a word edited in a verse the search does not show: the search unchanged, typeset refused")
    func otherVerseEdited() throws {
        let url = try store("other")
        let before = try interlinear("search", "G3056", corpus: url)
        #expect(before.status == 0 && !before.stdout.isEmpty, "\(before.stderr)")
        try editWord(of: try verses(url).other, in: url)
        let after = try interlinear("search", "G3056", corpus: url)
        #expect(after.status == 0 && after.stdout == before.stdout, "\(after.stderr)")
        expectChanged(try interlinear("typeset", "John 1", corpus: url), verse: nil)
    }

    @Test(
        "a row deleted, added or vouched for wrongly in a verse the search shows: refused",
        arguments: [
            // The verse's packed words gone: the row no longer gives its checksum.
            ("words-deleted", "DELETE FROM verse_words WHERE id = HIT", "has changed since it was imported"),
            // Another verse's words added to its packed words (refused as a changed verse, or as an alignment past
            // its translation's tokens, whichever the check meets first).
            (
                "words-added",
                "UPDATE verse_words SET words = words || (SELECT words FROM verse_words WHERE id = OTHER) "
                    + "WHERE id = HIT",
                "John 1"
            ),
            ("checksum-changed", "UPDATE verse SET checksum = checksum + 1 WHERE id = HIT", "has changed since"),
            // Without its checksum, the verse is checked by its chapter's.
            (
                "checksum-removed",
                "UPDATE verse SET checksum = NULL, translation = translation || ' Amen.' WHERE id = HIT",
                "John 1 has changed since it was imported;"
            ),
            // The verse row gone: the word rows name a verse the chapter does not hold.
            ("verse-deleted", "DELETE FROM verse WHERE id = HIT", "is not a verse of the chapter"),
            // A word row added to the verse: a hit past the verse's words.
            (
                "word-added",
                """
                INSERT INTO word(verse, position, surface, transliteration, lemma, strongs, morphology, gloss,
                    alignment, surface_key, lemma_key, strongs_number, punctuation)
                SELECT verse, 99, surface, transliteration, lemma, strongs, morphology, gloss, alignment, surface_key,
                    lemma_key, strongs_number, punctuation
                FROM word WHERE verse = HIT AND strongs_number = 3056 LIMIT 1
                """, "is past the verse's"
            ),
        ])
    func hitVerseRowsChanged(name: String, sql: String, fragment: String) throws {
        let url = try store(name, sql)
        expectOneErrorLine(try interlinear("search", "G3056", corpus: url), status: 65, ["is damaged", fragment])
    }

    /// Verses without their own checksums (a store's rows written without them: schema 6's, which a store older
    /// than the split into two files no longer migrates to, `Schema.rebuildVersion`): a search then checks its hits'
    /// chapters whole, as before.
    @Test func versesWithoutChecksumsAreCheckedByChapters() throws {
        let sound = try store("summed")
        let expected = try interlinear("search", "G3056", corpus: sound)
        #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(expected.stderr)")
        let url = try store("unsummed", "UPDATE verse SET checksum = NULL")
        let migrated = try interlinear("search", "G3056", corpus: url)
        #expect(migrated.status == 0 && migrated.stdout == expected.stdout, "\(migrated.stderr)")
        // A verse the search does not show, changed: its chapter is refused, as a schema-6 store's search refused it.
        try editWord(of: try verses(url).other, in: url)
        expectChanged(try interlinear("search", "G3056", corpus: url), verse: nil)
    }

    /// An import writes every verse's checksum (a sound store's search passing is what shows they are right).
    @Test func theImportRecordsEveryVerse() throws {
        let url = try store("recorded")
        let database = try StoreIndex.openPair(store: url.path, readOnly: true)
        #expect(try database.integer("SELECT count(*) FROM verse WHERE checksum IS NULL") == 0)
        #expect(try database.integer("SELECT count(*) FROM verse") ?? 0 > 0)
        database.close()
    }

    /// The packed words of verse `key` rewritten by `change` (each word's fields in `VerseWords.Field` order) and the
    /// verse's checksum computed again, as someone who knows the checksum would: the checksum then vouches for the
    /// row, and only the checks of what the search uses stand between it and the terminal.
    private func resum(_ key: Int, in url: URL, _ change: (inout [[[UInt8]]]) -> Void) throws {
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        let select = try database.prepare(
            """
            SELECT verse.translation, verse_words.words, verse.outside FROM verse
            JOIN verse_words ON verse_words.id = verse.id WHERE verse.id = ?1 AND verse_words.morphemes IS NULL
            """)
        try select.bind(key, at: 1)
        try #require(try select.step())
        let translation = Array(select.bytes(0)), outside = select.int(2) != 0
        var words: [[[UInt8]]] = []
        var reader = VerseWords.Reader(select.bytes(1))
        while !reader.isAtEnd {
            let next = reader.next()
            let word = try #require(next)
            words.append(
                [
                    word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss,
                    word.alignment, word.punctuation,
                ].map { Array($0) })
        }
        select.reset()
        change(&words)
        var packed: [UInt8] = []
        for word in words { for field in word { field.withUnsafeBufferPointer { VerseWords.append($0, to: &packed) } } }
        let checksum = translation.withUnsafeBufferPointer { translation in
            packed.withUnsafeBufferPointer { packed in
                VerseChecksum.of(key: key, translation: translation, words: packed, morphemes: nil, outside: outside)
            }
        }
        let update = try database.prepare("UPDATE verse_words SET words = ?1 WHERE id = ?2")
        try update.bind([packed, key] as [any StatementValue])
        try update.run()
        try database.execute("UPDATE verse SET checksum = \(checksum) WHERE id = \(key)")
        database.close()
    }

    /// The first word of Strong's G3056 in John 1: its verse key and position.
    private func firstHit(_ url: URL) throws -> (verse: Int, position: Int) {
        let database = try StoreIndex.openPair(store: url.path, readOnly: true)
        let select = try database.prepare(
            """
            SELECT verse, position FROM word WHERE strongs_number = 3056 AND verse BETWEEN 43001000 AND 43001999
            ORDER BY verse, position LIMIT 1
            """)
        try #require(try select.step())
        return (select.int(0), select.int(1))
    }

    /// A search checks the fields it prints as text and their codes' syntax itself, not only by the verse's
    /// checksum: a verse whose checksum was computed again over unclean bytes is refused where they would be printed.
    /// The wording is the chapter read's (`StoredChapterCheck`), which refuses the same fields.
    @Test("a verse re-summed over a control character in the context it shows: refused")
    func resummedContextWord() throws {
        let url = try store("resummed-context")
        let hit = try firstHit(url)
        #expect(hit.position > 0)
        // The word before the hit, shown in its context; its search row is left alone.
        try resum(hit.verse, in: url) { words in words[hit.position - 1][0] += [0x07] }
        expectOneErrorLine(
            try interlinear("search", "G3056", corpus: url), status: 65,
            ["is damaged", "word \(hit.position) of John 1:\(hit.verse % 1000)", "control character"])
    }

    @Test("a verse re-summed with a hit's morphology code unparseable, its search row alike: refused")
    func resummedHitCode() throws {
        let url = try store("resummed-code")
        let hit = try firstHit(url)
        try resum(hit.verse, in: url) { words in words[hit.position][4] = Array("no code".utf8) }
        try sqlite(
            url, "UPDATE word SET morphology = 'no code' WHERE verse = \(hit.verse) AND position = \(hit.position)")
        expectOneErrorLine(
            try interlinear("search", "G3056", corpus: url), status: 65,
            ["is damaged", "word \(hit.position + 1) of John 1:\(hit.verse % 1000)", "bad morphology code"])
    }
}
