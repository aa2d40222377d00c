import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

@Suite struct StoreTests {
    @Test func chaptersLoadAsTheirFilesDo() throws {
        let store = try CorpusStore(url: try StoreFixture.committed.get())
        let files = CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")])
        let references = try store.availableChapters()
        #expect(references == files.availableChapters().filter { $0.book.testament == .new })
        for reference in references {
            let fromStore = try #require(try store.load(reference, into: StringTableBuilder()))
            let fromFile = try files.load(reference, into: StringTableBuilder())
            #expect(sameChapter(fromStore, fromFile), "\(reference)")
        }
        #expect(try store.load(#require(ChapterReference(parsing: "Mark 4")), into: StringTableBuilder()) == nil)
    }

    @Test func missingChapterNamesTheNearestAndTheCommand() throws {
        let url = try StoreFixture.committed.get()
        let library = ChapterLibrary(
            storeURL: url, store: try CorpusStore(url: url), committed: CorpusLibrary(roots: []))
        let mark = try #require(ChapterReference(parsing: "Mark 4"))
        #expect(library.nearest(to: mark).map(\.description) == ["Matthew 1", "John 1", "Romans 8"])
        #expect(throws: StoreError.self) { try library.load(mark, into: StringTableBuilder()) }
        // A typed value: where it was looked for and the nearest chapters; the command that imports it is the
        // command line's advice (ImportTests sees it on stderr), never in the library's message.
        guard case .missingChapter(let missing) = library.missing(mark) else {
            Issue.record("not a missing chapter: \(library.missing(mark))")
            return
        }
        #expect(missing.reason == .notInStore(path: url.path) && missing.importable)
        #expect(missing.nearest.map(\.description) == ["Matthew 1", "John 1", "Romans 8"])
        let message = missing.description
        #expect(!message.contains("interlinear import") && !message.contains("scripts/setup"), "\(message)")
        #expect(message.contains("Matthew 1, John 1, Romans 8"), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// The committed chapters are found only when a chapter is not in the store (finding them costs more than
    /// reading the chapter's rows).
    @Test func committedChaptersAreFoundOnlyWhenTheStoreLacksTheChapter() throws {
        let url = try StoreFixture.committed.get()
        final class Count { var value = 0 }
        let found = Count()
        let files = CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")])
        let library = ChapterLibrary(
            storePath: url.path, store: try CorpusStore(url: url),
            findingCommitted: {
                found.value += 1
                return files
            })
        let john = try library.load(try #require(ChapterReference(parsing: "John 1")), into: StringTableBuilder())
        #expect(john.verses.count == 51)
        #expect(found.value == 0)
        // Genesis 1 is only a committed chapter file (the store holds the New Testament).
        let genesis = try library.load(try #require(ChapterReference(parsing: "Genesis 1")), into: StringTableBuilder())
        #expect(genesis.verses.count == 31)
        #expect(library.availableChapters().contains(try #require(ChapterReference(parsing: "Genesis 1"))))
        #expect(found.value == 1)
    }

    @Test func neighboursCrossBooks() throws {
        let url = try StoreFixture.committed.get()
        let library = ChapterLibrary(
            storeURL: url, store: try CorpusStore(url: url), committed: CorpusLibrary(roots: []))
        let john = try #require(ChapterReference(parsing: "John 1"))
        #expect(library.chapter(1, from: john)?.description == "Romans 8")
        #expect(library.chapter(-1, from: john)?.description == "Matthew 1")
        #expect(library.chapter(-1, from: try #require(ChapterReference(parsing: "Matt 1"))) == nil)
        #expect(library.chapter(1, from: try #require(ChapterReference(parsing: "Rev 22"))) == nil)
    }

    @Test func versesOfAPassage() throws {
        let url = try StoreFixture.committed.get()
        let library = ChapterLibrary(
            storeURL: url, store: try CorpusStore(url: url), committed: CorpusLibrary(roots: []))
        let chapter = try library.load(try #require(Passage(parsing: "John 1:14–18")), into: StringTableBuilder())
        #expect(chapter.verses.map(\.number) == [14, 15, 16, 17, 18])
        #expect(throws: StoreError.self) {
            try library.load(try #require(Passage(parsing: "John 1:50-60")), into: StringTableBuilder())
        }
    }

    @Test func foreignDamagedAndNewerFilesAreRefused() throws {
        let folder = StoreFixture.folder.appendingPathComponent("refused-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = folder.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: garbage)
        #expect { try CorpusStore(url: garbage) } throws: { error in
            guard case .corrupt? = error as? StoreError else { return false }
            return true
        }
        // A real store cut short: the header survives, the pages do not.
        let truncated = try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "truncated.sqlite")
        let handle = try FileHandle(forWritingTo: truncated)
        try handle.truncate(atOffset: 8192 * 3)
        try handle.close()
        #expect(throws: StoreError.self) {
            let store = try CorpusStore(url: truncated)
            for reference in try store.availableChapters() { _ = try store.load(reference, into: StringTableBuilder()) }
        }

        let newer = try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "newer.sqlite")
        try sqlite(newer, "PRAGMA user_version = 99")
        #expect { try CorpusStore(url: newer) } throws: { error in
            guard case .tooNew(_, 99, _)? = error as? StoreError else { return false }
            return true
        }
    }

    /// The CLI as users meet a broken store: one line on stderr, exit 65 (bad data), no output.
    @Test(arguments: ["corrupt", "foreign"]) func commandsRefuseABrokenStore(kind: String) throws {
        let folder = StoreFixture.folder.appendingPathComponent("cli-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("interlinear.sqlite")
        if kind == "corrupt" {
            try Data("this is not a database, just text written over it\n".utf8).write(to: store)
        } else {
            try sqlite(store, "CREATE TABLE photos(id INTEGER PRIMARY KEY, path TEXT); PRAGMA application_id = 1234")
        }
        for arguments in [["read", "Mark 4"], ["typeset", "John 1"], ["search", "λόγος"]] {
            let result = try run(
                interlinearBinary, arguments, environment: ["INTERLINEAR_DATA": folder.path, "HOME": folder.path],
                directory: folder)
            #expect(result.status == 65, "\(arguments): \(result.status)")
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("interlinear: error: "))
            #expect(result.stderr.contains(kind == "corrupt" ? "is damaged" : "another program"), "\(result.stderr)")
            #expect(result.stderr.contains(store.path))
        }
    }
}

/// Runs SQL on a database file (created if missing) through the store's connection type.
func sqlite(_ url: URL, _ sql: String) throws {
    let database = try StoreIndex.openPair(store: url.path, readOnly: false, create: true)
    try database.execute(sql)
}
