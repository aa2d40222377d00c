import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

@Suite struct MorphologyTests {
    @Test(arguments: [
        ("V-IAI-3S", "verb, imperfect active indicative, third person singular"),
        ("V-PAI-1S", "verb, present active indicative, first person singular"),
        ("V-2AAI-3P", "verb, second aorist active indicative, third person plural"),
        ("V-2AAI-3P-ATT", "verb, second aorist active indicative, third person plural, Attic form"),
        ("V-2RAI-1S", "verb, second perfect active indicative, first person singular"),
        ("V-2LAI-3S", "verb, second pluperfect active indicative, third person singular"),
        ("V-2FPI-3S", "verb, second future passive indicative, third person singular"),
        ("V-AAM-2P", "verb, aorist active imperative, second person plural"),
        ("V-AAS-1P", "verb, aorist active subjunctive, first person plural"),
        ("V-AAO-3S", "verb, aorist active optative, third person singular"),
        ("V-PAN", "verb, present active infinitive"),
        ("V-2ADN", "verb, second aorist middle deponent infinitive"),
        ("V-RAN-ATT", "verb, perfect active infinitive, Attic form"),
        ("V-PAP-NSM", "verb, present active participle, nominative singular masculine"),
        ("V-RPP-VSM", "verb, perfect passive participle, vocative singular masculine"),
        ("V-PEI-3S", "verb, present middle or passive indicative, third person singular"),
        ("V-FDI-1S", "verb, future middle deponent indicative, first person singular"),
        ("V-AOI-3S", "verb, aorist passive deponent indicative, third person singular"),
        ("V-PNP-GSM", "verb, present middle or passive deponent participle, genitive singular masculine"),
        ("V-LMI-3P", "verb, pluperfect middle indicative, third person plural"),
        ("N-DSF", "noun, dative singular feminine"),
        ("N-NSM-C", "noun, nominative singular masculine, comparative"),
        ("N-PRI", "indeclinable proper noun"),
        ("N-LI", "indeclinable letter"),
        ("N-OI", "indeclinable noun"),
        ("A-NUI", "indeclinable numeral"),
        ("A-APN-S", "adjective, accusative plural neuter, superlative"),
        ("A-NSM-N", "adjective, nominative singular masculine, negative"),
        ("T-NSM", "definite article, nominative singular masculine"),
        ("T-VPM", "definite article, vocative plural masculine"),
        ("P-1GS", "personal pronoun, first person genitive singular"),
        ("P-2NP", "personal pronoun, second person nominative plural"),
        ("P-1AS-K", "personal pronoun, first person accusative singular, crasis"),
        ("P-NS-", "personal pronoun, nominative singular"),
        ("P-GSM", "personal pronoun, genitive singular masculine"),
        ("F-1ASM", "reflexive pronoun, first person accusative singular masculine"),
        ("F-3GPN", "reflexive pronoun, third person genitive plural neuter"),
        ("S-1SNSM", "possessive pronoun, first person singular possessor, nominative singular masculine"),
        ("S-2PDSF", "possessive pronoun, second person plural possessor, dative singular feminine"),
        ("R-GSN-ATT", "relative pronoun, genitive singular neuter, Attic form"),
        ("C-GPM", "reciprocal pronoun, genitive plural masculine"),
        ("D-NSM-K", "demonstrative pronoun, nominative singular masculine, crasis"),
        ("K-ASN", "correlative pronoun, accusative singular neuter"),
        ("I-NSN", "interrogative pronoun, nominative singular neuter"),
        ("X-DSM", "indefinite pronoun, dative singular masculine"),
        ("Q-NPF", "correlative or interrogative pronoun, nominative plural feminine"),
        ("ADV", "adverb"), ("ADV-C", "adverb, comparative"), ("ADV-I", "adverb, interrogative"),
        ("ADV-K", "adverb, crasis"), ("ADV-S", "adverb, superlative"),
        ("CONJ", "conjunction"), ("CONJ-N", "conjunction, negative"),
        ("COND", "conditional particle"), ("COND-K", "conditional particle, crasis"),
        ("PRT", "particle"), ("PRT-I", "particle, interrogative"), ("PRT-N", "particle, negative"),
        ("PREP", "preposition"), ("INJ", "interjection"), ("ARAM", "Aramaic word"), ("HEB", "Hebrew word"),
        (" V-PAI-3S\r", "verb, present active indicative, third person singular"),
    ])
    func representativeCodes(_ code: String, _ expansion: String) {
        #expect(Morphology.expand(code) == expansion)
    }

    @Test(arguments: [
        "", "-", "V", "V-", "V-PAI", "V-PAI-3X", "V-PAI-4S", "V-PAI-3S-K", "V-PAN-3S", "V-PAP-3S",
        "V-PAP", "V-2", "V-2PA", "V-ZAI-3S", "V-PZI-3S", "V-PAZ-3S", "V-PAI-3S-ATT-ATT", "N", "N-NS",
        "N-NSMX", "N-NSX", "N-XSM", "N-NSM-", "N-NSM-Q", "N-NSM-ATT-C", "Z-NSM", "ADV-Q", "ADV-NSM",
        "T-NS-", "P-NSM-", "P-4NS", "P-NS--", "F-ASM", "F-1AS", "S-1NSM", "S-1XNSM", "n-nsm",
        "N-PRI-X", "A-NUI-NSM", "PREP-PREP", "V-PAI-3S extra", "N--NSM",
    ])
    func unreadableCodesGiveNil(_ code: String) {
        #expect(Morphology.expand(code) == nil)
    }

    @Test func everyCorpusCodeExpands() throws {
        let codes = try sblgntColumn("morph")
        #expect(codes.count >= 1_000)
        for code in codes {
            let expansion = try #require(Morphology.expand(code), "\(code) did not expand")
            #expect(!containsRawCode(expansion), "\(code) → \(expansion)")
        }
    }

    /// True if an expansion still shows code material: digits, hyphens, or capitals outside the
    /// three proper names the expansions use.
    private func containsRawCode(_ expansion: String) -> Bool {
        var words = expansion
        for name in ["Aramaic", "Hebrew", "Attic"] { words = words.replacingOccurrences(of: name, with: "") }
        return words.contains { $0.isNumber || $0 == "-" || $0.isUppercase }
    }
}
