import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// A text hit's context on a hostile verse: FTS5's snippet() does work quadratic in a verse's matches, so a store
/// whose verse holds the most tokens a verse may (65,536) must not reach it; such a verse's context is cut from
/// highlight() instead (`StoreSearch.window`), and is the same 12-token window a real verse gets. (One token more is
/// damage: search hits are checked against their chapter, which the loader refuses.)
@Suite struct SearchContextBoundTests {
    static let tokens = Verse.maxTranslationTokens
    /// Where "zebra" stands among the "a" tokens of John 1:2 (1-based).
    static let zebra = 40_001

    /// The committed-chapters store with John 1:2's translation replaced by `tokens` tokens, its full-text index
    /// and John 1's checksum made again (as an import of such a verse would leave them).
    static func hostileStore(tokens: Int = tokens) throws -> URL {
        let url = try StoreLimitTests.damaged(
            "long-verse",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(tokens))
            UPDATE verse SET translation = (SELECT group_concat(CASE WHEN i = \(zebra) THEN 'zebra' ELSE 'a' END, ' ') FROM n)
            WHERE id = 43001002;
            UPDATE verse_text SET translation = (SELECT translation FROM verse WHERE id = 43001002)
            WHERE rowid = 43001002;
            """)
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        try ChapterDigest.rebuild(database)
        database.close()
        return url
    }

    @Test func aVersePastTheBoundIsRefusedNotSearched() throws {
        let search = StoreSearch(store: try CorpusStore(url: try Self.hostileStore(tokens: Self.tokens + 1)))
        #expect {
            try search.run(SearchQuery(text: "zebra", kind: .text))
        } throws: { error in
            (error as? StoreError)?.isCorruption == true && String(describing: error).contains("John 1:2")
        }
    }

    @Test func aMatchInTheMiddleOfAHugeVerseGetsAWindowOfTwelveTokens() throws {
        let search = StoreSearch(store: try CorpusStore(url: try Self.hostileStore()))
        let result = try search.run(SearchQuery(text: "zebra", kind: .text))
        #expect(result.total == 1)
        let hit = try #require(result.hits.first)
        #expect(hit.reference == "John 1:2")
        #expect(hit.matched == "zebra")
        // Four tokens before the match, seven after; the verse goes on both ways.
        let expected =
            "…" + Array(repeating: "a", count: 4).joined(separator: " ") + " [zebra] "
            + Array(repeating: "a", count: 7).joined(separator: " ") + "…"
        #expect(hit.context == expected)
    }

    @Test func everyTokenMatchingGivesTheFirstTwelveAndLeavesRealVersesToSnippet() throws {
        let url = try Self.hostileStore()
        let hostile = try StoreSearch(store: try CorpusStore(url: url)).run(
            SearchQuery(text: "a", kind: .text, limit: 10_000))
        let clean = try StoreSearch(store: try CorpusStore(url: try StoreFixture.committed.get()))
            .run(SearchQuery(text: "a", kind: .text, limit: 10_000))
        let long = try #require(hostile.hits.first { $0.reference == "John 1:2" })
        #expect(long.context == Array(repeating: "[a]", count: 12).joined(separator: " ") + "…")
        #expect(long.matched == "a")
        // Every other verse is answered as before (FTS5's snippet, at most 12 tokens).
        let others = hostile.hits.filter { $0.reference != "John 1:2" }
        #expect(others == clean.hits.filter { $0.reference != "John 1:2" })
        #expect(!others.isEmpty)
        for hit in hostile.hits {
            #expect(
                hit.context.split(separator: " ").count <= StoreSearch.snippetTokens, "\(hit.reference): \(hit.context)"
            )
        }
    }

    /// The window's edges: a verse that fits, a match at the start or end, no match marked at all.
    @Test(arguments: [
        ("one [two] three", "one [two] three"),
        ("[a] b c d e f g h i j k l m", "[a] b c d e f g h i j k l…"),
        ("a b c d e f g h i j k l m n [o]", "…k l m n [o]"),
        ("a b c d e [f] g h i j k l m n o p q r", "…b c d e [f] g h i j k l m…"),
        ("no match here", "no match here"),
        ("", ""),
        ("αβ γδ [εζ] ηθ", "αβ γδ [εζ] ηθ"),
    ])
    func windowEdges(highlighted: String, expected: String) {
        #expect(StoreSearch.window(highlighted: highlighted) == expected)
    }
}
