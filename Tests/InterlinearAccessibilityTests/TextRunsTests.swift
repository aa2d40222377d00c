import InterlinearAccessibility
import InterlinearCorpus
import Testing

@Suite struct TextRunsTests {
    /// Two paragraphs: "1 In the beginning. It was. Ἐν ἀρχῇ\n" and "2 He was. οὗτος ἦν\n".
    private func sample() -> TextRuns {
        var t = TextRuns()
        t.append("1 In the beginning. It was. ", language: "en")
        t.append("Ἐν ἀρχῇ", language: "grc")
        t.endParagraph()
        t.append("2 He was. ", language: "en")
        t.append("οὗτος ἦν", language: "grc")
        t.endParagraph()
        return t
    }

    private func at(_ t: TextRuns, _ unit: TextRuns.Unit, _ offset: Int, shift: Int = 0) -> String {
        t.string(t.unit(unit, at: offset, shift: shift))
    }

    @Test func unitsAsAtSpiCountsThem() {
        let t = sample()
        #expect(t.paragraphs.count == 2)
        #expect(at(t, .paragraph, 0) == "1 In the beginning. It was. Ἐν ἀρχῇ\n")
        #expect(at(t, .lineStart, 40) == "2 He was. οὗτος ἦν\n")
        #expect(at(t, .sentenceStart, 0) == "1 In the beginning. ")
        #expect(at(t, .sentenceStart, 22) == "It was. ")
        #expect(at(t, .sentenceStart, 22, shift: 1) == "Ἐν ἀρχῇ\n")
        #expect(at(t, .sentenceStart, 22, shift: -1) == "1 In the beginning. ")
        #expect(at(t, .sentenceEnd, 0) == "1 In the beginning.")
        #expect(at(t, .wordStart, 3) == "In ")
        #expect(at(t, .wordEnd, 3) == " In")
        #expect(at(t, .character, 2) == "I")
        // Past either end: empty.
        #expect(t.unit(.sentenceStart, at: 0, shift: -1).isEmpty)
        #expect(t.unit(.paragraph, at: t.count - 1, shift: 1).isEmpty)
        // Every unit kind tiles the text: the units in order give back the whole text.
        for unit in TextRuns.Unit.allCases {
            var offset = 0, joined = ""
            while offset < t.count {
                let r = t.unit(unit, at: offset)
                #expect(r.lowerBound <= offset && offset < r.upperBound, "\(unit) at \(offset): \(r)")
                joined += t.string(r)
                offset = r.upperBound
            }
            #expect(joined == t.string(0..<t.count), "\(unit)")
        }
    }

    @Test func languageRuns() {
        let t = sample()
        let greek = t.run(at: 30)
        #expect(greek?.language == "grc" && t.string(greek!.range) == "Ἐν ἀρχῇ\n")
        // The newline joins the Greek run; the next English run starts the second paragraph.
        #expect(t.run(at: 0)?.language == "en")
        #expect(t.runs.map(\.language) == ["en", "grc", "en", "grc"])
    }

    /// The chapter's text: a paragraph per verse, each starting with its number; the source words in the source
    /// language's run; the verse's own text equals its paragraph in the chapter's text.
    @Test func chapterText() throws {
        let tree = try A11yFixture.tree(on: false)
        let (text, starts) = tree.documentText()
        #expect(text.paragraphs.count == tree.cellCount && starts.count == tree.cellCount)
        #expect(tree.stats.elementsBuilt == 0)
        for cell in tree.layout.cells.indices {
            let verse = tree.chapter.verses[cell]
            let paragraph = text.string(text.paragraphs[Int(cell)])
            #expect(paragraph.hasPrefix("\(verse.number) "))
            #expect(paragraph == tree.text(ofCell: cell).string(0..<tree.text(ofCell: cell).count))
            let firstWord = tree.chapter.text(tree.chapter.words[verse.words.lowerBound].surface)
            let offset =
                starts[Int(cell)]
                + Array(paragraph.unicodeScalars).firstRange(of: Array(firstWord.unicodeScalars))!.lowerBound
            #expect(text.run(at: offset)?.language == tree.chapter.language.tag)
        }
    }
}
