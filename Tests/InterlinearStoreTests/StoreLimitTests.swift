import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// The store is a reader of data too: a damaged or hand-edited store is bounded at the door like a chapter file —
/// the label format's per-verse limits, valid UTF-8, no control characters — and refused in one line.
@Suite struct StoreLimitTests {
    /// A copy of the committed-chapters store with `sql` applied, each verse's packed words then derived again from
    /// its word rows (`VerseWords.rebuild`, as the migration from version 1 derives them), so the damage reaches
    /// what the loader reads as well as what search reads.
    static func damaged(_ name: String, _ sql: String) throws -> URL {
        let url = try StoreFixture.copy(of: StoreFixture.committed.get(), named: "\(name).sqlite")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        try database.execute(sql)
        try VerseWords.rebuild(database)
        database.close()
        return url
    }

    static let john = ChapterReference(parsing: "John 1") ?? ChapterReference(book: Book.all[0], chapter: 1)

    @Test func aVerseOf65537WordsIsRefusedBeforeLayout() throws {
        // 65,537 words in John 1:1 (positions past the real ones), made by a recursive query.
        let url = try Self.damaged(
            "words",
            """
            WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 100 + 65536)
            INSERT INTO word SELECT 43001001, i, 'λ', 'l', 'λ', 'G1', 'N', 'w', '', 'λ', 'λ', 1, '' FROM n;
            """)
        #expect {
            try CorpusStore(url: url).load(Self.john, into: StringTableBuilder())
        } throws: { error in
            String(describing: error).contains("John 1:1 has more than 65536 words, the most a verse can hold")
        }
        // Through the command: one line, a data-error status, no output file.
        let output = url.deletingLastPathComponent().appendingPathComponent("out.json")
        let result = try interlinear("typeset", "John 1", "--corpus", url.path, "--output", output.path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("interlinear: error: the corpus store ")
                && result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aVerseOf65537TranslationTokensIsRefused() throws {
        let url = try Self.damaged(
            "tokens",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 65537)
            UPDATE verse SET translation = (SELECT group_concat('a', ' ') FROM n) WHERE id = 43001002;
            """)
        #expect {
            try CorpusStore(url: url).load(Self.john, into: StringTableBuilder())
        } throws: { String(describing: $0).contains("John 1:2 has more than 65536 translation tokens") }
    }

    @Test func anEscapeSequenceInAStoredFieldIsRefusedEscaped() throws {
        let url = try Self.damaged(
            "escape", "UPDATE word SET gloss = char(27) || '[2J' WHERE verse = 43001003 AND position = 0;")
        let result = try interlinear("read", "John 1", "--corpus", url.path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("word 1 of John 1:3 holds the control character \\e"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B })
        #expect(result.stdout.isEmpty)
    }

    /// The field checks a chapter file's parser makes, and its size bounds, hold for stored rows too.
    @Test(arguments: [
        (
            "UPDATE word SET gloss = printf('%.*c', 2000000, 'x') WHERE verse = 43001003 AND position = 0",
            "a field of word 1 of John 1:3 is 2000000 bytes; a field holds at most 1048576"
        ),
        (
            "UPDATE word SET strongs = 'G' WHERE verse = 43001003 AND position = 0",
            "word 1 of John 1:3 has a bad Strong's number 'G'"
        ),
        (
            "UPDATE word SET surface = '' WHERE verse = 43001003 AND position = 1",
            "word 2 of John 1:3 has an empty surface"
        ),
        (
            "UPDATE word SET morphology = 'N NSM' WHERE verse = 43001004 AND position = 0",
            "word 1 of John 1:4 has a bad morphology code 'N NSM'"
        ),
        (
            "UPDATE word SET surface = x'ceff' WHERE verse = 43001005 AND position = 0",
            "word 1 of John 1:5 is not valid UTF-8"
        ),
    ])
    func badFieldsAndOversizedFieldsAreRefused(sql: String, message: String) throws {
        let url = try Self.damaged("fields", sql + ";")
        #expect {
            try CorpusStore(url: url).load(Self.john, into: StringTableBuilder())
        } throws: { error in
            (error as? StoreError) == .badRow(path: url.path, what: message)
        }
    }

    /// A word's codes are tested once per string and builder (`StringTableBuilder.passes`), and only for the check
    /// they passed: a Hebrew word's Strong's numbers, a Greek word's, or a morphology code that an earlier chapter
    /// in the same builder passed is tested again where it stands for another field, and refused there.
    @Test(arguments: [
        (
            "John 1", "UPDATE word SET strongs = 'H430' WHERE verse = 43001003 AND position = 0", "word 1 of John 1:3",
            "'H430'"
        ),
        (
            "Genesis 1", "UPDATE word SET strongs = 'G3056' WHERE verse = 1001003 AND position = 0",
            "word 1 of Genesis 1:3", "'G3056'"
        ),
        (
            "John 1", "UPDATE word SET strongs = 'N-NSM' WHERE verse = 43001004 AND position = 0", "word 1 of John 1:4",
            "'N-NSM'"
        ),
    ])
    func aCodeThatPassedAsOneFieldIsTestedAsAnother(chapter: String, sql: String, word: String, code: String) throws {
        let url = try StoreFixture.copy(of: StoreFixture.committedBible.get(), named: "codes.sqlite")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        // The packed words derived again from the damaged rows; the Hebrew verses keep their packed morphemes.
        try database.execute("CREATE TEMP TABLE kept AS SELECT id, morphemes FROM verse_words; \(sql);")
        try VerseWords.rebuild(database)
        try database.execute(
            "UPDATE verse_words SET morphemes = (SELECT morphemes FROM kept WHERE kept.id = verse_words.id)")
        database.close()
        let strings = StringTableBuilder()
        let intact = try CorpusStore(url: StoreFixture.committedBible.get(), upgrade: false)
        for name in ["Genesis 1", "John 1"] {
            // Each code passes here first: H430 and G3056 as Strong's numbers, N-NSM as a morphology code.
            let reference = try #require(ChapterReference(parsing: name))
            _ = try #require(try intact.load(reference, into: strings))
        }
        let damaged = try #require(ChapterReference(parsing: chapter))
        #expect {
            try CorpusStore(url: url).load(damaged, into: strings)
        } throws: { error in
            (error as? StoreError) == .badRow(path: url.path, what: "\(word) has a bad Strong's number \(code)")
        }
    }

    /// Rows for a chapter a book does not have, or for a chapter the import never recorded, are refused when read,
    /// and a chapter the book lacks is not offered as a chapter that opens.
    @Test func rowsOfAChapterTheBookLacksOrNeverImportedAreRefused() throws {
        let url = try Self.damaged(
            "chapters",
            """
            INSERT INTO verse(id, translation, outside) VALUES (43101001, 'In', 0), (1001001, 'In', 0);
            """)
        let store = try CorpusStore(url: url)
        #expect(try !store.availableChapters().contains { $0.book.osis == "John" && $0.chapter == 101 })
        #expect {
            try store.load(ChapterReference(book: Self.john.book, chapter: 101), into: StringTableBuilder())
        } throws: {
            ($0 as? StoreError) == .badRow(path: url.path, what: "it holds rows for John 101, but John has 21 chapters")
        }
        let genesis = try #require(ChapterReference(parsing: "Genesis 1"))
        #expect {
            try store.load(genesis, into: StringTableBuilder())
        } throws: {
            ($0 as? StoreError)
                == .damagedChapter(
                    path: url.path, reference: "Genesis 1",
                    detail: "holds verses of Genesis 1 but no record of what it should hold")
        }
    }

    /// `search` prints stored fields: a hit on a damaged word is refused in one escaped line, nothing raw printed.
    @Test func searchRefusesAnEscapeSequenceInAStoredField() throws {
        let url = try Self.damaged(
            "search-escape", "UPDATE word SET gloss = char(27) || '[2J' WHERE verse = 43001003 AND position = 0;")
        for arguments in [["search", "πᾶς", "--corpus", url.path], ["search", "πᾶς", "--json", "--corpus", url.path]] {
            let result = try run(interlinearBinary, arguments, directory: packageRoot)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(
                result.stderr
                    == "interlinear: error: the corpus store \(url.path) is damaged: a word of John 1:3 holds the "
                    + "control character \\e; run `interlinear import` to rebuild it\n")
            #expect(result.stdout.isEmpty)
        }
        // A search that does not reach the damaged chapter still answers (its hits are checked against their own
        // chapters, so any hit in John 1 is refused with it).
        let clean = try interlinear("search", "πνεῦμα", "--in", "Rom", "--corpus", url.path)
        #expect(clean.status == 0 && clean.stdoutText.contains("Romans 8:"), "\(clean.stderr)")
    }

    /// A query's quotes are doubled scalar by scalar for FTS5: a quote with a combining mark on it (one Character)
    /// once reached FTS5 undoubled and failed as "unterminated string" (found by the store-row fuzz harness).
    @Test(arguments: ["\"\u{0614}", "a\"\u{0301}b", "\"\u{0301}\"", "love\"\u{0300}*"])
    func quotesWithCombiningMarksAreSearchedNotAnError(query: String) throws {
        let store = try CorpusStore(url: StoreFixture.committed.get())
        #expect(throws: Never.self) { try StoreSearch(store: store).run(SearchQuery(text: query, kind: .text)) }
    }
}
