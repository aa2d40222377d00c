import Foundation
import InterlinearStore
import InterlinearTestSupport
import Testing

/// The reader's define key (`i`, issue 29) as a terminal screen-reader user meets it: `read --screen-reader` in tmux
/// over a store with the lexicon, the entry's parts checked against what diatheke prints for the same number.
@Suite(
    "Reader define key end to end (tmux)", .ownThread,
    .enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux")),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
    .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"))
struct DefineKeyEndToEndTests {
    /// On John 1:1's first word, Ἐν (G1722): `i` says the number (with its letter, as `define` takes it) and
    /// Strong's transliteration in plain letters and the first sense, `i` again the whole entry with the
    /// pronunciation and the King James renderings, each one new line, no Greek script in either (the `o` switch is
    /// off).
    @Test func iSaysTheEntryBrieflyThenInFull() throws {
        let store = try DefineCommandTests.store.get()
        let entry = try #require(try Diatheke.entry("StrongsGreek", 1722))
        let transliteration = try #require(
            Diatheke.element("<orth rend=\"bold\" type=\"trans\">", "</orth>", in: entry.markup))
        let pronunciation = try #require(Diatheke.element("<pron rend=\"italic\">", "</pron>", in: entry.markup))
        let session = try TmuxSession("read --screen-reader --corpus '\(store.path)' 'John 1'", columns: 200, rows: 40)
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("John one, verse one. En, In the") }
        try session.send("i")
        try session.waitForLine("the brief entry") {
            $0.hasPrefix("Strong's G1722, \(Diatheke.plainLetters(transliteration)): ")
                && $0.hasSuffix(". Press i again for the whole entry.")
                && !$0.contains("..")
        }
        try session.send("i")
        try session.waitForLine("the whole entry") {
            $0.hasPrefix("Strong's G1722, ") && $0.contains("pronounced \(pronunciation).")
        }
        // The reader wraps a long line at the terminal's width itself: the entry is the rows from its first on.
        let rows = try session.lines()
        let start = try #require(rows.lastIndex { $0.hasPrefix("Strong's G1722, ") && $0.contains("pronounced") })
        let whole = rows[start...].joined(separator: " ")
        #expect(whole.contains(" Meaning: ") && whole.contains(" King James renderings: "), "\(whole)")
        // The entry's first cross-reference (diatheke's first <ref>) is said as "Strong's G…", never a bare code.
        let reference = try #require(
            entry.markup.range(of: #"StrongsGreek:[0-9]+"#, options: .regularExpression)
                .map { entry.markup[$0].dropFirst("StrongsGreek:".count) })
        for code in ["G1722", "G\(reference)"] {
            #expect(
                whole.components(separatedBy: code).dropLast().allSatisfy { $0.hasSuffix("Strong's ") },
                "a bare Strong's code: \(whole)")
        }
        #expect(whole.contains("Strong's G\(reference)"), "\(whole)")
        #expect(!containsGreek(whole), "Greek script without the o switch: \(whole)")
        // On a verse (↓ focuses the verse, not a word) the key says so instead of guessing a word.
        try session.send("Down")
        try session.waitForLine("verse 2") { $0.hasPrefix("John one, verse two") }
        try session.send("i")
        try session.waitForLine("no word focused") { $0.hasPrefix("No word focused.") }
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 0"))
    }

    /// A store whose G1722 row was damaged (an escape sequence in its definition): `i` says the entry could not
    /// be read and why (the store's refusal, which names the row), never that the word has no entry, and the
    /// reader goes on.
    @Test func iSaysWhyADamagedEntryCannotBeRead() throws {
        let sound = try DefineCommandTests.store.get()
        let store = sound.deletingLastPathComponent().appendingPathComponent("damaged-lexicon.sqlite")
        for file in StoreIndex.files(of: store) { try? FileManager.default.removeItem(at: file) }
        try SharedStore.copyStore(sound, to: store)
        // Python's own sqlite3 module edits the copy, as a hand (or a broken disk) might.
        let damage = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                "import sqlite3, sys; d = sqlite3.connect(sys.argv[1]); "
                    + "d.execute('ATTACH ? AS search', (sys.argv[2],)); "
                    + "d.execute(\"UPDATE lexicon SET definition = 'x' || char(27) || '[2J' WHERE strongs = 'G1722'\"); "
                    + "d.commit()",
                store.path, StoreIndex.files(of: store)[1].path,
            ])
        try #require(damage.status == 0, "\(damage.stderr)")
        let session = try TmuxSession("read --screen-reader --corpus '\(store.path)' 'John 1'", columns: 200, rows: 40)
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("John one, verse one. En, In the") }
        try session.send("i")
        try session.waitForLine("why the entry cannot be read") {
            $0.hasPrefix("The dictionary entry could not be read: ") && $0.contains("G1722")
                && $0.contains("definition") && !$0.contains("No dictionary entry")
        }
        try session.send("Right")
        try session.waitForLine("the next word") { $0.hasPrefix("arkhay") }
        try session.send("q")
        #expect(try session.waitForExit())
    }
}
