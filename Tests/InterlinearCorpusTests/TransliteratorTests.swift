import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

@Suite struct TransliteratorTests {
    /// The examples the SBL rules are checked against (inputs in NFC, as in SBLGNT).
    static let examples: [(String, String)] = [
        ("λόγος", "logos"), ("ἦν", "ēn"), ("Ἰησοῦ", "Iēsou"), ("ἁμαρτία", "hamartia"),
        ("εὐαγγέλιον", "euangelion"), ("ἀρχῇ", "archēi"), ("υἱός", "huios"), ("Ῥώμη", "Rhōmē"),
        ("ἄγγελος", "angelos"), ("ἐγκαίνια", "enkainia"), ("αὐτοῦ", "autou"), ("οὐρανῶν", "ouranōn"),
        ("Μωϋσῆς", "Mōysēs"), ("Ἠσαΐας", "Ēsaias"), ("ψυχή", "psychē"), ("Χριστός", "Christos"),
        ("υἱοῦ", "huiou"), ("εὑρίσκω", "heuriskō"), ("ὑμῖν", "hymin"), ("Ἑλληνιστί", "Hellēnisti"),
        ("ἐρράντισεν", "errhantisen"), ("Ἀβραάμ", "Abraam"),
    ]

    @Test(arguments: examples)
    func requiredExamples(_ greek: String, _ latin: String) {
        #expect(Transliterator.transliterate(greek) == latin)
    }

    @Test func outputIsNFC() {
        let out = Transliterator.transliterate("ἦν ὥρα")
        #expect(out == "ēn hōra")
        #expect(out.unicodeScalars.map(\.value) == [0x113, 0x6E, 0x20, 0x68, 0x14D, 0x72, 0x61])
    }

    @Test func decomposedInputGivesTheSameResult() {
        for (greek, latin) in Self.examples {
            #expect(Transliterator.transliterate(greek.decomposedStringWithCanonicalMapping) == latin)
        }
    }

    @Test(arguments: [
        ("γγ", "ng"), ("γκ", "nk"), ("σφιγξ", "sphinx"), ("ἐλέγχω", "elenchō"), ("γάμος", "gamos"),
        ("ξένος", "xenos"), ("θεός", "theos"), ("ζωή", "zōē"), ("δόξα", "doxa"), ("βίβλος", "biblos"),
        ("κόσμος", "kosmos"), ("φῶς", "phōs"), ("Σίμων", "Simōn"), ("σοφίας", "sophias"),
    ])
    func letters(_ greek: String, _ latin: String) {
        #expect(Transliterator.transliterate(greek) == latin)
    }

    @Test(arguments: [
        ("εἰ", "ei"), ("οἶκος", "oikos"), ("αἷμα", "haima"), ("Αἱ", "Hai"), ("οὗ", "hou"),
        ("εὑ", "heu"), ("ηὐ", "ēu"), ("ηὗρον", "hēuron"), ("Εὐ", "Eu"), ("Οὐ", "Ou"), ("Υἱός", "Huios"),
        ("προΐστημι", "proistēmi"), ("πραΰς", "prays"), ("ἀΐδιος", "aidios"), ("υι", "ui"),
    ])
    func diphthongsAndDiaeresis(_ greek: String, _ latin: String) {
        #expect(Transliterator.transliterate(greek) == latin)
    }

    @Test(arguments: [
        ("ᾳ", "ai"), ("ῃ", "ēi"), ("ῳ", "ōi"), ("τῷ", "tōi"), ("ᾗ", "hēi"), ("ᾧ", "hōi"),
        ("ᾼ", "Ai"), ("ᾅδης", "haidēs"),
    ])
    func iotaSubscriptIsAFollowingI(_ greek: String, _ latin: String) {
        #expect(Transliterator.transliterate(greek) == latin)
    }

    @Test(arguments: [
        ("ῥῆμα", "rhēma"), ("ρῆμα", "rhēma"), ("Ρ", "Rh"), ("παρρησία", "parrhēsia"),
        ("ἄρρωστος", "arrhōstos"), ("ἀρ", "ar"), ("ὁ", "ho"), ("Ὁ", "Ho"), ("ἡ", "hē"),
    ])
    func breathingAndRho(_ greek: String, _ latin: String) {
        #expect(Transliterator.transliterate(greek) == latin)
    }

