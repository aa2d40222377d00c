import Foundation
import InterlinearCorpus
import InterlinearNotes
import InterlinearTestSupport
import Testing

@testable import InterlinearCLI

/// `interlinear note`, as a user runs it: notes kept in a file of their own, exported and imported to the same bytes,
/// anchored to the words the source names, written safely by processes at once and through `kill -9`, and a damaged,
/// foreign or linked file refused and left as it was.
@Suite struct NoteCommandTests {
    static let oracles = packageRoot.appendingPathComponent("Tests/InterlinearCLITests/Oracles")

    /// A folder of its own for a test's notes file.
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func note(_ file: URL, _ arguments: String...) throws -> ProcessResult {
        try run(interlinearBinary, ["note"] + arguments + ["--notes", file.path])
    }

    static func expectOneLine(
        _ result: ProcessResult, status: Int32, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            result.stderr.split(separator: "\n").count == 1 && result.stderr.hasPrefix("interlinear: error: "),
            "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func exportThenImportIntoAnEmptyFileThenExportIsByteIdentical() throws {
        let folder = try Self.folder("roundtrip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.sqlite")
        for arguments in [
            ["add", "John 1:1", "the Word", "--word", "5", "--label", "logos", "--label", "prologue"],
            ["add", "John 1:14", "tabernacled among us\nsee Exodus 40"],
            ["add", "John 1:29", "--bookmark"],
            ["add", "Genesis 1:4", "light and darkness", "--word", "4-5"],
            ["add", "Genesis 1:1", "--highlight", "yellow"],
        ] {
            let result = try run(interlinearBinary, ["note"] + arguments + ["--notes", notes.path])
            #expect(result.status == 0 && result.stdoutText.hasPrefix("added "), "\(arguments): \(result.stderr)")
        }
        let first = try Self.note(notes, "export")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try schemaViolation(first.stdout, schema: "notes-1") == nil)
        let document = folder.appendingPathComponent("notes.json")
        try first.stdout.write(to: document)
        let empty = folder.appendingPathComponent("empty.sqlite")
        let imported = try Self.note(empty, "import", document.path)
        #expect(
            imported.status == 0 && imported.stdoutText == "imported 5 new, 0 replaced, 0 kept\n", "\(imported.stderr)")
        let second = try Self.note(empty, "export")
        #expect(second.stdout == first.stdout)
        // Importing the same notes again changes nothing.
        #expect(try Self.note(empty, "import", document.path).stdoutText == "imported 0 new, 0 replaced, 5 kept\n")
        // In the order of the text: the Old Testament first, John 1:1's word note before John 1:14.
        let listed = try Self.note(notes, "list", "John 1")
        #expect(listed.status == 0)
        let lines = listed.stdoutText.split(separator: "\n")
        #expect(lines.first == "3 notes in John 1")
        #expect(
            lines.count == 4 && lines[1].hasPrefix("John 1:1 word 5 (λόγος), note")
                && lines[3].hasPrefix("John 1:29, bookmark"))
        let markdown = try Self.note(notes, "export", "--format", "markdown")
        #expect(markdown.stdoutText.hasPrefix("# Notes\n\n## Genesis 1\n"), "\(markdown.stdoutText)")
    }

    /// Genesis 1:4's fourth word, as the WLC source spells it (its morphemes' accented forms, identifiers
    /// 01001004004…, joined), is the word the note keeps.
    @Test(SourceColumns.needsHebrewSource) func aWordNoteKeepsTheSourcesWord() throws {
        let rows = try SourceColumns.rows(of: SourceColumns.hebrewFile, columns: ["identifier", "alt-id"])
        let expected = rows.filter { $0[0].hasPrefix("01001004004") }.sorted { $0[0] < $1[0] }
            .map { $0[1].split(separator: "-").dropLast().joined(separator: "-") }.joined()
        #expect(!expected.isEmpty)
        let folder = try Self.folder("anchor")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.sqlite")
        #expect(try Self.note(notes, "add", "Genesis 1:4", "the light", "--word", "4").status == 0)
        let exported = try Self.note(notes, "export")
        let document = try #require(try JSONSerialization.jsonObject(with: exported.stdout) as? [String: Any])
        let note = try #require((document["notes"] as? [[String: Any]])?.first)
        #expect(note["surfaces"] as? String == expected)
        #expect(note["book"] as? Int == 1 && note["chapter"] as? Int == 1 && note["verse"] as? Int == 4)
        #expect(note["firstWord"] as? Int == 4 && note["lastWord"] as? Int == 4)
    }

    /// A note on Genesis 1:4's fourth word stays on that word after the store it was made over is imported again at
    /// a newer schema (a store of schema 6, which reading commands and a chapter's import refuse, rebuilt): `note list`
    /// shows it at word 4 with the surfaces the WLC source gives that word.
    @Test(SharedStore.needsSourceData, SourceColumns.needsHebrewSource)
    func aWordNoteStaysOnItsWordAfterAReimportAtANewSchema() throws {
        let rows = try SourceColumns.rows(of: SourceColumns.hebrewFile, columns: ["identifier", "alt-id"])
        let expected = rows.filter { $0[0].hasPrefix("01001004004") }.sorted { $0[0] < $1[0] }
            .map { $0[1].split(separator: "-").dropLast().joined(separator: "-") }.joined()
        let folder = try Self.folder("reimport")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("store")
        let notes = folder.appendingPathComponent("notes.sqlite")
        func importGenesis() throws {
            let imported = try run(interlinearBinary, ["import", "Genesis 1", "--corpus", store.path])
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        func listed() throws -> [String: Any] {
            let list = try Self.note(notes, "list", "Genesis 1", "--json", "--corpus", store.path)
            try #require(list.status == 0, "\(list.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [String: Any])
            return try #require((document["notes"] as? [[String: Any]])?.first)
        }
        try importGenesis()
        let added = try Self.note(notes, "add", "Genesis 1:4", "the light", "--word", "4", "--corpus", store.path)
        #expect(added.status == 0, "\(added.stderr)")
        // The store as schema 6 left it: no verse checksums, version 6.
        let downgrade = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                    + "c.executescript('ALTER TABLE verse DROP COLUMN checksum; PRAGMA user_version = 6'); c.close()",
                store.appendingPathComponent("interlinear.sqlite").path,
            ])
        try #require(downgrade.status == 0, "\(downgrade.stderr)")
        // A chapter's import cannot move an older store's tables into the search index's file
        // (`Schema.rebuildVersion`): it is refused in one line naming the rebuild, the store left as it was.
        let refused = try run(interlinearBinary, ["import", "Genesis 1", "--corpus", store.path])
        #expect(refused.status == 65 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("schema version 6") && refused.stderr.contains("`interlinear import`"))
        // The rebuild: a new store of what the old one held (here Genesis 1), the notes beside it untouched.
        for file in ["interlinear.sqlite", "interlinear.search.sqlite"] {
            try FileManager.default.removeItem(at: store.appendingPathComponent(file))
        }
        try importGenesis()
        let note = try listed()
        #expect(note["verse"] as? Int == 4 && note["firstWord"] as? Int == 4 && note["lastWord"] as? Int == 4)
        #expect(note["surfaces"] as? String == expected)
    }

    /// A note finds its words where a new import put them: kept at word 5 on the words now at 4, it is shown at 4; on
    /// words the verse no longer has, it is said so. The words are the chapter file's own (not the note code's).
    @Test func aNoteFollowsItsWordsWhenTheyMove() throws {
        let chapter = try makeSession().chapter(ChapterReference(book: Book.oldTestament[0], chapter: 1))
        let verse = chapter.verses[try #require(chapter.verseIndex(number: 4))]
        let fourth = chapter.text(chapter.words[verse.word(at: 3)].surface)
        let note = Note(
            id: NoteBook.newID(), kind: .note,
            anchor: NoteAnchor(book: 1, chapter: 1, verse: 4, words: 5...5, surfaces: fourth), text: "light",
            created: NoteBook.now(), modified: NoteBook.now())
        #expect(note.located(in: chapter)?.words == 4...4)
        var gone = note
        gone.anchor.surfaces = "λόγος"
        #expect(gone.located(in: chapter) == nil)
        #expect(note.located(in: nil) == note.anchor)
    }

    @Test func wrongValuesAreOneLineAndWriteNothing() throws {
        let folder = try Self.folder("usage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.sqlite")
        Self.expectOneLine(try Self.note(notes, "add", "John 1:1", "x", "--word", "999"), status: 66, "has 17 words")
        Self.expectOneLine(try Self.note(notes, "add", "John 1", "x"), status: 64, "not one verse")
        Self.expectOneLine(try Self.note(notes, "add", "John 1:1"), status: 64, "a note needs text")
        Self.expectOneLine(try Self.note(notes, "add", "John 1:1", "x\u{1B}[2J"), status: 64, "control character")
        Self.expectOneLine(try Self.note(notes, "add", "John 1:1", "--highlight", "red"), status: 64, "unknown colour")
        Self.expectOneLine(try Self.note(notes, "delete", "0123456789"), status: 66, "no note id begins")
        #expect(try Self.note(notes, "list").stdoutText == "0 notes\n")
    }

    @Test func aDamagedForeignOrLinkedFileIsRefusedAndLeftAsItWas() throws {
        let folder = try Self.folder("refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Damaged: a notes file with a page overwritten.
        let notes = folder.appendingPathComponent("notes.sqlite")
        #expect(try Self.note(notes, "add", "John 1:1", "kept").status == 0)
        _ = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c", "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')",
                notes.path,
            ])
        var bytes = try Data(contentsOf: notes)
        for index in 4096..<min(bytes.count, 8192) { bytes[index] = 0xA5 }
        try bytes.write(to: notes)
        Self.expectOneLine(try Self.note(notes, "list"), status: 65, "is damaged")
        #expect(try Data(contentsOf: notes) == bytes)
        // Foreign: another program's SQLite database.
        let foreign = folder.appendingPathComponent("other.sqlite")
        _ = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE t(x)'); c.commit()",
                foreign.path,
            ])
        let before = try Data(contentsOf: foreign)
        Self.expectOneLine(try Self.note(foreign, "add", "John 1:1", "x"), status: 65, "not a notes file")
        #expect(try Data(contentsOf: foreign) == before)
        // Linked: the notes path a symbolic link to a file of the user's.
        let target = folder.appendingPathComponent("precious.txt")
        try Data("mine\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.sqlite")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        Self.expectOneLine(try Self.note(link, "add", "John 1:1", "x"), status: 73, "symbolic link")
        #expect(try String(contentsOf: target, encoding: .utf8) == "mine\n")
    }

    /// Three processes at once, each adding, changing and deleting notes of its own (a fixed random sequence), leave
    /// exactly what the same sequences leave run one after another.
    @Test func threeWritersAtOnceLeaveWhatASerialRunLeaves() throws {
        let folder = try Self.folder("writers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Self.oracles.appendingPathComponent("notes_writers.py").path
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [script, interlinearBinary.path, folder.path, "3", "12", "20261129"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(report["failures"] as? [String] == [], "\(report)")
        #expect((report["notes"] as? Int ?? 0) > 0)
    }

    @Test func killedAtRandomPointsItNeverLosesACommittedNoteNorDamagesTheFile() throws {
        let folder = try Self.folder("kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Self.oracles.appendingPathComponent("notes_kill.py").path
        let notes = folder.appendingPathComponent("notes.sqlite").path
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/python3"), [script, interlinearBinary.path, notes, "1000", "44"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(report["failures"] as? [String] == [], "\(report)")
        // Both ends were reached: processes killed mid-way and processes that finished.
        #expect((report["killed"] as? Int ?? 0) > 0 && (report["finished"] as? Int ?? 0) > 0, "\(report)")
    }

    /// A full disk (a 128 KiB tmpfs, mounted as root can) refuses the write with one line; the notes kept stay.
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root")) func aFullDiskRefusesTheWrite() throws {
        let folder = try Self.folder("full")
        defer {
            _ = try? run(URL(fileURLWithPath: "/bin/umount"), [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
        let mount = try run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=128k", "tmpfs", folder.path])
        try #require(mount.status == 0, "\(mount.stderr)")
        let notes = folder.appendingPathComponent("notes.sqlite")
        #expect(try Self.note(notes, "add", "John 1:1", "kept").status == 0)
        // Fill the rest of the disk.
        _ = try run(
            URL(fileURLWithPath: "/bin/dd"), ["if=/dev/zero", "of=\(folder.path)/filler", "bs=4096", "count=1000"])
        let long = String(repeating: "word ", count: 12_000)
        var refused: ProcessResult?
        for _ in 0..<20 {
            let result = try Self.note(notes, "add", "John 1:2", long)
            if result.status != 0 {
                refused = result
                break
            }
        }
        let full = try #require(refused)
        Self.expectOneLine(full, status: 74, "is full")
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("filler"))
        let listed = try Self.note(notes, "list", "John 1")
        #expect(listed.status == 0 && listed.stdoutText.contains("John 1:1, note"), "\(listed.stderr)")
    }
}
