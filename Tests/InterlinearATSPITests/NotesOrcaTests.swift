import Foundation
import InterlinearTestSupport
import Testing

/// The reader's notes in the window, heard by Orca 43 (issue 44): a store with John 1 and Genesis 1 (imported
/// here), three notes in John 1 made with `interlinear note add` as a user makes them (a note on λόγος, John 1:1's
/// fifth word; a bookmark on verse 3; a yellow highlight on 1:14's first two words), and `interlinear view "John 1"
/// --notes FILE` in the headless harness with Orca running. Orca must say "3 notes in John 1" when the chapter
/// opens again (`:Gen 1⏎ :John 1⏎`), the note's text when `a` reaches its word, the bookmarks on `b`, and which
/// bookmark on `B`; nothing it said from its start may hold Greek or Hebrew letters or be spelled by espeak-ng's
/// English voice.
@Suite(
    "AT-SPI: the reader's notes in the window, heard by Orca", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")),
    .serialized)
struct NotesOrcaTests {
    @Test(HarnessRun.windowOnly, SharedStore.needsSourceData)
    func orcaHearsTheNotes() throws {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-notes-orca-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let store = workdir.appendingPathComponent("store")
        let notes = workdir.appendingPathComponent("notes.sqlite")
        for reference in ["John 1", "Genesis 1"] {
            let imported = try run(interlinearBinary, ["import", reference, "--corpus", store.path])
            try #require(imported.status == 0, "import \(reference): \(imported.stderr)")
        }
        let text = "the Word, logos"
        for arguments in [
            ["John 1:1", "--word", "5", text], ["John 1:3", "--bookmark"],
            ["John 1:14", "--word", "1-2", "--highlight", "yellow"],
        ] {
            let added = try run(
                interlinearBinary, ["note", "add"] + arguments + ["--corpus", store.path, "--notes", notes.path])
            try #require(added.status == 0, "note add \(arguments): \(added.stderr)")
        }
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = store.path
        let lines = try HarnessRun.runHarness(
            [
                "--app", "view", "--interlinear", interlinearBinary.path, "--workdir", workdir.path,
                "--reference", "John 1", "--notes", notes.path, "--notes-text", text,
            ], workdir: workdir, environment: environment)
        print(
            lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("HEARD") || $0.hasPrefix("NUMBER") }
                .joined(separator: "\n"))
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        for name in ["orca-notes-opened", "orca-notes-a-note", "orca-notes-b-bookmarks", "orca-notes-B-bookmark"] {
            let check = try #require(checks[name], "\(name) did not run: \(lines.suffix(5))")
            #expect(check.passed, "\(name): \(check.detail)")
        }
        // The count was said for the status line's notification, as the window's other announcements are.
        let opened = try HarnessRun.heard(lines, action: "notes-opened")
        #expect(
            zip(opened.said, opened.events).contains {
                $0.0.hasPrefix("3 notes in John 1") && $0.1 == "object:state-changed:showing notification"
            }, "\(opened.said) for \(opened.events)")
        let said = lines.filter { $0.hasPrefix("SPEECH notes ") }.map { String($0.dropFirst(13)) }
        #expect(!said.isEmpty)
        for utterance in said {
            #expect(!containsGreek(utterance) && !containsHebrew(utterance), "script said: \(utterance)")
        }
        let voice = try EnglishVoice()
        let spelled = zip(said, try voice.phonemes(said)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)")
        if checks.values.allSatisfy(\.passed) { try? FileManager.default.removeItem(at: workdir) }
    }
}
