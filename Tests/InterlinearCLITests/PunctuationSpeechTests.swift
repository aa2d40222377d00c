import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// The text's punctuation as a listener meets it (issue 38): the line mode's verse line (`R`) hears each mark as a
/// pause and never as a word. espeak-ng's English voice (`espeak-ng -q -x -v en-us`) says the line with its pause
/// marks in the same phoneme words as without them, less its own pause marks (`_:`, `_`), and pauses (a `_:`
/// mark or a clause break) where the SBLGNT prints a comma or a raised dot.
@Suite(
    "Punctuation heard as pauses, never as words (espeak-ng)", .serialized,
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")))
struct PunctuationSpeechTests {
    @Test(arguments: ["John 1", "Matthew 1", "Romans 8", "Genesis 1"])
    func versesPauseWithoutReadingMarks(_ reference: String) throws {
        let chapter = try readerChapter(reference)
        let wording = ChapterWording(chapter: chapter)
        let voice = try EnglishVoice()
        var marked: [String] = [], bare: [String] = [], pausesInside: [Bool] = []
        for index in chapter.verses.indices {
            let line = EnglishVoiceSpellingTests.englishMessages(wording.sourceVerse(index, original: false))
                .joined(separator: " ")
            marked.append(line)
            bare.append(
                line.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",.?")) }
                    .joined(separator: " "))
            // A comma's pause before the verse's last word.
            let words = chapter.words[chapter.verses[index].words]
            pausesInside.append(words.dropLast().contains { wording.pause(after: $0) == "," })
        }
        #expect(marked != bare, "the chapter has punctuation to hear")
        let saidMarked = try voice.phonemes(marked), saidBare = try voice.phonemes(bare)
        // espeak writes a pause as `_:` (or `_`) after the word before it, and moves a word's stress (' and ,) at a
        // phrase's end: the words compared are the phonemes without either; it wraps long output at any word, so
        // its lines are not clauses.
        let words = { (lines: [String]) in
            lines.joined(separator: " ").filter { !"_:',".contains($0) }.split(separator: " ")
        }
        let pauses = { (lines: [String]) in lines.joined().components(separatedBy: "_:").count - 1 }
        for index in marked.indices {
            #expect(
                words(saidMarked[index]) == words(saidBare[index]), "\(reference) verse \(index + 1): \(marked[index])")
            if pausesInside[index] {
                #expect(pauses(saidMarked[index]) > pauses(saidBare[index]), "a pause in \(marked[index])")
            }
        }
        // Hebrew verses end with sof pasuq, heard as a full stop; Greek ones with the SBLGNT's own mark.
        if chapter.language == .hebrew {
            #expect(marked.allSatisfy { $0.hasSuffix(".") })
        }
    }
}
