import Foundation
import Testing

@testable import InterlinearCorpus

/// `Folding.key` decomposes with the standard library; the store's keys were made with Foundation's decomposition.
/// Both must fold every character of the corpus and of its queries alike.
struct FoldingTests {
    /// The key as Foundation's canonical decomposition gives it (what `Folding.key` computed before): marks dropped,
    /// elision marks dropped, lower-cased, final sigma as σ, the negative particle's forms as one.
    static func foundationKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: break
            }
            if scalar == "\u{2019}" || scalar == "\u{02BC}" { continue }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                scalars.append(lower == "ς" ? "σ" : lower)
            }
        }
        let key = String(scalars)
        return key == "ουκ" || key == "ουχ" ? "ου" : key
    }

    /// Latin (with its extensions and combining marks), Greek and Coptic, Hebrew, general punctuation, Greek
    /// Extended and the Hebrew presentation forms: every scalar alone and after a base letter.
    static let blocks: [ClosedRange<UInt32>] = [
        0x20...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x590...0x5FF, 0x1E00...0x1EFF, 0x1F00...0x1FFF, 0x2000...0x206F,
        0xFB1D...0xFB4F,
    ]

    @Test func everyScalarOfTheCorpusBlocksFoldsAsFoundationFoldsIt() {
        var differing: [String] = []
        for block in Self.blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for text in [String(scalar), "α" + String(scalar), String(scalar) + "\u{0301}"]
                where Folding.key(text) != Self.foundationKey(text) {
                    differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }

    @Test func wordsFoldAsFoundationFoldsThem() {
        // Polytonic Greek (precomposed and decomposed), capitals, final sigma, elision, the negative particle, pointed
        // and cantillated Hebrew, Latin with accents.
        for word in [
            "λόγος", "ΛΌΓΟΣ", "λο\u{0301}γος", "ἐν", "Ἐν", "ᾠδῇ", "κατ’", "κατʼ", "οὐκ", "οὐχ", "οὐ", "בְּרֵאשִׁ֖ית", "אֱלֹהִ֑ים",
            "שׁ",
            "Éloïse", "ΣΟΦΊΑΣ", "",
        ] {
            #expect(Folding.key(word) == Self.foundationKey(word), "\(word)")
        }
        #expect(Folding.key("Λόγος") == "λογοσ")
    }

    @Test func strongsNumbersReadByByteAsByCharacter() {
        // The `String` overload reads ASCII by byte; the generic one (a `Substring`) by character.
        for text in [
            "G3056", "g03056", "3056", "G4053b", " G3056 ", "H430", "h0430", "H871a", "G", "", "G1234567", "G12a4",
            "GG3056", "3056B", "3056\r\n", "G３０５６", "Gé3056", "X3056", "G-3056", "G+3056",
        ] {
            for prefix: Character in ["G", "H"] {
                #expect(
                    Folding.strongsNumber(text, prefix: prefix) == Folding.strongsNumber(text[...], prefix: prefix),
                    "\(text) \(prefix)")
            }
        }
        #expect(Folding.strongsNumber("G3056") == 3056)
        #expect(Folding.strongsNumber("H871a", prefix: "H") == 871)
        #expect(Folding.strongsNumber("G1234567") == nil)
    }
}
