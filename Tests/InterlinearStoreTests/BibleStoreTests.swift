import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Both testaments in one store (schema 3): Hebrew chapters read back as their chapter files read, search and
/// versification checked against figures computed from the source TSVs by the Python oracles beside this file.
@Suite(.serialized) struct BibleStoreTests {
    static let oracles = packageRoot.appendingPathComponent("Tests/InterlinearStoreTests/Oracles")

    /// The whole-Bible store. Tests that call it are enabled only where `StoreFixture.wholeStoreRuns`, so a missing
    /// source here is CI's, and throws: a failure, never a pass.
    static func bibleStore() throws -> URL { try SharedStore.wholeBible.get() }

    /// Runs an oracle with Python and decodes the JSON it prints.
    static func oracle(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [oracles.appendingPathComponent(script).path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    @Test func hebrewChaptersReadBackAsTheirChapterFiles() throws {
        let url = try StoreFixture.committedBible.get()
        let store = try CorpusStore(url: url)
        let files = CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")])
        let hebrew = files.availableChapters().filter { $0.book.testament == .old }
        #expect(hebrew.count == 3)
        for reference in hebrew {
            let stored = try #require(try store.load(reference, into: StringTableBuilder()))
            let file = try files.load(reference, into: StringTableBuilder())
            #expect(stored.language == .hebrew && stored.direction == .rightToLeft)
            #expect(!stored.morphemes.isEmpty)
            #expect(sameChapter(stored, file), "\(reference)")
        }
        // As a user sees it: the layout from the store is byte for byte the layout from the chapter file.
        for reference in ["Genesis 1", "Psalm 23", "Isaiah 53"] {
            let fromStore = try run(interlinearBinary, ["typeset", reference, "--corpus", url.path])
            let fromFile = try run(interlinearBinary, ["typeset", reference])
            #expect(fromStore.status == 0 && fromFile.status == 0, "\(fromStore.stderr) \(fromFile.stderr)")
            #expect(fromStore.stdout == fromFile.stdout, "\(reference)")
        }
    }

    /// A morpheme the loader remembers by its stored bytes (`StringTableBuilder.morpheme(stored:)`) is still checked
    /// where it occurs: loaded again into the same builder from a store whose Genesis 1:1 spells its first word as its
    /// third, that word's morphemes (stored as before, remembered from the first load) no longer spell it.
    @Test func aRememberedMorphemeIsStillCheckedWhereItOccurs() throws {
        let written = try StoreFixture.committedBible.get()
        let genesis = try #require(ChapterReference(parsing: "Genesis 1"))
        let strings = StringTableBuilder()
        let intact = try #require(try CorpusStore(url: written, upgrade: false).load(genesis, into: strings))
        let first = Array(intact.morphemes(of: intact.words[intact.words.startIndex]))
        #expect(first.count == 2)

        let url = try StoreFixture.copy(of: written, named: "respelled.sqlite")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        let select = try database.prepare("SELECT words, morphemes FROM verse_words WHERE id = 1001001")
        try #require(try select.step())
        var morphemes = VerseMorphemes.Reader(select.bytes(1))
        let count = morphemes.nextWord()
        let next = morphemes.next()
        #expect(count == 2)
        let stored = try #require(next)
        #expect(strings.morpheme(stored: stored.stored) == first[0], "the first load remembers the run")
        var words = VerseWords.Reader(select.bytes(0))
        var rows: [[[UInt8]]] = []
        while !words.isAtEnd, let row = words.next() {
            rows.append(
                [
                    row.surface, row.transliteration, row.lemma, row.strongs, row.morphology, row.gloss,
                    row.alignment, row.punctuation,
                ].map { Array($0) })
        }
        select.reset()
        try #require(rows.count > 2 && rows[0][0] != rows[2][0])
        rows[0][0] = rows[2][0]
        var blob: [UInt8] = []
        for field in rows.joined() { field.withUnsafeBufferPointer { VerseWords.append($0, to: &blob) } }
        let update = try database.prepare("UPDATE verse_words SET words = ?2 WHERE id = ?1")
        try update.bind([1_001_001, blob])
        try update.run()

        #expect {
            try CorpusStore(url: url, upgrade: false).load(genesis, into: strings)
        } throws: {
            String(describing: $0).contains("a morpheme of word 1 of Genesis 1:1 does not continue the word's surface")
        }
    }

    /// A changed, missing or extra verse is refused, naming the chapter and the command that imports it again,
    /// never served as the complete chapter; other chapters still open.
    @Test(arguments: [
        (
            "UPDATE verse SET translation = replace(translation, 'was', 'w/s') WHERE id = 43001001",
            "has changed since it was imported"
        ),
        ("DELETE FROM verse WHERE id = 43001005", "lacks verses it recorded"),
        (
            "INSERT INTO verse(id, translation, outside) VALUES (43001999, 'More.', 0); "
                + "INSERT INTO verse_words VALUES (43001999, x'', NULL)",
            "holds more verses than it recorded"
        ),
        ("UPDATE verse_words SET words = x'' WHERE id = 43001003", "has changed since it was imported"),
    ])
    func aChangedChapterIsRefused(change: String, detail: String) throws {
        let url = try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "damaged.sqlite")
        try sqlite(url, change)
        let result = try run(interlinearBinary, ["typeset", "John 1", "--corpus", url.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr == "interlinear: error: the corpus store \(url.path) is damaged: John 1 \(detail); "
                + "run `interlinear import \"John 1\"` to import it again\n")
        #expect(result.stdout.isEmpty)
        #expect(try run(interlinearBinary, ["typeset", "Romans 8", "--corpus", url.path]).status == 0)
    }

    /// Single bit flips anywhere in a verse's packed words are never served: each is refused (as a damaged field or
    /// a changed chapter). 64 positions drawn with a fixed seed.
    @Test func bitFlipsInPackedWordsAreRefused() throws {
        let url = try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "flips.sqlite")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        let read = try database.prepare("SELECT words FROM verse_words WHERE id = 43001001")
        #expect(try read.step())
        let original = Array(read.bytes(0))
        read.reset()
        var random = SplitMix64(seed: 0x5EED)
        let write = try database.prepare("UPDATE verse_words SET words = ?1 WHERE id = 43001001")
        let john = try #require(ChapterReference(parsing: "John 1"))
        for _ in 0..<64 {
            var flipped = original
            let bit = Int(random.next() % UInt64(original.count * 8))
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            try write.bind([flipped])
            try write.run()
            write.reset()
            let store = try CorpusStore(url: url)
            #expect(throws: StoreError.self, "bit \(bit)") { try store.load(john, into: StringTableBuilder()) }
        }
    }

