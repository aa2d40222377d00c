import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// The store as bad luck and attackers leave it (issue 25): each fault is one line on stderr saying what to do,
/// with the README's exit status; a read never changes the file; an interrupted write heals on the next open.
@Suite("Store faults", .serialized) struct StoreFaultTests {
    private func store() throws -> URL {
        try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "interlinear.sqlite")
    }

    private func typeset(_ store: URL, _ reference: String = "John 1") throws -> ProcessResult {
        try run(interlinearBinary, ["typeset", reference, "--corpus", store.path, "--no-cache"])
    }

    /// One line on stderr, `interlinear: error: …` holding every fragment; nothing on stdout.
    private func expectOneLine(
        _ result: ProcessResult, status: Int32, _ fragments: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectOneErrorLine(result, status: status, fragments, sourceLocation: sourceLocation)
    }

    private func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("user_version −1 (or any negative) is a newer store, not a trap", arguments: [-1, Int(Int32.min)])
    func negativeVersion(version: Int) throws {
        let url = try store()
        try sqlite(url, "PRAGMA user_version = \(version)")
        let before = try bytes(url)
        expectOneLine(
            try typeset(url), status: 65, "schema version \(UInt32(bitPattern: Int32(version)))",
            "update interlinear or rebuild the store")
        #expect(try bytes(url) == before)
        // The importer's open (which migrates) refuses it the same way.
        #expect(
            throws: StoreError.tooNew(
                path: url.path, version: Int(UInt32(bitPattern: Int32(version))),
                supported: Schema.version)
        ) { try CorpusStore(url: url) }
    }

    @Test("a read never migrates: an older store is refused with the command that upgrades it, unchanged")
    func readsDoNotMigrate() throws {
        let url = try store()
        try sqlite(
            url,
            """
            DROP TABLE verse_words;
            UPDATE meta SET value = 'interlinear store 1' WHERE key = 'format';
            PRAGMA user_version = 1;
            """)
        let before = try bytes(url)
        expectOneLine(try typeset(url), status: 65, "schema version 1, older", "interlinear import")
        #expect(try bytes(url) == before, "the read left the file as it was")
        // The read-only case: a file this user cannot write (as root, access(2) still allows it; the refusal holds
        // either way, since a read never upgrades).
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        expectOneLine(try typeset(url), status: 65, "older", "interlinear import")
        #expect(try bytes(url) == before)
    }

    @Test("a dropped table is damage with the command that rebuilds the store")
    func droppedTable() throws {
        let url = try store()
        try sqlite(url, "DROP TABLE verse_words")
        expectOneLine(try typeset(url), status: 65, "is damaged", "no such table: verse_words", "interlinear import")
    }

    @Test("a damaged full-text index is damage, said in one line")
    func damagedSearchIndex() throws {
        let url = try store()
        try sqlite(url, "DELETE FROM verse_text_data; DELETE FROM verse_text_idx;")
        let result = try run(interlinearBinary, ["search", "--corpus", url.path, "beginning"])
        expectOneLine(result, status: 65, "is damaged", "interlinear import")
    }

    @Test("a store locked past the wait says to try again, exit 75")
    func locked() throws {
        let url = try store()
        // Another process holds the write lock (an import would) while the command reads.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); sys.stdin.read()
            """, url.path,
        ]
        let out = Pipe(), input = Pipe()
        holder.standardOutput = out
        holder.standardInput = input
        try holder.run()
        // Closing its stdin ends the holder (and its lock).
        defer { try? input.fileHandleForWriting.close(); holder.waitUntilExit() }
        _ = out.fileHandleForReading.availableData  // "locked": the lock is held
        expectOneLine(try typeset(url), status: 75, "locked by another process", "try again")
    }

    @Test("a FIFO, a folder or a symbolic-link loop as the store: one line, exit 66, nothing blocks")
    func notAStore() throws {
        let folder = StoreFixture.folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo.sqlite")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        expectOneLine(try typeset(fifo), status: 66, "FIFO", "not a regular file")
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        expectOneLine(try typeset(loop), status: 66, "symbolic links")
    }

    /// Issue 39: SQLite looks for a hot journal on every read and opens `-journal`, `-wal` and `-shm` beside the store
    /// as they are: a FIFO there blocked every command of every user of the store, a link was written through.
    @Test(
        "a FIFO or a symbolic link at the store's journal, WAL or shared-memory file: one line, exit 66, nothing blocks",
        arguments: ["-journal", "-wal", "-shm"])
    func sideFileNotARegularFile(suffix: String) throws {
        let url = try store()
        let side = url.path + suffix
        #expect(mkfifo(side, 0o600) == 0)
        let fifo = "\(url.lastPathComponent)\(suffix) is a FIFO (named pipe), not a regular file"
        expectOneLine(try typeset(url), status: 66, fifo, "remove it")
        expectOneLine(
            try run(interlinearBinary, ["search", "--corpus", url.path, "beginning"]), status: 66, fifo)
        #expect(unlink(side) == 0)
        // A link to another file: refused, and the other file left as it was.
        let other = url.deletingLastPathComponent().appendingPathComponent("other-\(suffix)")
        try Data("another file\n".utf8).write(to: other)
        try FileManager.default.createSymbolicLink(atPath: side, withDestinationPath: other.path)
        expectOneLine(try typeset(url), status: 66, "\(suffix) is a symbolic link, not a regular file")
        let mark = try Self.markFour()
        defer { mark.remove() }
        expectOneLine(
            try run(interlinearBinary, ["import", "Mark 4", "--source", mark.root.path, "--corpus", url.path]),
            status: 66, "\(suffix) is a symbolic link")
        #expect(try Data(contentsOf: other) == Data("another file\n".utf8))
        // Removed, the store reads again.
        #expect(unlink(side) == 0)
        #expect(try typeset(url).status == 0)
    }

    /// A miniature source folder holding Mark 4:1's first word: what an import test checks is the store.
    static func markFour() throws -> FakeAlignmentsData {
        try FakeAlignmentsData(
            sourceRows: ["n41004001001\tΚαὶ-1\tΚαὶ\tG2532\tAnd\tand\tκαί\tconj\tCONJ"],
            targetRows: ["41004001001\t41004001\tAnd\t\t\t\t"])
    }

    /// Issue 39: a store whose version mark is older than its tables made the importer's upgrade fail with SQLite's
    /// words and exit 74 (`duplicate column name: morphemes`). It is damage: exit 65, one line saying so.
    /// A store marked older than version 5 is not upgraded at all (no step can give it the text's order and
    /// punctuation), so the mark never reaches a migration that its tables contradict: one line asking for a
    /// rebuild, where SQLite's "duplicate column name" once came out as exit 74.
    @Test("a store marked older than its tables: one line asking for a rebuild, exit 65", arguments: [1, 2])
    func versionMarkOlderThanTables(version: Int) throws {
        let url = try store()
        try sqlite(url, "PRAGMA user_version = \(version)")
        let mark = try Self.markFour()
        defer { mark.remove() }
        let result = try run(
            interlinearBinary, ["import", "Mark 4", "--source", mark.root.path, "--corpus", url.path])
        expectOneLine(
            result, status: 65, "has schema version \(version)", "older than this interlinear reads",
            "run `interlinear import` to rebuild it")
    }

    /// A writer killed mid-transaction, its pages already in the file: only the hot journal's rollback makes the
    /// store whole again. The next command (a read) must roll it back and read what was there before.
    @Test("a hot journal left by a writer killed mid-transaction is rolled back by the next command")
    func hotJournal() throws {
        let url = try store()
        let expected = try typeset(url, "Romans 8")
        #expect(expected.status == 0)
        try killWriterMidTransaction(url)
        let healed = try typeset(url, "Romans 8")
        #expect(healed.status == 0 && healed.stderr.isEmpty, "\(healed.stderr)")
        #expect(healed.stdout == expected.stdout, "the store reads as before the interrupted write")
        #expect(!FileManager.default.fileExists(atPath: url.path + "-journal"))
    }

    /// `typeset` as a user who may read the store but not write it (root drops to nobody with setpriv); nil when
    /// this test process cannot do that (not root, no setpriv).
    private func typesetAsAnotherUser(_ store: URL) throws -> ProcessResult? {
        guard geteuid() == 0, let setpriv = SystemTool.find("setpriv") else {
            print("skipped: needs root and setpriv (util-linux) to read as another user")
            return nil
        }
        var environment = testEnvironment
        environment["INTERLINEAR_CACHE"] = "off"
        return try run(
            setpriv,
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", interlinearBinary.path,
                "typeset", "John 1", "--corpus", store.path,
            ], environment: environment)
    }

    @Test("a hot journal in a store this user cannot write: one line saying who can recover it, exit 74")
    func hotJournalOfAnotherUser() throws {
        let url = try store()
        try killWriterMidTransaction(url)
        guard let result = try typesetAsAnotherUser(url) else { return }
        expectOneLine(result, status: 74, "left mid-write by an interrupted import", "as a user who can write it")
        #expect(FileManager.default.fileExists(atPath: url.path + "-journal"), "nothing was rolled back")
        #expect(try typeset(url).status == 0, "its owner's next command heals it")
    }

    @Test("an older store this user cannot write is refused, not migrated")
    func olderStoreOfAnotherUser() throws {
        let url = try store()
        try sqlite(url, "DROP TABLE verse_words; PRAGMA user_version = 1;")
        let before = try bytes(url)
        guard let result = try typesetAsAnotherUser(url) else { return }
        expectOneLine(result, status: 65, "schema version 1, older", "interlinear import")
        #expect(try bytes(url) == before)
    }

    /// A writer killed mid-transaction with its changed pages already in the file: a hot journal.
    private func killWriterMidTransaction(_ url: URL) throws {
        let writer = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                """
                import os, signal, sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                c.execute('PRAGMA cache_size = 1')          # spill changed pages into the file before the commit
                c.execute('BEGIN IMMEDIATE')
                c.execute("UPDATE verse SET translation = 'gr/ws' || translation")
                c.execute('DELETE FROM verse_words')
                os.kill(os.getpid(), signal.SIGKILL)
                """, url.path,
            ])
        #expect(writer.status != 0, "the writer killed itself mid-transaction")
        #expect(FileManager.default.fileExists(atPath: url.path + "-journal"), "the writer left a hot journal")
    }

    /// The real importer, killed while its transaction is open (its journal exists): the next command reads the
    /// store as before, and the same import then completes. Attempts that finish before the kill still check that.
    @Test(
        "import \"Mark 4\" killed mid-transaction leaves a store the next command uses", StoreFixture.needsSourceData,
        arguments: [SIGKILL, SIGTERM, SIGINT])
    func interruptedChapterImport(signal: Int32) throws {
        let url = try store()
        let folder = url.deletingLastPathComponent()
        let expected = try typeset(url, "Romans 8")
        var caught = 0
        for _ in 0..<6 where caught < 2 {
            let process = Process()
            process.executableURL = interlinearBinary
            process.arguments = ["import", "Mark 4", "--corpus", folder.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning && !FileManager.default.fileExists(atPath: url.path + "-journal") { usleep(200) }
            if process.isRunning { kill(process.processIdentifier, signal) }
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { caught += 1 }
            let next = try typeset(url, "Romans 8")
            #expect(next.status == 0 && next.stdout == expected.stdout, "\(next.stderr)")
            // A journal whose header was never synced is not hot (its pages never reached the file): SQLite leaves
            // it to the next write, which the import below is.
        }
        print("import \"Mark 4\" interrupted by signal \(signal) mid-transaction \(caught) times")
        let again = try run(interlinearBinary, ["import", "Mark 4", "--corpus", folder.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try typeset(url, "Mark 4").status == 0)
        #expect(
            !FileManager.default.fileExists(atPath: url.path + "-journal"), "the completed import leaves no journal")
    }
}