    @Test(arguments: [
        ("Θεός", "Theos"), ("Ψ", "Ps"), ("Φ", "Ph"), ("Ἑλλην", "Hellēn"), ("Ὠ", "Ō"),
        ("ΘΕΟΣ", "THEOS"), ("ΧΡΙΣΤΟΣ", "CHRISTOS"), ("ΑΙ", "AI"),
    ])
    func capitals(_ greek: String, _ latin: String) {
        #expect(Transliterator.transliterate(greek) == latin)
    }

    @Test(arguments: [
        ("", ""), ("abc 123", "abc 123"), ("λόγος, καί", "logos, kai"), ("δι’", "di’"),
        ("é", "é"), ("ἐν ἀρχῇ ἦν ὁ λόγος", "en archēi ēn ho logos"), ("ϐ ϑ ϕ ϲ", "b th ph s"),
        ("\u{345}", "\u{345}"), ("\u{314}", "\u{314}"), ("α\u{20DD}", "a\u{20DD}"), ("🙂α", "🙂a"),
    ])
    func robustToAnyInput(_ input: String, _ expected: String) {
        #expect(Transliterator.transliterate(input) == expected)
    }

    /// Every scalar of the Greek, Greek Extended and combining-mark blocks, alone and beside letters: the result is
    /// in NFC (Foundation's composition, not the transliterator's), and a letter of the Greek alphabet with any marks
    /// (Foundation's decomposition tells which) leaves no Greek scalar behind.
    @Test func everyGreekCodePointGivesComposedLatin() {
        let ranges: [ClosedRange<UInt32>] = [0x0370...0x03FF, 0x1F00...0x1FFF, 0x0300...0x036F]
        let alphabet: [ClosedRange<UInt32>] = [0x0391...0x03A9, 0x03B1...0x03C9]
        func isGreek(_ scalar: Unicode.Scalar) -> Bool {
            (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
        }
        var letters = 0
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                for input in [text, "α" + text + "υ", text + "ρ"] {
                    let output = Transliterator.transliterate(input)
                    #expect(output == output.precomposedStringWithCanonicalMapping, "\(input.unicodeScalars)")
                }
                let parts = text.decomposedStringWithCanonicalMapping.unicodeScalars
                guard let base = parts.first, base.properties.isAlphabetic,
                    alphabet.contains(where: { $0.contains(base.value) }),
                    parts.dropFirst().allSatisfy({ (0x0300...0x036F).contains($0.value) })
                else { continue }
                letters += 1
                let output = Transliterator.transliterate(text)
                #expect(!output.isEmpty && !output.unicodeScalars.contains(where: isGreek), "\(text) → \(output)")
            }
        }
        // The 24 letters in both cases and final sigma alone are 49; the accented forms add hundreds.
        #expect(letters > 49)
    }

    @Test func everyCorpusWordBecomesPlainLatin() throws {
        let words = try sblgntColumn("text")
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\u{113}\u{14D}\u{112}\u{14C}")
        #expect(words.count > 10_000)
        for word in words {
            let latin = Transliterator.transliterate(word)
            #expect(!latin.isEmpty && latin.allSatisfy(allowed.contains), "\(word) → \(latin)")
            // A rough breathing always surfaces as an h (after r for rho).
            if word.decomposedStringWithCanonicalMapping.unicodeScalars.contains("\u{314}") {
                #expect(latin.lowercased().contains("h"), "\(word) → \(latin)")
            }
        }
    }

    /// Text of Greek-block scalars only is read scalar by scalar; it must come out as the character-by-character
    /// reading does, for every word and lemma of the SBLGNT, for every single Greek-block scalar, and for pairs.
    @Test func scalarFastPathIsTheCharacterPath() throws {
        let texts = try sblgntColumn("text").union(sblgntColumn("lemma"))
        #expect(texts.count > 10_000)
        for text in texts {
            #expect(Transliterator.transliterate(text) == Transliterator.transliterateByCharacter(text), "\(text)")
        }
        let scalars =
            Array(0x0370...0x03FF).compactMap(Unicode.Scalar.init)
            + Array(0x1F00...0x1FFF).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            // Each scalar alone, doubled, capitalised beside a letter, and after ρ (a rule that looks back).
            for text in [
                String(scalar), String(scalar) + String(scalar), "Α" + String(scalar), "ρ" + String(scalar) + "υ",
            ] {
                #expect(Transliterator.transliterate(text) == Transliterator.transliterateByCharacter(text), "\(text)")
            }
        }
    }
}