    /// Search names the English Bibles' reference beside a Hebrew one they number otherwise, from the BSB's own
    /// table read here (`ot_BSB.tsv`: the token ids of English Psalm 102:25 carry the Hebrew verse 19102026 they
    /// render): Psalm 102:26 in the Hebrew text is Psalm 102:25 in English; Genesis 1:1 is numbered alike.
    @Test(StoreFixture.needsSourceData) func searchNamesTheEnglishReference() throws {
        let store = try Self.bibleStore()
        let data = try #require(SharedStore.sourceDirectory)
        let bsb = try String(
            contentsOf: data.appendingPathComponent(SourceData.oldTestamentTranslationFile), encoding: .utf8)
        // The Hebrew verses the BSB's tokens of an English verse render.
        func rendered(_ english: String) -> Set<String> {
            Set(
                bsb.split(whereSeparator: \.isNewline).compactMap { line -> String? in
                    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                    return fields.count > 1 && fields[0].hasPrefix(english) ? String(fields[1]) : nil
                })
        }
        #expect(rendered("19102025") == ["19102026"])
        // The psalm's title, verse 0 in the BSB's ids, is the Hebrew verse 1.
        #expect(rendered("19102000") == ["19102001"])
        let json = try run(interlinearBinary, ["search", "H8064", "--in", "Psalms", "--json", "--corpus", store.path])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try schemaViolation(json.stdout, schema: "search-3") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let hits = try #require(document["results"] as? [[String: Any]])
        let hit = try #require(hits.first { $0["reference"] as? String == "Psalm 102:26" })
        #expect(hit["englishReference"] as? String == "Psalm 102:25")
        let prayer = try run(
            interlinearBinary, ["search", "H8605", "--in", "Psalms", "--json", "--corpus", store.path])
        let prayers = try #require(
            (try JSONSerialization.jsonObject(with: prayer.stdout) as? [String: Any])?["results"] as? [[String: Any]])
        let heading = try #require(prayers.first { $0["reference"] as? String == "Psalm 102:1" })
        #expect(heading["englishReference"] as? String == "the title of Psalm 102")
        let text = try run(interlinearBinary, ["search", "H8064", "--in", "Psalms", "--corpus", store.path])
        #expect(String(decoding: text.stdout, as: UTF8.self).contains("Psalm 102:26 (Psalm 102:25 in English Bibles)"))
        let genesis = try run(
            interlinearBinary, ["search", "H8064", "--in", "Genesis", "--limit", "1", "--json", "--corpus", store.path])
        let first = try #require(
            (try JSONSerialization.jsonObject(with: genesis.stdout) as? [String: Any])?["results"] as? [[String: Any]])
        #expect(first.first?["reference"] as? String == "Genesis 1:1")
        #expect(first.first?["englishReference"] is NSNull)
    }

    @Test(StoreFixture.needsSourceData) func searchCountsMatchTheSourceData() throws {
        let store = try Self.bibleStore()
        let data = try #require(SharedStore.sourceDirectory)
        let hebrew = SourceData.hebrewDirectory()
        let queries: [(name: String, arguments: [String])] = [
            ("strongs-H430", ["H430", "--strongs"]),
            ("lemma-elohim-ot", ["--lemma", "אֱלֹהִים", "--in", "ot"]),
            ("strongs-H430-gen-deut", ["H430", "--in", "Gen-Deut"]),
            ("phrase-in-the-beginning", ["\"in the beginning\""]),
            ("strongs-H430-text-create", ["strongs:H430 text:create*"]),
            ("greek-lemma-logos-accusative-noun", ["lemma:λόγος morph:N-A*"]),
        ]
        for query in queries {
            let expected = try Self.oracle("bible_search.py", [data.path, hebrew.path, query.name])
            let result = try run(
                interlinearBinary,
                ["search"] + query.arguments
                    + ["--json", "--limit", "0", "--corpus", store.path])
            #expect(result.status == 0, "\(query.name): \(result.stderr)")
            #expect(try schemaViolation(result.stdout, schema: "search-3") == nil)
            let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            #expect(document["total"] as? Int == expected["total"] as? Int, "\(query.name)")
            var books: [String: Int] = [:]
            for count in try #require(document["counts"] as? [[String: Any]]) {
                let osis = try #require(count["osis"] as? String)
                let book = try #require(Book.named(osis))
                books[String(book.number)] = count["hits"] as? Int
            }
            #expect(books == expected["books"] as? [String: Int], "\(query.name)")
            #expect((expected["total"] as? Int ?? 0) > 0, "\(query.name) finds something")
        }
    }

    @Test(StoreFixture.needsSourceData) func versificationIsTheBSBsOwn() throws {
        let store = try Self.bibleStore()
        let data = try #require(SharedStore.sourceDirectory)
        let expected = try Self.oracle(
            "versification.py",
            [data.appendingPathComponent(SourceData.oldTestamentTranslationFile).path])
        let database = try StoreIndex.openPair(store: store.path, readOnly: true)
        let statement = try database.prepare("SELECT english, hebrew FROM versification ORDER BY english")
        var stored: [[Int]] = []
        while try statement.step() { stored.append([statement.int(0), statement.int(1)]) }
        let differences = try #require(expected["differences"] as? [[Int]])
        #expect(stored == differences)
        #expect(stored.contains([39_004_001, 39_003_019]), "Malachi 4:1 is Malachi 3:19")
        let chapters = try #require(expected["chapters"] as? [String: Int])
        for book in Book.oldTestament {
            #expect(book.englishChapterCount == chapters[String(book.number)], "\(book.name)")
        }

        // As a reader meets it: Malachi 4:1 opens Malachi 3:19, and one line says so.
        let result = try run(interlinearBinary, ["read", "Mal 4:1", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("Malachi 3:19"), "\(result.stdoutText.prefix(80))")
        #expect(
            result.stderr == "note: Malachi 4:1 in English Bibles is Malachi 3:19–24 in the Hebrew text\n"
                || result.stderr == "note: Malachi 4:1 in English Bibles is Malachi 3:19 in the Hebrew text\n",
            "\(result.stderr)")

        // As a library user meets it: the session moves "Malachi 4" to the Hebrew verses the BSB's data names.
        let hebrew = differences.filter { $0[0] / 1_000 == 39_004 }.map { $0[1] }
        let session = Interlinear(library: try ChapterLibrary.open(corpus: store.path), fonts: try sharedFontChain())
        let malachi = try session.chapter(parsing: "Malachi 4")
        #expect(malachi.reference == ChapterReference(book: Book.oldTestament[38], chapter: 3))
        #expect(malachi.verses.map { 39_003_000 + $0.number } == hebrew, "\(hebrew)")
    }

    /// Every Old Testament chapter the demo's import brings opens from any folder, with no chapter files.
    @Test(StoreFixture.needsSourceData) func everyTestamentOpensFromTheStoreAlone() throws {
        let store = try Self.bibleStore()
        var environment = testEnvironment
        environment["INTERLINEAR_CORPUS"] = nil
        environment["INTERLINEAR_DATA"] = store.path
        let root = URL(fileURLWithPath: "/")
        for arguments in [
            ["typeset", "Exodus 20"], ["read", "Ps 119"], ["a11y", "Genesis 1", "--screen-reader", "on", "--all"],
            ["search", "H430", "--in", "Genesis", "--limit", "1"], ["typeset", "John 1"],
        ] {
            let result = try run(interlinearBinary, arguments, environment: environment, directory: root)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.isEmpty)
        }
        // Without a store and without chapter files, a command says which command builds the store.
        environment["INTERLINEAR_DATA"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("none-\(getpid())").path
        let missing = try run(interlinearBinary, ["typeset", "Genesis 1"], environment: environment, directory: root)
        #expect(missing.status == 66)
        #expect(
            missing.stderr.contains("there is no corpus store at") && missing.stderr.contains("`interlinear import`"),
            "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
