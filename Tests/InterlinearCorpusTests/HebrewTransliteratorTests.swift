import Testing

@testable import InterlinearCorpus

/// Hebrew transliteration against the *SBL Handbook of Style*, 2nd ed. (Atlanta: SBL Press, 2014), §5.1.1
/// "Hebrew and Aramaic", academic style: the consonant table (§5.1.1.1), the vowel table (§5.1.1.2) with its sample
/// syllables on bet, and the rules beside them (dagesh forte doubled, spirantization not marked, furtive patah
/// written before its consonant, maqaf as a hyphen). Whole words are written as the Handbook writes them in its
/// examples and as SBL publications do (bərēʾšît, ʾĕlōhîm, rûaḥ, YHWH).
@Suite struct HebrewTransliteratorTests {
    /// §5.1.1.1: every consonant, each with a vowel so it is not read as a vowel letter; bgdkpt without
    /// spirantization (ב and בּ both b).
    @Test(arguments: [
        ("אָ", "ʾā"), ("בָּ", "bā"), ("בָ", "bā"), ("גָ", "gā"), ("דָ", "dā"), ("הָ", "hā"), ("וָ", "wā"),
        ("זָ", "zā"), ("חָ", "ḥā"), ("טָ", "ṭā"), ("יָ", "yā"), ("כָ", "kā"), ("לָ", "lā"), ("מָ", "mā"),
        ("נָ", "nā"), ("סָ", "sā"), ("עָ", "ʿā"), ("פָ", "pā"), ("צָ", "ṣā"), ("קָ", "qā"), ("רָ", "rā"),
        ("שָׂ", "śā"), ("שָׁ", "šā"), ("תָ", "tā"),
    ])
    func consonants(_ hebrew: String, _ latin: String) {
        #expect(HebrewTransliterator.transliterate(hebrew) == latin)
    }

    /// §5.1.1.2: the vowel table's syllables on bet (ba, bā, bâ, bāyw, be, bē, bê, bi, bî, bō, bô, bu, bû, bŏ, bă,
    /// bĕ, bə). A syllable table entry is a whole "word" here, so a lone shewa stands at the word's start (vocal).
    @Test(arguments: [
        ("בַּ", "ba"), ("בָּ", "bā"), ("בָּה", "bâ"), ("בָּיו", "bāyw"), ("בֶּ", "be"), ("בֵּ", "bē"),
        ("בֵּי", "bê"), ("בֶּי", "bê"), ("בִּ", "bi"), ("בִּי", "bî"), ("בֹּ", "bō"), ("בּוֹ", "bô"),
        ("בֻּ", "bu"), ("בּוּ", "bû"), ("בֳּ", "bŏ"), ("בֲּ", "bă"), ("בֱּ", "bĕ"), ("בְּ", "bə"),
    ])
    func vowels(_ hebrew: String, _ latin: String) {
        #expect(HebrewTransliterator.transliterate(hebrew) == latin)
    }

    /// Whole words: matres lectionis, dagesh forte, vocal and silent shewa, furtive patah, maqaf, the divine name.
    @Test(arguments: [
        ("בְּרֵאשִׁית", "bərēʾšît"),  // vocal shewa at the start; quiescent alef still written; hireq yod
        ("אֱלֹהִים", "ʾĕlōhîm"),  // hatef segol
        ("הַשָּׁמַיִם", "haššāmayim"),  // dagesh forte after the article
        ("וְאֵת", "wəʾēt"),
        ("הָאָרֶץ", "hāʾāreṣ"),
        ("רוּחַ", "rûaḥ"),  // shureq; furtive patah
        ("מִזְבֵּחַ", "mizbēaḥ"),  // silent shewa (no mark) then dagesh lene (not doubled); furtive patah
        ("תֹהוּ", "tōhû"),
        ("וַיְהִי", "wayhî"),  // silent shewa after a short vowel
        ("יִשְׂרָאֵל", "yiśrāʾēl"),
        ("מֶלֶךְ", "melek"),  // final shewa silent
        ("הַלְלוּ", "haləlû"),  // vocal shewa under the first of two identical consonants
        ("יִשְׁמְרוּ", "yišmərû"),  // two shewas: the first silent, the second vocal
        ("חָכְמָה", "ḥokmâ"),  // qamets hatuf in a closed unstressed syllable; final qamets he
        ("צִוָּה", "ṣiwwâ"),  // doubled waw
        ("עָוֹן", "ʿāwōn"),  // holem on a consonantal waw
        ("הִנֵּה", "hinnēh"),  // final he after tsere is a consonant
        ("יָדֶיךָ", "yādêkā"),
        ("יְהוָה", "YHWH"),
        ("אֶת־הָאוֹר", "ʾet-hāʾôr"),  // maqaf
    ])
    func words(_ hebrew: String, _ latin: String) {
        #expect(HebrewTransliterator.transliterate(hebrew) == latin)
    }

