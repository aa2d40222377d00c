/// A decomposed (NFD) text cut where `Character` would cut it, read as the respelling reads it: each cluster's
/// scalars, whether it is a letter, a mark or one given scalar. `Respelling` worked on `Character`s and `String`s
/// (a grapheme break search per character, a string per letter, and its tables looked up by canonical equivalence,
/// which normalises and hashes both sides); on scalars it gives the same words at a small part of the cost
/// (docs/performance.md, issue 41).
struct ScalarClusters {
    let scalars: [Unicode.Scalar]
    /// Where each cluster starts, then `scalars.count`.
    private(set) var bounds: [Int] = []

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        bounds.reserveCapacity(scalars.count + 1)
        if scalars.allSatisfy(Self.breaksPlainly) {
            // A base and the nonspacing marks after it: how Unicode's grapheme rules (UAX #29) cut these scalars.
            for (index, scalar) in scalars.enumerated() where index == 0 || !Self.isNonspacingMark(scalar) {
                bounds.append(index)
            }
        } else {
            // Anything else (controls, joiners, scripts the corpus does not write) is cut by `Character` itself.
            var index = 0
            for character in String(String.UnicodeScalarView(scalars)) {
                bounds.append(index)
                index += character.unicodeScalars.count
            }
        }
        bounds.append(scalars.count)
    }

    var count: Int { bounds.count - 1 }

    subscript(cluster: Int) -> ArraySlice<Unicode.Scalar> { scalars[bounds[cluster]..<bounds[cluster + 1]] }

    /// `Character.isLetter`: the first scalar is alphabetic.
    func isLetter(_ cluster: Int) -> Bool {
        let first = scalars[bounds[cluster]]
        if first.isASCII {
            let value = first.value | 0x20
            return value >= 0x61 && value <= 0x7A
        }
        return first.properties.isAlphabetic
    }

    /// Every scalar a nonspacing mark (a combining macron, circumflex, breve, caron, dot).
    func isMark(_ cluster: Int) -> Bool { self[cluster].allSatisfy(Self.isNonspacingMark) }

    /// The cluster is exactly `scalar` (as `Character == "-"` is for a cluster in NFD).
    func isOnly(_ cluster: Int, _ scalar: Unicode.Scalar) -> Bool {
        bounds[cluster + 1] - bounds[cluster] == 1 && scalars[bounds[cluster]] == scalar
    }

    /// `Character.isUppercase` of the cluster.
    func isUppercase(_ cluster: Int) -> Bool {
        let part = self[cluster]
        guard let first = part.first else { return false }
        if part.count == 1 {
            if first.isASCII { return first.value >= 0x41 && first.value <= 0x5A }
            // As `Character` has it: upper case, or cased and its own upper case (a lower-case letter with no upper
            // case of its own, such as ĸ or ʰ, counts as upper case there).
            let properties = first.properties
            return properties.isUppercase || (properties.isCased && !properties.changesWhenUppercased)
        }
        // An ASCII letter with combining diacritics (none of which has a case, but the ypogegrammeni): upper case
        // when the letter is (its upper case is itself, its lower case is not).
        if first.isASCII, part.dropFirst().allSatisfy({ (0x0300...0x036F).contains($0.value) && $0.value != 0x0345 }) {
            return first.value >= 0x41 && first.value <= 0x5A
        }
        return Character(String(String.UnicodeScalarView(part))).isUppercase
    }

    static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x0300 { return false }
        if value <= 0x036F { return true }  // Combining Diacritical Marks: all Mn
        return scalar.properties.generalCategory == .nonspacingMark
    }

    /// Scalars whose clusters are a base and the nonspacing marks after it, nothing else: printable ASCII and
    /// Latin (not the soft hyphen, a format control), the combining diacritics, Greek and Hebrew, U+FFFD.
    private static func breaksPlainly(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x036F, 0x0370...0x03FF, 0x0590...0x05FF, 0xFFFD: true
        default: false
        }
    }
}

/// A word's letters for the respelling, lower case, each its base scalar and the marks read with it, in one array
/// of scalars. Letters and pairs of letters are looked up by `key`: their scalars packed in one integer, which only
/// scalar-for-scalar equal texts share — canonical equivalence, the letters and the tables' keys being NFD.
struct RespellingLetters {
    private(set) var scalars: [Unicode.Scalar] = []
    /// Where each letter starts.
    private(set) var starts: [Int] = []

    init() {
        scalars.reserveCapacity(24)
        starts.reserveCapacity(12)
    }

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }

    mutating func removeAll() {
        scalars.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
    }

    /// A cluster in lower case (`String.lowercased()`, scalar by scalar), as a new letter or, `joining`, as more
    /// marks of the last one.
    mutating func append(_ cluster: ArraySlice<Unicode.Scalar>, joining: Bool) {
        if !joining || starts.isEmpty { starts.append(scalars.count) }
        for scalar in cluster {
            let value = scalar.value
            if value < 0x80 {
                scalars.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else if value >= 0x0300 && value <= 0x036F {
                scalars.append(scalar)  // the combining diacritics are their own lower case
            } else {
                scalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
    }

    /// The scalars of letters `range`.
    func text(_ range: Range<Int>) -> ArraySlice<Unicode.Scalar> {
        scalars[starts[range.lowerBound]..<(range.upperBound < starts.count ? starts[range.upperBound] : scalars.count)]
    }

    func text(_ letter: Int) -> ArraySlice<Unicode.Scalar> { text(letter..<(letter + 1)) }

    /// The whole word is `ascii` (letters as the divine name is written).
    func spells(_ ascii: String) -> Bool { scalars.elementsEqual(ascii.unicodeScalars) }

    /// The key of a text of up to three scalars (each value plus one, 21 bits apiece: no text shares another's);
    /// nil for a longer one, which no table holds.
    static func key<Scalars: Collection<Unicode.Scalar>>(_ text: Scalars) -> UInt64? {
        var key: UInt64 = 0
        var count = 0
        for scalar in text {
            count += 1
            guard count <= 3 else { return nil }
            key = key << 21 | UInt64(scalar.value + 1)
        }
        return key
    }

    /// A table keyed by its keys' NFD scalars; a key longer than three scalars could never be found, and is left
    /// out.
    static func table(_ entries: [String: String]) -> [UInt64: String] {
        var table: [UInt64: String] = [:]
        for (text, value) in entries {
            if let key = key(CanonicalDecomposition.decomposedScalars(text)) { table[key] = value }
        }
        return table
    }

    /// A letter with any marks stripped to its ASCII base ("ṭ" → "t"); a letter with no ASCII base is dropped.
    static func ascii(_ text: some Collection<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text {
            if scalar.isASCII {
                out.append(scalar)
            } else if scalar.value >= 0xC0 && !(0x0300...0x036F).contains(scalar.value) {
                for part in CanonicalDecomposition.decomposedScalars(String(scalar)) where part.isASCII {
                    out.append(part)
                }
            }
        }
        return String(out)
    }
}
