import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Search by what a person can type (issue 40): a transliteration or respelling finds the Greek or Hebrew lemma, in
/// the store's one search. Expected lemmas and counts come from the source TSVs through the oracle beside this file
/// (`transliterated_lemmas.py`: the SBL table written out in Python, SBLGNT's lemma column, WLC's Strong's column).
@Suite(.serialized) struct TransliteratedSearchTests {
    static let spellings = ["logos", "theos", "agape", "christos", "pneuma", "euangelion", "huios", "ekklesia"]
    /// Hebrew words as readers write them, and the Strong's number each names (Strong's dictionary: אֱלֹהִים H430,
    /// רֵאשִׁית H7225, רוּחַ H7307, בָּרָא H1254).
    static let hebrew: [(spelling: String, number: Int)] = [
        ("elohim", 430), ("bereshit", 7225), ("ruach", 7307), ("bara", 1254),
    ]

    static func expected() throws -> [String: Any] {
        let data = try #require(SharedStore.sourceDirectory)
        return try BibleStoreTests.oracle(
            "transliterated_lemmas.py",
            [data.path, SourceData.hebrewDirectory().path] + spellings + ["--hebrew"]
                + hebrew.map { String($0.number) })
    }

    static func find(_ search: StoreSearch, _ text: String, _ scope: SearchScope, limit: Int = 100_000) throws
        -> SearchResult
    {
        try search.run(SearchQuery(text: text, scope: scope, limit: limit), context: false)
    }

    @Test(
        "a Greek transliteration finds every word of the lemmas the SBL table spells so", StoreFixture.needsSourceData)
    func greek() throws {
        let url = try BibleStoreTests.bibleStore()
        let search = StoreSearch(store: try CorpusStore(url: url))
        let oracle = try #require(try Self.expected()["greek"] as? [String: [String: Any]])
        for spelling in Self.spellings {
            let entry = try #require(oracle[spelling])
            let lemmas = Set(try #require(entry["lemmas"] as? [String]))
            let words = try #require(entry["words"] as? Int)
            #expect(!lemmas.isEmpty, "the oracle found no lemma spelled \(spelling)")
            let result = try Self.find(search, "translit:\(spelling)", .newTestament)
            #expect(result.query.kind == .translit)
            let found = Dictionary(grouping: result.hits, by: { $0.lemma ?? "" }).mapValues(\.count)
            // Every word of each lemma the table spells so; any other lemma found is one whose every word is found.
            for lemma in lemmas { #expect(found[lemma] != nil, "\(spelling): \(lemma) not found") }
            #expect(lemmas.reduce(0) { $0 + (found[$1] ?? 0) } == words, "\(spelling): \(found)")
            for (lemma, count) in found where !lemmas.contains(lemma) {
                let all = try Self.find(search, "lemma:\(lemma)", .newTestament, limit: 0).total
                #expect(count == all, "\(spelling) found \(count) of \(lemma)'s \(all) words")
            }
        }
    }

    @Test(
        "a Hebrew transliteration finds every word with its Strong's number, prefixed or not",
        StoreFixture.needsSourceData)
    func hebrewWords() throws {
        let url = try BibleStoreTests.bibleStore()
        let search = StoreSearch(store: try CorpusStore(url: url))
        let oracle = try #require(try Self.expected()["hebrew"] as? [String: Int])
        for (spelling, number) in Self.hebrew {
            let words = try #require(oracle[String(number)])
            let found = try Self.find(search, "translit:\(spelling)", .oldTestament, limit: 0).total
            let both = try Self.find(search, "translit:\(spelling) strongs:H\(number)", .oldTestament, limit: 0).total
            #expect(both == words, "\(spelling): \(both) of the \(words) words numbered H\(number)")
            #expect(found >= words, "\(spelling)")
        }
        // "bereshit" is Genesis 1:1's first word, a preposition and רֵאשִׁית in one.
        let first = try Self.find(search, "translit:bereshit", .book(try #require(Book.numbered(1))), limit: 1)
        #expect(first.hits.first.map { "\($0.reference) \($0.word ?? -1)" } == "Genesis 1:1 0")
    }

    @Test(
        "a plain Latin word the translation lacks is a transliteration; an English word stays English",
        StoreFixture.needsSourceData)
    func plainWords() throws {
        let url = try BibleStoreTests.bibleStore()
        let search = StoreSearch(store: try CorpusStore(url: url))
        for spelling in ["logos", "elohim", "agape", "ruach"] {
            let plain = try Self.find(search, spelling, .bible, limit: 0)
            let named = try Self.find(search, "translit:\(spelling)", .bible, limit: 0)
            #expect(try Self.find(search, "text:\(spelling)", .bible, limit: 0).total == 0, "\(spelling) is English")
            #expect(plain.query.kind == .translit && plain.total == named.total && plain.total > 0, "\(spelling)")
        }
        // ("word" would not do: a plain "word" reads as a morphology description, kind morph.)
        for english in ["love", "light", "spirit"] {
            let plain = try Self.find(search, english, .bible, limit: 0)
            #expect(plain.query.kind == .text)
            #expect(plain.total == (try Self.find(search, "text:\(english)", .bible, limit: 0)).total)
        }
    }

    @Test("`interlinear search logos --json` says kind translit, valid against search-3", StoreFixture.needsSourceData)
    func command() throws {
        let url = try BibleStoreTests.bibleStore()
        let result = try run(interlinearBinary, ["search", "logos", "--json", "--limit", "3", "--corpus", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "search-3") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(document["kind"] as? String == "translit")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.first?["lemma"] as? String == "λόγος")
    }
}