    /// A word split into morphemes keeps the whole word's rules and cuts the Latin at the boundaries.
    @Test func morphemes() {
        #expect(HebrewTransliterator.transliterate(morphemes: ["בְּ", "רֵאשִׁית"]) == ["bə", "rēʾšît"])
        #expect(HebrewTransliterator.transliterate(morphemes: ["הַ", "שָּׁמַיִם"]) == ["ha", "ššāmayim"])
        #expect(HebrewTransliterator.transliterate(morphemes: ["רֹעִ", "י"]) == ["rōʿ", "î"])
        #expect(HebrewTransliterator.transliterate(morphemes: ["שְׁמ", "וֹ"]) == ["šəm", "ô"])
        #expect(HebrewTransliterator.transliterate(morphemes: ["לַ", "יהוָה"]) == ["la", "YHWH"])
    }

    /// With cantillation, an unaccented word is joined by maqaf to the next and so unstressed: כָּל is kol; the same
    /// word with an accent keeps its long vowel.
    @Test func unstressedQamets() {
        #expect(HebrewTransliterator.transliterate(morphemes: ["כָּל"], cantillated: true) == ["kol"])
        #expect(HebrewTransliterator.transliterate(morphemes: ["כָּ֑ל"], cantillated: true) == ["kāl"])
        #expect(HebrewTransliterator.transliterate("דָּבָר") == "dābār")
    }

    @Test func passesOtherCharactersThrough() {
        #expect(HebrewTransliterator.transliterate("Gen 1:1 בָּרָא׃") == "Gen 1:1 bārāʾ")
        #expect(HebrewTransliterator.transliterate("") == "")
    }
}

