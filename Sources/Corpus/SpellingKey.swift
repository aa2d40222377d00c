import Foundation

/// Search keys for Greek and Hebrew as people type them in Latin letters: the store's academic (SBL) transliteration
/// and the ways readers write the same word ("logos", "theos", "agape", "elohim", "bereshit", "ruach", "tzadik")
/// fold to one key, so a transliteration or a respelling finds its lemma.
///
/// The fold, in order: lower case; ʾ and ʿ (and the apostrophes people type for them), hyphens and other non-letters
/// dropped; schwa ə as e; accents, macrons, breves, carons and dots dropped (ḥ first becomes k: readers write it "ch"
/// or "kh", as they write the spirant kaph and Greek chi); then the respelling variants: ch, kh, c and q as k; ts and
/// tz as s (tsade); gg as ng (Greek nasal gamma); ou as u; ph and f as p; w and v as b (vav, spirant beth); y and j as
/// i; every remaining h dropped (Greek breathing, the h of sh/th/ph digraphs, he, and the silent h English spellings
/// add, "elohim" and "elo'im"); doubled letters as one ("shabbat", "abba", "ʾĕlōhîym"). The fold forgets distinctions
/// the two alphabets make (shin and samekh, theta and tau): a key names a handful of lemmas, never one for sure.
package enum SpellingKey {
    /// The folded key of a Latin transliteration or respelling; "" when it holds no letter.
    package static func key(_ text: String) -> String {
        var letters: [Character] = []
        letters.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            // ḥ decomposes to h + dot below: it becomes the k readers write for it before the marks go.
            if character == "ḥ" {
                letters.append("k")
                continue
            }
            if character == "ə" {
                letters.append("e")
                continue
            }
            for scalar in String(character).decomposedStringWithCanonicalMapping.unicodeScalars
            where scalar.isASCII && scalar.properties.isAlphabetic {
                letters.append(Character(scalar))
            }
        }
        var out: [Character] = []
        out.reserveCapacity(letters.count)
        var index = 0
        while index < letters.count {
            let letter = letters[index]
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            var mapped: Character?
            var consumed = 1
            switch (letter, next) {
            case ("c", "h"), ("k", "h"): (mapped, consumed) = ("k", 2)
            case ("t", "s"), ("t", "z"): (mapped, consumed) = ("s", 2)
            case ("g", "g"): (mapped, consumed) = ("n", 1)
            case ("o", "u"): (mapped, consumed) = ("u", 2)
            case ("c", _), ("q", _): mapped = "k"
            case ("f", _): mapped = "p"
            case ("w", _), ("v", _): mapped = "b"
            case ("y", _), ("j", _): mapped = "i"
            case ("h", _): mapped = nil
            default: mapped = letter
            }
            index += consumed
            guard let mapped, out.last != mapped else { continue }
            out.append(mapped)
        }
        return String(out)
    }

    /// Whether a query term reads as a transliteration: Latin letters only (with the marks and the ʾ ʿ ' ’ a
    /// transliteration may carry), and at least two of them.
    package static func isLatinWord(_ text: String) -> Bool {
        var letters = 0
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.isASCII && scalar.properties.isAlphabetic {
                letters += 1
            } else if scalar.properties.generalCategory == .nonspacingMark || "ʾʿ'’ə-".unicodeScalars.contains(scalar)
                || (0x0100...0x024F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
            {
                continue
            } else {
                return false
            }
        }
        return letters >= 2
    }
}
