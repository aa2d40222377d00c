import Foundation
import Testing
import InterlinearTestSupport

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

    /// A SWORD library folder for diatheke holding Debian's two Strong's modules, with StrongsHebrew's `.conf` given
    /// the `Encoding=UTF-8` its data has but the packaged file lacks (without it SWORD reads the Hebrew as Latin-1,
    /// and diatheke prints "××œ×”×™×" for אלהים). The module data is Debian's, linked, not copied.
    static let diathekeLibrary: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-sword-\(getpid())")
        let mods = folder.appendingPathComponent("mods.d")
        try? FileManager.default.createDirectory(at: mods, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("modules").path,
                                                    withDestinationPath: "/usr/share/sword/modules")
        for (name, extra) in [("strongsgreek.conf", ""), ("strongshebrew.conf", "\nEncoding=UTF-8\n")] {
            let conf = (try? String(contentsOfFile: "/usr/share/sword/mods.d/\(name)", encoding: .utf8)) ?? ""
            try? (conf + extra).write(to: mods.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }()

    /// What `diatheke -b MODULE -k N` prints for entry N, as markup and as text (tags removed, the five XML entities
    /// decoded, white space collapsed); nil when the module's key is not N (diatheke then shows the entry before).
    static func diatheke(_ module: String, _ number: Int) throws -> (markup: String, text: String)? {
        var environment = ProcessInfo.processInfo.environment
        environment["SWORD_PATH"] = diathekeLibrary.path
        environment["HOME"] = diathekeLibrary.path  // no ~/.sword modules mixed in
        let program = try #require(SystemTool.find("diatheke"))
        let result = try run(program, ["-b", module, "-k", String(number)], environment: environment)
        #expect(result.status == 0, "diatheke \(module) \(number): \(result.stderr)")
        var output = result.stdoutText
        let prefix = String(format: "%05d: ", number)
        guard output.hasPrefix(prefix) else { return nil }
        output.removeFirst(prefix.count)
        if let trailer = output.range(of: "(\(module))", options: .backwards) { output.removeSubrange(trailer.lowerBound...) }
        var text = output.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return (output, text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }

    /// The inner text of the first `<tag>` (with exactly these attributes) in diatheke's markup, tags removed.
    static func element(_ open: String, _ close: String, in markup: String) -> String? {
        guard let start = markup.range(of: open), let end = markup.range(of: close, range: start.upperBound..<markup.endIndex)
        else { return nil }
        return String(markup[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// 50 numbers spread over the dictionary (SplitMix64, fixed seed) and the two ends, plus the examples.
    static func sample(upTo last: Int, seed: UInt64, including: [Int]) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var numbers = Set(including + [1, last])
        while numbers.count < 53 { numbers.insert(Int.random(in: 1...last, using: &generator)) }
        return numbers.sorted()
    }

    /// `define G… H… --json`: each entry's text is diatheke's with the markup stripped; its headword is diatheke's
    /// first `<orth>`, its pronunciation the `<pron>`; the document follows define-1. At least 50 numbers of each
    /// dictionary are compared (a number the module lacks, such as G2717, is counted and left out).
    @Test(.enabled(if: storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
          .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
          arguments: [("StrongsGreek", "G", 5624, 3056), ("StrongsHebrew", "H", 8674, 430)])
    func entriesAreDiathekesTextWithoutMarkup(module: String, prefix: String, last: Int, example: Int) throws {
        let store = try Self.store.get()
        var expected: [(number: Int, markup: String, text: String)] = []
        var absent: [Int] = []
        for number in Self.sample(upTo: last, seed: UInt64(last), including: [example]) {
            if let entry = try Self.diatheke(module, number) {
                expected.append((number, entry.markup, entry.text))
            } else {
                absent.append(number)
            }
        }
        #expect(expected.count >= 50, "only \(expected.count) of the sample are in \(module); absent: \(absent)")
        print("\(module): \(expected.count) entries compared with diatheke; not in the module: \(absent)")
        // Most entries have a headword in their script (the check above would pass on empty ones alone).
        #expect(expected.filter { Self.element("<orth>", "</orth>", in: $0.markup)?.isEmpty == false }.count >= 45)
        let result = try run(interlinearBinary,
                             ["define"] + expected.map { "\(prefix)\($0.number)" } + ["--json", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "define-1") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let queries = try #require(document["queries"] as? [[String: Any]])
        #expect(queries.count == expected.count)
        for (query, want) in zip(queries, expected) {
            let entry = try #require((query["entries"] as? [[String: Any]])?.first)
            #expect(entry["strongs"] as? String == "\(prefix)\(want.number)")
            #expect(entry["text"] as? String == want.text, "\(prefix)\(want.number)")
            // An entry Strong's left unused ("G3203: Not Used") has no headword or pronunciation.
            let headword = Self.element("<orth>", "</orth>", in: want.markup) ?? ""
            #expect(entry["headword"] as? String == headword, "\(prefix)\(want.number)")
            let pronunciation = Self.element("<pron rend=\"italic\">", "</pron>", in: want.markup)?.filter { $0 != "{" && $0 != "}" }
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
        let genesis = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/01-Gen/01.tsv"), encoding: .utf8)
        let firstWord = try #require(genesis.split(separator: "\n").first { $0.hasPrefix("w\t1\t") })
        let fields = firstWord.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields[5] == "H871a-H7225")
        let word = try interlinear("define", "Genesis 1:1 w1", "--json", "--corpus", store.path)
        #expect(word.status == 0, "\(word.stderr)")
        #expect(try schemaViolation(word.stdout, schema: "define-1") == nil)
        let query = try #require(((try JSONSerialization.jsonObject(with: word.stdout) as? [String: Any])?["queries"]
            as? [[String: Any]])?.first)
        #expect((query["entries"] as? [[String: Any]])?.map { $0["strongs"] as? String } == ["H7225"])
        #expect(query["unresolved"] as? [String] == ["H871a"])
        #expect((query["word"] as? [String: Any])?["surface"] as? String == String(fields[2]))
    }

    /// A query that finds nothing is one line and status 66, with nothing on stdout, even beside one that does.
    @Test(.enabled(if: storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
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
