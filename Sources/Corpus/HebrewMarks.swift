/// Which marks a Hebrew source tier shows, like STEPBible's switches: everything the Masoretes wrote, the vowel
/// points without the cantillation, or the bare consonants. The transliteration and the other tiers are the same
/// whichever is shown (they are made from the fully marked text).
package enum HebrewMarks: String, Sendable, CaseIterable {
    /// Vowel points, dagesh, shin and sin dots, and the cantillation accents with meteg.
    case all
    /// Without cantillation: the accents (U+0591–U+05AF) and meteg (U+05BD) go.
    case points
    /// Consonants only: every point and accent goes (maqaf, paseq and sof pasuq stay).
    case none

    /// Whether this setting keeps `scalar`, a character of Hebrew text.
    package func keeps(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch self {
        case .all: return true
        case .points: return !((0x0591...0x05AF).contains(v) || v == 0x05BD)
        case .none:
            return
                !((0x0591...0x05BD).contains(v) || v == 0x05BF || v == 0x05C1 || v == 0x05C2 || v == 0x05C4
                || v == 0x05C5 || v == 0x05C7)
        }
    }

    /// `text` without the marks this setting hides.
    package func apply(to text: String) -> String {
        guard self != .all else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where keeps(scalar) { out.append(scalar) }
        return String(out)
    }
}

extension Chapter {
    /// The chapter with its Hebrew word and morpheme surfaces showing only `marks`, the new forms interned into
    /// `strings`, whose table the chapter then holds (frozen after them). A Greek chapter, or `.all`, comes back
    /// unchanged.
    package func showing(_ marks: HebrewMarks, strings: StringTableBuilder) -> Chapter {
        guard language == .hebrew, marks != .all else { return self }
        var copy = self
        for index in copy.words.indices {
            copy.words[index].surface = strings.intern(marks.apply(to: text(copy.words[index].surface)))
            // The printed form is what the source tier shows: the same marks go from it (sof pasuq stays).
            copy.words[index].printed = strings.intern(marks.apply(to: text(copy.words[index].printed)))
        }
        for index in copy.morphemes.indices {
            copy.morphemes[index].surface = strings.intern(marks.apply(to: text(copy.morphemes[index].surface)))
        }
        copy.strings = strings.freeze()
        return copy
    }
}
