import InterlinearCorpus

/// The chapter as running text, for screen readers that read by sentence and paragraph (say all, caret
/// navigation) rather than object by object: one paragraph per verse — the verse number and its translation, then,
/// when `script.speech` is on, its source words in their own language run (so a reader that switches voices by the
/// `language` attribute reads them with a voice of that language; one that does not, Orca 43, would give them to
/// its English voice, which spells them, so they are left out by default). Built from the chapter's text alone,
/// never from elements: reading the document's text builds no verse's elements.
extension AccessibilityTree {
    /// One verse's paragraph (its text ends with a newline).
    package func text(ofCell cell: VerseIndex) -> TextRuns {
        var text = TextRuns()
        appendParagraph(of: cell, to: &text)
        return text
    }

    /// The whole chapter, and where each verse's paragraph starts in it.
    package func documentText() -> (text: TextRuns, cellStarts: [Int]) {
        var text = TextRuns()
        var starts: [Int] = []
        starts.reserveCapacity(cellCount)
        for cell in layout.cells.indices {
            starts.append(text.count)
            appendParagraph(of: cell, to: &text)
        }
        return (text, starts)
    }

    private func appendParagraph(of cell: VerseIndex, to text: inout TextRuns) {
        let verse = chapter.verses[cell]
        let translation = translation(of: verse)
        text.append("\(verse.number) ", language: "en")
        if script.speech {
            if !translation.isEmpty { text.append(translation + " ", language: "en") }
            let source = verse.words.map { chapter.text(chapter.words[$0].surface) }.joined(separator: " ")
            text.append(source, language: chapter.language.tag)
        } else {
            text.append(translation, language: "en")
        }
        text.endParagraph()
    }
}
