import Foundation

/// Pointed Biblical Hebrew → Latin in the academic style of the *SBL Handbook of Style* (2nd ed., §5.1.1): one Latin
/// letter per consonant without marking spirantization, vowels by quality and length (matres lectionis written
/// with a circumflex), dagesh forte doubled, vocal shewa `ə`, furtive patah before its consonant, maqaf as a
/// hyphen. The rules, and where a rule is a heuristic, are in `Corpus/TRANSLITERATION.md`.
///
/// The shewa and qamets rules need the whole word, so a word split into morphemes is transliterated as one word
/// and its Latin then cut at the morphemes' boundaries (`transliterate(morphemes:)`).
public enum HebrewTransliterator {
    /// Whether `hebrew` carries vowel points (U+05B0–U+05BB): consonants alone (Strong's headwords) cannot be
    /// transliterated into anything a voice could say.
    public static func isPointed(_ hebrew: String) -> Bool {
        hebrew.unicodeScalars.contains { (0x05B0...0x05BB).contains($0.value) }
    }

    /// Transliterates pointed Hebrew text: words separated by spaces or maqaf. Cantillation marks are read for
    /// stress only; characters that are not Hebrew pass through. The result is NFC.
    ///
    /// ```swift
    /// HebrewTransliterator.transliterate("בְּרֵאשִׁית")   // "bərēʾšît"
    /// HebrewTransliterator.transliterate("רוּחַ")          // "rûaḥ"
    /// ```
    public static func transliterate(_ hebrew: String) -> String {
        var output = ""
        var word: [Cluster] = []
        let cantillated = hebrew.unicodeScalars.contains { isAccent($0.value) }
        func flush() {
            guard !word.isEmpty else { return }
            output += chunks(of: word, cantillated: cantillated).joined()
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
                case 0x05BE: output += "-"  // maqaf
                case 0x05C0, 0x05C3, 0x05C6, 0x05F3, 0x05F4: break  // paseq, sof pasuq, nun hafukha, geresh, gershayim
                default: output.unicodeScalars.append(scalar)
                }
            }
        }
        flush()
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
    public static func transliterate(morphemes: [String], cantillated: Bool? = nil, verbs: Set<Int> = []) -> [String] {
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
        var result = [String](repeating: "", count: morphemes.count)
        for (cluster, chunk) in zip(clusters, chunks(of: clusters, cantillated: cantillated ?? accented)) {
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
        /// Hireq beside patah on one consonant: the perpetual qere of Jerusalem (יְרוּשָׁלִַם yərûšālaim), read
        /// with a vowel the consonantal text has no letter for.
        var hireqAfterPatah = false
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
            case 0x05B4 where vowel == .patah: hireqAfterPatah = true
            case 0x05B4: vowel = .hireq
            case 0x05B5: vowel = .tsere
            case 0x05B6: vowel = .segol
            case 0x05B7 where vowel == .hireq: vowel = .patah; hireqAfterPatah = true  // canonical order: hireq first
            case 0x05B7: vowel = .patah
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
        var base: UInt32 {
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
    public static func isLetter(_ v: UInt32) -> Bool { (0x05D0...0x05EA).contains(v) }
    static func isMark(_ v: UInt32) -> Bool {
        (0x0591...0x05BD).contains(v) || v == 0x05BF || v == 0x05C1 || v == 0x05C2 || v == 0x05C4 || v == 0x05C5
            || v == 0x05C7
    }
    static func isAccent(_ v: UInt32) -> Bool { (0x0591...0x05AF).contains(v) }

    private static let alef: UInt32 = 0x05D0, he: UInt32 = 0x05D4, vav: UInt32 = 0x05D5, yod: UInt32 = 0x05D9
    private static let het: UInt32 = 0x05D7, ayin: UInt32 = 0x05E2, shin: UInt32 = 0x05E9

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
    static func chunks(of clusters: [Cluster], cantillated: Bool) -> [String] {
        let c = stressed(clusters, cantillated: cantillated)
        let n = c.count
        guard n > 0 else { return [] }
        let wordAccented = c.contains { $0.cantillated }

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

        // 1. Vowel letters: a vav or yod (or a final he) that has no vowel of its own and lengthens the one before.
        var mater = [String?](repeating: nil, count: n)
        for i in 0..<n where divineName < 0 || i < divineName {
            let previous: Cluster? = i > 0 ? c[i - 1] : nil
            switch c[i].base {
            case vav where c[i].dagesh && c[i].vowel == nil && (previous == nil || previous!.vowel == nil):
                mater[i] = "\u{FB}"  // û: shureq
            case vav
            where c[i].vowel == .holem && !c[i].holemHaser && !c[i].dagesh && previous != nil
                && previous!.vowel == nil && mater[i - 1] == nil:
                mater[i] = "\u{F4}"  // ô: full holem
            case yod where c[i].vowel == nil && !c[i].dagesh && previous != nil && mater[i - 1] == nil:
                switch previous!.vowel {
                case .hireq: mater[i] = "\u{EE}"  // î
                case .tsere, .segol: mater[i] = "\u{EA}"  // ê
                default: break
                }
            case he where i == n - 1 && c[i].vowel == nil && !c[i].dagesh && previous?.vowel == .qamets:
                mater[i] = "\u{E2}"  // â: final qamets he
            default: break
            }
        }

        // 2. Dagesh forte: a dagesh after a vowel sound doubles its consonant (after silent shewa or at the start it
        //    is dagesh lene, which academic style does not mark; in a final he it is mappiq).
        var doubled = [Bool](repeating: false, count: n)
        for i in 1..<max(n, 1) where c[i].dagesh && mater[i] == nil {
            if c[i].base == he && i == n - 1 { continue }
            doubled[i] = c[i - 1].hasFullVowel || mater[i - 1] != nil
        }

        // 3. Qamets hatuf (o) where the syllable is closed and unstressed, and vocal or silent shewa.
        var hatuf = [Bool](repeating: false, count: n)
        var vocal = [Bool](repeating: false, count: n)
        for i in 0..<n {
            switch c[i].vowel {
            case .qametsQatan:
                hatuf[i] = true
            case .qamets where i + 1 < n && c[i + 1].vowel == .hatefQamets:
                hatuf[i] = true  // before hatef qamets, meteg or not (אָֽהֳלֵי ʾohŏlê)
            case .qamets where verbQametsHatuf(c, i, mater: mater, doubled: doubled):
                hatuf[i] = true
            case .qamets where i + 1 < n && mater[i + 1] == nil && !c[i].meteg && !c[i].accent:
                let next = c[i + 1]
                if next.vowel == .shewa && !c[i].verb && i + 1 < n - 1 && !doubled[i + 1]
                    && next.base != c[i + 2].base
                {
                    hatuf[i] = true  // closed by a silent shewa (a meteg or an accent would mark the syllable open)
                } else if cantillated && !wordAccented && i + 1 == n - 1 && next.vowel == nil && !next.dagesh
                    && ![alef, he, vav, yod].contains(next.base)
                {
                    hatuf[i] = true  // an unstressed word (joined by maqaf) closed by its last consonant: כָּל kol
                }
            case .shewa:
                if i == 0 {
                    vocal[i] = true
                }  // a word's first consonant has no vowel before it to close
                else if i == n - 1 {
                    vocal[i] = false
                } else if doubled[i] {
                    vocal[i] = true
                } else if c[i + 1].base == c[i].base {
                    vocal[i] = true
                }  // the first of two identical consonants
                else if c[i - 1].vowel == .shewa {
                    vocal[i] = !vocal[i - 1]
                } else if mater[i - 1] != nil {
                    vocal[i] = true
                }  // after a long vowel
                else {
                    switch c[i - 1].vowel {
                    case .tsere, .holem: vocal[i] = true
                    // A stressed qamets before shewa closes its syllable (pausal לָ֑יְלָה lāylâ).
                    case .qamets: vocal[i] = !hatuf[i - 1] && !c[i - 1].accent
                    default: vocal[i] = false  // after a short vowel the shewa closes the syllable
                    }
                }
            default: break
            }
        }

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
                if c[i].hireqAfterPatah { chunk += "i" }
            }
            out[i] = chunk
        }
        return out
    }

    /// The word's clusters with its stress found: only the last accent that stands on the stressed syllable marks
    /// it; an earlier one is a secondary accent, which (like a meteg) keeps its syllable open (עָֽ֝תְקָ֗ה ʿātəqâ).
    /// In cantillated text a word with no cantillation mark but a meteg in one of its last two syllables carries
    /// silluq, the verse's last accent, which is written with the meteg's sign: that syllable is the stressed one
    /// (אָכָֽלְתָּ ʾākāltā, pausal). A meteg on a vowel letter (the shureq of וּֽלְכָל û-lə-kol) is not silluq.
    static func stressed(_ clusters: [Cluster], cantillated: Bool) -> [Cluster] {
        var c = clusters
        if let last = c.lastIndex(where: { $0.accent }) {
            for i in 0..<last where c[i].accent {
                c[i].accent = false
                c[i].meteg = true
            }
        } else if cantillated, !c.contains(where: { $0.cantillated }), let m = c.lastIndex(where: { $0.meteg }),
            c[m].hasFullVowel, c[(m + 1)...].filter({ $0.hasFullVowel }).count <= 1
        {
            c[m].meteg = false
            c[m].accent = true
            c[m].cantillated = true
        }
        return c
    }

    /// A verb whose first vowel is a qamets closed by a silent shewa has qamets hatuf when a suffix follows it
    /// (infinitives construct and imperatives with a pronominal suffix: בְשָׁכְבְּךָ bəšokbəkā, שָֽׁמְרֵנִי šomrēnî,
    /// meteg or not) or when it ends in a consonant (the hophal: הֻשְׁלַךְ's twin הָשְׁלַךְ hošlak, יָשְׁלַךְ yošlak);
    /// the qal perfects that share the pattern end in a vowel and take no suffix in it (הָיְתָה hāyətâ, נָפְלוּ
    /// nāpəlû), and so does a perfect of a hollow root with a suffix, whose verb is two consonants (שָֽׂמְךָ
    /// śāməkā). A stressed qamets is long whatever follows.
    static func verbQametsHatuf(_ c: [Cluster], _ i: Int, mater: [String?], doubled: [Bool]) -> Bool {
        let n = c.count
        guard c[i].verb, !c[i].accent, i + 2 < n, c[i + 1].vowel == .shewa, !doubled[i + 1], mater[i + 1] == nil,
            c[i + 1].base != c[i + 2].base, i == 0 || c[i - 1].morpheme != c[i].morpheme,
            let last = c.lastIndex(where: { $0.morpheme == c[i].morpheme }), last >= i + 2
        else { return false }
        if last < n - 1 { return true }  // a suffix follows the verb
        return mater[last] == nil && !c[last].hasFullVowel
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
