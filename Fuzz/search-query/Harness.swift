// libFuzzer harness: the search-query builder (`SearchQuery`: a query's named criteria and guessed kinds;
// `TextQuery.fts5`: the translation-text criterion as an FTS5 MATCH expression) run as `search` runs it
// (`StoreSearch.run`) against a real store, compiled into one module with the Store sources by scripts/fuzz (the
// Corpus module beside it, SQLite through its module map). A query is typed by anyone: it must never become SQL or
// FTS5 syntax we did not mean, nor a trap.
//
// The store is made once per process, in memory, with the real schema: John 1 from the committed chapter file,
// written by the store's own writer, and one verse made longer than snippet()'s bound (`StoreSearch.snippetCharacters`)
// so that contexts cut by `StoreSearch.window` are reached too. The input is the query text; its first byte picks a
// flag (`--lemma`, `--word`, `--strongs`, `--morph`, `--text`, `translit:`, none: the text names or guesses its kinds).
//
// Whatever the text: hits are within the count, in the store's chapters, hold no control characters; a text hit's
// matched word is in its verse and its context has at most `snippetTokens` words; a refusal is a `SearchError`, one
// bounded line without control characters — FTS5 never sees a term unquoted (no "unterminated string", no column
// filter, no "unknown special query"). Anything else is a crash.

import Foundation
import InterlinearCorpus

private struct Fixture {
    let store: CorpusStore
    /// Verse key → its translation, to check that a matched word is in its verse.
    let verses: [Int: String]
}

nonisolated(unsafe) private var shared: Fixture?

private func makeFixture() -> Fixture {
    do {
        let database = try Database(path: ":memory:", readOnly: false, create: true)
        try StoreIndex.attachFile(":memory:", to: database)  // the search index (`StoreIndex`), in memory too
        try CorpusStore.migrate(database)
        let path = "Corpus/chapters/43-John/01.tsv"
        let strings = StringTableBuilder()
        var chapter = try ChapterFile.parse(String(contentsOfFile: path, encoding: .utf8), path: path, strings: strings)
        chapter.freeze(strings)
        try database.execute("BEGIN")
        try StoreWriter(database).write(chapter)
        // John 1:2 made 1,200 tokens long (past the snippet bound), the word "Word" in its middle.
        try database.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
            UPDATE verse SET translation = (SELECT group_concat(CASE WHEN i = 600 THEN 'Word' ELSE 'he was' END, ' ') FROM n)
            WHERE id = 43001002;
            UPDATE verse_text SET translation = (SELECT translation FROM verse WHERE id = 43001002)
            WHERE rowid = 43001002;
            COMMIT;
            """)
        // The longer verse is the chapter's now: its checksum recorded again, as an import would (search hits are
        // checked against the checked chapter), and the spelling index's digest, as an import records it.
        try ChapterDigest.rebuild(database)
        try TableDigest.record(database, .spelling)
        var verses: [Int: String] = [:]
        let statement = try database.prepare("SELECT id, translation FROM verse")
        while try statement.step() { verses[statement.int(0)] = statement.text(1) }
        return Fixture(store: CorpusStore(database: database, url: URL(fileURLWithPath: "fuzz.sqlite")), verses: verses)
    } catch {
        fatalError("cannot make the store (run from the package root, as scripts/fuzz does): \(error)")
    }
}

private let flags: [SearchQuery.Kind?] = [nil, .lemma, .word, .strongs, .morph, .text, .translit]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fixture = shared ?? makeFixture()
    shared = fixture
    guard size > 0 else { return 0 }
    let kind = flags[Int(data[0]) % flags.count]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let query = SearchQuery(text: text, kind: kind, limit: 20)
    do {
        let result = try StoreSearch(store: fixture.store).run(query)
        precondition(
            result.hits.count <= min(result.total, query.limit), "\(result.hits.count) hits of \(result.total)")
        precondition(result.counts.reduce(0) { $0 + $1.hits } == result.total, "the counts do not add up")
        for hit in result.hits {
            precondition(hit.chapter.description == "John 1", "a hit outside the store: \(hit.reference)")
            for field in [hit.matched, hit.context, hit.lemma ?? "", hit.gloss ?? ""] {
                precondition(TextCheck.firstControl(field) == nil, "a control character in \(hit)")
            }
            guard hit.word == nil else { continue }
            // A text hit: its context is at most the window, and what it matched is in its verse.
            precondition(hit.context.split(separator: " ").count <= StoreSearch.snippetTokens, "context \(hit.context)")
            guard let verse = fixture.verses[43_001_000 + hit.verse] else { fatalError("no verse \(hit.verse)") }
            precondition(verse.contains(hit.matched), "'\(hit.matched)' is not in John 1:\(hit.verse)")
        }
    } catch let error as SearchError {
        let message = error.description
        precondition(!message.contains("\n") && message.unicodeScalars.count <= 400, "refusal: \(message)")
        precondition(!message.unicodeScalars.contains(where: EscapedText.needsEscape), "control character: \(message)")
        for leak in ["unterminated string", "no such column", "unknown special query"] {
            precondition(!message.contains(leak), "FTS5 saw a term unquoted: \(message)")
        }
    } catch {
        fatalError("a query gave an error that is not a refusal: \(error)")
    }
    return 0
}
