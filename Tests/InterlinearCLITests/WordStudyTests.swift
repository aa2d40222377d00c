import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearTestSupport
import Testing

/// `interlinear define`'s word study (issue 43) over both testaments: the counts against the source data the store
/// was imported from (bible-alignments' SBLGNT.tsv and WLC-LEB.tsv, read by `Oracles/word_study.py`, not by the
/// importer), the renderings against the store's own alignment rows read with the oracle's own SQL, and every place
/// listed opened again as a word query.
@Suite(.serialized) struct WordStudyTests {
    /// Both testaments with the lexicon: the shared whole-Bible store, copied, and one chapter imported into it again
    /// in place, which reads SWORD's dictionaries into it as `interlinear import` does.
    static let store: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-study-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("interlinear.sqlite")
        try SharedStore.copyStore(try SharedStore.wholeBible.get(), to: url)
        let result = try interlinear("import", "Jude 1", "--corpus", url.path)
        guard result.status == 0, result.stdoutText.contains("lexicon entries") else {
            throw SpawnFailure("import with the lexicon failed (\(result.status)): \(result.stderr)")
        }
        return url
    }

    static let oracle = packageRoot.appendingPathComponent("Tests/InterlinearCLITests/Oracles/word_study.py")

    /// What the oracle computes for `number`.
    struct Expected: Decodable {
        let total: Int
        /// [book number, words] in canonical order.
        let books: [[Int]]
        /// [text, count] as JSON arrays of a string and a number.
        let renderings: [Rendering]

        struct Rendering: Decodable, Equatable {
            let text: String
            let count: Int
            init(from decoder: any Decoder) throws {
                var pair = try decoder.unkeyedContainer()
                text = try pair.decode(String.self)
                count = try pair.decode(Int.self)
            }
            init(text: String, count: Int) {
                self.text = text
                self.count = count
            }
        }
    }

    static func expected(_ number: String, store: URL) throws -> Expected {
        let sblgnt = try #require(SourceColumns.sblgnt)
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [oracle.path, store.path, sblgnt.path, SourceColumns.hebrewFile.path, number])
        guard result.status == 0 else { throw SpawnFailure("word_study.py failed: \(result.stderr)") }
        return try JSONDecoder().decode(Expected.self, from: result.stdout)
    }

    /// The study of each entry of `define QUERIES… --json`, answers in order.
    static func define(_ queries: [String], store: URL) throws -> [[String: Any]] {
        let result = try run(interlinearBinary, ["define"] + queries + ["--json", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "define-2") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(document["queries"] as? [[String: Any]])
    }

    @Test(
        SharedStore.needsSourceData, SourceColumns.needsHebrewSource,
        arguments: [("G3056", "BSB"), ("H430", nil)] as [(String, String?)])
    func countsAreTheSourceDataAndRenderingsTheStoresAlignment(number: String, translation: String?) throws {
        let store = try Self.store.get()
        let want = try Self.expected(number, store: store)
        let entry = try #require(
            ((try Self.define([number], store: store)).first?["entries"] as? [[String: Any]])?.first)
        let study = try #require(entry["study"] as? [String: Any])
        #expect(want.total > 300, "the oracle found \(want.total) words of \(number)")
        #expect(study["occurrences"] as? Int == want.total)
        #expect((study["places"] as? [Any])?.count == want.total)
        let books = try #require(study["books"] as? [[String: Any]])
        let wantBooks = want.books.map { (Book.numbered($0[0])?.osis ?? "?", $0[1]) }
        #expect(books.map { $0["osis"] as? String ?? "" } == wantBooks.map(\.0))
        #expect(books.map { $0["count"] as? Int ?? -1 } == wantBooks.map(\.1))
        #expect(study["translation"] as? String == translation)
        let renderings = try #require(study["renderings"] as? [[String: Any]]).map {
            Expected.Rendering(text: $0["text"] as? String ?? "", count: $0["count"] as? Int ?? 0)
        }
        #expect(renderings == want.renderings)
        #expect(study["rendered"] as? Int == want.renderings.reduce(0) { $0 + $1.count })
        if translation != nil {
            // The Greek word has English in most places, and many renderings: the comparison above is not of empties.
            #expect(want.renderings.count > 20 && want.renderings.reduce(0) { $0 + $1.count } > want.total * 3 / 4)
        }
        // The derivations: G3056 "from G3004", H430 "Plural of H433".
        let related = try #require(study["related"] as? [[String: Any]])
        #expect(related.map { $0["strongs"] as? String } == [number == "G3056" ? "G3004" : "H433"])
        #expect((related.first?["gloss"] as? String)?.isEmpty == false)
    }

    /// Each place opens its word: asked for as `define "REFERENCE wN"` (all of G3056's, every 13th of H430's and its
    /// last), every answer is that verse's word, and the word has the number.
    @Test(SharedStore.needsSourceData, SourceColumns.needsHebrewSource, arguments: [("G3056", 1), ("H430", 13)])
    func everyPlaceOpensItsWord(number: String, every: Int) throws {
        let store = try Self.store.get()
        let entry = try #require(
            ((try Self.define([number], store: store)).first?["entries"] as? [[String: Any]])?.first)
        let places = try #require((entry["study"] as? [String: Any])?["places"] as? [[String: Any]])
        var sample = stride(from: 0, to: places.count, by: every).map { places[$0] }
        if let last = places.last, every > 1 { sample.append(last) }
        #expect(sample.count > 150)
        let queries = sample.map { "\($0["reference"] as? String ?? "") w\($0["position"] as? Int ?? 0)" }
        let answers = try Self.define(queries, store: store)
        #expect(answers.count == sample.count)
        for (place, answer) in zip(sample, answers) {
            let word = answer["word"] as? [String: Any]
            #expect(word?["osisRef"] as? String == place["osisRef"] as? String)
            #expect(word?["position"] as? Int == place["position"] as? Int)
            let numbers = (answer["entries"] as? [[String: Any]])?.compactMap { $0["strongs"] as? String } ?? []
            #expect(numbers.contains(number), "\(answer["query"] ?? "") has \(numbers)")
        }
    }

    /// The text form: the counts said as the oracle counts them, and what the study adds said by an English voice
    /// without spelling anything (its lines hold no Greek or Hebrew script, "BSB" is said as the translation's name).
    @Test(
        SharedStore.needsSourceData, SourceColumns.needsHebrewSource,
        .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")))
    func theTextSaysTheCountsForAVoice() throws {
        let store = try Self.store.get()
        let result = try interlinear("define", "G3056", "H430", "--corpus", store.path)
        #expect(result.status == 0, "\(result.stderr)")
        var studyLines: [String] = []
        for number in ["G3056", "H430"] {
            let want = try Self.expected(number, store: store)
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            let occurs = try #require(
                lines.first { $0.hasPrefix("Occurs \(want.total) times in \(want.books.count) books: ") })
            let first = want.books[0]
            #expect(occurs.contains(": \(Book.numbered(first[0])?.name ?? "?") \(first[1]),"), "\(occurs)")
            studyLines.append(occurs)
        }
        studyLines += result.stdoutText.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("Berean Standard Bible renderings: ") || $0.hasPrefix("Renderings: ")
                || $0.hasPrefix("First 10 of ")
        }
        #expect(studyLines.count == 6, "\(studyLines)")
        #expect(studyLines.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value < 0x0370 || $0.value > 0x05FF } })
        let voice = try EnglishVoice()
        let phonemes = try voice.phonemes(studyLines)
        for (line, said) in zip(studyLines, phonemes) {
            #expect(!voice.isSpelled(said), "\(line): \(said)")
        }
    }
}
