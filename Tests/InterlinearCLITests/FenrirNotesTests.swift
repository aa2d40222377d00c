import Foundation
import InterlinearTestSupport
import Testing

/// The reader's notes (issue 44) in the line mode, as Fenrir says them: `a` walks the chapter's notes ("3 notes in
/// John one; note 1: …"), `c` has a note read when its word is reached, `b` lists the bookmarks and `B` opens one in
/// another chapter. The notes are made by `interlinear note add`, in the file beside the store, where `read` finds
/// them; nothing said is spelled by espeak-ng's English voice, and no Greek script reaches it.
@Suite(
    "Reader notes under the Fenrir screen reader (tmux)", .serialized, .ownThread,
    .enabled(if: SystemTool.required("tmux", "fenrir"), SystemTool.reason("fenrir", package: "fenrir")),
    .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"))
struct FenrirNotesTests {
    /// John 1 and John 3 in a store of their own, with three notes on John 1 and a bookmark on John 3:16 beside it.
    static func storeWithNotes() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-read-notes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("interlinear.sqlite")
        let imported = try run(interlinearBinary, ["import", "John 1", "John 3", "--corpus", store.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        for given in [
            ["John 1:1", "the Word, logos", "--word", "4"], ["John 1:3", "all things through him"],
            ["John 1:14", "--highlight", "yellow"], ["John 3:16", "--bookmark"],
        ] {
            let added = try run(interlinearBinary, ["note", "add"] + given + ["--corpus", store.path])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let listed = try run(interlinearBinary, ["note", "list", "John 1", "--corpus", store.path])
        try #require(listed.stdoutText.hasPrefix("3 notes in John 1\n"), "\(listed.stdoutText)")
        return store
    }

    @Test("a: 3 notes in John one, each read; c: a note read on its word; b, B: bookmarks listed and opened")
    func notesHeard() throws {
        _ = try requiredTool("tmux", package: "tmux")
        let store = try Self.storeWithNotes()
        let session = try FenrirSession.started("read 'John 1' --screen-reader", columns: 80, rows: 12, corpus: store)
        defer { session.close() }
        var heard: [String] = []
        func press(_ key: String) throws -> String {
            let before = session.programUtterances.count
            try session.tmux.send(key)
            #expect(session.waitForUtterances(before + 1), "no utterance for \(key): \(session.programUtterances)")
            let said = session.programUtterances.dropFirst(before).map(FenrirSession.heard).joined(separator: " ")
            heard.append(said)
            return said
        }
        let first = try press("a")
        #expect(first.hasPrefix("3 notes in John one; note 1: John one, verse one."), "\(first)")
        #expect(first.contains("note: the Word, logos"), "\(first)")
        let second = try press("a")
        #expect(second.hasPrefix("3 notes in John one; note 2: John one, verse three"), "\(second)")
        #expect(second.hasSuffix("note: all things through him"), "\(second)")
        let third = try press("a")
        #expect(third.hasPrefix("3 notes in John one; note 3: John one, verse fourteen"), "\(third)")
        #expect(third.hasSuffix("highlighted yellow"), "\(third)")

        // Back on verse 1's fourth word: marked only, until c asks for notes to be read there.
        _ = try press("g")
        var word = ""
        for _ in 0..<4 { word = try press("Right") }
        #expect(word.hasSuffix(", note"), "\(word)")
        #expect(try press("c") == "Notes read on their words.")
        _ = try press("Left")
        word = try press("Right")
        #expect(word.hasSuffix(", note: the Word, logos"), "\(word)")

        let marks = try press("b")
        #expect(marks == "1 bookmark: John three, verse sixteen. Capital B opens the next.", "\(marks)")
        let opened = try press("B")
        #expect(opened.hasPrefix("John three, verse sixteen"), "\(opened)")
        #expect(opened.hasSuffix(", bookmark"), "\(opened)")

        // The notes keys: ? twice (once gives the chapter's keys).
        _ = try press("?")
        #expect(try press("?").hasPrefix("Notes keys: a and capital A, next and previous note."))

        for utterance in session.programUtterances {
            #expect(!containsGreek(utterance), "Greek reached the voice: \(utterance)")
        }
        let voice = try EnglishVoice()
        #expect(!voice.isSpelled(try voice.phonemes(heard).flatMap { $0 }), "espeak-ng spells part of: \(heard)")
        try session.tmux.send("q")
        #expect(try session.tmux.waitForExit())
    }
}
