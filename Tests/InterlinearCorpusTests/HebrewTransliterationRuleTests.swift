import Foundation
import Testing

@testable import InterlinearCorpus

/// The Westminster Leningrad Codex as bible-alignments 0.3.5 `WLC-LEB.tsv` gives it, read here on its own (not by the
/// importer): each word's morphemes in identifier order (book, chapter, verse, word, morpheme), their parts of
/// speech, the word before it in its verse and whether it ends the verse.
struct CodexWords: Sendable {
    struct Word: Sendable {
        var key: Int  // BBCCCVVVWWW
        var morphemes: [String]
        var parts: [String]
        var previous: String?
        var verseEnd: Bool
        var surface: String { morphemes.joined() }

        /// The word's letters, each with the marks written on it.
        var clusters: [[Unicode.Scalar]] {
            var clusters: [[Unicode.Scalar]] = []
            for s in surface.unicodeScalars {
                if HebrewTransliterator.isLetter(s.value) {
                    clusters.append([s])
                } else if !clusters.isEmpty {
                    clusters[clusters.count - 1].append(s)
                }
            }
            return clusters
        }

        /// The word transliterated with what the source says of it: verbs, prefixed prepositions, its neighbour
        /// and its place in the verse; morphemes joined by a hyphen, as a word block shows them.
        var latin: String {
            HebrewTransliterator.transliterate(
                morphemes: morphemes, cantillated: true,
                verbs: Set(parts.indices.filter { parts[$0] == "verb" }),
                prepositions: Set(parts.indices.filter { parts[$0] == "preposition" }), previousWord: previous,
                verseEnd: verseEnd
            ).joined(separator: "-")
        }
    }

    let words: [Word]
    let byKey: [Int: Int]

    static let shared: CodexWords? = {
        guard let (hebrew, _) = HebrewImporterTests.installed(),
            let data = FileManager.default.contents(atPath: hebrew.appendingPathComponent(SourceData.hebrewFile).path)
        else { return nil }
        var rows: [(id: Int, text: String, part: String)] = []
        // Rows are split by bytes: the file's lines end in CR LF, one Character to Swift's String.
        for line in data.split(separator: UInt8(ascii: "\n")).dropFirst() {
            let fields = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
                .split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 7, let id = Int(fields[0]) else { continue }
            let text = fields[1].split(separator: "-", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "-")
            rows.append((id, text.precomposedStringWithCanonicalMapping, String(fields[6])))
        }
        rows.sort { $0.id < $1.id }
        var words: [Word] = []
        for row in rows {
            if let last = words.last, last.key == row.id / 10 {
                words[words.count - 1].morphemes.append(row.text)
                words[words.count - 1].parts.append(row.part)
            } else {
                let sameVerse = words.last.map { $0.key / 1000 == row.id / 10_000 } ?? false
                if !sameVerse, !words.isEmpty { words[words.count - 1].verseEnd = true }
                words.append(
                    Word(
                        key: row.id / 10, morphemes: [row.text], parts: [row.part],
                        previous: sameVerse ? words.last?.surface : nil, verseEnd: false))
            }
        }
        if !words.isEmpty { words[words.count - 1].verseEnd = true }
        return CodexWords(
            words: words, byKey: Dictionary(uniqueKeysWithValues: words.indices.map { (words[$0].key, $0) }))
    }()

    static func require() throws -> CodexWords {
        try #require(shared, "bible-alignments 0.3.5 not downloaded (run scripts/setup)")
    }

    /// The word `key` (book, chapter, verse, word: "01002017010" is Genesis 2:17, word 10).
    func word(_ key: String) throws -> Word {
        let index = try #require(Int(key).flatMap { byKey[$0] }, "no word \(key)")
        return words[index]
    }
}

/// Issue 38's four classes of Hebrew transliteration error, each against a rule of the *SBL Handbook of Style*, 2nd
/// ed., §5.1.1 (academic style: qamets hatuf o in a closed unstressed syllable, vocal shewa ə where it is sounded,
/// dagesh forte doubled) and the grammars it follows (Gesenius–Kautzsch §§9, 10, 16, 20, 61; Joüon–Muraoka §§6,
/// 14, 18). The words are read from the Codex by their identifiers; the expected Latin is written from the rule.
@Suite struct HebrewTransliterationRuleTests {
    func latin(_ key: String) throws -> String { try CodexWords.require().word(key).latin }

    // MARK: Jerusalem in pause

