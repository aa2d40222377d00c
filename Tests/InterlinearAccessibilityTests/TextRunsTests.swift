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

    /// The chapter's text with the script in speech on: a paragraph per verse, each starting with its number; the
    /// source words in the source language's run; the verse's own text equals its paragraph in the chapter's text.
    @Test func chapterText() throws {
        let tree = try A11yFixture.tree(on: false)
        tree.script.speech = true
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

    /// By default (script in speech off) a verse's running text is its number and its English, as the chapter file
    /// has them, and holds no Greek or Hebrew letter: what Orca 43 reads on entering a verse and in say all.
    @Test func chapterTextWithoutScript() throws {
        let tree = try A11yFixture.tree(on: false)
        #expect(tree.script == ScriptSetting(speech: false, braille: true))
        let (text, _) = tree.documentText()
        #expect(text.runs.allSatisfy { $0.language == "en" })
        for cell in tree.layout.cells.indices {
            let verse = tree.chapter.verses[cell]
            let paragraph = text.string(text.paragraphs[Int(cell)])
            let english = tree.chapter.translationTokens[verse.translation].map { tree.chapter.text($0) }
            #expect(paragraph.hasPrefix("\(verse.number) "))
            for token in english.prefix(3) { #expect(paragraph.contains(token), "\(token) in \(paragraph)") }
            #expect(
                !paragraph.unicodeScalars.contains {
                    (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
                        || (0x0590...0x05FF).contains($0.value)
                },
                "\(paragraph)")
        }
    }
}
