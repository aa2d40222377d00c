import Foundation
import InterlinearTestSupport
import Testing

/// The key to the codes of an exported page (issue 43), in Chromium (`Harness/codes_check.py`): every Strong's
/// number and morphology code printed in a word's stack is an `abbr` whose title spells it out, kept from screen
/// readers (they hear each word's parsing in words already); the legend's code tiers link into the chapter's key,
/// which opens when the link is followed; the key lists each code of the page with the same words; axe-core finds
/// no violation.
///
/// Expected codes come from the chapter files; the expected words of a Greek code come from the letters of
/// Robinson's morphology key as written below (part of speech, case, number, gender; a verb's tense, voice, mood,
/// person and number), not from the program's expander; a Hebrew code's parts are its hyphen-separated pieces.
@Suite("interlinear export: the key to the codes")
struct CodeKeyTests {
    static let cases = [
        (reference: "John 1:1-5", file: "43-John/01.tsv"), (reference: "Genesis 1:1-5", file: "01-Gen/01.tsv"),
    ]

    // Robinson's key: the letters after a noun-like code's hyphen, and a verb's.
    static let grammaticalCases = [
        "N": "nominative", "G": "genitive", "D": "dative", "A": "accusative", "V": "vocative",
    ]
    static let numbers = ["S": "singular", "P": "plural"]
    static let genders = ["M": "masculine", "F": "feminine", "N": "neuter"]
    static let tenses = [
        "P": "present", "I": "imperfect", "F": "future", "A": "aorist", "R": "perfect", "L": "pluperfect",
    ]
    static let voices = ["A": "active", "M": "middle", "P": "passive"]
    static let moods = [
        "I": "indicative", "S": "subjunctive", "O": "optative", "M": "imperative", "N": "infinitive", "P": "participle",
    ]
    static let persons = ["1": "first", "2": "second", "3": "third"]
    static let partsOfSpeech = [
        "N": "noun", "A": "adjective", "T": "article", "V": "verb", "P": "pronoun", "R": "relative",
        "D": "demonstrative",
        "PREP": "preposition", "CONJ": "conjunction", "ADV": "adverb", "PRT": "particle",
    ]

    /// The words Robinson's key gives a Greek code's letters that the title must hold.
    static func expectedWords(greek code: String) -> [String] {
        let parts = code.split(separator: "-").map(String.init)
        var words: [String] = []
        if let head = parts.first, let name = partsOfSpeech[head] { words.append(name) }
        guard parts.count > 1 else { return words }
        let letters = Array(parts[1]).map(String.init)
        if parts[0] == "V" {
            // V-TVM or V-TVM-PN (a finite verb); a second aorist writes "2A": its digit is skipped.
            let tvm = letters.filter { $0.first?.isNumber != true }
            if tvm.count >= 3 {
                words += [tenses[tvm[0]], voices[tvm[1]], moods[tvm[2]]].compactMap { $0 }
            }
            if parts.count > 2 {
                let pn = Array(parts[2]).map(String.init)
                if pn.count >= 2, let person = persons[pn[0]], let number = numbers[pn[1]] {
                    words += [person, number]
                }
            }
        } else if letters.count == 3, let c = grammaticalCases[letters[0]], let n = numbers[letters[1]],
            let g = genders[letters[2]]
        {
            words += [c, n, g]
        }
        return words
    }

    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason), arguments: cases)
    func codesSpelledOutAndKeyed(reference: String, file: String) throws {
        let page = try HTMLExportTests.page([reference])
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/codes_check.py")
        let axe = try #require(ExportFixture.axeScript, "axe.min.js: run scripts/setup")
        let result = try run(ExportFixture.python, [script.path, page.path, axe.path])
        try #require(result.status == 0, "codes_check.py: \(result.stderr)")
        struct Code: Decodable { let tier: String, text: String, tag: String, title: String?, hidden: Bool }
        struct Link: Decodable { let exists: Bool, isKey: Bool, open: Bool }
        struct Report: Decodable { let violations: [String], codes: [Code], key: [String: String], links: [Link] }
        let report = try JSONDecoder().decode(Report.self, from: result.stdout)
        #expect(report.violations == [])

        // The chapter file's codes of verses 1–5 (columns: w, verse, word, transliteration, lemma, Strong's, code).
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(file)"), encoding: .utf8)
        var strongs: [String] = [], morphology: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.first == "w", fields.count > 6, let verse = Int(fields[1]), verse <= 5 else { continue }
            strongs.append(fields[5])
            morphology.append(fields[6])
        }
        #expect(report.codes.filter { $0.tier == "st" }.map(\.text) == strongs)
        #expect(report.codes.filter { $0.tier == "mo" }.map(\.text) == morphology)

        let hebrew = file.hasPrefix("01-")
        for code in report.codes {
            #expect(code.tag == "abbr" && code.hidden, "\(code.text): an abbreviation kept from screen readers")
            let title = try #require(code.title, "\(code.text) has no title")
            #expect(!title.contains("unrecognised"), "\(code.text): \(title)")
            if code.tier == "st" {
                // Each number of the code, without its letter and leading zeros, in the named dictionary.
                #expect(title.contains(hebrew ? "Hebrew" : "Greek"), "\(code.text): \(title)")
                for number in code.text.split(whereSeparator: { $0 == "-" || $0 == "/" }) {
                    let digits = number.drop { !$0.isNumber }.drop { $0 == "0" }
                    #expect(title.contains(String(digits)), "\(code.text): \(title)")
                }
            } else {
                #expect(report.key[code.text] == title, "\(code.text): the key says what the title says")
                if hebrew {
                    let pieces = code.text.split(separator: "-").count
                    #expect(title.split(separator: ",").count == pieces, "\(code.text): \(title)")
                } else {
                    for word in Self.expectedWords(greek: code.text) {
                        #expect(title.contains(word), "\(code.text): \(title) lacks \(word)")
                    }
                }
            }
        }
        #expect(!report.links.isEmpty)
        for link in report.links {
            #expect(link.exists && link.isKey && link.open, "a legend link leads into the key and opens it")
        }
    }
}
