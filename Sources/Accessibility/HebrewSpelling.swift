import Foundation

/// Hebrew spelled letter by letter in English words, each letter with its points and accents named:
/// `בְּרֵאשִׁית` → "bet with dagesh and sheva, resh with tsere, alef, shin with shin dot and hiriq, yod, tav". The
/// names are the common English ones, spelled so an English voice says them as words.
package enum HebrewSpelling {
    /// The spelling of `text`, letters separated by commas and words by "space".
    package static func spell(_ text: String) -> String {
        var letters: [String] = []
        var marks: [String] = []
        func flush() {
            guard !letters.isEmpty, !marks.isEmpty else { return }
            letters[letters.count - 1] += " with " + list(marks)
            marks.removeAll()
        }
        for scalar in text.unicodeScalars {
            if let name = letterNames[scalar.value] {
                flush()
                letters.append(name)
            } else if properties(scalar) {
                marks.append(markName(scalar))
            } else {
                flush()
                letters.append(scalar.properties.isWhitespace ? "space" : otherName(scalar))
            }
        }
        flush()
        return letters.joined(separator: ", ")
    }

    /// Whether a scalar is a point or accent written on the letter before it.
    private static func properties(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .nonspacingMark
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    private static let letterNames: [UInt32: String] = [
        0x05D0: "alef", 0x05D1: "bet", 0x05D2: "gimel", 0x05D3: "dalet", 0x05D4: "hay", 0x05D5: "vav",
        0x05D6: "zayin", 0x05D7: "khet", 0x05D8: "tet", 0x05D9: "yod", 0x05DA: "final kaf", 0x05DB: "kaf",
        0x05DC: "lamed", 0x05DD: "final mem", 0x05DE: "mem", 0x05DF: "final nun", 0x05E0: "nun", 0x05E1: "samekh",
        0x05E2: "ayin", 0x05E3: "final pay", 0x05E4: "pay", 0x05E5: "final tsadee", 0x05E6: "tsadee", 0x05E7: "kof",
        0x05E8: "resh", 0x05E9: "shin", 0x05EA: "tav",
    ]

    private static let pointNames: [UInt32: String] = [
        0x05B0: "sheva", 0x05B1: "hataf segol", 0x05B2: "hataf patakh", 0x05B3: "hataf kamats", 0x05B4: "hiriq",
        0x05B5: "tsere", 0x05B6: "segol", 0x05B7: "patakh", 0x05B8: "kamats", 0x05B9: "kholam", 0x05BA: "kholam",
        0x05BB: "kubuts", 0x05BC: "dagesh", 0x05BD: "meteg", 0x05BF: "rafe", 0x05C1: "shin dot", 0x05C2: "sin dot",
        0x05C4: "upper dot", 0x05C5: "lower dot", 0x05C7: "kamats katan",
    ]

    /// A point by its name; an accent (cantillation) by its Unicode name, "tipeha accent".
    private static func markName(_ scalar: Unicode.Scalar) -> String {
        if let name = pointNames[scalar.value] { return name }
        let unicode = (scalar.properties.name ?? "").lowercased()
        if unicode.hasPrefix("hebrew accent ") { return unicode.dropFirst("hebrew accent ".count) + " accent" }
        return unicode.replacingOccurrences(of: "hebrew ", with: "").replacingOccurrences(of: "-", with: " ")
    }

    private static let otherNames: [UInt32: String] = [
        0x05BE: "maqaf", 0x05C0: "paseq", 0x05C3: "sof pasuq", 0x05F3: "geresh", 0x05F4: "gershayim",
    ]

    /// Punctuation and anything else: its English name, never a code.
    private static func otherName(_ scalar: Unicode.Scalar) -> String {
        if let name = otherNames[scalar.value] { return name }
        if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            return String(scalar)
        }
        return (scalar.properties.name ?? "unknown character").lowercased()
            .replacingOccurrences(of: "hebrew ", with: "").replacingOccurrences(of: "-", with: " ")
    }
}
