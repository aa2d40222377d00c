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

    @Test func neverCrashesOnAnyGreekCodePoint() {
        // Every scalar in the Greek and Greek Extended blocks, alone and in pairs with a vowel.
        let ranges: [ClosedRange<UInt32>] = [0x0370...0x03FF, 0x1F00...0x1FFF, 0x0300...0x036F]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                _ = Transliterator.transliterate(text)
                _ = Transliterator.transliterate("α" + text + "υ")
                _ = Transliterator.transliterate(text + "ρ")
            }
        }
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
