import Foundation
import InterlinearCorpus

/// Greek and Hebrew respelled for an English voice: plain ASCII letters that English spelling rules read close to
/// the Erasmian Greek and the academic Hebrew pronunciation ("archēi" → "arkhay", "ʾĕlōhîm" → "eloheem",
/// "bə-rēʾšît" → "beraysheet"), with the stress after the stressed syllable (an apostrophe, as Strong's
/// respellings mark it) where the source marks it. The SBL academic transliteration stays for print, layout and
/// braille: its macrons, carons, dots and half rings are spelled out letter by letter by an English voice ("e
/// macron"), and its Leipzig hyphens are read "dash" by terminal screen readers. The rules are in docs/speech.md.
package enum Respelling {
    /// A word as an English voice should hear it: Greek given in Greek script (transliterated, then respelled with
    /// the stress its accent marks), Hebrew given as its stored transliteration. Optional letters ("houtō(s)") are
    /// said both ways.
    package static func spoken(_ text: String, _ language: SourceLanguage) -> String {
        switch language {
        case .greek: english(Speakable.alternatives(Transliterator.transliterate(text)), .greek, source: text)
        case .hebrew: english(Speakable.alternatives(text), .hebrew)
        }
    }

    /// A dictionary form in its own script (a lemma, a Strong's headword) as an English voice should hear it: Greek
    /// respelled; Hebrew transliterated first when it is pointed. Strong's Hebrew headwords are consonants only,
    /// which no voice can be given: "" (left out).
    package static func headword(_ script: String, _ language: SourceLanguage) -> String {
        let transliteration = academic(script, language)
        guard !transliteration.isEmpty else { return "" }
        switch language {
        case .greek: return english(transliteration, .greek, source: script)
        case .hebrew: return spoken(transliteration, .hebrew)
        }
    }

    /// A dictionary form in its own script in the academic transliteration of its language (SBL; a Greek form's
    /// optional letters both ways, "houtō(s)" as `Speakable.alternatives` gives it), what `headword` respells and
    /// braille shows; "" for an unpointed Hebrew form (Strong's headwords), whose vowels are not written.
    static func academic(_ script: String, _ language: SourceLanguage) -> String {
        switch language {
        case .greek: Speakable.alternatives(Transliterator.transliterate(script))
        case .hebrew: HebrewTransliterator.isPointed(script) ? HebrewTransliterator.transliterate(script) : ""
        }
    }

    /// A transliteration (SBL academic, as stored) respelled for an English voice; `source` is the word in its own
    /// script, which says where the stress is (Greek accents). A Hebrew transliteration's stress is the acute it
    /// may carry on a vowel ("ʾākā́ltā"); unmarked, none is given. Non-letters pass through,
    /// except the Leipzig hyphen inside a word, which joins its parts, and Greek or Hebrew script that is no letter.
    package static func english(_ transliteration: String, _ language: SourceLanguage, source: String? = nil) -> String
    {
        let stress = language == .greek ? source.flatMap(greekStressFromEnd) : nil
        var out = ""
        out.reserveCapacity(transliteration.utf8.count + 4)
        // Read cluster by cluster (what `Character` would be) on the decomposed scalars; a word is its clusters.
        let text = ScalarClusters(CanonicalDecomposition.decomposedScalars(transliteration))
        var word: [Int] = []
        word.reserveCapacity(16)
        var letters = RespellingLetters()
        func flush() {
            guard !word.isEmpty else { return }
            out += respellWord(word, of: text, language, stress: stress, letters: &letters)
            word.removeAll(keepingCapacity: true)
        }
        for cluster in 0..<text.count {
            // Combining marks (macron, circumflex, breve, caron, dots) are read with the letter before them.
            if text.isLetter(cluster) || text.isMark(cluster) || text.isOnly(cluster, "ʾ") || text.isOnly(cluster, "ʿ")
            {
                word.append(cluster)
            } else if text.isOnly(cluster, "-"), !word.isEmpty, cluster + 1 < text.count, text.isLetter(cluster + 1) {
                continue  // a Leipzig hyphen between morphemes: the parts are said as one word
            } else {
                flush()
                // A Greek or Hebrew mark on a character that is no letter (a vowel point after a stray symbol) is no
                // letter to respell, and an English voice would name it: left out, the character kept.
                for scalar in text[cluster] where !SpokenLanguage.isGreek(scalar) && !SpokenLanguage.isHebrew(scalar) {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        flush()
        return CanonicalDecomposition.composed(out)
    }

    /// One spoken unit: its English letters, whether it is a vowel (a syllable's nucleus), and whether the
    /// transliteration marks it stressed (an acute on a Hebrew vowel, "ʾākā́ltā").
    private struct Unit {
        var text: String
        var vowel: Bool
        var stressed = false
    }

    /// `word`'s clusters of `text` respelled; `letters` is reused from word to word.
    private static func respellWord(
        _ word: [Int], of text: ScalarClusters, _ language: SourceLanguage, stress: Int?,
        letters: inout RespellingLetters
    ) -> String {
        // Letters with their marks ("e" + macron), lower case; the capital is restored after. They stay
        // decomposed: the tables below are keyed by their keys' decomposed scalars.
        letters.removeAll()
        for cluster in word { letters.append(text[cluster], joining: text.isMark(cluster)) }
        // The divine name is read as Adonai, as the vowels written with it ask (the perpetual qere).
        if language == .hebrew, letters.spells("yhwh") { return "Adonai" }
        let capital = text.isUppercase(word[0])
        var units = language == .hebrew ? hebrewUnits(letters) : greekUnits(letters)
        speakableStart(&units)
        // English reads a final e as silent and a final i as "eye": say them as the vowels they are.
        if let last = units.last, last.vowel {
            if last.text == "e" { units[units.count - 1].text = "eh" }
            if last.text == "i" { units[units.count - 1].text = "ee" }
        }
        let vowels = units.indices.filter { units[$0].vowel }
        var text = ""
        // The stress mark goes after the stressed syllable: after its vowel and, when two consonants follow, the
        // first of them (the syllable is closed); at the end of the word after everything. Monosyllables carry none.
        var markAfter: Int?
        let fromEnd = stress.flatMap { $0 < vowels.count ? vowels[vowels.count - 1 - $0] : nil }
        if vowels.count > 1, let nucleus = units.firstIndex(where: \.stressed) ?? fromEnd {
            var end = nucleus
            let next = vowels.first { $0 > nucleus } ?? units.count
            if next == units.count { end = units.count - 1 } else if next - nucleus > 2 { end = nucleus + 1 }
            markAfter = end
        }
        for (index, unit) in units.enumerated() {
            text += unit.text
            if index == markAfter { text += "'" }
        }
        if capital, let first = text.first { text = first.uppercased() + text.dropFirst() }
        return text
    }

    /// Consonants an English word can start with, as a pair: a stop or fricative before l, r, w or y, or s before
    /// a stop or a nasal. Any other pair at the start of a word ("pn", "mt", "dm") is spelled out by an English voice
    /// ("pee new ma"), so a short e goes between them; a doubled first consonant (a prefix's dagesh, "mmayim") is
    /// said once; "h" before "wee" (υἱ) is English "wh".
    private static let firstOfPair: Set<String> = ["b", "d", "f", "g", "gh", "k", "kh", "p", "t", "th", "sh"]
    private static func speakableStart(_ units: inout [Unit]) {
        guard units.count > 1, !units[0].vowel else { return }
        let first = units[0].text, second = units[1].text
        if units[1].vowel {
            if first == "h", second == "wee" { units[0].text = "wh"; units[1].text = "ee" }
            return
        }
        if first == second { units.remove(at: 0); return }
        let liquid =
            ["th", "sh"].contains(first)
            ? second == "r"
            : ["l", "r", "w", "y"].contains(second) && firstOfPair.contains(first)
        let sibilant = first == "s" && ["k", "l", "m", "n", "p", "t", "w"].contains(second)
        if !liquid && !sibilant { units.insert(Unit(text: "e", vowel: true), at: 1) }
    }

    // MARK: Greek

    private static let greekVowels = RespellingLetters.table([
        "ai": "ai", "ei": "ay", "oi": "oy", "ui": "wee", "au": "ow", "eu": "yoo", "ēu": "ayoo", "ou": "oo",
        "ēi": "ay", "ōi": "oh", "a": "a", "e": "e", "ē": "ay", "i": "i", "o": "o", "ō": "oh", "y": "oo", "u": "oo",
    ])
    private static let greekConsonants = RespellingLetters.table([
        "ch": "kh", "ph": "f", "th": "th", "rh": "r", "ps": "ps",
    ])
    /// The letters before which g is hard: e, i, ē, y.
    private static let frontVowels = Set(
        ["e", "i", "ē", "y"].compactMap { RespellingLetters.key(CanonicalDecomposition.decomposedScalars($0)) })
    private static let g = RespellingLetters.key(CanonicalDecomposition.decomposedScalars("g"))

    /// SBL Greek letters as units: the diphthongs and the digraphs first.
    private static func greekUnits(_ letters: RespellingLetters) -> [Unit] {
        let greekVowels = greekVowels, greekConsonants = greekConsonants, frontVowels = frontVowels, g = g
        var units: [Unit] = []
        units.reserveCapacity(letters.count)
        var i = 0
        while i < letters.count {
            if i + 1 < letters.count, let pair = RespellingLetters.key(letters.text(i..<(i + 2))) {
                if let vowel = greekVowels[pair] { units.append(Unit(text: vowel, vowel: true)); i += 2; continue }
                if let consonant = greekConsonants[pair] {
                    units.append(Unit(text: consonant, vowel: false)); i += 2; continue
                }
            }
            let letter = letters.text(i)
            let key = RespellingLetters.key(letter)
            if let key, let vowel = greekVowels[key] {
                units.append(Unit(text: vowel, vowel: true))
            } else if key == g, i + 1 < letters.count,
                let next = RespellingLetters.key(letters.text(i + 1)), frontVowels.contains(next)
            {
                units.append(Unit(text: "gh", vowel: false))  // a hard g before e and i, as Greek says it
            } else {
                units.append(Unit(text: RespellingLetters.ascii(letter), vowel: false))
            }
            i += 1
        }
        return units
    }

    /// Which syllable from the end carries the accent (0: the last), from the Greek word's acute, grave or
    /// circumflex; nil when it has none. Diphthongs are one syllable unless the second vowel has a diaeresis.
    static func greekStressFromEnd(_ greek: String) -> Int? {
        var syllables: [Bool] = []  // accented, per vowel group
        var previous: UInt32?
        var previousHadDiaeresis = false
        // Decomposed once, then read scalar by scalar: a letter is a base (combining class 0) and the marks after
        // it. Capital vowels are made lower case by their place in the Greek block (the marks are apart already).
        var base: UInt32?
        var accented = false, diaeresis = false
        func letterEnds() {
            guard let letter = base else { return }
            base = nil
            guard isGreekVowel(letter) else {
                previous = nil
                return
            }
            if let first = previous, !diaeresis, !previousHadDiaeresis, isGreekDiphthong(first, letter) {
                if accented { syllables[syllables.count - 1] = true }
                previous = nil
                return
            }
            syllables.append(accented)
            previous = letter
            previousHadDiaeresis = diaeresis
        }
        for scalar in CanonicalDecomposition.decomposedScalars(greek) {
            let value = scalar.value
            if value < 0x0300 || scalar.properties.canonicalCombiningClass.rawValue == 0 {
                letterEnds()
                base = (0x0391...0x03A9).contains(value) ? value + 0x20 : value
                accented = false
                diaeresis = false
            } else if value == 0x0301 || value == 0x0300 || value == 0x0342 {
                accented = true
            } else if value == 0x0308 {
                diaeresis = true
            }
        }
        letterEnds()
        guard let last = syllables.lastIndex(of: true) else { return nil }
        return syllables.count - 1 - last
    }

    /// α ε η ι ο υ ω: the lower-case Greek vowels.
    private static func isGreekVowel(_ value: UInt32) -> Bool {
        switch value {
        case 0x03B1, 0x03B5, 0x03B7, 0x03B9, 0x03BF, 0x03C5, 0x03C9: true
        default: false
        }
    }

    /// αι ει οι υι αυ ευ ηυ ου: two lower-case vowels said as one syllable.
    private static func isGreekDiphthong(_ first: UInt32, _ second: UInt32) -> Bool {
        switch second {
        case 0x03B9: first == 0x03B1 || first == 0x03B5 || first == 0x03BF || first == 0x03C5  // ι after α ε ο υ
        case 0x03C5: first == 0x03B1 || first == 0x03B5 || first == 0x03B7 || first == 0x03BF  // υ after α ε η ο
        default: false
        }
    }

    // MARK: Hebrew

    private static let hebrewVowels = RespellingLetters.table([
        "a": "a", "ā": "a", "ă": "a", "â": "a", "e": "e", "ē": "ay", "ê": "ay", "ĕ": "e", "ə": "e", "i": "i",
        "î": "ee", "o": "o", "ō": "o", "ô": "o", "ŏ": "o", "u": "u", "û": "oo",
    ])
    private static let hebrewConsonants = RespellingLetters.table([
        "ḥ": "kh", "ṭ": "t", "ṣ": "ts", "š": "sh", "ś": "s", "q": "k", "w": "v", "ʾ": "", "ʿ": "",
    ])

    /// SBL Hebrew letters as units. A doubled consonant said with two letters (šš) is said once; alef and ayin are
    /// silent for an English voice. Accents the transliteration may carry (an acute for the stress) are dropped.
    private static func hebrewUnits(_ letters: RespellingLetters) -> [Unit] {
        let hebrewVowels = hebrewVowels, hebrewConsonants = hebrewConsonants
        var units: [Unit] = []
        units.reserveCapacity(letters.count)
        let isAccent = { (scalar: Unicode.Scalar) in scalar.value == 0x0301 || scalar.value == 0x0300 }
        for index in 0..<letters.count {
            let letter = letters.text(index)
            let plain = letter.contains(where: isAccent) ? ArraySlice(letter.filter { !isAccent($0) }) : letter
            let key = RespellingLetters.key(plain)
            if let key, let vowel = hebrewVowels[key] {
                units.append(Unit(text: vowel, vowel: true, stressed: plain.count != letter.count))
                continue
            }
            let text = key.flatMap { hebrewConsonants[$0] } ?? RespellingLetters.ascii(plain)
            guard !text.isEmpty else { continue }
            if text.count > 1, let last = units.last, !last.vowel, last.text == text { continue }
            units.append(Unit(text: text, vowel: false))
        }
        return units
    }
}
