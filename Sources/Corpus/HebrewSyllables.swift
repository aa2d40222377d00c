/// The syllable rules of `HebrewTransliterator`: which letters are vowel letters, which consonants are doubled, which
/// qamets is qamets hatuf and which shewa is vocal, and where the stress is. The rules and their sources are in
/// `Corpus/TRANSLITERATION.md`.
extension HebrewTransliterator {
    /// How one word is read beyond its own letters.
    struct Reading {
        /// The text carries its accents, so a word without one is unstressed (joined by maqaf to the next).
        var cantillated: Bool
        /// The verse's last word: the only one whose meteg can be silluq.
        var verseEnd = true
        /// Governed by a preposition (its own prefix) or by a word such as יוֹם or עַד before it: a verb there is
        /// an infinitive construct.
        var governed = false
    }

    /// The words (consonants, a conjunction's vav aside) after which a verb is an infinitive construct: the
    /// construct noun יוֹם and the prepositions and conjunctions that govern an infinitive without a prefix
    /// (בְּיוֹם אֲכָלְךָ, עַד אֲבָדְךָ, יַעַן אֲמָרְךָ).
    static let governingWords: Set<[UInt32]> = Set(
        ["יום", "ביום", "עד", "יען", "אחרי", "אחר", "טרם", "בטרם"].map { word in
            word.unicodeScalars.map { Cluster.base(of: $0.value) }
        })

    /// Whether the word whose base letters are `letters` governs a verb after it as an infinitive construct.
    static func governs(_ letters: [UInt32]) -> Bool {
        governingWords.contains(letters.first == vav ? Array(letters.dropFirst()) : letters)
    }

    /// The word's clusters with its stress found: only the last accent that stands on the stressed syllable marks
    /// it; an earlier one is a secondary accent, which (like a meteg) keeps its syllable open (עָֽ֝תְקָ֗ה ʿātəqâ).
    /// The verse's last word, in cantillated text, carries silluq, the verse's last accent, which is written with
    /// the meteg's sign: a meteg in one of its last two syllables when it has no other mark is the stress
    /// (אָכָֽלְתָּ ʾākāltā, pausal). Anywhere else in the verse such a word is joined by maqaf to the next and its
    /// meteg is a meteg (וְאָֽמְרוּ wə-ʾāmərû). A meteg on a vowel letter (the shureq of וּֽלְכָל û-lə-kol) is not
    /// silluq.
    static func stressed(_ clusters: [Cluster], reading: Reading) -> [Cluster] {
        var c = clusters
        if let last = c.lastIndex(where: { $0.accent }) {
            for i in 0..<last where c[i].accent {
                c[i].accent = false
                c[i].meteg = true
            }
        } else if reading.cantillated, reading.verseEnd, !c.contains(where: { $0.cantillated }),
            let m = c.lastIndex(where: { $0.meteg }), c[m].hasFullVowel,
            c[(m + 1)...].filter({ $0.hasFullVowel }).count <= 1
        {
            c[m].meteg = false
            c[m].accent = true
            c[m].cantillated = true
        }
        return c
    }