/// The classes of error issue 27 lists, each against a rule of the *SBL Handbook of Style*, 2nd ed., §5.1.1 and an
/// example read from the Westminster Leningrad Codex itself (bible-alignments 0.3.5 `WLC-LEB.tsv`, the row whose
/// identifier is given: book, chapter, verse, word, morpheme). The expected Latin is written from the rule.
@Suite struct HebrewTransliterationClassTests {
    /// The accented text of the source row `identifier` (column 2, without its "-1" occurrence suffix) and its part
    /// of speech.
    static func sourceRow(_ identifier: String) throws -> (text: String, verb: Bool) {
        let (hebrew, _) = try #require(
            HebrewImporterTests.installed(), "bible-alignments 0.3.5 not downloaded (run scripts/setup)")
        let file = try String(contentsOf: hebrew.appendingPathComponent(SourceData.hebrewFile), encoding: .utf8)
        // Rows are found by bytes: the file's lines end in CR LF, one Character to Swift's String.
        let line = try #require(
            file.utf8.split(separator: UInt8(ascii: "\n")).first {
                $0.starts(with: (identifier + "\t").utf8)
            }, "no row \(identifier)")
        let fields = String(decoding: line, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
        let text = fields[1].split(separator: "-").dropLast().joined(separator: "-")
        return (text.precomposedStringWithCanonicalMapping, fields[6] == "verb")
    }

    /// Transliterated as the importer does: one morpheme, cantillated text, verbs marked.
    static func latin(_ identifier: String) throws -> String {
        let row = try sourceRow(identifier)
        return HebrewTransliterator.transliterate(morphemes: [row.text], cantillated: true, verbs: row.verb ? [0] : [])[
            0]
    }

    /// Silluq (the accent of a verse's last word) is written with the sign of meteg (U+05BD), but it marks the
    /// stress: the stressed qamets of a pausal form is long and the shewa after it silent (SBL §5.1.1.2: vocal
    /// shewa only where it is pronounced). Genesis 3:11 אָכָֽלְתָּ: ʾākāltā (was ʾākālətā).
    @Test func silluqIsTheStress() throws {
        #expect(try Self.sourceRow("010030110151").text.unicodeScalars.contains("\u{05BD}"))
        #expect(try Self.latin("010030110151") == "ʾākāltā")
        #expect(try Self.latin("010070120081") == "lāylâ")  // Genesis 7:12 לָֽיְלָה, pausal
    }

    /// Only a word's main accent marks its stress; a secondary accent before it keeps its syllable open like a
    /// meteg, so a qamets there is long and the shewa after it vocal (SBL §5.1.1.2). Psalm 6:8 עָֽ֝תְקָ֗ה (geresh
    /// muqdam, then revia on the stressed syllable): ʿātəqâ (was ʿātqâ).
    @Test func secondaryAccentIsNotTheStress() throws {
        #expect(try Self.latin("190060080041") == "ʿātəqâ")
    }

    /// Qamets before hatef qamets is qamets hatuf (o), whether or not a meteg stands on it (SBL §5.1.1.2: qamets
    /// hatuf o, hatef qamets ŏ). Genesis 9:27 אָֽהֳלֵי: ʾohŏlê (was ʾāhŏlê).
    @Test func qametsBeforeHatefQametsWithMeteg() throws {
        #expect(try Self.latin("010090270052") == "ʾohŏlê")
    }

    /// The perpetual qere of Jerusalem: the Masoretes write the hireq of the read form yərûšālaim between the
    /// lamed's patah and the final mem, which the consonants lack a yod for; SBL transliterates what is read
    /// (yərûšālaim, as the Handbook's examples of qere perpetuum). Joshua 10:1 יְרוּשָׁלִַ֗ם: yərûšālaim.
    @Test func jerusalem() throws {
        #expect(try Self.latin("060100010061") == "yərûšālaim")
    }

    /// A prefix keeps its own vowel before the divine name, which is written YHWH whatever its pointing (SBL
    /// §5.1.1, the Tetragrammaton): the yod of YHWH is not a vowel letter lengthening the prefix's tsere. 1 Samuel
    /// 24:7 מֵ + יהוָה: mē-YHWH (was m-YHWH).
    @Test func prefixBeforeTheDivineName() throws {
        let prefix = try Self.sourceRow("090240070051"), name = try Self.sourceRow("090240070052")
        #expect(
            HebrewTransliterator.transliterate(morphemes: [prefix.text, name.text], cantillated: true) == [
                "mē", "YHWH",
            ])
    }

    /// Qamets hatuf (o) stands in a closed unstressed syllable (SBL §5.1.1.2, qamets hatuf o), which a verb's first
    /// qamets before silent shewa is in infinitives construct and imperatives with suffixes and in the hophal:
    /// Deuteronomy 6:7 וּֽבְשָׁכְבְּךָ (infinitive with suffix) û-bə-šokbə-kā, Psalm 16:1 שָֽׁמְרֵנִי (imperative
    /// with suffix, meteg and all) šomrē-nî, Daniel 9:1 הָמְלַךְ (hophal) homlak; the qal perfect that shares the
    /// pattern keeps ā: Genesis 1:2 הָיְתָה hāyətâ.
    @Test func qametsHatufInVerbs() throws {
        let ids = ["050060070091", "050060070092", "050060070093", "050060070094"]
        let rows = try ids.map(Self.sourceRow)
        let verbs = Set(rows.indices.filter { rows[$0].verb })
        #expect(verbs == [2])
        #expect(
            HebrewTransliterator.transliterate(morphemes: rows.map(\.text), cantillated: true, verbs: verbs)
                == ["û", "bə", "šokbə", "kā"])
        let imperative = try ["190160010031", "190160010032"].map(Self.sourceRow)
        #expect(
            HebrewTransliterator.transliterate(morphemes: imperative.map(\.text), cantillated: true, verbs: [0])
                == ["šomrē", "nî"])
        #expect(try Self.latin("270090010091") == "homlak")
        #expect(try Self.latin("010010020021") == "hāyətâ")
    }
}
