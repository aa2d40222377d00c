import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Issue 39: every table the program serves is inside the store's integrity check or rebuilt from checked data. The
/// search tables, the lexicon, the versification table and the spelling index could be changed in the store and
/// were served with exit 0 (chapters were checked already). Each test changes one table in a copy of a store, as an editor or a bad disk
/// would, and runs the command that serves it: one line naming the damage and the rebuild, exit 65.
@Suite("Tables outside the chapters' checksums", .serialized) struct TableIntegrityTests {
    private func copy(_ fixture: Result<URL, any Error>, _ name: String) throws -> URL {
        try StoreFixture.copy(of: try fixture.get(), named: "\(name).sqlite")
    }

    private func interlinear(_ arguments: String..., corpus: URL) throws -> ProcessResult {
        try run(interlinearBinary, arguments + ["--corpus", corpus.path])
    }

    private func expectRefused(
        _ result: ProcessResult, _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectOneErrorLine(
            result, status: 65, ["is damaged"] + fragments + ["run `interlinear import`"],
            sourceLocation: sourceLocation)
    }

    @Test("a word's search row changed: the hit is refused, not printed")
    func wordRowChanged() throws {
        let url = try copy(StoreFixture.committed, "word-gloss")
        #expect(try interlinear("search", "G3056", corpus: url).status == 0)
        try sqlite(url, "UPDATE word SET gloss = 'Verb' WHERE verse = 43001001 AND position = 4")
        expectRefused(try interlinear("search", "G3056", corpus: url), "John 1:1 word 5", "search row was changed")
    }

    /// A search checks only its hits' verses, each by its own checksum: a verse no hit is in, changed, is left to the
    /// commands that show it (John 1:2's translation; λόγος is in John 1:1 and 1:14), which refuse the chapter.
    @Test("a verse beside the hits changed: the hits printed as before, the chapter refused where it is shown")
    func verseBesideHitsChanged() throws {
        let url = try copy(StoreFixture.committed, "verse-beside")
        let before = try interlinear("search", "G3056", corpus: url)
        #expect(before.status == 0)
        try sqlite(url, "UPDATE verse SET translation = 'He was with God in the end.' WHERE id = 43001002")
        let after = try interlinear("search", "G3056", corpus: url)
        #expect(after.status == 0 && after.stdout == before.stdout, "\(after.stderr)")
        expectOneErrorLine(
            try interlinear("typeset", "John 1", corpus: url), status: 65,
            ["is damaged", "John 1 has changed since it was imported", "run `interlinear import \"John 1\"`"])
    }

    @Test("a word's search key changed so another word is found: refused")
    func searchKeyChanged() throws {
        let url = try copy(StoreFixture.committed, "word-key")
        // John 1:1's first word is Ἐν; its key made λόγος's, a search for λόγος would list it.
        try sqlite(
            url, "UPDATE word SET lemma_key = '\(Folding.key("λόγος"))' WHERE verse = 43001001 AND position = 0")
        expectRefused(try interlinear("search", "λόγος", "--lemma", corpus: url), "John 1:1 word 1")
    }

    @Test("a Hebrew word's morpheme search rows changed: refused")
    func morphemeRowChanged() throws {
        let url = try copy(StoreFixture.committedBible, "morpheme")
        #expect(try interlinear("search", "H430", "--in", "Gen", corpus: url).status == 0)
        // Genesis 1:1's first word (בְּרֵאשִׁית) given God's number.
        try sqlite(
            url, "UPDATE morpheme SET strongs = 'H430', strongs_number = 430 WHERE verse = 1001001 AND position = 0")
        expectRefused(
            try interlinear("search", "H430", "--in", "Gen", corpus: url), "Genesis 1:1 word 1", "morpheme search rows")
    }

    @Test("the full-text index made to find a verse for a word it does not hold: refused")
    func fullTextIndexChanged() throws {
        let url = try copy(StoreFixture.committed, "fts")
        #expect(try interlinear("search", "zebra", "--text", corpus: url).status == 0)
        // An index entry for John 1:1 without its row changing (the index keeps its own copy of the text, in the
        // store's search index: `StoreIndex`).
        try sqlite(url, "UPDATE verse_text SET translation = 'zebra' WHERE rowid = 43001001")
        expectRefused(try interlinear("search", "zebra", "--text", corpus: url), "John 1:1", "full-text index")
        // A word criterion with the text criterion: the word's verse is checked the same way.
        expectRefused(try interlinear("search", "strongs:G3056 text:zebra", corpus: url), "John 1:1")
    }

