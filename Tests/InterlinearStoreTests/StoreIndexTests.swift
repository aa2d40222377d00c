import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// The store's second file, its search index (`StoreIndex`): a chapter's read never opens it, so `typeset` reads a
/// store whose index is gone; a command that searches refuses an index that is missing, damaged, not ours or of
/// another import in one line with the command that rebuilds it; an import writes the two with one pairing id. The
/// ids are read with Python's own sqlite3, not the code under test.
@Suite("Store search index", .serialized) struct StoreIndexTests {
    private func store(_ name: String) throws -> URL {
        try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "\(name).sqlite")
    }

    private func index(of store: URL) -> URL { StoreIndex.files(of: store)[1] }

    private func typeset(_ store: URL) throws -> ProcessResult {
        try run(interlinearBinary, ["typeset", "John 1", "--corpus", store.path, "--no-cache"])
    }

    private func search(_ store: URL) throws -> ProcessResult {
        try run(interlinearBinary, ["search", "G3056", "--corpus", store.path])
    }

    /// The pairing ids of a store's two files, as Python's sqlite3 reads them.
    private func pairing(_ store: URL) throws -> [String] {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                """
                import sqlite3, sys
                store = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
                index = sqlite3.connect(f"file:{sys.argv[2]}?mode=ro", uri=True)
                print(store.execute("SELECT value FROM meta WHERE key = 'index'").fetchone()[0])
                print(*[row[0] for row in index.execute("SELECT id FROM pair")])
                """,
                store.path, index(of: store).path,
            ])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    @Test func anImportPairsTheTwoFiles() throws {
        let url = try store("paired")
        let ids = try pairing(url)
        #expect(ids.count == 2 && ids[0] == ids[1] && !ids[0].isEmpty, "\(ids)")
        // Another import's pair has an id of its own.
        let other = try pairing(try StoreFixture.committedBible.get())
        #expect(other[0] != ids[0])
        // No incoming file is left beside them.
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(names.sorted() == ["paired.search.sqlite", "paired.sqlite"], "\(names)")
    }

    @Test func aChapterIsReadWithoutTheIndex() throws {
        let sound = try store("sound")
        let expected = try typeset(sound)
        #expect(expected.status == 0 && expected.stdout.count > 100_000, "\(expected.stderr)")
        let url = try store("no-index")
        #expect(unlink(index(of: url).path) == 0)
        let result = try typeset(url)
        #expect(result.status == 0 && result.stdout == expected.stdout, "\(result.stderr)")
        expectOneErrorLine(
            try search(url), status: 65,
            ["is damaged", "its search index \(index(of: url).path) is missing", "run `interlinear import`"])
    }

    @Test func anotherImportsIndexIsRefused() throws {
        let url = try store("unpaired")
        #expect(unlink(index(of: url).path) == 0)
        try FileManager.default.copyItem(at: index(of: try StoreFixture.committedBible.get()), to: index(of: url))
        expectOneErrorLine(
            try search(url), status: 65, ["was written by another import", "run `interlinear import`"])
        #expect(try typeset(url).status == 0)
        // A chapter's import into it is refused the same way, both files left as they were.
        let before = try StoreIndex.files(of: url).map { try Data(contentsOf: $0) }
        let chapter = try CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")]).load(
            ChapterReference(book: try #require(Book.named("John")), chapter: 1), into: StringTableBuilder())
        #expect { try StoreImport.write([chapter], to: url, replace: false, source: "test") } throws: {
            String(describing: $0).contains("was written by another import")
        }
        #expect(try StoreIndex.files(of: url).map { try Data(contentsOf: $0) } == before)
    }

    @Test func aDamagedOrForeignIndexIsRefused() throws {
        let garbage = try store("garbage-index")
        try Data(repeating: 0x5A, count: 8192).write(to: index(of: garbage))
        expectOneErrorLine(
            try search(garbage), status: 65, ["its search index", "not an SQLite database, or a damaged one"])
        // Another program's database in its place.
        let foreign = try store("foreign-index")
        #expect(unlink(index(of: foreign).path) == 0)
        let marked = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                "import sqlite3, sys; d = sqlite3.connect(sys.argv[1]); d.execute('CREATE TABLE notes(x)'); d.commit()",
                index(of: foreign).path,
            ])
        try #require(marked.status == 0, "\(marked.stderr)")
        expectOneErrorLine(try search(foreign), status: 65, ["its search index", "is not of its version"])
    }

    @Test func aFIFOAsTheIndexIsRefusedWithoutBlocking() throws {
        let url = try store("fifo-index")
        #expect(unlink(index(of: url).path) == 0)
        #expect(mkfifo(index(of: url).path, 0o600) == 0)
        expectOneErrorLine(try search(url), status: 66, ["FIFO", "not a regular file"])
        #expect(try typeset(url).status == 0)
    }

    @Test func aChapterImportWritesBothFilesInOneTransaction() throws {
        let url = try store("chapter-import")
        let ids = try pairing(url)
        let expected = try search(url)
        #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(expected.stderr)")
        let chapter = try CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")]).load(
            ChapterReference(book: try #require(Book.named("John")), chapter: 1), into: StringTableBuilder())
        _ = try StoreImport.write([chapter], to: url, replace: false, source: "test")
        #expect(try pairing(url) == ids, "a chapter's import keeps the pair")
        let again = try search(url)
        #expect(again.status == 0 && again.stdout == expected.stdout, "\(again.stderr)")
    }
}
