@_spi(_Unicode) import Swift

/// Search keys for Greek and Latin text: lower case, without accents, breathings or other combining marks, and
/// with final sigma as σ, so "λόγος", "ΛΟΓΟΣ" and "λογος" share one key. Used by the store's indexes and by the
/// in-chapter search alike, so both agree on what matches. An elision mark is dropped (κατ’ is found as κατ) and
/// the negative particle's three forms share one key (οὐ, οὐκ and οὐχ: SBLGNT.tsv wrote all three οὐ, and a
/// search for οὐ found them all).
package enum Folding {
    /// The folded key of `text`.
    ///
    /// The canonical decomposition (NFD) is the standard library's own (`_nfd`, the one its string comparison
    /// uses), not Foundation's `decomposedStringWithCanonicalMapping`: that one bridged every call to an `NSString`
    /// and back, and its first use instantiated generic metadata that scans the binary's conformance records, most
    /// of a `search`'s folding (the `search` benchmark in Benchmarks/Thresholds). Canonical decompositions of
    /// assigned characters never change (Unicode's stability policy), so both give the same keys;
    /// `FoldingTests` compares them on every scalar of the blocks the corpus and the queries use.
    package static func key(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: break
            }
            if isElisionMark(scalar) { continue }
            if scalar.isASCII {
                // ASCII lowercases to itself or its one lowercase letter: no mapping string to build.
                let value = scalar.value
                scalars.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
                continue
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                scalars.append(lower == "ς" ? "σ" : lower)
            }
        }
        let key = String(scalars)
        return key == "ουκ" || key == "ουχ" ? "ου" : key
    }

    /// The apostrophes an elided Greek word ends with: the SBLGNT's right single quotation mark and the modifier
    /// letter apostrophe. A comparison, not a `Set`: a set's first use instantiates its generic metadata, which
    /// scans the binary's conformance records.
    private static func isElisionMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2019}" || scalar == "\u{02BC}"
    }

    /// The numeric part of a Strong's number or query ("G3056", "g03056", "3056", "G4053b" → 3056, 4053); nil
    /// when `text` is not one.
    /// `prefix` is the testament's letter: "G" (the default) or "H" ("H430", "h0430", "430", "H871a" → 871).
    package static func strongsNumber<S: StringProtocol>(_ text: S, prefix: Character = "G") -> Int? {
        characterStrongsNumber(text, prefix: prefix)
    }

    /// `strongsNumber` of a `String`: what the store's rows and a search's hits hand in, read here without the
    /// generic code a caller in another module would run unspecialized.
    package static func strongsNumber(_ text: String, prefix: Character = "G") -> Int? {
        if let prefix = prefix.asciiValue, text.utf8.allSatisfy({ $0 < 0x80 }) {
            return asciiStrongsNumber(text.utf8, prefix: prefix)
        }
        return characterStrongsNumber(text, prefix: prefix)
    }

    /// `strongsNumber` read character by character: text that is not all ASCII.
    private static func characterStrongsNumber<S: StringProtocol>(_ text: S, prefix: Character) -> Int? {
        var rest = Substring(text).drop { $0 == " " }
        while rest.last == " " { rest = rest.dropLast() }
        if let first = rest.first, first.uppercased() == String(prefix) { rest = rest.dropFirst() }
        if let last = rest.last, last.isASCII, last.isLowercase { rest = rest.dropLast() }
        guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(rest)
    }

    /// `strongsNumber` of ASCII text, read byte by byte: each byte is its own character but a CR LF pair, which is
    /// no digit, letter or space either way. Every hit of a search folds its Strong's number, and the `Character`
    /// walk costs a grapheme-break test a character.
    private static func asciiStrongsNumber(_ text: some BidirectionalCollection<UInt8>, prefix: UInt8) -> Int? {
        let space = UInt8(ascii: " ")
        var bytes = text.drop { $0 == space }
        while bytes.last == space { bytes = bytes.dropLast() }
        // The first character is dropped when it upper-cases to the prefix.
        if let first = bytes.first, ((0x61...0x7A).contains(first) ? first - 0x20 : first) == prefix {
            bytes = bytes.dropFirst()
        }
        if let last = bytes.last, (0x61...0x7A).contains(last) { bytes = bytes.dropLast() }
        guard !bytes.isEmpty, bytes.count <= 6, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
