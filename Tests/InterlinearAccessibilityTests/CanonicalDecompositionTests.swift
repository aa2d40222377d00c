import Foundation
import Testing

@testable import InterlinearAccessibility

/// The decomposition respelling uses is NFD: every string gives exactly the scalars Foundation's
/// `decomposedStringWithCanonicalMapping` gives, and `composed` what its `precomposedStringWithCanonicalMapping` gives.
@Suite struct CanonicalDecompositionTests {
    /// Every scalar of the blocks the corpus and the lexicon write in (Latin with its extensions, combining marks,
    /// Greek, Hebrew, Latin Extended Additional, Greek Extended) alone, and after a letter with marks out of
    /// canonical order before it (so reordering runs across the remembered decomposition).
    @Test func everyScalarOfTheCorpusBlocksDecomposesAsFoundationDoes() {
        let blocks: [ClosedRange<UInt32>] = [
            0x00A0...0x024F, 0x02B0...0x036F, 0x0370...0x03FF, 0x0590...0x05FF, 0x1E00...0x1EFF, 0x1F00...0x1FFF,
            0xFB1D...0xFB4F, 0xAC00...0xAC20,
        ]
        var mismatches: [String] = []
        for block in blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for text in [String(scalar), "a\u{0301}\u{0323}" + String(scalar) + "\u{0345}\u{0314}x"] {
                    let ours = Array(CanonicalDecomposition.decomposed(text).unicodeScalars)
                    let foundation = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
                    if ours != foundation { mismatches.append(String(value, radix: 16)) }
                }
            }
        }
        #expect(mismatches.isEmpty, "U+\(mismatches.prefix(20))")
    }

    @Test(arguments: [
        "ʾĕlōhîm", "bə-rēʾšît", "ʾākā́ltā", "Ἐν ἀρχῇ ἦν ὁ λόγος", "ᾠδῇ", "plain ascii", "", "e\u{0304}\u{0301}",
        "\u{05D1}\u{05BC}\u{05B0}\u{05E8}\u{05B5}\u{05D0}\u{05E9}\u{05B4}\u{05C1}\u{05D9}\u{05EA}",
    ])
    func wordsComposeAndDecomposeAsFoundationDoes(_ text: String) {
        #expect(
            Array(CanonicalDecomposition.decomposed(text).unicodeScalars)
                == Array(text.decomposedStringWithCanonicalMapping.unicodeScalars))
        let decomposed = text.decomposedStringWithCanonicalMapping
        #expect(
            Array(CanonicalDecomposition.composed(decomposed).unicodeScalars)
                == Array(decomposed.precomposedStringWithCanonicalMapping.unicodeScalars))
    }
}
