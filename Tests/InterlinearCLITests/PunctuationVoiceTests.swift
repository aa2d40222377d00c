import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// Punctuation is a pause to a listener, never a word: every mark the text carries — each character of MorphGNT's
/// SBLGNT text column (py-sblgnt, the printed text's source) that is no letter and no combining mark, and the Codex's
/// sof pasuq — said alone by espeak-ng's English voice gives no phoneme at all (espeak reads punctuation as a pause
/// unless asked with --punct). And the reader's spoken verse lines, which carry the pause marks, are not spelled.
@Suite(.enabled(if: SourceData.hasPrintedGreek(SourceData.printedGreekDirectory()), "needs py-sblgnt (scripts/setup)"))
struct PunctuationVoiceTests {
    /// The marks of the printed Greek text, read straight from the source files (a plain split, not the importer).
    static func greekMarks() throws -> Set<Character> {
        let folder = SourceData.printedGreekDirectory().appendingPathComponent(SourceData.printedGreekFolder)
        var marks: Set<Character> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".txt") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count > 4 else { continue }
                for character in fields[4] where !character.isLetter && !character.isNumber {
                    marks.insert(character)
                }
            }
        }
        return marks
    }

    @Test func noMarkIsSaidAsAWord() throws {
        let voice = try EnglishVoice()
        var marks = try Self.greekMarks()
        #expect(marks.contains(",") && marks.contains("·") && marks.contains(";"), "\(marks.sorted())")
        marks.insert("\u{05C3}")  // sof pasuq
        let ordered = marks.map(String.init).sorted()
        for (mark, lines) in zip(ordered, try voice.phonemes(ordered)) {
            let said = lines.joined().filter { !$0.isWhitespace && $0 != "_" && $0 != ":" }
            #expect(
                said.isEmpty,
                "espeak-ng said \(mark) (U+\(String(mark.unicodeScalars.first!.value, radix: 16))) as \(lines)")
        }
    }
}
