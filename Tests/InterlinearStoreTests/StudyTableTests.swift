import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Each Greek number's BSB renderings counted at import (`StudyTable`, schema 8): `define` reads them from one row,
/// and a store without the row (the table emptied) counts them from the words, with the
/// same document. A row changed since the import is refused in one line. That the counts are right is
/// `WordStudyTests`' (the renderings against the oracle's own SQL over the words, on an imported store).
@Suite("Word study table", .serialized) struct StudyTableTests {
    private func define(_ url: URL, json: Bool = true) throws -> ProcessResult {
        try run(interlinearBinary, ["define", "G3056", "--corpus", url.path] + (json ? ["--json"] : []))
    }

    @Test func theImportRecordsEachNumberOfTheNewTestamentOnce() throws {
        let url = try StoreLexiconTests.store("study-rows", "SELECT 1")
        let database = try StoreIndex.openPair(store: url.path, readOnly: true)
        defer { database.close() }
        let numbers = try database.integer(
            "SELECT count(DISTINCT strongs_number) FROM word WHERE strongs_number > 0 AND verse >= 40000000")
        #expect((numbers ?? 0) > 100)
        #expect(try database.integer("SELECT count(*) FROM study") == numbers)
        #expect(try database.integer("SELECT count(*) FROM study WHERE strongs_number = 3056") == 1)
    }

    @Test("a store without the row counts the words: the same document, text and JSON")
    func theWordsGiveWhatTheRowGives() throws {
        let sound = try StoreLexiconTests.store("study-kept", "SELECT 1")
        let emptied = try StoreLexiconTests.store("study-emptied", "DELETE FROM study")
        for json in [true, false] {
            let expected = try define(sound, json: json), counted = try define(emptied, json: json)
            #expect(expected.status == 0 && expected.stdout.count > 200, "\(expected.stderr)")
            #expect(counted.status == 0 && counted.stdout == expected.stdout, "\(counted.stderr)")
        }
        let text = try define(sound, json: false).stdoutText
        #expect(text.contains("Word"), "John 1's Word among the renderings: \(text)")
    }

    @Test func aChangedRowIsRefusedInOneLine() throws {
        let url = try StoreLexiconTests.store(
            "study-changed", "UPDATE study SET renderings = upper(renderings) WHERE strongs_number = 3056")
        expectOneErrorLine(
            try define(url), status: 65, ["is damaged", "the word study of G3056 has changed since it was imported"])
    }

    /// Rows whose checksum is right for what they hold, but that hold no count and rendering a line.
    @Test(arguments: ["3 the \u{1B}[2J word", "word", "0 word", "3 ", "3word"])
    func aRowOfNoRenderingsIsRefusedInOneLine(renderings: String) throws {
        let url = try StoreLexiconTests.store("study-bad", "SELECT 1")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        let update = try database.prepare("UPDATE study SET renderings = ?1, checksum = ?2 WHERE strongs_number = 3056")
        var text = renderings
        try update.bind([renderings, text.withUTF8 { StudyTable.checksum(3056, $0) }] as [any StatementValue])
        try update.run()
        database.close()
        expectOneErrorLine(
            try define(url), status: 65, ["is damaged", "the word study of G3056 holds a line that is no count"])
    }
}