    /// The perpetual qere of Jerusalem: the Masoretes write the hireq of the read form beside the lamed's vowel,
    /// patah in context and qamets in pause, for a yod the consonants lack; the read vowel follows the written one
    /// (yərûšālaim, pausal yərûšālāim). Joshua 15:8, 2 Samuel 5:14 (בִּ + ירושלם), 2 Chronicles 32:9 (the qere's
    /// yod written as a shewa, before the he of direction).
    @Test func jerusalemInPause() throws {
        #expect(try latin("06015008011") == "yərûšālāim")
        #expect(try latin("07019010012") == "yərûšālāim")
        #expect(try latin("10005014005") == "b-îrûšālāim")
        #expect(try latin("06015063016") == "b-îrûšālaim")  // in context: patah
        #expect(try latin("12009028004") == "yərûšālāym-â")
    }

    /// Every Jerusalem of the Codex whose lamed carries qamets and hireq is read with both: 285 words.
    @Test func everyPausalJerusalem() throws {
        let pausal = try CodexWords.require().words.filter { word in
            word.clusters.contains { $0[0] == "ל" && $0.contains("\u{05B8}") && $0.contains("\u{05B4}") }
        }
        #expect(pausal.count == 285)
        let wrong = pausal.filter { !$0.latin.hasSuffix("šālāim") }.map { "\($0.key) \($0.latin)" }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    // MARK: Qamets hatuf by syllable and stress

    /// An infinitive construct with a suffix of the second person keeps the o of its stem in a closed syllable:
    /// קְטָלְךָ qəṭolkā (GKC §61d). It is the infinitive when governed: by a prefixed preposition or by יוֹם, עַד,
    /// יַעַן before it. Genesis 2:17 בְּיוֹם אֲכָלְךָ, 3:5, Deuteronomy 28:20 עַד אֲבָדְךָ, Ezekiel 35:10 יַעַן
    /// אֲמָרְךָ, Obadiah 11 (meteg and all), Exodus 23:20 לִשְׁמָרְךָ.
    @Test func infinitiveWithSuffix() throws {
        #expect(try latin("01002017010") == "ʾăkol-kā")
        #expect(try latin("01003005006") == "ʾăkol-kem")
        #expect(try latin("05028020018") == "ʾăbod-kā")
        #expect(try latin("26035010002") == "ʾămor-kā")
        #expect(try latin("31001011002") == "ʿămod-kā")
        #expect(try latin("02023020006") == "li-šmor-kā")
    }

    /// The same letters ungoverned are a perfect with a suffix, whose pretonic qamets is long and whose shewa is
    /// vocal (GKC §59): 1 Samuel 24:11 נְתָנְךָ nətānəkā, Deuteronomy 32:18 יְלָדְךָ yəlādəkā.
    @Test func perfectWithSuffixStaysLong() throws {
        #expect(try latin("09024011008") == "nətānə-kā")
        #expect(try latin("05032018002") == "yəlādə-kā")
    }

    /// A qamets before two shewas stands in a closed syllable (the first shewa is silent) and is qamets hatuf
    /// unless it carries the stress; a secondary accent does not open it: Psalm 5:8 קָ֝דְשְׁךָ֗ qodšəkā, 71:2
    /// אָ֝זְנְךָ֗ ʾoznəkā, Deuteronomy 10:16 עָ֨רְפְּכֶ֔ם ʿorpəkem, Judges 20:31 הָנְתְּקוּ (hophal) hontəqû.
    @Test func qametsBeforeTwoShewas() throws {
        #expect(try latin("19005008009") == "qodšə-kā")
        #expect(try latin("19071002006") == "ʾoznə-kā")
        #expect(try latin("05010016005") == "wə-ʿorpə-kem")
        #expect(try latin("07020031006") == "hontəqû")
    }

    /// A hatef qamets lengthened before a closed syllable makes both qamets o: the imperfect with suffix of
    /// Exodus 20:5 תָעָבְדֵם toʿobdēm (GKC §60b), the segolate פֹּעַל with a suffix, Isaiah 45:9 פָּעָלְךָ poʿolkā
    /// (GKC §93q).
    @Test func lengthenedHatefQamets() throws {
        #expect(try latin("02020005005") == "toʿobdē-m")
        #expect(try latin("23045009014") == "û-poʿol-kā")
    }

    /// The opposite error: a qal perfect keeps its long pretonic ā and vocal shewa before the paragogic nun, which
    /// is no suffix (Deuteronomy 8:3 יָדְעוּן yādəʿûn); and a noun's qamets before a shewa and the suffix ךָ is in
    /// an open syllable (Micah 5:8 יָדְךָ yādəkā, Psalm 71:2 בְּצִדְקָתְךָ bəṣidqātəkā).
    @Test func longQametsBeforeSuffixes() throws {
        #expect(try latin("05008003010") == "yādəʿû-n")
        #expect(try latin("33005008002") == "yādə-kā")
        #expect(try latin("19071002001") == "bə-ṣidqātə-kā")
    }

    // MARK: Meteg and silluq

    /// Silluq, written with the meteg's sign, stands only on a verse's last word; a meteg elsewhere in a word
    /// without an accent (joined by maqaf to the next) keeps its syllable open, so the shewa after a long qamets
    /// is vocal: Genesis 26:8 אָֽרְכוּ ʾārəkû, Exodus 3:13 וְאָֽמְרוּ wəʾāmərû, Deuteronomy 2:20 יָֽשְׁבוּ yāšəbû;
    /// the verse's last word keeps its pausal stress: Genesis 3:11 אָכָֽלְתָּ ʾākāltā, Psalm 119:173 בָחָֽרְתִּי
    /// bāḥārtî.
    @Test func metegIsSilluqOnlyAtTheVerseEnd() throws {
        #expect(try latin("01026008003") == "ʾārəkû")
        #expect(try latin("02003013017") == "wə-ʾāmərû")
        #expect(try latin("05002020007") == "yāšəbû")
        #expect(try latin("01003011015") == "ʾākāltā")
        #expect(try latin("19119173006") == "bāḥārtî")
    }

    /// Every word of the Codex that is not its verse's last, has no accent, and has a meteg on a qamets before a
    /// shewa and a consonant with a vowel: the shewa is vocal (ā, consonant, ə). Some of these read the meteg
    /// as silluq before the rule looked at the word's place.
    @Test func everyMetegBeforeShewa() throws {
        let codex = try CodexWords.require()
        var checked = 0
        var wrong: [String] = []
        // Suffixed verbs aside: an infinitive or imperative with a suffix has qamets hatuf under its meteg
        // (מִיָּֽרְדִי miyyordî), a rule of its own (`HebrewTransliterationClassTests.qametsHatufInVerbs`).
        for word in codex.words where !word.verseEnd && !word.parts.contains("suffix") {
            guard !word.surface.unicodeScalars.contains(where: { (0x0591...0x05AF).contains($0.value) }) else {
                continue
            }
            let clusters = word.clusters
            for i in clusters.indices.dropLast(2)
            where clusters[i].contains("\u{05B8}") && clusters[i].contains("\u{05BD}")
                && clusters[i + 1].contains("\u{05B0}") && !clusters[i + 1].contains("\u{05BC}")
                && clusters[i + 2].contains(where: { (0x05B1...0x05BB).contains($0.value) })
                && clusters[i + 2][0] != "ו"
            {
                checked += 1
                let latin = word.latin.replacingOccurrences(of: "-", with: "")
                if !latin.contains(/ā[^aeiouāēīōūâêîôûəăĕŏ]{1,2}ə/) { wrong.append("\(word.key) \(word.latin)") }
            }
        }
        #expect(checked > 0)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    // MARK: Doubling

    /// Dagesh forte doubles its consonant after a vowel also when a quiescent alef stands between (GKC §23a):
    /// Ezekiel 30:10 נְבוּכַדְרֶאצַּר nəbûkadreʾṣṣar, 2 Kings 19:12 בִּתְלַאשָּׂר bitlaʾśśār,
    /// Isaiah 10:13 כַּאבִּיר kaʾbbîr.
    @Test func doublingAfterQuiescentAlef() throws {
        #expect(try latin("26030010010") == "nəbûkadreʾṣṣar")
        #expect(try latin("12019012016") == "bi-tlaʾśśār")
        #expect(try latin("23010013016") == "ka-ʾbbîr")
    }

    /// Not doubled: a word's last consonant without a vowel (the dagesh of אַתְּ is lene: ʾat, GKC §10o), and the
    /// gutturals, which Hebrew never doubles (GKC §22b; the dot in alef marks it sounded: וַיָּבִיאּוּ wayyābîʾû,
    /// Genesis 43:26). Zechariah 9:11 אַתְּ ʾat.
    @Test func strayDoublings() throws {
        #expect(try latin("38009011002") == "ʾat")
        #expect(try latin("01043026004") == "wa-yyābîʾû")
    }

    /// No word of the Codex doubles a guttural or ends in a doubled consonant.
    @Test func noDoubledGutturalOrFinal() throws {
        let codex = try CodexWords.require()
        let consonants = Set("bgdhwzḥṭyklmnsʿpṣqrśšt")
        let wrong = codex.words.compactMap { word -> String? in
            let latin = Array(word.latin.replacingOccurrences(of: "-", with: ""))
            let gutturalDoubled = zip(latin, latin.dropFirst()).contains { $0 == $1 && "ʾhḥʿ".contains($0) }
            let finalDoubled =
                latin.count >= 2 && latin[latin.count - 1] == latin[latin.count - 2]
                && consonants.contains(latin[latin.count - 1])
            return gutturalDoubled || finalDoubled ? "\(word.key) \(word.latin)" : nil
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }
}
