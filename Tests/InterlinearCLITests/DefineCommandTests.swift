import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear define` as users meet it: a store built by `interlinear import` (which reads SWORD's Strong's
/// dictionaries through libsword), then entries compared with what diatheke — SWORD's own command-line front end —
/// prints for the same numbers, its markup stripped here.
@Suite struct DefineCommandTests {
    /// A store holding John 1 and the lexicon, imported once per test process; nil with the reason it cannot be.
    static let store: Result<URL, any Error> = Result {
        if let reason = SharedStore.sourceMissing { throw SkipReason(reason) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-define-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("interlinear.sqlite")
        let result = try interlinear("import", "John 1", "--corpus", url.path)
        guard result.status == 0, result.stdoutText.contains("lexicon entries") else {
            throw SkipReason("import failed (\(result.status)): \(result.stderr) \(result.stdoutText)")
        }
        return url
    }

    struct SkipReason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static var storeAvailable: Bool { SystemTool.isCI || SharedStore.sourceMissing == nil }

    /// 50 numbers spread over the dictionary (SplitMix64, fixed seed) and the two ends, plus the examples.
    static func sample(upTo last: Int, seed: UInt64, including: [Int]) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var numbers = Set(including + [1, last])
        while numbers.count < 53 { numbers.insert(Int.random(in: 1...last, using: &generator)) }
        return numbers.sorted()
    }

    /// `define G… H… --json`: each entry's text is diatheke's with the markup stripped; its headword is diatheke's
    /// first `<orth>`, its pronunciation the `<pron>`; the document follows define-2. At least 50 numbers of each
    /// dictionary are compared (a number the module lacks, such as G2717, is counted and left out).
    @Test(
        .enabled(if: storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        arguments: [("StrongsGreek", "G", 5624, 3056), ("StrongsHebrew", "H", 8674, 430)])
    func entriesAreDiathekesTextWithoutMarkup(module: String, prefix: String, last: Int, example: Int) throws {
        let store = try Self.store.get()
        var expected: [(number: Int, markup: String, text: String)] = []
        var absent: [Int] = []
        for number in Self.sample(upTo: last, seed: UInt64(last), including: [example]) {
            if let entry = try Diatheke.entry(module, number) {
                expected.append((number, entry.markup, entry.text))
            } else {
                absent.append(number)
            }
        }
        #expect(expected.count >= 50, "only \(expected.count) of the sample are in \(module); absent: \(absent)")
        print("\(module): \(expected.count) entries compared with diatheke; not in the module: \(absent)")
        // Most entries have a headword in their script (the check above would pass on empty ones alone).
        #expect(expected.filter { Diatheke.element("<orth>", "</orth>", in: $0.markup)?.isEmpty == false }.count >= 45)
        let result = try run(
            interlinearBinary,
            ["define"] + expected.map { "\(prefix)\($0.number)" } + ["--json", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "define-2") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let queries = try #require(document["queries"] as? [[String: Any]])
        #expect(queries.count == expected.count)
        for (query, want) in zip(queries, expected) {
            let entry = try #require((query["entries"] as? [[String: Any]])?.first)
            #expect(entry["strongs"] as? String == "\(prefix)\(want.number)")
            #expect(entry["text"] as? String == want.text, "\(prefix)\(want.number)")
            // An entry Strong's left unused ("G3203: Not Used") has no headword or pronunciation.
            let headword = Diatheke.element("<orth>", "</orth>", in: want.markup) ?? ""
            #expect(entry["headword"] as? String == headword, "\(prefix)\(want.number)")
            let pronunciation = Diatheke.element("<pron rend=\"italic\">", "</pron>", in: want.markup)?.filter {
                $0 != "{" && $0 != "}"
            }
            #expect(entry["pronunciation"] as? String == pronunciation ?? "", "\(prefix)\(want.number)")
            // The script is the dictionary's own (the Greek and Extended Greek blocks, the Hebrew block with its
            // points), never Latin-1 mojibake.
            let letters = headword.unicodeScalars.filter { $0.properties.isAlphabetic }
            let script: ClosedRange<Unicode.Scalar> = prefix == "G" ? "\u{0370}"..."\u{1FFF}" : "\u{0590}"..."\u{05FF}"
            #expect(letters.allSatisfy { script.contains($0) }, "\(prefix)\(want.number): \(headword)")
        }
    }

    /// The queries in text: a number of each testament, a headword without accents, a word of a verse.
    @Test(.enabled(if: storeAvailable, "the bible-alignments source data is missing (scripts/setup)"))
    func numbersHeadwordsAndWordsFindTheirEntries() throws {
        let store = try Self.store.get()
        let result = try interlinear("define", "H430", "λογος", "--corpus", store.path)
        #expect(result.status == 0, "\(result.stderr)")
        let blocks = result.stdoutText.components(separatedBy: "\n\n")
        #expect(blocks.count == 2)
        #expect(blocks.first?.hasPrefix("H430 אלהים, 'ĕlôhîym, pronounced el-o-heem'\n") == true, "\(blocks)")
        #expect(blocks.last?.hasPrefix("G3056 λόγος, lógos, pronounced log'-os\n") == true, "\(blocks)")

        // Genesis 1:1's first word is the prefix bə- (H871a) and rēʾšît (H7225), as the committed chapter says: the
        // prefix's lettered number is not a form of H871 ("Atharim"), so only H7225 has an entry.
        let genesis = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/01-Gen/01.tsv"), encoding: .utf8)
        let firstWord = try #require(genesis.split(separator: "\n").first { $0.hasPrefix("w\t1\t") })
        let fields = firstWord.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields[5] == "H871a-H7225")
        let word = try interlinear("define", "Genesis 1:1 w1", "--json", "--corpus", store.path)
        #expect(word.status == 0, "\(word.stderr)")
        #expect(try schemaViolation(word.stdout, schema: "define-2") == nil)
        let query = try #require(
            ((try JSONSerialization.jsonObject(with: word.stdout) as? [String: Any])?["queries"]
                as? [[String: Any]])?.first)
        #expect((query["entries"] as? [[String: Any]])?.map { $0["strongs"] as? String } == ["H7225"])
        #expect(query["unresolved"] as? [String] == ["H871a"])
        #expect((query["word"] as? [String: Any])?["surface"] as? String == String(fields[2]))
    }

    /// A query that finds nothing is one line and status 66, with nothing on stdout, even beside one that does.
    @Test(
        .enabled(if: storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
        arguments: ["H9999", "H871a", "ξξξ", "John 1:1 w999"])
    func aQueryWithoutAnEntryIsOneLine(query: String) throws {
        let store = try Self.store.get()
        let result = try interlinear("define", "G3056", query, "--corpus", store.path)
        #expect(result.status == 66, "\(query): \(result.status) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("interlinear: error: "))
    }
}
