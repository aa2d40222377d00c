import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Search counts against counts computed straight from the source TSV (not through the store or its folding).
@Suite(
    .serialized,
    .enabled(if: StoreFixture.wholeStoreRuns, "needs the bible-alignments source data (scripts/setup downloads it)"))
struct SearchCountTests {
    /// SBLGNT rows: (lemma, Strong's, morphology), read with a plain split.
    static let sourceRows: [(lemma: String, strongs: String, morph: String)]? = {
        guard let file = SourceColumns.sblgnt,
            let rows = try? SourceColumns.rows(of: file, columns: ["lemma", "strongs", "morph"])
        else { return nil }
        return rows.map { ($0[0], $0[1], $0[2]) }
    }()

    /// Foundation's diacritic- and case-insensitive comparison, final sigma mapped: independent of `Folding`.
    static func same(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> String {
            s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).replacingOccurrences(
                of: "ς", with: "σ")
        }
        return key(a) == key(b)
    }

    private func searchJSON(_ store: URL, _ arguments: String...) throws -> [String: Any] {
        let result = try run(
            interlinearBinary, ["search"] + arguments + ["--json", "--limit", "100000", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "search-3") == nil)
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    private func check(_ document: [String: Any], expected: Int) throws {
        #expect(document["total"] as? Int == expected)
        #expect((document["results"] as? [Any])?.count == expected)
        let counts = try #require(document["counts"] as? [[String: Any]])
        #expect(counts.reduce(0) { $0 + ($1["hits"] as? Int ?? 0) } == expected)
    }

    @Test func lemmaFindsEveryWordWithThatLemma() throws {
        let store = try StoreFixture.wholeStore()
        let rows = try #require(Self.sourceRows)
        let expected = rows.filter { Self.same($0.lemma, "λόγος") }.count
        #expect(expected > 300)
        try check(try searchJSON(store, "--lemma", "λόγος", "--in", "nt"), expected: expected)
        // Accents and case do not matter.
        try check(try searchJSON(store, "--lemma", "ΛΟΓΟΣ", "--in", "nt"), expected: expected)
    }

    @Test func strongsNumberFindsEveryWordWithIt() throws {
        let store = try StoreFixture.wholeStore()
        let rows = try #require(Self.sourceRows)
        let logos = rows.filter { $0.strongs == "G3056" }.count
        try check(try searchJSON(store, "--strongs", "G3056", "--in", "nt"), expected: logos)
        // A number without its letter finds every lettered variant; with the letter, only that one.
        let all4053 = rows.filter { $0.strongs.hasPrefix("G4053") }.count
        let c4053 = rows.filter { $0.strongs == "G4053c" }.count
        #expect(all4053 > c4053 && c4053 > 0)
        try check(try searchJSON(store, "4053"), expected: all4053)
        try check(try searchJSON(store, "--strongs", "G4053c"), expected: c4053)
    }

    @Test func morphologyCodeAndWords() throws {
        let store = try StoreFixture.wholeStore()
        let rows = try #require(Self.sourceRows)
        let code = rows.filter { $0.morph == "V-AAI-3S" }.count
        try check(try searchJSON(store, "--morph", "V-AAI-3S", "--in", "nt"), expected: code)
        // In words: first and second aorists, active indicative, any person and number.
        let words = rows.filter { $0.morph.hasPrefix("V-AAI-") || $0.morph.hasPrefix("V-2AAI-") }.count
        try check(try searchJSON(store, "aorist active indicative"), expected: words)
        let glob = rows.filter { $0.morph.hasPrefix("V-AAI-") }.count
        try check(try searchJSON(store, "--morph", "V-AAI-*"), expected: glob)
    }

    @Test func translationTextThroughTheFullTextIndex() throws {
        let store = try StoreFixture.wholeStore()
        let directory = try #require(StoreFixture.sourceDirectory)
        // Verses (by source verse) of the BSB with a token "grace", any case.
        var verses = Set<String>()
        for f in try SourceColumns.rows(
            of: directory.appendingPathComponent("eng/targets/BSB/nt_BSB.tsv"),
            columns: ["id", "source_verse", "text"]) where f[2].lowercased() == "grace"
        {
            verses.insert(f[1].isEmpty ? String(f[0].prefix(8)) : f[1])
        }
        let document = try searchJSON(store, "--text", "grace", "--in", "nt")
        try check(document, expected: verses.count)
        let first = try #require((document["results"] as? [[String: Any]])?.first)
        #expect((first["matched"] as? String)?.lowercased() == "grace")
    }

    @Test func everyChapterOfTheNewTestamentOpens() throws {
        let url = try StoreFixture.wholeStore()
        let store = try CorpusStore(url: url)
        let chapters = try store.availableChapters()
        #expect(chapters.count == 260)
        let strings = StringTableBuilder()
        var words = 0
        for reference in chapters { words += try #require(try store.load(reference, into: strings)).wordCount }
        #expect(words == Self.sourceRows?.count)
        // The committed chapters are the same chapters the store holds.
        let files = CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")])
        for reference in files.availableChapters() where reference.book.testament == .new {
            #expect(
                sameChapter(
                    try #require(try store.load(reference, into: StringTableBuilder())),
                    try files.load(reference, into: StringTableBuilder())), "\(reference)")
        }
    }

    @Test func morphologyVocabularyCoversEveryExpansion() throws {
        let url = try StoreFixture.wholeStore()
        let search = StoreSearch(store: try CorpusStore(url: url))
        // Every word of every expansion is understood as a morphology query, and a code's own expansion finds it.
        let codes = Set((Self.sourceRows ?? []).map(\.morph)).sorted()
        for (index, code) in codes.enumerated() {
            let expansion = try #require(Morphology.expand(code), "\(code)")
            #expect(MorphologyMatch.isDescription(expansion), "\(code): \(expansion)")
            if index % 50 == 0 {
                #expect(try search.morphologyCodes(expansion).contains(code), "\(code): \(expansion)")
            }
        }
    }

    @Test func textOutputListsAndCounts() throws {
        let store = try StoreFixture.wholeStore()
        let result = try run(
            interlinearBinary, ["search", "λόγος", "--in", "John", "--limit", "2", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.first?.hasPrefix("John 1:1  λόγος") == true, "\(result.stdoutText)")
        #expect(lines.contains { $0.hasPrefix("40 words in John (first 2 listed") }, "\(result.stdoutText)")
    }
}