    /// Vowel letters: a vav or yod (or a final he) that has no vowel of its own and lengthens the one before, in the
    /// clusters before `end` (the divine name's letters are its own).
    static func vowelLetters(_ c: [Cluster], before end: Int) -> [String?] {
        var mater = [String?](repeating: nil, count: c.count)
        for i in 0..<end {
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
            case he where i == c.count - 1 && c[i].vowel == nil && !c[i].dagesh && previous?.vowel == .qamets:
                mater[i] = "\u{E2}"  // â: final qamets he
            default: break
            }
        }
        return mater
    }

    /// Dagesh forte: a dagesh after a vowel sound doubles its consonant, also when a quiescent alef stands between
    /// (נְבוּכַדְרֶאצַּר nəbûkadreʾṣṣar). Not doubled: after a silent shewa or at the start (dagesh lene, which
    /// academic style does not mark); a word's last consonant without a vowel, which closes the word and cannot be
    /// doubled (אַתְּ ʾat, יָדַעַתְּ yādaʿat); a guttural, which Hebrew never doubles (a dot in he is mappiq, in
    /// alef the Masoretes' mark that it is sounded: וַיָּבִיאּוּ wayyābîʾû).
    static func doubling(_ c: [Cluster], mater: [String?]) -> [Bool] {
        let n = c.count
        var doubled = [Bool](repeating: false, count: n)
        for i in 1..<max(n, 1) where c[i].dagesh && mater[i] == nil {
            if [alef, he, het, ayin].contains(c[i].base) { continue }
            if i == n - 1 && !c[i].hasFullVowel { continue }
            let quiescentAlef = i >= 2 && c[i - 1].base == alef && c[i - 1].vowel == nil
            let before = quiescentAlef ? i - 2 : i - 1
            doubled[i] = c[before].hasFullVowel || mater[before] != nil
        }
        return doubled
    }

    /// Which qamets is qamets hatuf (o: a closed unstressed syllable) and which shewa is vocal.
    static func qametsAndShewa(
        _ c: [Cluster], mater: [String?], doubled: [Bool], reading: Reading
    ) -> (hatuf: [Bool], vocal: [Bool]) {
        let n = c.count
        let wordAccented = c.contains { $0.cantillated }
        var hatuf = [Bool](repeating: false, count: n)
        // A qamets known to stand in an open syllable: the shewa after it is vocal.
        var open = [Bool](repeating: false, count: n)
        for i in 0..<n {
            if c[i].vowel == .qametsQatan { hatuf[i] = true }
            guard c[i].vowel == .qamets else { continue }
            if i + 1 < n && c[i + 1].vowel == .hatefQamets {
                hatuf[i] = true  // before hatef qamets, meteg or not (אָֽהֳלֵי ʾohŏlê)
            } else if closedByTwoShewas(c, i, doubled: doubled) {
                hatuf[i] = true
            } else if infinitiveBeforeSuffix(c, i, doubled: doubled, governed: reading.governed)
                || lengthenedHatefQamets(c, i, doubled: doubled)
            {
                hatuf[i] = true
                if c[i - 1].vowel == .qamets { hatuf[i - 1] = true }
            } else if openBeforeSuffix(c, i, doubled: doubled) {
                open[i] = true
            } else if verbQametsHatuf(c, i, mater: mater, doubled: doubled) {
                hatuf[i] = true
            } else if i + 1 < n && mater[i + 1] == nil && !c[i].meteg && !c[i].accent {
                let next = c[i + 1]
                if next.vowel == .shewa && !c[i].verb && i + 1 < n - 1 && !doubled[i + 1]
                    && next.base != c[i + 2].base
                {
                    hatuf[i] = true  // closed by a silent shewa (a meteg or an accent would mark the syllable open)
                } else if reading.cantillated && !wordAccented && i + 1 == n - 1 && next.vowel == nil && !next.dagesh
                    && ![alef, he, vav, yod].contains(next.base)
                    && !openBeforeMeteg(c, i, mater: mater, doubled: doubled)
                {
                    hatuf[i] = true  // an unstressed word (joined by maqaf) closed by its last consonant: כָּל kol
                }
            }
        }
        // A verb's qamets before a qamets hatuf is one too, a hatef qamets lengthened before it (כְּקָרָבְכֶם
        // kəqorobkem, מָאָסְכֶם moʾoskem).
        for i in stride(from: n - 2, through: 0, by: -1)
        where c[i].vowel == .qamets && c[i].verb && !c[i].accent && hatuf[i + 1] && c[i + 1].vowel == .qamets
            && c[i + 1].morpheme == c[i].morpheme
        {
            hatuf[i] = true
        }

        var vocal = [Bool](repeating: false, count: n)
        for i in 0..<n where c[i].vowel == .shewa {
            if i == 0 {
                vocal[i] = true  // a word's first consonant has no vowel before it to close
            } else if i == n - 1 {
                vocal[i] = false
            } else if doubled[i] || c[i + 1].base == c[i].base {
                vocal[i] = true  // a doubled consonant, or the first of two identical ones
            } else if c[i - 1].vowel == .shewa {
                vocal[i] = !vocal[i - 1]
            } else if c[i + 1].vowel == .shewa && !(i == 1 && mater[0] != nil) {
                // The first of two shewas closes its syllable (בֵּלְטְשַׁאצַּר bēlṭəšaʾṣṣar); after the conjunction
                // û it starts the word's stem.
                vocal[i] = false
            } else if mater[i - 1] != nil || open[i - 1] {
                vocal[i] = true  // after a long vowel
            } else {
                switch c[i - 1].vowel {
                case .tsere, .holem: vocal[i] = true
                // A stressed qamets before shewa closes its syllable (pausal לָ֑יְלָה lāylâ).
                case .qamets: vocal[i] = !hatuf[i - 1] && !c[i - 1].accent
                default: vocal[i] = false  // after a short vowel the shewa closes the syllable
                }
            }
        }
        return (hatuf, vocal)
    }

    /// A qamets before two shewas, the first of which closes its syllable, is qamets hatuf unless it carries the
    /// word's stress; a meteg or a secondary accent does not open the syllable (קָ֝דְשְׁךָ֗ qodšəkā, אָזְנְךָ
    /// ʾoznəkā, הָשְׁלְמָה hošləmâ).
    static func closedByTwoShewas(_ c: [Cluster], _ i: Int, doubled: [Bool]) -> Bool {
        let n = c.count
        return !c[i].accent && i + 3 < n && c[i + 1].vowel == .shewa && c[i + 2].vowel == .shewa
            && !doubled[i + 1] && c[i + 1].base != c[i + 2].base
    }

    /// A qamets before a shewa that ends its morpheme, with a suffix beginning with kaf after it, is long: the
    /// shewa before the suffixes ךָ, כֶם, כֶן is vocal after an open syllable (יָדְךָ yādəkā, תּוֹרָתְךָ tôrātəkā,
    /// שְׁמָרְךָ šəmārəkā). A yod there closes the syllable as a diphthong (חַיָּיְכִי ḥayyāykî).
    static func openBeforeSuffix(_ c: [Cluster], _ i: Int, doubled: [Bool]) -> Bool {
        let n = c.count
        guard i + 2 < n, c[i + 1].vowel == .shewa, !doubled[i + 1], c[i + 1].morpheme == c[i].morpheme,
            c[i + 1].base != yod
        else { return false }
        return c[i + 2].morpheme != c[i].morpheme && c[i + 2].base == kaf && c[i + 2].hasFullVowel
    }

    /// A governed verb of the form קְטָלְךָ is an infinitive construct with a suffix, whose qamets is qamets hatuf
    /// (בְּיוֹם אֲכָלְךָ ʾăkolkā, לִשְׁמָרְךָ lišmorkā); ungoverned, the same letters are a perfect with a suffix
    /// (נְתָנְךָ nətānəkā).
    static func infinitiveBeforeSuffix(_ c: [Cluster], _ i: Int, doubled: [Bool], governed: Bool) -> Bool {
        guard governed, c[i].verb, i >= 1, c[i - 1].morpheme == c[i].morpheme,
            i == 1 || c[i - 2].morpheme != c[i].morpheme,
            [.shewa, .hatefPatah, .hatefSegol, .hatefQamets, .qamets].contains(c[i - 1].vowel)
        else { return false }
        return openBeforeSuffix(c, i, doubled: doubled)
    }

    /// An unstressed qamets under a guttural after the qamets of its morpheme's first consonant, closed by a
    /// silent shewa, is qamets hatuf and so is the one before it: a hatef qamets lengthened before a closed
    /// syllable, in the imperfect and hophal (תָעָבְדֵם toʿobdēm, הָחָרְבַת hoḥorbat) and in segolates of the
    /// form פֹּעַל with a suffix (פָּעָלְךָ poʿolkā, אָהָלְךָ ʾoholkā). A tav there is the feminine ending after a
    /// long vowel (רָעָתְךָ rāʿātəkā).
    static func lengthenedHatefQamets(_ c: [Cluster], _ i: Int, doubled: [Bool]) -> Bool {
        let n = c.count
        guard !c[i].accent, !c[i].meteg, i >= 1, i + 2 < n, c[i - 1].vowel == .qamets, !c[i - 1].accent,
            c[i - 1].morpheme == c[i].morpheme, i == 1 || c[i - 2].morpheme != c[i].morpheme,
            [alef, he, het, ayin].contains(c[i].base), c[i + 1].vowel == .shewa, !doubled[i + 1],
            c[i + 1].morpheme == c[i].morpheme, c[i + 1].base != 0x05EA
        else { return false }
        return c[i + 2].hasFullVowel
    }

    /// Whether the open syllable before the qamets at `i` has a meteg: in a word joined by maqaf the meteg keeps
    /// the word's stress, and the qamets of its last syllable stays long (הָֽעָם־ hāʿām, יְהוֹנָֽתָן yəhônātān),
    /// where an unmarked one is shortened (כָּל־ kol; in מִֽכָּל־ mikkol the meteg's syllable is closed).
    static func openBeforeMeteg(_ c: [Cluster], _ i: Int, mater: [String?], doubled: [Bool]) -> Bool {
        guard i >= 1, !doubled[i] else { return false }
        if mater[i - 1] != nil { return c[i - 1].meteg || (i >= 2 && c[i - 2].meteg) }
        return c[i - 1].meteg && c[i - 1].hasFullVowel
    }

    /// A verb whose first vowel is a qamets closed by a silent shewa has qamets hatuf when a suffix follows it
    /// (infinitives construct and imperatives with a pronominal suffix: בְשָׁכְבְּךָ bəšokbəkā, שָֽׁמְרֵנִי šomrēnî,
    /// meteg or not) or when it ends in a consonant (the hophal: הֻשְׁלַךְ's twin הָשְׁלַךְ hošlak, יָשְׁלַךְ yošlak);
    /// the qal perfects that share the pattern end in a vowel (הָיְתָה hāyətâ, נָפְלוּ nāpəlû), also before a
    /// paragogic nun (יָדְעוּן yādəʿûn), and so does a perfect of a hollow root with a suffix, whose verb is two
    /// consonants (שָֽׂמְךָ śāməkā). A stressed qamets is long whatever follows.
    static func verbQametsHatuf(_ c: [Cluster], _ i: Int, mater: [String?], doubled: [Bool]) -> Bool {
        let n = c.count
        guard c[i].verb, !c[i].accent, i + 2 < n, c[i + 1].vowel == .shewa, !doubled[i + 1], mater[i + 1] == nil,
            c[i + 1].base != c[i + 2].base, i == 0 || c[i - 1].morpheme != c[i].morpheme,
            let last = c.lastIndex(where: { $0.morpheme == c[i].morpheme }), last >= i + 2
        else { return false }
        if mater[last] != nil { return false }  // ends in a vowel letter
        return last < n - 1 || !c[last].hasFullVowel  // a suffix follows, or it ends in a consonant
    }
}
