import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// What an English voice gets of Strong's entries (the define action's description, the reader's `i`): entries as
/// `interlinear define --json` reads them from a store `interlinear import` built with SWORD's dictionaries, worded by
/// the accessibility layer, then passed through espeak-ng's English voice. No Greek or Hebrew letter may be in them
/// and espeak must spell nothing (`EnglishVoice`): Strong's transliterations carry marks espeak names ("mḗ", "ṑn"),
/// StrongsHebrew writes "ώ" for ś, Greek entries quote Greek with its Beta Code ("ἁδρός A(DRO/S hadrós").
@Suite(
    "Strong's entries through an English voice", .ownThread,
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")),
    .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"))
struct DefinitionVoiceTests {
    /// Every 20th Greek and every 25th Hebrew entry, and the entries found to hold what a voice spells: Greek runs
    /// of one to eight words (G1490, G3801), Beta Code with digits (G5516), marks on a Greek transliteration (G3361
    /// mḗ, G5607 ṑn), "ώ" in Hebrew transliterations (H1202, H8184), Hebrew in a derivation (H6311) and a King James
    /// list (H7417), a spacing acute (H1085), eight Hebrew forms in a row (H859).
    static let numbers: [String] =
        stride(from: 1, through: 5624, by: 20).map { "G\($0)" }
        + stride(from: 1, through: 8674, by: 25).map { "H\($0)" }
        + [
            "G1", "G100", "G1490", "G3361", "G3801", "G5516", "G5607", "H1202", "H8184", "H6311", "H7417", "H1085",
            "H859",
        ]

    /// The entries of `numbers` as `interlinear define --json` gives them (numbers without an entry left out).
    static func entries(_ numbers: [String]) throws -> [LexiconEntry] {
        let store = try DefineCommandTests.store.get()
        let result = try run(interlinearBinary, ["define"] + numbers + ["--json", "--corpus", store.path])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let queries = try #require(document["queries"] as? [[String: Any]])
        return queries.compactMap { query in
            guard let entry = (query["entries"] as? [[String: Any]])?.first else { return nil }
            let field = { (name: String) in entry[name] as? String ?? "" }
            return LexiconEntry(
                language: field("language") == "hbo" ? .hebrew : .greek, number: entry["number"] as? Int ?? 0,
                headword: field("headword"), transliteration: field("transliteration"),
                pronunciation: field("pronunciation"), derivation: field("derivation"),
                definition: field("definition"), kjvUsage: field("kjvUsage"), text: field("text"))
        }
    }

    /// Every entry of both dictionaries whose King James list uses Strong's word-fragment notation — a parenthesis
    /// or bracket holding an item with a hyphen at its start or end ("(ac-)", "(-ing)", "[-not]", "({[-less]})"),
    /// found here by that pattern over the entries `define` gives — said in full and as the define action's
    /// description: espeak-ng's English voice spells nothing in any of them (it spelled "ac" of G1921 and G2661,
    /// among others, while the fragments were read as printed).
    @Test func everyEntryWithWordFragmentsIsSaidWithoutSpelling() throws {
        let numbers = (1...5624).map { "G\($0)" } + (1...8674).map { "H\($0)" }
        let group = /[(\[]([^()\[\]]*)[)\]]/
        let entries = try Self.entries(numbers).filter { entry in
            entry.kjvUsage.filter { $0 != "{" && $0 != "}" }.matches(of: group).contains { match in
                match.1.replacingOccurrences(of: "- ", with: "-").split(whereSeparator: { $0 == " " || $0 == "," })
                    .contains { $0.hasPrefix("-") || $0.hasSuffix("-") }
            }
        }
        #expect(entries.count > 1000, "\(entries.count) entries with the notation")
        let utterances = entries.flatMap { entry in
            [
                (entry.strongs + " full", DefinitionSpeech.full([entry]).text),
                (entry.strongs + " description", DefinitionSpeech.details([entry])),
            ]
        }
        let voice = try EnglishVoice()
        let phonemes = try voice.phonemes(utterances.map { $0.1.replacingOccurrences(of: "i.e.", with: "that is") })
        let spelled = zip(utterances, phonemes).filter { voice.isSpelled($0.1) }
        print("Entries with word fragments: \(entries.count), \(utterances.count) utterances, \(spelled.count) spelled")
        for ((what, text), said) in spelled.prefix(20) {
            Issue.record("\(what) spelled: \(text)\n→ \(said.joined(separator: " "))")
        }
    }

    @Test func briefFullAndDescriptionSpellNothing() throws {
        let entries = try Self.entries(Self.numbers)
        #expect(entries.count == Self.numbers.count)
        var utterances: [(String, String)] = []
        for entry in entries {
            utterances.append((entry.strongs + " full", DefinitionSpeech.full([entry]).text))
            utterances.append((entry.strongs + " description", DefinitionSpeech.details([entry])))
        }
        for (what, text) in utterances {
            #expect(!containsGreek(text) && !containsHebrew(text), "\(what): \(text)")
        }
        let voice = try EnglishVoice()
        // Strong's "i.e." (2,788 times) is said as its letters, as English readers say it: the one abbreviation in
        // the entries, given to espeak as the words it stands for so the count is of spelled Greek and Hebrew.
        let phonemes = try voice.phonemes(utterances.map { $0.1.replacingOccurrences(of: "i.e.", with: "that is") })
        let spelled = zip(utterances, phonemes).filter { voice.isSpelled($0.1) }
        print(
            "Strong's entries through espeak-ng: \(utterances.count) utterances of \(entries.count) entries, \(spelled.count) spelled"
        )
        // Strong's word-fragment notation in a King James list ("(ac-, have, take)know(-ledge, well)") is said as
        // words (DefinitionSpeech.renderings): espeak said the fragment "ac" as the letters A C until it was.
        for ((what, text), said) in spelled.prefix(20) {
            Issue.record("\(what) spelled: \(text)\n→ \(said.joined(separator: " "))")
        }
        // The same entries with the original script asked for: the headword in its script, tagged with its language.
        let greek = try #require(entries.first { $0.strongs == "G100" })
        let original = DefinitionSpeech.full([greek], original: true)
        #expect(
            original.spans.contains { $0.text.hasPrefix(greek.headword) && $0.language == .greek }, "\(original.spans)")
        #expect(original.spans.filter { $0.language == .english }.allSatisfy { !containsGreek($0.text) })
    }
}
