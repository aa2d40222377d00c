import Foundation

/// Greek spelled letter by letter in English words, with every breathing, accent and subscript named:
/// `ἀρχῇ` → "alpha with smooth breathing, rho, chi, eta with circumflex and iota subscript". It lets a listener
/// whose voice cannot read Greek hear the exact spelling, which transliteration drops.
package enum GreekSpelling {
    /// The spelling of `text`, letters separated by commas and words by "space".
    package static func spell(_ text: String) -> String {
        var letters: [String] = []
        for character in text {
            if character.isWhitespace { letters.append("space"); continue }
            letters.append(name(of: character))
        }
        return letters.joined(separator: ", ")
    }

    /// One character: its letter, then its marks in the order they are written on it.
    static func name(of character: Character) -> String {
        var scalars = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.makeIterator()
        guard let base = scalars.next() else { return "" }
        var marks: [String] = []
        while let mark = scalars.next() { marks.append(markNames[mark.value] ?? fallbackName(mark)) }
        var letter = letterName(base)
        if !marks.isEmpty { letter += " with " + list(marks) }
        return letter
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    private static func letterName(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        switch value {
        case 0x03C2: return "final sigma"
        case 0x03B1...0x03C9: return lowerNames[Int(value - 0x03B1)]
        case 0x0391...0x03A9 where value != 0x03A2: return "capital " + lowerNames[Int(value - 0x0391)]
        default:
            if let name = otherNames[value] { return name }
            return fallbackName(scalar)
        }
    }

    /// α…ω in code-point order (U+03C2 is final sigma, named above).
    private static let lowerNames = [
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
        "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "final sigma",
        "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega",
    ]

    private static let markNames: [UInt32: String] = [
        0x0313: "smooth breathing", 0x0314: "rough breathing", 0x0301: "acute", 0x0300: "grave",
        0x0342: "circumflex", 0x0345: "iota subscript", 0x0308: "diaeresis", 0x0304: "macron", 0x0306: "breve",
        0x0343: "koronis",
    ]

    private static let otherNames: [UInt32: String] = [
        0x2019: "apostrophe", 0x0027: "apostrophe", 0x1FBD: "koronis", 0x00B7: "raised dot", 0x0387: "raised dot",
        0x037E: "question mark", 0x002C: "comma", 0x002E: "full stop", 0x03DD: "digamma",
    ]

    /// A character this table does not know, by its Unicode name in lower case ("latin small letter a").
    private static func fallbackName(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            return String(scalar)
        }
        return (scalar.properties.name ?? "unknown character").lowercased()
            .replacingOccurrences(of: "greek ", with: "")
            .replacingOccurrences(of: "combining ", with: "")
            .replacingOccurrences(of: "-", with: " ")
    }
}
