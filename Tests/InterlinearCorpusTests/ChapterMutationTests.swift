import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

/// Mutation fuzzing of the chapter parser in the normal suite: the committed chapters, mutated the ways files get
/// damaged (flipped and replaced bytes, control and separator bytes, cut, doubled, dropped and swapped lines, huge
/// numbers). Whatever comes in, the parser returns a chapter that renders and re-reads to itself, or throws one
/// `CorpusError` whose message is a single bounded line without control characters, naming the file (and line).
/// A trap would end the test process: that is the failure this guards against.
@Suite struct ChapterMutationTests {
    static let iterations = 400

    @Test func mutatedChaptersAreReadOrRefusedCleanly() throws {
        // The two smaller chapters: parsing is slow in debug builds, and the mutations are what vary.
        let originals = try ["40-Matt/01.tsv", "66-Rev/22.tsv"].map {
            try Array(Data(contentsOf: corpusDirectory.appendingPathComponent("chapters/" + $0)))
        }
        var random = SplitMix64(seed: 0x1D_EA_5EED)
        var accepted = 0, refused = 0
        for iteration in 0..<Self.iterations {
            var bytes = originals[iteration % originals.count]
            for _ in 0..<Int.random(in: 1...6, using: &random) { Self.mutate(&bytes, &random) }
            do {
                let chapter = try ChapterFile.parse(bytes: bytes, path: "mutant.tsv", strings: StringTableBuilder())
                accepted += 1
                #expect(
                    chapter.verses.allSatisfy {
                        $0.words.count <= CorpusLimits.maxWordsPerVerse
                            && $0.translation.count <= CorpusLimits.maxTranslationTokensPerVerse
                    })
                let again = try ChapterFile.parse(
                    ChapterFile.render(chapter, provenance: []), path: "again.tsv",
                    strings: StringTableBuilder())
                #expect(again.verses.map(\.number) == chapter.verses.map(\.number), "iteration \(iteration)")
                #expect(again.alignedTokens == chapter.alignedTokens, "iteration \(iteration)")
            } catch let error as CorpusError {
                refused += 1
                let message = String(describing: error)
                #expect(
                    message.unicodeScalars.allSatisfy { !EscapedText.needsEscape($0) },
                    "iteration \(iteration): \(message)")
                #expect(message.count <= 400, "iteration \(iteration): \(message.count) characters")
                #expect(message.hasPrefix(error.line.map { "mutant.tsv:\($0): " } ?? "mutant.tsv: "), "\(message)")
            }
        }
        // Both outcomes occur: harmless mutations (a comment, a letter of a gloss) and fatal ones.
        #expect(accepted > 10 && refused > 100, "accepted \(accepted), refused \(refused)")
    }

    private static let interesting: [UInt8] = [
        0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x23, 0x24, 0x30, 0x39, 0x40, 0x47,
        0x76, 0x77, 0x7F, 0x80, 0xC2, 0xCE, 0xE2, 0xF4, 0xFF,
    ]

    static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        guard !bytes.isEmpty else { bytes = [0x24]; return }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        // The line around a random byte (its newline included).
        func lineRange() -> Range<Int> {
            let middle = Int.random(in: 0..<bytes.count, using: &random)
            let start = bytes[..<middle].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let end = bytes[middle...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            return start..<end
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case 1: bytes[at] = interesting.randomElement(using: &random)!
        case 2: bytes.insert(interesting.randomElement(using: &random)!, at: at)
        case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &random)))
        case 4: bytes.removeSubrange(at...)
        case 5: let range = lineRange(); bytes.insert(contentsOf: bytes[range], at: range.lowerBound)
        case 6: bytes.removeSubrange(lineRange())
        case 7:
            let a = lineRange(), b = lineRange()
            guard a.upperBound <= b.lowerBound else { return }
            let first = Array(bytes[a]), second = Array(bytes[b])
            bytes.replaceSubrange(b, with: first)
            bytes.replaceSubrange(a, with: second)
        case 8: bytes.insert(contentsOf: Array("99999999999999".utf8), at: at)
        default:
            bytes.insert(
                contentsOf: Array(repeating: UInt8(ascii: " "), count: Int.random(in: 1...3, using: &random)), at: at)
        }
    }
}
