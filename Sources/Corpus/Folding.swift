import Foundation

/// Search keys for Greek and Latin text: lower case, without accents, breathings or other combining marks, and
/// with final sigma as σ, so "λόγος", "ΛΟΓΟΣ" and "λογος" share one key. Used by the store's indexes and by the
/// in-chapter search alike, so both agree on what matches. An elision mark is dropped (κατ’ is found as κατ) and
/// the negative particle's three forms share one key (οὐ, οὐκ and οὐχ: SBLGNT.tsv wrote all three οὐ, and a
/// search for οὐ found them all).
package enum Folding {
    /// The folded key of `text`.
    package static func key(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: break
            }
            if elisionMarks.contains(scalar) { continue }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                scalars.append(lower == "ς" ? "σ" : lower)
            }
        }
        let key = String(scalars)
        return key == "ουκ" || key == "ουχ" ? "ου" : key
    }

    /// The apostrophes an elided Greek word ends with: the SBLGNT's right single quotation mark and the modifier
    /// letter apostrophe.
    private static let elisionMarks: Set<Unicode.Scalar> = ["\u{2019}", "\u{02BC}"]

    /// The numeric part of a Strong's number or query ("G3056", "g03056", "3056", "G4053b" → 3056, 4053); nil
    /// when `text` is not one.
    /// `prefix` is the testament's letter: "G" (the default) or "H" ("H430", "h0430", "430", "H871a" → 871).
    package static func strongsNumber<S: StringProtocol>(_ text: S, prefix: Character = "G") -> Int? {
        var rest = Substring(text).drop { $0 == " " }
        while rest.last == " " { rest = rest.dropLast() }
        if let first = rest.first, first.uppercased() == String(prefix) { rest = rest.dropFirst() }
        if let last = rest.last, last.isASCII, last.isLowercase { rest = rest.dropLast() }
        guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(rest)
    }
}
