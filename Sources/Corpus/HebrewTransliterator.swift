import Foundation

/// Pointed Biblical Hebrew → Latin in the academic style of the *SBL Handbook of Style* (2nd ed., §5.1.1): one Latin
/// letter per consonant without marking spirantization, vowels by quality and length (matres lectionis written
/// with a circumflex), dagesh forte doubled, vocal shewa `ə`, furtive patah before its consonant, maqaf as a
/// hyphen. The rules, and where a rule is a heuristic, are in `Corpus/TRANSLITERATION.md`.
///
/// The shewa and qamets rules need the whole word, so a word split into morphemes is transliterated as one word
/// and its Latin then cut at the morphemes' boundaries (`transliterate(morphemes:)`).
package enum HebrewTransliterator {
    /// Whether `hebrew` carries vowel points (U+05B0–U+05BB): consonants alone (Strong's headwords) cannot be
    /// transliterated into anything a voice could say.
    package static func isPointed(_ hebrew: String) -> Bool {
        hebrew.unicodeScalars.contains { (0x05B0...0x05BB).contains($0.value) }
    }

    /// Transliterates pointed Hebrew text: words separated by spaces or maqaf. Cantillation marks are read for
    /// stress only; characters that are not Hebrew pass through. The result is NFC.
    ///
    /// ```swift
    /// HebrewTransliterator.transliterate("בְּרֵאשִׁית")   // "bərēʾšît"
    /// HebrewTransliterator.transliterate("רוּחַ")          // "rûaḥ"
    /// ```
    package static func transliterate(_ hebrew: String) -> String {
        // Words and what stands between them, so that the last word is known (only it can carry silluq) and each
        // word sees the one before it.
        var pieces: [(word: [Cluster], text: String)] = []
        var word: [Cluster] = []
        let cantillated = hebrew.unicodeScalars.contains { isAccent($0.value) }
        func flush() {
            if !word.isEmpty { pieces.append((word, "")) }
            word.removeAll()
        }
        for scalar in hebrew.unicodeScalars {
            let v = scalar.value
            if isLetter(v) {
                word.append(Cluster(letter: v, morpheme: 0))
            } else if isMark(v) {
                if !word.isEmpty { word[word.count - 1].add(v) }
            } else {
                flush()
                switch v {
                case 0x05BE: pieces.append(([], "-"))  // maqaf
                case 0x05C0, 0x05C3, 0x05C6, 0x05F3, 0x05F4: break  // paseq, sof pasuq, nun hafukha, geresh, gershayim
                default: pieces.append(([], String(scalar)))
                }
            }
        }
        flush()
        let last = pieces.lastIndex { !$0.word.isEmpty }
        var output = ""
        var previous: [Cluster] = []
        for (index, piece) in pieces.enumerated() {
            guard !piece.word.isEmpty else {
                output += piece.text
                continue
            }
            let reading = Reading(
                cantillated: cantillated, verseEnd: index == last, governed: governs(previous.map(\.base)))
            output += chunks(of: piece.word, reading: reading).joined()
            previous = piece.word
        }
        return output.precomposedStringWithCanonicalMapping
    }

    /// Transliterates one written word given as its morphemes (prefix, stem, suffix), returning each morpheme's
    /// share of the word's Latin: `["בְּ", "רֵאשִׁית"]` → `["bə", "rēʾšît"]`, `["הַ", "שָּׁמַיִם"]` →
    /// `["ha", "ššāmayim"]` (the article's doubling belongs to the consonant it doubles). A vowel letter takes the
    /// vowel it lengthens, so a suffix that is only a mater lectionis still has its sound (`["רֹעִ", "י"]` →
    /// `["rōʿ", "î"]`). `cantillated` says the text carries its accents, so a word without one is unstressed
    /// (joined by maqaf to the next); by default it is read from the morphemes.
    ///
    /// `verbs` names the morphemes that are verbs: there a qamets before a shewa is read as long ā with a vocal
    /// shewa (qal perfects such as הָיְתָה hāyətâ), elsewhere as qamets hatuf closing its syllable (חָכְמָה ḥokmâ).
    /// `prepositions` names the prefixed prepositions and `previousWord` is the word before (or nil): a verb after
    /// either is an infinitive construct (בְּיוֹם אֲכָלְךָ ʾăkolkā). `verseEnd` says this is the verse's last word,
    /// the only one whose meteg can be silluq.
    package static func transliterate(
        morphemes: [String], cantillated: Bool? = nil, verbs: Set<Int> = [], prepositions: Set<Int> = [],
        previousWord: String? = nil, verseEnd: Bool = true
    ) -> [String] {
        var clusters: [Cluster] = []
        var accented = false
        for (index, morpheme) in morphemes.enumerated() {
            for scalar in morpheme.unicodeScalars {
                let v = scalar.value
                if isLetter(v) {
                    clusters.append(Cluster(letter: v, morpheme: index))
                    clusters[clusters.count - 1].verb = verbs.contains(index)
                } else if isMark(v), !clusters.isEmpty {
                    if isAccent(v) { accented = true }
                    clusters[clusters.count - 1].add(v)
                }
            }
        }
        let firstVerb = clusters.first { $0.verb }?.morpheme ?? morphemes.count
        let previous = previousWord.map { $0.unicodeScalars.filter { isLetter($0.value) }.map(\.value) } ?? []
        let reading = Reading(
            cantillated: cantillated ?? accented, verseEnd: verseEnd,
            governed: prepositions.contains { $0 < firstVerb } || governs(previous.map(Cluster.base(of:))))
        var result = [String](repeating: "", count: morphemes.count)
        for (cluster, chunk) in zip(clusters, chunks(of: clusters, reading: reading)) {
            result[cluster.morpheme] += chunk
        }
        return result.map(\.precomposedStringWithCanonicalMapping)
    }

    // MARK: - Letters and marks

    enum Vowel {
        case shewa, hatefSegol, hatefPatah, hatefQamets, hireq, tsere, segol, patah, qamets, holem, qibbuts
        case qametsQatan
    }

    /// A consonant with the marks written on it.
    struct Cluster {
        var letter: UInt32
        var morpheme: Int
        var vowel: Vowel?
        var dagesh = false
        var sin = false
        var meteg = false
        /// An accent on the stressed syllable.
        var accent = false
        /// Any cantillation mark at all (a word with none is joined by maqaf to the next).
        var cantillated = false
        /// Holem haser for vav (U+05BA): the vav is a consonant followed by ō.
        var holemHaser = false
        /// The perpetual qere of Jerusalem: a second vowel beside the lamed's patah or (in pause) qamets, the vowel
        /// of a yod the consonantal text lacks, read after it: hireq (יְרוּשָׁלִַם yərûšālaim, יְרוּשָׁלִָ֑ם
        /// yərûšālāim) or, once, a shewa (יְרוּשָׁלְָ֑מָה yərûšālāymâ).
        var unwrittenYod: String?
        /// Part of a verb (see `transliterate(morphemes:cantillated:verbs:)`).
        var verb = false

        init(letter: UInt32, morpheme: Int) {
            self.letter = letter
            self.morpheme = morpheme
        }

        mutating func add(_ mark: UInt32) {
            switch mark {
            case 0x05B0: vowel = .shewa
            case 0x05B1: vowel = .hatefSegol
            case 0x05B2: vowel = .hatefPatah
            case 0x05B3: vowel = .hatefQamets
            case 0x05B4 where vowel == .patah || vowel == .qamets: unwrittenYod = "i"
            case 0x05B4: vowel = .hireq
            case 0x05B5: vowel = .tsere
            case 0x05B6: vowel = .segol
            // Canonical order puts shewa and hireq before patah and qamets.
            case 0x05B7 where vowel == .hireq: vowel = .patah; unwrittenYod = "i"
            case 0x05B7: vowel = .patah
            case 0x05B8 where vowel == .hireq: vowel = .qamets; unwrittenYod = "i"
            case 0x05B8 where vowel == .shewa: vowel = .qamets; unwrittenYod = "y"
            case 0x05B8: vowel = .qamets
            case 0x05B9: vowel = .holem
            case 0x05BA: vowel = .holem; holemHaser = true
            case 0x05BB: vowel = .qibbuts
            case 0x05C7: vowel = .qametsQatan
            case 0x05BC: dagesh = true
            case 0x05C2: sin = true
            case 0x05BD: meteg = true
            // Accents that stand on the stressed syllable; prepositive and postpositive ones (segolta, pashta,
            // yetiv, telisha, dehi, zinor) sit on the word's first or last letter whatever its stress.
            case 0x0592, 0x0599, 0x059A, 0x05A0, 0x05A9, 0x05AD, 0x05AE: cantillated = true
            case 0x0591...0x05AF: accent = true; cantillated = true
            default: break  // shin dot (the default reading), rafe, upper and lower dots
            }
        }

        /// The letter's base form: final forms map to their medial letter.
        var base: UInt32 { Self.base(of: letter) }

        static func base(of letter: UInt32) -> UInt32 {
            switch letter {
            case 0x05DA: 0x05DB
            case 0x05DD: 0x05DE
            case 0x05DF: 0x05E0
            case 0x05E3: 0x05E4
            case 0x05E5: 0x05E6
            default: letter
            }
        }

        /// A vowel other than shewa (a hatef vowel counts).
        var hasFullVowel: Bool { vowel != nil && vowel != .shewa }
    }

    /// Whether `v` is a Hebrew consonant (alef to tav, final forms included).
    package static func isLetter(_ v: UInt32) -> Bool { (0x05D0...0x05EA).contains(v) }
    static func isMark(_ v: UInt32) -> Bool {
        (0x0591...0x05BD).contains(v) || v == 0x05BF || v == 0x05C1 || v == 0x05C2 || v == 0x05C4 || v == 0x05C5
            || v == 0x05C7
    }
    static func isAccent(_ v: UInt32) -> Bool { (0x0591...0x05AF).contains(v) }

    static let alef: UInt32 = 0x05D0, he: UInt32 = 0x05D4, vav: UInt32 = 0x05D5, yod: UInt32 = 0x05D9
    static let het: UInt32 = 0x05D7, ayin: UInt32 = 0x05E2, kaf: UInt32 = 0x05DB, shin: UInt32 = 0x05E9

    private static func consonant(_ c: Cluster) -> String {
        switch c.base {
        case 0x05D0: "\u{2BE}"  // ʾ
        case 0x05D1: "b"
        case 0x05D2: "g"
        case 0x05D3: "d"
        case 0x05D4: "h"
        case 0x05D5: "w"
        case 0x05D6: "z"
        case 0x05D7: "\u{1E25}"  // ḥ
        case 0x05D8: "\u{1E6D}"  // ṭ
        case 0x05D9: "y"
        case 0x05DB: "k"
        case 0x05DC: "l"
        case 0x05DE: "m"
        case 0x05E0: "n"
        case 0x05E1: "s"
        case 0x05E2: "\u{2BF}"  // ʿ
        case 0x05E4: "p"
        case 0x05E6: "\u{1E63}"  // ṣ
        case 0x05E7: "q"
        case 0x05E8: "r"
        case 0x05E9: c.sin ? "\u{15B}" : "\u{161}"  // ś, š
        case 0x05EA: "t"
        default: ""
        }
    }

    // MARK: - One word

    /// What each cluster of one word writes, in order.
    static func chunks(of clusters: [Cluster], reading: Reading) -> [String] {
        let c = stressed(clusters, reading: reading)
        let n = c.count
        guard n > 0 else { return [] }

        // The divine name יהוה, whatever its pointing (the Masoretes point it with the vowels of a word to read
        // instead), is written YHWH, as SBL does; its yod is never a vowel letter of the prefix before it
        // (מֵיהוָה mē-YHWH, not mYHWH).
        var divineName = -1
        if n >= 4 {
            for i in 0...(n - 4)
            where c[i].base == yod && c[i + 1].base == he && c[i + 2].base == vav
                && c[i + 3].base == he && (i + 4 == n)
            {
                divineName = i
            }
        }
        let mater = vowelLetters(c, before: divineName < 0 ? n : divineName)
        let doubled = doubling(c, mater: mater)
        let (hatuf, vocal) = qametsAndShewa(c, mater: mater, doubled: doubled, reading: reading)

        var out = [String](repeating: "", count: n)
        for i in 0..<n {
            if divineName >= 0 && i >= divineName {
                if i == divineName { out[i] = "YHWH" }
                continue
            }
            if let written = mater[i] {
                out[i] = written
                continue
            }
            var chunk = ""
            let letter = consonant(c[i])
            // Furtive patah: a final ḥet, ʿayin or mappiq he after a long vowel is read with "a" before it.
            if i == n - 1 && i > 0 && c[i].vowel == .patah
                && (c[i].base == het || c[i].base == ayin || (c[i].base == he && c[i].dagesh))
            {
                let before = c[i - 1]
                let long = mater[i - 1] != nil || [.hireq, .tsere, .holem, .qibbuts].contains(before.vowel)
                if long {
                    out[i] = "a" + letter
                    continue
                }
            }
            chunk += letter
            if doubled[i] { chunk += letter }
            let absorbed = i + 1 < n && mater[i + 1] != nil && c[i + 1].base != vav
            if !absorbed
                || (c[i].vowel != .hireq && c[i].vowel != .tsere && c[i].vowel != .segol
                    && c[i].vowel != .qamets)
            {
                chunk += vowel(c[i], hatuf: hatuf[i], vocal: vocal[i])
                if let yod = c[i].unwrittenYod { chunk += yod }
            }
            out[i] = chunk
        }
        return out
    }

    private static func vowel(_ c: Cluster, hatuf: Bool, vocal: Bool) -> String {
        switch c.vowel {
        case nil: ""
        case .shewa: vocal ? "\u{259}" : ""  // ə
        case .hatefSegol: "\u{115}"  // ĕ
        case .hatefPatah: "\u{103}"  // ă
        case .hatefQamets: "\u{14F}"  // ŏ
        case .hireq: "i"
        case .tsere: "\u{113}"  // ē
        case .segol: "e"
        case .patah: "a"
        case .qamets: hatuf ? "o" : "\u{101}"  // ā
        case .qametsQatan: "o"
        case .holem: "\u{14D}"  // ō
        case .qibbuts: "u"
        }
    }
}
