import Foundation
import Testing

@testable import InterlinearCorpus

/// Aligning SBLGNT.tsv's words with the SBLGNT as printed (`PrintedGreekAlignment`), and the punctuation field.
struct PrintedGreekAlignmentTests {
    static func printed(_ words: [(String, String)]) -> [PrintedGreekText.Word] {
        words.enumerated().map {
            PrintedGreekText.Word(word: $1.0, punctuation: Punctuation(after: $1.1), line: $0 + 1)
        }
    }

    @Test func printedFormsAndMarksReplaceTheNormalisedOnes() {
        // Matthew 1:25 begins "καὶ οὐκ ἐγίνωσκεν"; Matthew 1:20 has "κατ’ ὄναρ".
        let aligned = PrintedGreekAlignment.align(
            verse: 40_001_025, source: ["καὶ", "οὐ", "ἐγίνωσκεν", "κατ", "ὄναρ"],
            printed: Self.printed([("καὶ", ""), ("οὐκ", ""), ("ἐγίνωσκεν", ","), ("κατ’", ""), ("ὄναρ", ".")]))
        #expect(aligned.words.map(\.surface) == ["καὶ", "οὐκ", "ἐγίνωσκεν", "κατ’", "ὄναρ"])
        #expect(aligned.words.map(\.punctuation.after) == ["", "", ",", "", "."])
        #expect(aligned.decisions.map(\.kind) == [.negative, .elision])
        #expect(aligned.decisions.map(\.position) == [2, 4])
    }

    @Test func missingWordsOnEitherSideShiftNothing() {
        // A TSV word the printed text lacks is kept without marks; a printed word the TSV lacks is left out.
        let aligned = PrintedGreekAlignment.align(
            verse: 1, source: ["Ἰησοῦς", "δὲ", "ἐπορεύθη"],
            printed: Self.printed([("δὲ", ""), ("καὶ", ""), ("ἐπορεύθη", "·")]))
        #expect(aligned.words.map(\.surface) == ["Ἰησοῦς", "δὲ", "ἐπορεύθη"])
        #expect(aligned.words.map(\.punctuation.after) == ["", "", "·"])
        #expect(aligned.decisions.map(\.kind) == [.sourceOnly, .printedOnly])
        #expect(aligned.decisions.map(\.printed) == ["", "καὶ"])
    }

    @Test func aDifferentWordInPlaceKeepsTheSourcesFormAndTakesTheMarks() {
        let aligned = PrintedGreekAlignment.align(
            verse: 1, source: ["ὁ", "λόγος", "ἦν"], printed: Self.printed([("ὁ", ""), ("θεὸς", ","), ("ἦν", "")]))
        #expect(aligned.words.map(\.surface) == ["ὁ", "λόγος", "ἦν"])
        #expect(aligned.words[1].punctuation.after == ",")
        #expect(aligned.decisions.map(\.kind) == [.different])
    }

    @Test func aVerseThePrintedTextLacksKeepsEveryWord() {
        let aligned = PrintedGreekAlignment.align(verse: 43_007_053, source: ["καὶ", "ἐπορεύθησαν"], printed: [])
        #expect(aligned.words.map(\.surface) == ["καὶ", "ἐπορεύθησαν"])
        #expect(aligned.decisions.map(\.kind) == [.sourceOnly, .sourceOnly])
    }

    @Test func punctuationFieldRoundTrips() {
        for marks in [
            Punctuation(after: ","), Punctuation(before: "(", after: ""), Punctuation(before: "[", after: "),"),
        ] {
            #expect(Punctuation(field: Substring(marks.field)) == marks)
        }
        #expect(Punctuation(before: "(", after: ")·").printed("λόγος") == "(λόγος)·")
        #expect(Punctuation(field: "a,") == nil)
        #expect(Punctuation(field: "_,_") == nil)
        #expect(Punctuation.marks(of: "⸀1") == "")
        #expect(Punctuation.marks(of: "⸃,") == ",")
        #expect(Punctuation(after: ";").pause == .question)
        #expect(Punctuation(after: "\u{05C3}").pause == .sentence)
        #expect(Punctuation(after: "·").pause == .phrase)
        #expect(Punctuation.none.pause == nil)
    }

    @Test func searchKeysFoldTheNegativeAndTheElisionMark() {
        #expect(Folding.key("οὐκ") == Folding.key("οὐ"))
        #expect(Folding.key("Οὐχ") == Folding.key("οὐ"))
        #expect(Folding.key("κατ’") == Folding.key("κατ"))
        #expect(Folding.key("οὐχί") != Folding.key("οὐ"))
    }
}
