import Testing

@testable import InterlinearAccessibility

/// The respelling reads scalars, not `Character`s, and must read them as `Character` would: the same clusters, each a
/// letter, a mark or upper case exactly when `Character` says so, and lower-cased as `String.lowercased()` does.
@Suite struct ScalarClustersTests {
    /// Every scalar of the blocks the corpus and the lexicon write in, and of some that are no letter (spaces,
    /// joiners, the soft hyphen, controls), alone, between letters, before marks, after a lone mark.
    @Test func clustersAreCharacters() {
        let blocks: [ClosedRange<UInt32>] = [
            0x0000...0x024F, 0x02B0...0x036F, 0x0370...0x03FF, 0x0590...0x05FF, 0x1E00...0x1EFF, 0x1F00...0x1FFF,
            0x2000...0x200F, 0xFB1D...0xFB4F, 0xFFFD...0xFFFD,
        ]
        var mismatches: [String] = []
        for block in blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let one = String(scalar)
                for text in [
                    one, "a" + one + "\u{0304}b", one + "\u{0301}\u{0308}", "\u{0301}" + one, "E\u{0304}" + one,
                    "A\u{00AD}\u{0301}" + one, one + "\r\n\u{0300}",
                ] where !sameAsCharacters(text) {
                    mismatches.append(String(value, radix: 16))
                }
            }
        }
        #expect(mismatches.isEmpty, "U+\(mismatches.prefix(20))")
    }

    /// The clusters of `text` and what they are, against its `Character`s.
    private func sameAsCharacters(_ text: String) -> Bool {
        let clusters = ScalarClusters(Array(text.unicodeScalars))
        let characters = Array(text)
        guard clusters.count == characters.count else { return false }
        for (index, character) in characters.enumerated() {
            guard Array(clusters[index]) == Array(character.unicodeScalars),
                clusters.isLetter(index) == character.isLetter,
                clusters.isUppercase(index) == character.isUppercase,
                clusters.isMark(index)
                    == character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark })
            else { return false }
            var letters = RespellingLetters()
            letters.append(clusters[index], joining: false)
            guard Array(letters.text(0)) == Array(String(character).lowercased().unicodeScalars) else { return false }
        }
        return true
    }

    /// A letter's key is its scalars': texts of up to three scalars have keys of their own, longer ones none.
    @Test func keysTellTextsApart() {
        let texts: [[Unicode.Scalar]] = [
            ["a"], ["a", "\u{0304}"], ["\u{0304}", "a"], ["e", "\u{0304}", "u"], ["e", "u"], ["\u{0001}"],
            ["\u{0001}", "a"], ["\u{10FFFF}", "\u{10FFFF}", "\u{10FFFF}"],
        ]
        let keys = texts.map { RespellingLetters.key($0) }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(Set(keys.compactMap { $0 }).count == texts.count)
        #expect(RespellingLetters.key(["e", "\u{0304}", "u", "s"] as [Unicode.Scalar]) == nil)
    }
}
