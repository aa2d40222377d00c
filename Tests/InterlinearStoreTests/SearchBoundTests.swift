import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Ordinary-looking queries of unbounded cost (issue 39): 2,000 repeated words took 9.3 s and 10,000 did not finish
/// in a minute, `NEAR(` with 500 words did not finish, 2,000 criteria exited 74 with SQLite's words. Now a query is
/// bounded in terms, NEAR words, nesting and criteria, refused beyond them in one line (exit 64), and a list of
/// words asks FTS5 for each distinct word once. The work is counted, not timed: the terms FTS5 is given.
@Suite struct SearchBoundTests {
    /// The quoted terms of an FTS5 expression `TextQuery` wrote: what FTS5 evaluates.
    static func terms(_ expression: String?) -> [String] {
        guard let expression else { return [] }
        return expression.matches(of: /"[^"]*"/).map { String($0.output) }
    }

    static func search(_ query: String, _ flags: [String] = []) throws -> ProcessResult {
        try run(
            interlinearBinary,
            ["search", query, "--json", "--limit", "0"] + flags + ["--corpus", try StoreFixture.committed.get().path])
    }

    static func total(_ result: ProcessResult) throws -> Int {
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(document["total"] as? Int)
    }

    @Test(
        "repeated words are evaluated once each: the terms FTS5 gets are the distinct words",
        arguments: [2_000, 10_000])
    func repeatedWords(count: Int) throws {
        let query = Array(repeating: "light", count: count).joined(separator: " ")
        #expect(Self.terms(try TextQuery.fts5(query)) == ["\"light\""])
        let mixed = (0..<count).map { $0 % 2 == 0 ? "light" : "darkness" }.joined(separator: " ")
        #expect(Self.terms(try TextQuery.fts5(mixed)) == ["\"light\"", "\"darkness\""])
        // As a user meets it: the answer is the one word's (John 1 says "light" in verses 4, 5, 7, 8, 9).
        let repeated = try Self.search(query)
        let once = try Self.search("light")
        #expect(repeated.status == 0 && once.status == 0, "\(repeated.stderr)")
        #expect(try Self.total(repeated) == Self.total(once))
        #expect(try Self.total(once) > 0)
    }

    /// The queries past a bound, by name (the names keep the test log short), and what each message must say.
    static let pastTheBounds: [String: (query: String, message: String)] = [
        "2,000 distinct words": (
            (0..<2_000).map { "w\($0)x" }.joined(separator: " "), "at most 64 are searched at once"
        ),
        "NEAR of 500 words": (
            "NEAR(" + (0..<500).map { "w\($0)x" }.joined(separator: " ") + ", 5)", "NEAR takes at most 8 words"
        ),
        "2,000 criteria": (
            Array(repeating: "lemma:λόγος", count: 2_000).joined(separator: " "), "at most 16 can be combined"
        ),
        "parentheses 100 deep": (
            String(repeating: "(", count: 100) + "light" + String(repeating: ")", count: 100), "more than 16 deep"
        ),
        // OR: not a plain list, every term counts
        "2,000 words joined by OR": (
            Array(repeating: "light", count: 2_000).joined(separator: " OR "), "at most 64 are searched at once"
        ),
        // one phrase of 2,000 words: each word is a term
        "a phrase of 2,000 words": (
            "\"" + Array(repeating: "light", count: 2_000).joined(separator: " ") + "\"", "at most 64"
        ),
    ]

    @Test("beyond the bounds: one line, exit 64, saying the bound", arguments: pastTheBounds.keys.sorted())
    func refused(name: String) throws {
        let (query, message) = try #require(Self.pastTheBounds[name])
        let result = try Self.search(query)
        expectOneErrorLine(result, status: 64, [message])
    }

    @Test("at the bounds the query runs: 64 distinct words, NEAR of 8, 16 criteria, 16 parentheses deep")
    func atTheBounds() throws {
        let words = (0..<TextQuery.maxTerms).map { "w\($0)x" }.joined(separator: " ")
        #expect(Self.terms(try TextQuery.fts5(words)).count == TextQuery.maxTerms)
        for query in [
            words,
            "NEAR(" + (0..<TextQuery.maxNearWords).map { "w\($0)x" }.joined(separator: " ") + ", 5)",
            Array(repeating: "lemma:λόγος", count: SearchQuery.maxCriteria).joined(separator: " "),
            String(repeating: "(", count: TextQuery.maxNesting) + "light"
                + String(repeating: ")", count: TextQuery.maxNesting),
        ] {
            let result = try Self.search(query)
            #expect(result.status == 0, "\(query.prefix(40)): \(result.stderr)")
        }
    }
}
