import InterlinearCorpus
import Testing

@testable import InterlinearAccessibility

/// The respelling's documented examples (docs/speech.md): plain ASCII letters, the stress after the stressed
/// syllable where the source marks it, the Leipzig hyphen gone.
@Suite struct RespellingTests {
    @Test(arguments: [
        ("ἀρχῇ", "arkhay'"), ("λόγος", "lo'gos"), ("Ἰησοῦς", "Iaysoos'"), ("ἦν", "ayn"),
        ("πνεῦμα", "penyoo'ma"), ("οὕτω(ς)", "hoo'toh or hoo'tohs"), ("υἱός", "wheeos'"),
    ])
    func greek(_ greek: String, _ said: String) {
        #expect(Respelling.spoken(greek, .greek) == said)
    }

    @Test(arguments: [
        ("bə-rēʾšît", "beraysheet"), ("ʾĕlōhîm", "eloheem"), ("ha-ššāmayim", "hashamayim"),
        ("dmûtē", "demootay"), ("mmayim", "mayim"), ("YHWH", "Adonai"), ("wə-ʾēt", "veayt"),
        // An acute on a vowel marks the stress (SBL Handbook §5.1.1: ʾākā́ltā).
        ("ʾākā́ltā", "akal'ta"),
    ])
    func hebrew(_ transliteration: String, _ said: String) {
        #expect(Respelling.spoken(transliteration, .hebrew) == said)
    }

    @Test func onlyPlainLettersAndTheStressMark() {
        for text in ["ʾĕlōhîm", "ṣaddîq", "ḥayyā-y", "yəśôḥēaḥ", "Ἐν ἀρχῇ ἦν ὁ λόγος"] {
            let said =
                text.unicodeScalars.first.map { $0.value >= 0x0370 } == true
                ? Respelling.spoken(text, .greek) : Respelling.spoken(text, .hebrew)
            let plain = said.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || $0 == " " || $0 == "'")
            }
            #expect(plain, "\(said)")
        }
    }

    /// A vowel point or Greek sign on a character that is no letter (U+FFFD, where a store's bad byte was; a digit)
    /// is left out, the character kept: found by the lexicon-row fuzz harness, a dagesh reached an English voice.
    @Test(arguments: [
        ("ché\u{FFFD}\u{05BC}כרה", SourceLanguage.greek, "\u{FFFD}"), ("7\u{05B8}", .hebrew, "7"),
        ("λόγος 3\u{05B4}", .greek, "3"),
    ])
    func scriptOnNoLetter(_ script: String, _ language: SourceLanguage, _ kept: String) {
        let said = Respelling.headword(script, language) + Respelling.english(script, language)
        #expect(!said.unicodeScalars.contains { SpokenLanguage.isGreek($0) || SpokenLanguage.isHebrew($0) }, "\(said)")
        #expect(said.contains(kept))
    }
}

/// A Strong's entry's text for an English voice (`DefinitionSpeech.spokenText`), on the words of real entries.
@Suite struct EntryTextTests {
    /// StrongsHebrew writes the Greek letter ώ (U+03CE) for ś inside its transliterations (H1319 "bâώar"; diatheke
    /// prints it so): the word is a transliteration in Latin letters, said in plain letters with ś as s, never taken
    /// for a Greek word and respelled. The unpointed headword before it is left out.
    @Test func hebrewTransliterationWithOmegaIsPlainLetters() {
        let entry = LexiconEntry(
            language: .hebrew, number: 1319, headword: "בּשׂר", transliteration: "bâώar", pronunciation: "baw-sar'",
            derivation: "A primitive root", definition: "properly to be fresh", kjvUsage: "messenger",
            text: "בּשׂר bâώar baw-sar' A primitive root; properly to be {fresh}")
        #expect(DefinitionSpeech.spokenText(entry) == "basar bawsar' A primitive root; properly to be {fresh}")
    }
}
