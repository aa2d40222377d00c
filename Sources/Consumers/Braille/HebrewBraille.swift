/// Pointed Biblical Hebrew made ready for liblouis's Israeli braille table (`he-IL.utb`, Debian's liblouis-data):
/// the table defines the 27 letters, the vowel points U+05B0–U+05BC, and the letters that change their cell with a
/// dagesh or a shin/sin dot only as precomposed presentation forms (בּ U+FB31 is b, ב is v). The Westminster
/// Leningrad Codex writes every mark as a combining character in canonical order (a vowel before the dagesh), so:
///
/// - a dagesh on bet, kaf, pe, tav or vav, and a shin or sin dot, is folded into the presentation form the table
///   defines (בּ כּ ךּ פּ ףּ תּ וּ שׁ שׂ); any other dagesh follows its letter as its own cell (dot 5);
/// - the vowels then follow the letter, in the order written;
/// - what Hebrew braille does not write is left out: the cantillation accents (U+0591–U+05AF), meteg (U+05BD),
///   rafe (U+05BF) and the upper and lower dots (U+05C4, U+05C5). Qamets qatan (U+05C7) is written as qamets, as
///   Hebrew braille has one sign for both. Maqaf becomes a hyphen and sof pasuq a colon; paseq and nun hafukha are
///   left out.
///
/// What the table cannot show (so back-translation cannot restore it): final letters share the cells of the medial
/// ones (ך/כ, ם/מ, ן/נ, ף/פ, ץ/צ); shin with its dot is the cell of the bare shin; shureq (וּ) and qibbuts share one
/// cell; accents, meteg and qamets qatan are not written.
enum HebrewBraille {
    /// `text` with each letter's marks rewritten as above. Characters that are not Hebrew pass through.
    static func prepared(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var letter: UInt32?
        var dagesh = false, shinDot = false, sinDot = false
        var vowels: [UInt32] = []
        func flush() {
            guard let base = letter else { return }
            var composed: UInt32?
            if base == 0x05E9, shinDot || sinDot { composed = sinDot ? 0xFB2B : 0xFB2A }
            if dagesh, composed == nil { composed = dageshForms[base] }
            append(composed ?? base)
            // A dagesh the table has no letter for (or on a shin, whose dot took the composed form): its own cell.
            if dagesh, composed == nil || base == 0x05E9 { append(0x05BC) }
            vowels.forEach(append)
            letter = nil
            dagesh = false; shinDot = false; sinDot = false
            vowels.removeAll(keepingCapacity: true)
        }
        func append(_ value: UInt32) {
            if let scalar = Unicode.Scalar(value) { output.append(scalar) }
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x05D0...0x05EA:
                flush()
                letter = v
            case 0x05BC where letter != nil: dagesh = true
            case 0x05C1 where letter != nil: shinDot = true
            case 0x05C2 where letter != nil: sinDot = true
            case 0x05B0...0x05BB where letter != nil: vowels.append(v)
            case 0x05C7 where letter != nil: vowels.append(0x05B8)  // qamets qatan: the qamets sign
            case 0x0591...0x05AF, 0x05BD, 0x05BF, 0x05C4, 0x05C5, 0x05C0, 0x05C6:
                break  // accents, meteg, rafe, dots, paseq, nun hafukha: not written in Hebrew braille
            case 0x05BE: flush(); append(0x2D)  // maqaf
            case 0x05C3: flush(); append(0x3A)  // sof pasuq
            default:
                flush()
                output.append(scalar)
            }
        }
        flush()
        return String(output)
    }

    /// The presentation forms `he-IL.utb` defines for a letter with dagesh.
    private static let dageshForms: [UInt32: UInt32] = [
        0x05D1: 0xFB31, 0x05DA: 0xFB3A, 0x05DB: 0xFB3B, 0x05E3: 0xFB43, 0x05E4: 0xFB44, 0x05EA: 0xFB4A, 0x05D5: 0xFB35,
    ]
}
