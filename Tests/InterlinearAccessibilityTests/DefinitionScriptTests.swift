import InterlinearCorpus
import Testing

@testable import InterlinearAccessibility

/// "Nothing in Greek or Hebrew script reaches an English voice" (`DefinitionSpeech`), for entries whose parts hold
/// script where Strong's Latin letters belong: SWORD's StrongsHebrew files H5019's second and third forms among its
/// transliterations, and a store is untrusted (the `lexicon-row` fuzz harness found both).
@Suite struct DefinitionScriptTests {
    /// Greek (Greek and Coptic, Greek Extended) or Hebrew script, by Unicode block.
    static func script(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
                || (0x0590...0x05FF).contains($0.value)
        }
    }

    /// Every text of `entry` that goes to an English voice.
    static func said(_ entry: LexiconEntry) -> [String] {
        [
            DefinitionSpeech.brief([entry]).text, DefinitionSpeech.full([entry]).text,
            DefinitionSpeech.details([entry]), DefinitionSpeech.spokenText(entry),
        ]
    }

    /// H5019 as SWORD's StrongsHebrew gives it (diatheke -b StrongsHebrew -k 5019, its parts as import cuts them).
    @Test func h5019sHebrewTransliterationsAreNotSaidInScript() {
        let entry = LexiconEntry(
            language: .hebrew, number: 5019, headword: "נבוּכדנאצּר",
            transliteration: "נבוּכדרא צּור נבוּכדראצּר",
            pronunciation: "nebûkadne'tstsar nebûkadre'tstsar nebûkadre'tsôr",
            derivation: "neb-oo-kad-nets-tsar' neb-oo-kad-rets-tsar' neb-oo-kad-tsore Of foreign derivation",
            definition: "Nebukadnetstsar (or retstsar or retstsor) king of Babylon:",
            kjvUsage: "Nebuchadnezzar Nebuchadrezzar.",
            text: "נבוּכדנאצּר נבוּכדרא צּור נבוּכדראצּר nebûkadne'tstsar nebûkadre'tstsar nebûkadre'tsôr "
                + "{neb-oo-kad-nets-tsar'} {neb-oo-kad-rets-tsar'} neb-oo-kad-tsore Of foreign derivation; "
                + "Nebukadnetstsar (or {retstsar} or {retstsor}) king of Babylon: - {Nebuchadnezzar} Nebuchadrezzar.")
        for text in Self.said(entry) {
            #expect(Self.script(text).isEmpty, "\(text)")
        }
        // The Latin forms are still said, in plain letters (the circumflex dropped).
        #expect(DefinitionSpeech.full([entry]).text.contains("pronounced nebukadne'tstsar"))
    }

    /// Greek letters in a Hebrew entry other than its ώ for ś (made "s") are Greek, respelled like a Greek entry's.
    @Test func greekLettersInAHebrewEntryAreRespelled() {
        let entry = LexiconEntry(
            language: .hebrew, number: 1319, headword: "בּשׂר", transliteration: "bâώar", pronunciation: "baw-sar'",
            derivation: "compare λόγος", definition: "properly to be fresh", kjvUsage: "messenger",
            text: "בּשׂר bâώar baw-sar' compare λόγος; properly to be {fresh}")
        for text in Self.said(entry) {
            #expect(Self.script(text).isEmpty, "\(text)")
        }
        // λόγος respelled as `RespellingTests` documents it; bâώar still in plain letters with ś as s.
        #expect(DefinitionSpeech.spokenText(entry) == "basar bawsar' compare lo'gos; properly to be {fresh}")
    }
}