    @Test("the morphology table's words are made again from each code: changed words change nothing")
    func morphologyWordsRebuilt() throws {
        let url = try copy(StoreFixture.committed, "morphology")
        let before = try interlinear("search", "aorist active indicative", "--limit", "1000", corpus: url)
        #expect(before.status == 0 && !before.stdout.isEmpty, "\(before.stderr)")
        try sqlite(url, "UPDATE morphology SET words = 'aorist active indicative' WHERE code LIKE 'N-%'")
        let after = try interlinear("search", "aorist active indicative", "--limit", "1000", corpus: url)
        #expect(after.status == 0 && after.stdout == before.stdout, "\(after.stderr)")
    }

    @Test(
        "the lexicon changed, grown, shrunk or vouched for by no checksum: refused",
        arguments: [
            ("changed", "UPDATE lexicon SET definition = 'a deed' WHERE strongs = 'G3056'", "has changed"),
            ("folded", "UPDATE lexicon SET headword_key = 'logoi' WHERE strongs = 'G3056'", "has changed"),
            ("resummed", "UPDATE lexicon SET checksum = checksum + 1 WHERE strongs = 'G3056'", "has changed"),
            // A row without its own checksum (a store migrated from schema 5) is checked by the table's digest.
            (
                "unsummed", "UPDATE lexicon SET checksum = NULL, definition = 'a deed' WHERE strongs = 'G3056'",
                "has changed"
            ),
            (
                "grown",
                """
                INSERT INTO lexicon SELECT 'G3057', language, 3057, headword, headword_key, transliteration,
                    pronunciation, derivation, definition, kjv_usage, text, checksum FROM lexicon
                    WHERE strongs = 'G3056'
                """, "holds 2 rows, not the 1 it recorded"
            ),
            ("shrunk", "DELETE FROM lexicon WHERE strongs = 'G3056'", "holds 0 rows, not the 1 it recorded"),
            ("unvouched", "DELETE FROM meta WHERE key = 'digest:lexicon'", "no checksum recorded"),
        ])
    func lexiconChanged(name: String, sql: String, fragment: String) throws {
        let sound = try StoreLexiconTests.store("digest-sound-\(name)", "SELECT 1")
        #expect(try interlinear("define", "G3056", corpus: sound).status == 0)
        let url = try StoreLexiconTests.store("digest-\(name)", sql)
        expectRefused(try interlinear("define", "G3056", corpus: url), "Strong's lexicon", fragment)
    }

    @Test("the spelling index made to name another lemma: a transliterated search is refused")
    func spellingChanged() throws {
        let url = try copy(StoreFixture.committed, "spelling")
        #expect(try interlinear("search", "translit:logos", corpus: url).status == 0)
        // "logos" made to name θεός's key: the search would list θεός's verses as λόγος's.
        try sqlite(url, "UPDATE spelling SET lemma_key = '\(Folding.key("θεός"))' WHERE key = 'logos'")
        expectRefused(try interlinear("search", "translit:logos", corpus: url), "spelling index", "has changed")
    }

    @Test("the versification table changed: refused where a reference is moved by it")
    func versificationChanged() throws {
        let url = try copy(StoreFixture.committedBible, "versification")
        // Malachi 4:1 in English Bibles is the Hebrew Malachi 3:19 (the BSB's own data), imported as an Old
        // Testament import records it.
        _ = try StoreImport.write(
            [], to: url, replace: false, source: "test",
            versification: Versification(differences: [(english: 39_004_001, hebrew: 39_003_019)]))
        #expect(try interlinear("typeset", "Genesis 1:1", corpus: url).status == 0)
        try sqlite(url, "UPDATE versification SET hebrew = 39003020")
        expectRefused(try interlinear("typeset", "Genesis 1:1", corpus: url), "versification table", "has changed")
    }
}
