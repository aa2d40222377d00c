import Foundation
import Synchronization

/// Greek → Latin transliteration in the academic style of the *SBL Handbook of Style*,
/// adapted so the result can be read aloud by text-to-speech. The table and rules are in
/// `Corpus/TRANSLITERATION.md` at the package root.
///
/// The one deliberate departure from the handbook: an iota subscript (ᾳ ῃ ῳ) is written as a
/// following `i` (`ai`, `ēi`, `ōi`) instead of an ogonek (`ą`, `ę̄`, `ǭ`), because speech
/// engines read the ogonek forms badly or not at all.
package enum Transliterator {
    /// Transliterates polytonic Greek into Latin letters.
    ///
    /// Greek letters are mapped letter by letter, with the SBL rules for nasal gamma,
    /// diphthongs, rough breathing and rho; accents and smooth breathing are dropped.
    /// Any character that is not a Greek letter (Latin text, digits, punctuation, spaces)
    /// passes through unchanged. The result is in NFC.
    ///
    /// ```swift
    /// Transliterator.transliterate("εὐαγγέλιον") // "euangelion"
    /// Transliterator.transliterate("Ῥώμη")       // "Rhōmē"
    /// ```
    package static func transliterate(_ greek: String) -> String {
        transliterate(items: greekScalarItems(greek) ?? greek.map(Item.init))
    }

    /// `transliterate(_:)` taking the text character by character, for tests to compare the scalar fast path with.
    static func transliterateByCharacter(_ greek: String) -> String {
        transliterate(items: greek.map(Item.init))
    }

    /// The items of text made only of scalars of the Greek blocks, read scalar by scalar; nil for any other text.
    /// No scalar of those blocks extends a grapheme (none is a combining mark, joiner or spacing mark), so each is
    /// a character of its own and this gives what `greek.map(Item.init)` gives, without breaking the text into
    /// characters (a third of a lemma's cost).
    private static func greekScalarItems(_ greek: String) -> [Item]? {
        let scalars = greek.unicodeScalars
        guard scalars.allSatisfy({ Letter.isInGreekBlocks($0.value) }) else { return nil }
        var items: [Item] = []
        items.reserveCapacity(greek.utf8.count / 2)
        // One lock for the whole text, not one per letter.
        Letter.known.withLock { known in
            for scalar in scalars {
                let letter = Letter.remembered(scalar, in: &known)
                items.append(letter.map(Item.letter) ?? .other(Character(scalar)))
            }
        }
        return items
    }

    private static func transliterate(items: [Item]) -> String {
        var output = ""
        output.reserveCapacity(items.count + 4)
        // The Latin written for letters is in NFC and composes with nothing around it (ASCII, and ē ō Ē Ō
        // precomposed): only characters passed through and marks kept can make the result need normalising.
        var needsNormalising = false
        var index = 0
        while index < items.count {
            guard case .letter(let letter) = items[index] else {
                if case .other(let character) = items[index] {
                    output.append(character)
                    needsNormalising = true
                }
                index += 1
                continue
            }
            let previous = index > 0 ? items[index - 1].letter : nil
            let next = index + 1 < items.count ? items[index + 1].letter : nil

            let unit: String
            var consumed = 1
            var marks = letter.otherMarks
            if let second = next, let diphthong = diphthong(letter, second) {
                unit = (letter.rough || second.rough ? "h" : "") + diphthong
                marks += second.otherMarks
                consumed = 2
            } else {
                unit = single(letter, previous: previous, next: next)
            }

            // Capitalise like the Greek: title case for one capital, upper case inside all-caps words.
            let following = index + consumed < items.count ? items[index + consumed].letter : nil
            if letter.upper {
                let allCaps =
                    (consumed == 2 && next?.upper == true) || following?.upper == true
                    || previous?.upper == true
                if allCaps {
                    output += unit.uppercased()
                } else {
                    // Strings, not `String + Substring`, which appends character by character.
                    output += unit.prefix(1).uppercased()
                    output += String(unit.dropFirst())
                }
            } else {
                output += unit
            }
            if !marks.isEmpty {
                output.unicodeScalars.append(contentsOf: marks)
                needsNormalising = true
            }
            index += consumed
        }
        return needsNormalising ? output.precomposedStringWithCanonicalMapping : output
    }

    // MARK: - Letters

    /// One input character: a Greek letter taken apart into base and marks, or anything else.
    private enum Item {
        case letter(Letter)
        case other(Character)

        init(_ character: Character) {
            self = Letter(character).map(Item.letter) ?? .other(character)
        }

        var letter: Letter? {
            if case .letter(let letter) = self { return letter }
            return nil
        }
    }

    /// A Greek letter reduced to its lower-case base and the marks that matter for transliteration.
    private struct Letter: Sendable {
        var base: Unicode.Scalar
        var upper = false
        var rough = false
        var smooth = false
        var diaeresis = false
        var iotaSubscript = false
        /// Combining marks this transliterator does not know; kept rather than silently lost.
        var otherMarks: [Unicode.Scalar] = []

        /// The letter a character is, or nil when it is not a Greek letter. A character that is one scalar of the
        /// Greek blocks is taken apart once per process and remembered (`known`): decomposing a character through
        /// Foundation costs more than transliterating it, and lemmas are made of a few dozen distinct characters. Any
        /// other character is taken apart each time, by the same `init(decomposing:)`.
        init?(_ character: Character) {
            let scalars = character.unicodeScalars
            guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
                Letter.isInGreekBlocks(scalar.value)
            else {
                self.init(decomposing: character)
                return
            }
            guard let letter = Letter.remembered(scalar) else { return nil }
            self = letter
        }

        /// The letter a scalar of the Greek blocks is (nil: not a letter), taken apart once per process.
        static func remembered(_ scalar: Unicode.Scalar) -> Letter? {
            known.withLock { remembered(scalar, in: &$0) }
        }

        /// `remembered(_:)` with `known` already locked.
        static func remembered(_ scalar: Unicode.Scalar, in known: inout [Letter??]) -> Letter? {
            let slot = slot(of: scalar.value)
            if let remembered = known[slot] { return remembered }
            let letter = Letter(decomposing: Character(scalar))
            known[slot] = .some(letter)
            return letter
        }

        /// Greek and Coptic, Greek Extended: the scalars `known` remembers.
        static func isInGreekBlocks(_ value: UInt32) -> Bool {
            (0x0370...0x03FF).contains(value) || (0x1F00...0x1FFF).contains(value)
        }

        /// A Greek-block scalar's place in `known`: U+0370–U+03FF first, then U+1F00–U+1FFF.
        private static func slot(of value: UInt32) -> Int {
            value < 0x0400 ? Int(value - 0x0370) : 0x90 + Int(value - 0x1F00)
        }

        /// Scalars of the Greek blocks taken apart so far, by `slot` (nil: not yet; .some(nil): not a letter).
        /// Shared by every thread (importers transliterate on several).
        static let known = Mutex<[Letter??]>(Array(repeating: nil, count: 0x90 + 0x100))

        init?(decomposing character: Character) {
            var scalars = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.makeIterator()
            guard let first = scalars.next(), let normalised = Letter.normalise(first) else { return nil }
            base = normalised.0
            upper = normalised.1
            while let mark = scalars.next() {
                switch mark.value {
                case 0x0314: rough = true
                case 0x0313, 0x0343: smooth = true  // psili, koronis
                case 0x0308: diaeresis = true
                case 0x0345: iotaSubscript = true
                case 0x0300, 0x0301, 0x0342, 0x0304, 0x0306: break  // accents, macron, breve: not written
                default: otherMarks.append(mark)
                }
            }
        }

        /// Maps a base scalar to a lower-case letter from the basic Greek block, or nil if not Greek.
        private static func normalise(_ scalar: Unicode.Scalar) -> (Unicode.Scalar, Bool)? {
            let value = scalar.value
            switch value {
            case 0x03B1...0x03C9: return (scalar, false)
            case 0x0391...0x03A9 where value != 0x03A2: return (Unicode.Scalar(value + 0x20)!, true)
            default: break
            }
            guard let variant = variants[value] else { return nil }
            return (Unicode.Scalar(variant.lower)!, variant.upper)
        }

        /// Letter variants (symbols and lunate sigma) seen in some editions.
        private static let variants: [UInt32: (lower: UInt32, upper: Bool)] = [
            0x03D0: (0x03B2, false), 0x03D1: (0x03B8, false), 0x03D5: (0x03C6, false),
            0x03D6: (0x03C0, false), 0x03F0: (0x03BA, false), 0x03F1: (0x03C1, false),
            0x03F2: (0x03C3, false), 0x03F5: (0x03B5, false), 0x03F4: (0x03B8, true),
            0x03F9: (0x03C3, true), 0x03D2: (0x03C5, true),
        ]
    }

    // MARK: - Rules

    /// The letter table; υ is "y" here and becomes "u" only inside diphthongs. A switch, not a dictionary:
    /// hashing a scalar cost more than the rest of the letter's work.
    private static func latin(_ base: Unicode.Scalar) -> String? {
        switch base {
        case "α": "a"
        case "β": "b"
        case "γ": "g"
        case "δ": "d"
        case "ε": "e"
        case "ζ": "z"
        case "η": "\u{113}"
        case "θ": "th"
        case "ι": "i"
        case "κ": "k"
        case "λ": "l"
        case "μ": "m"
        case "ν": "n"
        case "ξ": "x"
        case "ο": "o"
        case "π": "p"
        case "ρ": "r"
        case "σ", "ς": "s"
        case "τ": "t"
        case "υ": "y"
        case "φ": "ph"
        case "χ": "ch"
        case "ψ": "ps"
        case "ω": "\u{14D}"
        default: nil
        }
    }

    /// The first vowel of a diphthong as written there, for the pairs that form one (αι ει οι υι αυ ευ ηυ ου; ηι is
    /// absent because it is written ῃ, and υ only begins υι, written "ui"); nil for any other pair. A switch, not a
    /// set of pairs: hashing cost more than the rest of the letter's work.
    private static func diphthongStart(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> String? {
        switch (first, second) {
        case ("α", "ι"), ("α", "υ"): "a"
        case ("ε", "ι"), ("ε", "υ"): "e"
        case ("ο", "ι"), ("ο", "υ"): "o"
        case ("η", "υ"): "\u{113}"
        case ("υ", "ι"): "u"
        default: nil
        }
    }

    /// The Latin for a diphthong starting at `first`, without any breathing, or nil if the pair
    /// is two syllables: a diaeresis on the second vowel, or a breathing or subscript on the first
    /// (in a true diphthong those marks stand on the second vowel), says so.
    private static func diphthong(_ first: Letter, _ second: Letter) -> String? {
        guard !second.diaeresis, !first.rough, !first.smooth, !first.iotaSubscript, !second.iotaSubscript,
            let start = diphthongStart(first.base, second.base)
        else { return nil }
        return start + (second.base == "υ" ? "u" : "i")
    }

    /// The Latin for a letter that is not part of a diphthong.
    private static func single(_ letter: Letter, previous: Letter?, next: Letter?) -> String {
        switch letter.base {
        case "γ" where next.map { $0.base == "γ" || $0.base == "κ" || $0.base == "ξ" || $0.base == "χ" } ?? false:
            return "n"  // nasal gamma
        case "ρ" where letter.rough || previous == nil || previous?.base == "ρ":
            return "rh"  // initial rho is always aspirated, and so is the second of ρρ
        default:
            let written = latin(letter.base) ?? String(letter.base)
            guard letter.rough || letter.iotaSubscript else { return written }
            return (letter.rough ? "h" : "") + written + (letter.iotaSubscript ? "i" : "")
        }
    }
}
