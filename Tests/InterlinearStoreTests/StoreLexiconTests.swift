import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// The store's Strong's lexicon is read like its chapters: a damaged or hand-edited row — a control character, a
/// field no entry of Strong's comes near, an entry filed under another number — is refused in one line naming the
/// store (found by the `lexicon-row` fuzz harness), and a sound row is read back as written.
@Suite struct StoreLexiconTests {
    /// G3056 as SWORD's StrongsGreek prints it (diatheke -b StrongsGreek -k 3056, its parts cut as import cuts them,
    /// its Beta Code spelling left out as import leaves it out).
    static let logos = LexiconEntry(
        language: .greek, number: 3056, headword: "λόγος", transliteration: "lógos", pronunciation: "log'-os",
        derivation: "from G3004", definition: "something said (including the thought)",
        kjvUsage: "account, cause, word, work.",
        text: "λόγος lógos log'-os from G3004; something said (including the thought):--account, cause, "
            + "word, work.")

    /// A copy of the committed-chapters store with G3056 written by `StoreLexicon.write` and `sql` applied.
    static func store(_ name: String, _ sql: String) throws -> URL {
        let url = try StoreFixture.copy(of: StoreFixture.committed.get(), named: "lexicon-\(name).sqlite")
        try StoreLexicon.write([logos], source: "test", to: url)
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        try database.execute(sql)
        database.close()
        return url
    }

    @Test func aSoundRowReadsBackAsWritten() throws {
        let store = try CorpusStore(url: Self.store("sound", "SELECT 1"))
        #expect(try store.lexiconEntry(strongs: "G3056") == Self.logos)
        #expect(try store.lexiconEntries(headword: "λογος") == [Self.logos])
    }

    @Test(arguments: [
        // An escape sequence in the definition: a terminal would run it.
        ("control", "UPDATE lexicon SET definition = 'x' || char(27) || '[2J' WHERE strongs = 'G3056'"),
        // 5,000 bytes: Strong's longest entry is 1,233 (G1096); the opening search is quadratic in a field's length.
        ("long", "UPDATE lexicon SET text = printf('%.*c', 5000, 'x') WHERE strongs = 'G3056'"),
        // Invalid UTF-8 (a lone continuation byte).
        ("utf8", "UPDATE lexicon SET headword = CAST(x'80' AS TEXT) WHERE strongs = 'G3056'"),
        // Another entry's number under G3056's key: define G3056 would say H5.
        ("misfiled", "UPDATE lexicon SET language = 'hbo', number = 5 WHERE strongs = 'G3056'"),
    ])
    func aDamagedRowIsRefusedInOneLine(name: String, sql: String) throws {
        let url = try Self.store(name, sql)
        #expect {
            try CorpusStore(url: url).lexiconEntry(strongs: "G3056")
        } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix("the corpus store \(url.path) is damaged: a lexicon row for 'G3056' ")
                && !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }
        // Through the command: one line, a data-error status, nothing on stdout.
        let result = try interlinear("define", "G3056", "--corpus", url.path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A lexicon without row checksums (schema 5's rows, which a store older than the split into two files no
    /// longer migrates to, `Schema.rebuildVersion`): each entry is vouched for by the whole table's digest, a changed
    /// row still refused.
    @Test func aLexiconWithoutRowChecksumsIsCheckedWhole() throws {
        for (name, edit, sound) in [("v5", "SELECT 1", true), ("v5-edited", "UPDATE lexicon SET text = 'x'", false)] {
            let url = try Self.store(name, "UPDATE lexicon SET checksum = NULL")
            let database = try StoreIndex.openPair(store: url.path, readOnly: false)
            try database.execute(edit)
            #expect(try database.integer("SELECT count(*) FROM lexicon WHERE checksum IS NULL") == 1)
            database.close()
            let store = try CorpusStore(url: url, upgrade: false)
            if sound {
                #expect(try store.lexiconEntry(strongs: "G3056") == Self.logos)
            } else {
                #expect {
                    try store.lexiconEntry(strongs: "G3056")
                } throws: { String(describing: $0).contains("its Strong's lexicon has changed since it was imported") }
            }
        }
    }

    /// A refusal quotes what was looked up escaped: a headword typed with a control character is not echoed raw.
    @Test func aRefusalQuotesTheLookupEscaped() throws {
        let url = try Self.store(
            "headword", "UPDATE lexicon SET language = 'x', headword_key = char(27) || 'x' WHERE strongs = 'G3056'")
        #expect {
            try CorpusStore(url: url).lexiconEntries(headword: "\u{1B}x")
        } throws: { error in
            String(describing: error).contains("a lexicon row for '\\ex' has no valid language or number")
        }
    }

    /// The writer refuses what a reader would (a damaged module read at import): the entry and field named in one
    /// line, and the store's lexicon left as it was.
    @Test(arguments: [
        ("control", "is not text without control characters"), ("long", "is 4097 bytes long"),
    ])
    func anUnfitEntryIsNotWritten(name: String, why: String) throws {
        // Built here, not in the arguments: the test log prints arguments whole.
        let definition = name == "long" ? String(repeating: "x", count: 4097) : Self.logos.definition + "\u{1B}[2J"
        let url = try Self.store("unfit-\(name)", "SELECT 1")
        var unfit = Self.logos
        unfit.number = 5
        unfit.definition = definition
        #expect {
            try StoreLexicon.write([Self.logos, unfit], source: "test", to: url)
        } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix("the dictionary entry G5 has a definition that \(why)")
                && !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }
        let store = try CorpusStore(url: url)
        #expect(try store.lexiconEntry(strongs: "G3056") == Self.logos)
        #expect(try store.lexiconEntry(strongs: "G5") == nil)
    }
}
