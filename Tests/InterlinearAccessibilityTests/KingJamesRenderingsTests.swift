import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearAccessibility

/// Strong's word-fragment notation in King James lists said as words (`DefinitionSpeech.renderings`). Each input is
/// an entry's King James list exactly as SWORD's StrongsGreek / StrongsHebrew give it (`interlinear define N
/// --json`, `kjvUsage`); each expected value was expanded by hand from Strong's rule (a parenthesis or bracket holds
/// a part "sometimes given" with the word it is annexed to; a hyphen says which side it joins).
@Suite struct KingJamesRenderingsTests {
    @Test(arguments: [
        // G2661: the KJV's "account worthy" (Luke 20:35) and "count worthy" (2 Thess 1:11).
        ("(ac-)count worthy.", "account worthy, count worthy."),
        ("thunder(-ing).", "thunder, thundering."),  // G1027
        ("how oft(-en).", "how oft, how often."),  // G4212
        ("confirm, (e-)stablish.", "confirm, establish, stablish."),  // G950
        ("hid(-den), inward(-ly), secret.", "hid, hidden, inward, inwardly, secret."),  // G2927
        ("obedience, (make) obedient, obey(-ing).", "obedience, (make) obedient, obey, obeying."),  // G5218
        ("(t-)here, hither.", "there, here, hither."),  // G1759
        // G1537, a part: "- th", the hyphen apart from its fragment.
        ("after, among, for(- th), from.", "after, among, for, forth, from."),
        // G1096, its first renderings: a group of three suffixes, one with a word after it.
        (
            "arise, be assembled, be(-come, -fall, -have self), be brought (to pass).",
            "arise, be assembled, be, become, befall, behave self, be brought (to pass)."
        ),
    ])
    func greekListsSayEachForm(printed: String, said: String) {
        #expect(DefinitionSpeech.renderings(printed, .greek) == said)
    }

    @Test(arguments: [
        // H6808. The Hebrew module's lists have lost their commas: a term's forms are said where it stands.
        ("captive exile travelling (cause to) wander (-er).", "captive exile travelling (cause to) wander, wanderer."),
        // H1: a prefix group apart from its word, and a bracket inside a parenthesis.
        (
            "chief (fore-) father ([-less]) X patrimony principal.",
            "chief forefather, father, fatherless X patrimony principal."
        ),
        ("fair colours glistering paint [-ed] (-ing).", "fair colours glistering paint, painted, painting."),  // H6320
        ("fif [-teen] fifth five (X apiece).", "fif, fifteen fifth five (X apiece)."),  // H2568
        ("(lay up in ) store (make) treasure (-r).", "(lay up in ) store (make) treasure, treasurer."),  // H686
        // H430: a plain group between the word and its fragments (the word's capital kept, as for a name: H7014
        // "Kenite (-s)" is "Kenite, Kenites").
        (
            "angels X exceeding God (gods) (-dess -ly) X (very) great judges X mighty.",
            "angels X exceeding God (gods), Goddess, Godly X (very) great judges X mighty."
        ),
    ])
    func hebrewListsSayEachForm(printed: String, said: String) {
        #expect(DefinitionSpeech.renderings(printed, .hebrew) == said)
    }

    /// G1921's groups on both sides do not say which go together (G1500 "(in) vain(-ly)" is "in vain", "vainly"):
    /// each side is said with the word alone, nothing combined that the notation does not state, nothing spelled.
    @Test func groupsOnBothSidesAreSaidSideBySide() {
        #expect(
            DefinitionSpeech.renderings("(ac-, have, take)know(-ledge, well), perceive.", .greek)
                == "acknow, have know, take know, know, knowledge, know well, perceive.")
        // H6240: seven prefixes (a Hebrew group's items are its words) before "teen", "-th" after it.
        #expect(
            DefinitionSpeech.renderings(
                "[eigh- fif- four- nine- seven- six- thir-] teen (-th) + eleven (-th).", .hebrew)
                == "eighteen, fifteen, fourteen, nineteen, seventeen, sixteen, thirteen, teen, teenth + eleven, eleventh."
        )
    }

    /// Lists without the notation, and hyphens inside words and names, are left as printed.
    @Test func textWithoutFragmentsIsUnchanged() {
        for (text, language) in [
            ("word, saying, speech, talk, thing, + none of these things move me, utterance.", SourceLanguage.greek),
            ("Taanath-shiloh.", .hebrew), ("first-ripe.", .hebrew),
            ("break (down off in pieces up) broken bring to the birth.", .hebrew),
        ] {
            #expect(DefinitionSpeech.renderings(text, language) == text)
        }
    }

    /// In an entry's whole text only the King James list, after Strong's ":--", is said as words.
    @Test func entryTextChangesOnlyItsKingJamesList() {
        // H430's whole text, its end: the Hebrew list after ": -", with the braces SWORD's module writes.
        #expect(
            DefinitionSpeech.renderingsInText(
                "as a superlative: - {angels} X {exceeding} God (gods) ({-dess} {-ly}) X (very) {great}.", .hebrew)
                == "as a superlative: - angels X exceeding God (gods), Goddess, Godly X (very) great.")
        let text = "to know upon some mark, i.e. recognize; to acknowledge:--(ac-)count worthy."
        #expect(
            DefinitionSpeech.renderingsInText(text, .greek)
                == "to know upon some mark, i.e. recognize; to acknowledge:--account worthy, count worthy.")
    }

    /// A King James list comes from the store, which is untrusted: every cut and every byte changed to one of the
    /// notation's own marks, of lists as SWORD's dictionaries give them (G1537's a part of its list), is said without
    /// a trap, from the list's own characters (the forms join its pieces; only commas and spaces come between them).
    @Test func everyCutAndChangedMarkIsSaidFromTheListsOwnCharacters() {
        let lists: [(String, SourceLanguage)] = [
            ("(ac-, have, take)know(-ledge, well), perceive.", .greek),  // G1921
            ("arise, be assembled, be(-come, -fall, -have self), be brought (to pass).", .greek),  // G1096
            ("after, among, for(- th), from.", .greek),  // G1537
            ("angels X exceeding God (gods) (-dess -ly) X (very) great judges X mighty.", .hebrew),  // H430
        ]
        for (list, language) in lists {
            for variant in cutsAndReplacements(of: Array(list.utf8), with: Array("()[]{}-, ".utf8)) {
                let text = String(decoding: variant, as: UTF8.self)
                let said = DefinitionSpeech.renderings(text, language)
                let allowed = Set(text).union([",", " "])
                #expect(said.allSatisfy(allowed.contains), "\(text) → \(said)")
            }
        }
    }
}
