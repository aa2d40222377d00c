import Foundation
import InterlinearTestSupport
import Testing

/// The `lemma` tier (issue 29): a Hebrew word's lemma is the headword of its Strong's number in Strong's Hebrew
/// dictionary. Checked on `typeset "Genesis 1" --tiers source,lemma,gloss` as users run it, against the committed
/// chapter's Strong's numbers and the headwords diatheke prints for them.
@Suite struct LemmaTierTests {
    /// Every word of Genesis 1 whose morphemes' numbers include one with a Strong's entry has a lemma label, and it
    /// is the headword (diatheke's first `<orth>`) of the first such number. A number "has an entry" when diatheke
    /// shows that very key and, for a lettered number (H1254a), its base is not the last entry of its letter — the
    /// Hebrew data's numbers for prefixes and suffixes (H871a bə-, after H871, the last word in א) are not forms of
    /// their base (docs/lexicon.md). The words without an entry are counted and printed.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func everyHebrewWordWithAnEntryHasItsHeadwordAsLemma() throws {
        let result = try interlinear("typeset", "Genesis 1", "--tiers", "source,lemma,gloss")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "layout-4") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(document["tiers"] as? [String] == ["source", "gloss", "lemma"])
        let cells = try #require(document["cells"] as? [[String: Any]])
        // The lemma label of each word, by verse (cell order) and word offset.
        var lemmas: [[Int: String]] = []
        for cell in cells {
            var byWord: [Int: String] = [:]
            for label in cell["labels"] as? [[String: Any]] ?? [] where label["tier"] as? String == "lemma" {
                if let word = label["word"] as? Int { byWord[word] = label["text"] as? String }
            }
            lemmas.append(byWord)
        }

        // The committed chapter's words: each `w` record's Strong's field, verse by verse.
        let file = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/01-Gen/01.tsv"), encoding: .utf8)
        var verses: [[String]] = []
        for line in file.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first == "v" { verses.append([]) }
            if fields.first == "w", fields.count > 5 { verses[verses.count - 1].append(String(fields[5])) }
        }
        #expect(verses.count == lemmas.count)

        var headwords: [Int: String?] = [:]
        func headword(_ number: Int) throws -> String? {
            if let known = headwords[number] { return known }
            let found = try Diatheke.entry("StrongsHebrew", number)
                .flatMap { Diatheke.element("<orth>", "</orth>", in: $0.markup) }
            headwords[number] = found
            return found
        }
        func firstLetter(_ text: String?) -> Unicode.Scalar? {
            text?.unicodeScalars.first { $0.properties.isAlphabetic }
        }
        /// The headword of `number` ("H7225", "H1254a"), or nil when it has no entry by the rule above.
        func entryHeadword(_ number: Substring) throws -> String? {
            guard number.hasPrefix("H"), let value = Int(number.dropFirst().prefix { $0.isNumber }),
                let base = try headword(value)
            else { return nil }
            if number.last?.isLetter == true, firstLetter(try headword(value + 1)) != firstLetter(base) { return nil }
            return base
        }

        var withEntry = 0, without: [String] = []
        for (verse, words) in verses.enumerated() {
            for (offset, strongs) in words.enumerated() {
                var expected: String?
                for number in strongs.split(separator: "-") where expected == nil {
                    expected = try entryHeadword(number)
                }
                if let expected {
                    withEntry += 1
                    #expect(lemmas[verse][offset] == expected, "Genesis 1:\(verse + 1) word \(offset + 1) (\(strongs))")
                } else {
                    without.append("1:\(verse + 1) w\(offset + 1) \(strongs)")
                    #expect(lemmas[verse][offset] == nil, "Genesis 1:\(verse + 1) word \(offset + 1) (\(strongs))")
                }
            }
        }
        #expect(withEntry > 400, "only \(withEntry) words have an entry")
        print("Genesis 1: \(withEntry) words with a lemma, \(without.count) without an entry: \(without)")
    }
}
