import Foundation
import InterlinearCorpus
import InterlinearSword
import InterlinearTestSupport
import Testing

/// Where an entry's King James list starts (`LexiconEntry.kingJamesMark`), on Debian's StrongsGreek and
/// StrongsHebrew read as `interlinear import` reads them. The entries are the ones whose text holds Strong's mark
/// more than once (or "--" without a colon); each expected list is read off the entry's printed text by hand: it is
/// what the King James Version renders the word as (G2384 is "Jacob" in the KJV, H963 "contempt" in Esther 1:18),
/// not the definition's own "also an Israelite" or "disesteem".
@Suite(.strongsModules)
struct KingJamesListTests {
    static let entries: [String: LexiconEntry] = {
        guard let library = try? SwordLibrary() else { return [:] }
        var byKey: [String: LexiconEntry] = [:]
        for source in [StrongsLexicon.greek, StrongsLexicon.hebrew] {
            for entry in (try? StrongsLexicon.entries(source, in: library)) ?? [] { byKey[entry.strongs] = entry }
        }
        return byKey
    }()

    @Test(arguments: [
        // Two ":--": the first inside the definition ("the progenitor of the Israelites:--also an Israelite").
        ("G2384", "Jacob."),
        ("G3354", "measure, mete."),  // "…(i.e. allot by rule):--figuratively, to estimate:--measure, mete."
        ("G2022", "pour in."),  // "(to pour); --to pour upon:--pour in.": a "--" before the ":--"
        // "--" without a colon, once.
        ("G2186", "assault, come (in, to, unto, upon), be at hand (instant), present, stand (before, by, over)."),
        ("G2400", "behold, lo, see."),
        // Two ": -": "disesteem: - disesteem: - contempt.", "in affliction: - {Baanah} the name of four Isr: - Baanah."
        ("H963", "contempt."), ("H1196", "Baanah."), ("H8656", "Tirzah."),
    ])
    func theListFollowsTheLastMark(strongs: String, list: String) throws {
        let entry = try #require(Self.entries[strongs], "\(strongs) is in the module")
        #expect(entry.kjvUsage == list)
        // The whole text splits at the same place (the spoken entry's King James list).
        let mark = try #require(LexiconEntry.kingJamesMark(in: entry.text, entry.language))
        let printed = entry.text[mark.upperBound...].filter { $0 != "{" && $0 != "}" }
        #expect(printed.drop { $0 == " " } == list)
    }

    /// H5019 (Nebuchadnezzar) is the one StrongsHebrew entry (of 8,674) whose `<orth type="trans">` holds Hebrew:
    /// `<orth>נבוּכדנאצּר</orth> <orth type="trans">נבוּכדרא צּור    נבוּכדראצּר</orth> <pron>n<hi>e</hi>bûkadne'tstsar
    /// nebûkadre'tstsar nebûkadre'tsôr</pron> <def> <hi>{neb-oo-kad-nets-tsar'} {neb-oo-kad-rets-tsar'}
    /// neb-oo-kad-tsore</hi> Of foreign derivation; …`: its parts are filed one along. Each expected part is read
    /// off that markup by hand: the transliterations are the `<pron>`'s Latin, the pronunciations the hyphenated
    /// syllables opening the `<def>` (braces dropped, as every Hebrew pronunciation's are). H1062, a multi-form entry
    /// laid out as all the others are, keeps its parts where they stand.
    @Test func anEntryFiledAPartAlongIsReadByWhatItsPartsHold() throws {
        let entry = try #require(Self.entries["H5019"])
        #expect(entry.headword == "נבוּכדנאצּר")
        #expect(entry.transliteration == "nebûkadne'tstsar nebûkadre'tstsar nebûkadre'tsôr")
        #expect(entry.pronunciation == "neb-oo-kad-nets-tsar' neb-oo-kad-rets-tsar' neb-oo-kad-tsore")
        #expect(entry.derivation == "Of foreign derivation")
        #expect(entry.definition == "Nebukadnetstsar (or retstsar or retstsor) king of Babylon:")
        #expect(entry.kjvUsage == "Nebuchadnezzar Nebuchadrezzar.")
        // The whole text is the module's, whatever the parts: the Hebrew spellings stay in it.
        #expect(entry.text.hasPrefix("נבוּכדנאצּר נבוּכדרא צּור נבוּכדראצּר nebûkadne'tstsar "), "\(entry.text)")
        let multiForm = try #require(Self.entries["H1062"])  // <orth type="trans">b<hi>e</hi>kôrâh …
        #expect(multiForm.transliteration == "bekôrâh bekôrâh")
        #expect(multiForm.pronunciation == "bek-o-raw' bek-o-raw'")
        #expect(multiForm.derivation == "Feminine of H1060")
    }

    /// An entry without the mark has no list.
    @Test func noMarkNoList() throws {
        let entry = try #require(Self.entries["G2717"])  // "Not Used"
        #expect(LexiconEntry.kingJamesMark(in: entry.text, .greek) == nil)
        #expect(entry.kjvUsage.isEmpty)
    }

    /// Where the opening ends, and an entry's text from the store (untrusted): every cut of a real entry's text,
    /// and every character of it changed to a brace or a space, gives an end without a trap. Each expected start is
    /// read off diatheke's entry: the first word after the pronunciation (H1062's printed "{bek-o-raw'}
    /// bek-o-raw'", braced; H5019's pronunciations open its `<def>`, read as its pronunciation: see below).
    @Test(arguments: [
        ("G3056", "from G3004;"), ("H1062", "Feminine of H1060;"), ("H5019", "Of foreign derivation;"),
    ])
    func theOpeningEndsBeforeTheEntryProper(strongs: String, start: String) throws {
        let entry = try #require(Self.entries[strongs])
        #expect(entry.textAfterOpening.hasPrefix(start), "\(entry.textAfterOpening)")
        for text in cutsAndReplacements(of: Array(entry.text), with: ["{", "}", " "] as [Character]).map({ String($0) })
        {
            var cut = entry
            cut.text = text
            let rest = cut.textAfterOpening
            #expect(text.hasSuffix(rest), "\(text) → \(rest)")
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Debian's Strong's dictionaries are installed (always required in CI).
    static var strongsModules: Self {
        .enabled(
            if: SystemTool.isCI
                || ["strongsgreek", "strongshebrew"].allSatisfy {
                    FileManager.default.fileExists(atPath: "/usr/share/sword/mods.d/\($0).conf")
                },
            "Debian's Strong's dictionaries are not installed (sword-dict-strongs-greek and -hebrew; run scripts/setup)"
        )
    }
}
