import Foundation

/// Pointed Biblical Hebrew to and from the order the IHBC table (`IHBCTable`) reads.
///
/// The Westminster Leningrad Codex writes a letter's marks in canonical order (vowel, then dagesh, then accents);
/// braille writes a dagesh before its letter and the vowels after it, and puts the word's main accent (etnahta or
/// zaqef qatan) after the word. What the code does not write — the other accents, meteg, rafe, the upper and lower
/// dots, nun hafukha, the combining grapheme joiner the Codex uses to keep marks in order — is left out.
extension HebrewBraille {
    /// `text` rewritten for the IHBC table: per letter, a dagesh (mappiq) first, the letter, its shin or sin dot,
    /// its vowels in the order written; a shureq (vav with dagesh and no vowel) as vav then dagesh, which the table
    /// reads as one cell; etnahta and zaqef qatan after the last letter of their word.
    static func ihbcPrepared(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var letter: UInt32?
        var dagesh = false
        var dot: UInt32?
        var vowels: [UInt32] = []
        var accents: [UInt32] = []
        func append(_ value: UInt32) {
            if let scalar = Unicode.Scalar(value) { output.append(scalar) }
        }
        func flushLetter() {
            guard let base = letter else { return }
            if base == 0x05D5, dagesh, vowels.isEmpty {
                append(base)
                append(0x05BC)  // shureq
            } else {
                if dagesh { append(0x05BC) }
                append(base)
                if let dot { append(dot) }
                vowels.forEach(append)
            }
            letter = nil
            dagesh = false
            dot = nil
            vowels.removeAll(keepingCapacity: true)
        }
        func flushWord() {
            flushLetter()
            accents.forEach(append)
            accents.removeAll(keepingCapacity: true)
        }
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x05D0...0x05EA:
                flushLetter()
                letter = v
            case 0x05BC where letter != nil: dagesh = true
            case 0x05C1, 0x05C2: if letter == 0x05E9 { dot = v }
            case 0x05B0...0x05BB, 0x05C7:
                if letter != nil { vowels.append(v) } else { append(v) }
            case 0x0591, 0x0594: if !accents.contains(v) { accents.append(v) }
            case 0x0592...0x05AF, 0x05BD, 0x05BF, 0x05C4, 0x05C5, 0x05C6, 0x034F, 0x200C, 0x200D:
                break  // not written in the code
            default:
                flushWord()
                output.append(scalar)
            }
        }
        flushWord()
        return String(output)
    }

    /// Text back-translated through the IHBC table, in print order: each dagesh after its letter, a word's last
    /// kaf, mem, nun, pe or tsadi in its final form (the code has no final forms: a letter is final by position),
    /// marks in canonical order.
    public static func ihbcText(backTranslated text: String) -> String {
        var scalars = Array(text.unicodeScalars.map(\.value))
        // Dagesh before a letter (the braille order) moves after it. Shureq comes back as vav then dagesh (the
        // table writes vav then dagesh as one cell, so that pair is always shureq): it stays.
        var i = 0
        while i + 1 < scalars.count {
            if scalars[i] == 0x05D5, scalars[i + 1] == 0x05BC {
                i += 2
            } else if scalars[i] == 0x05BC, isLetter(scalars[i + 1]) {
                scalars.swapAt(i, i + 1)
                i += 2
            } else {
                i += 1
            }
        }
        // The last letter of each word of Hebrew letters and marks.
        var lastLetter: Int?
        func finish() {
            if let at = lastLetter, let final = finalForms[scalars[at]] { scalars[at] = final }
            lastLetter = nil
        }
        for (at, value) in scalars.enumerated() {
            if isLetter(value) {
                lastLetter = at
            } else if !isMark(value) {
                finish()
            }
        }
        finish()
        var result = String.UnicodeScalarView()
        for value in scalars { if let scalar = Unicode.Scalar(value) { result.append(scalar) } }
        return String(result).decomposedStringWithCanonicalMapping
    }

    private static func isLetter(_ value: UInt32) -> Bool { (0x05D0...0x05EA).contains(value) }

    /// A point or accent: part of its word (maqaf, paseq and sof pasuq end a word).
    private static func isMark(_ value: UInt32) -> Bool {
        (0x0591...0x05C7).contains(value) && value != 0x05BE && value != 0x05C0 && value != 0x05C3
            && value != 0x05C6
    }

    private static let finalForms: [UInt32: UInt32] = [
        0x05DB: 0x05DA, 0x05DE: 0x05DD, 0x05E0: 0x05DF, 0x05E4: 0x05E3, 0x05E6: 0x05E5,
    ]
}
