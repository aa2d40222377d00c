import InterlinearAccessibility
import InterlinearCorpus

/// A verse of the reverse interlinear (`ChapterDocument.order` `english`, `--order english`), as the typesetter
/// lays it out (`Typesetter.layoutVerseInEnglishOrder`): the translation's words in its order, each a stack with
/// the English word on top and under it the source words aligned to it, each a stack of the chosen tiers; a source
/// word aligned to several English words stands under the first, the ditto mark under the later ones whose words
/// all stood before, the dash under a word aligned to none. The translation has no paragraph of its own: it is the
/// stacks' top row.
///
/// A screen reader hears each English word and then, in a visually hidden span, what the accessibility layer says
/// of it (`SpokenForms.englishOrderDescription`: "translation of lo'gos", "no Greek word", "ditto, translation of
/// egeneto"): the line the terminal reader and the accessibility tree give the element. The source words' tiers
/// and the marks are for the eye (`aria-hidden`), as the code tiers are in source order.
extension ChapterDocument {
    /// Appends verse `index`'s English words.
    func writeEnglishOrder(
        _ index: VerseIndex, forms: SpokenForms, titles: inout Titles, into out: inout String
    ) {
        let verse = chapter.verses[index]
        let links = chapter.englishOrder(of: verse)
        out += "<div class=\"words\" dir=\"ltr\">\n"
        for (offset, text) in chapter.translationTokens[verse.translation].enumerated() {
            guard let token = TokenOffset(exactly: offset) else { break }
            // In English order a page's first place in a verse is an English word (`PageMarks`).
            pageBreaks(.word(index, WordOffset(token.rawValue)), into: &out)
            let shown = links[offset].filter(\.isFirst)
            let supplement = wordSupplement.flatMap { hook -> String? in
                // A define disclosure for each source word under the word: one is named by the English word, each
                // of several by its own spoken form (its respelling first), as a word's is in source order.
                guard !shown.isEmpty else { return nil }
                let english = SpokenLine(Speakable.english(chapter.text(text)))
                return shown.map { link in
                    let word = chapter.words[verse.word(at: link.word)]
                    let line = shown.count == 1 ? english : WordSpeech.description.line(word, in: chapter, forms: forms)
                    return hook(word, verse.number, Int(link.word) + 1, line)
                }.joined()
            }
            // A stack holding a `details` is flow content: a div, as a word's is in source order.
            let element = supplement == nil ? "span" : "div"
            out += "<\(element)"
            if wordIDs { out += " id=\"\(wordID(verse: verse.number, position: offset + 1))\"" }
            out += " class=\"w e\">\n<span class=\"\(PageStyle.className(of: .translation))w\""
            out += "\(serialization.lang("en"))>\(Markup.text(chapter.text(text)))</span>\n"
            out += "<span class=\"under\" aria-hidden=\"true\">"
            if shown.isEmpty {
                let mark = links[offset].isEmpty ? EnglishOrderMarks.unlinkedText : EnglishOrderMarks.repeatedText
                out += "<span class=\"mark\">\(mark)</span>"
            }
            for link in shown {
                out += sourceStack(chapter.words[verse.word(at: link.word)], titles: &titles)
            }
            out += "</span>\n<span class=\"sr\">"
            out += serialization.spans(
                SpokenLine(forms.englishOrderDescription(cell: index, token: token, in: chapter)))
            out += "</span>"
            if let supplement { out += supplement }
            out += "</\(element)>\n"
        }
        out += "</div>\n"
    }

    /// A source word's tiers under an English word: a column of spans, each in its language and direction, a code
    /// an abbreviation titled with its expansion (`CodeKey`), as in source order.
    private func sourceStack(_ word: Word, titles: inout Titles) -> String {
        var out = MarkupBytes(capacity: 512)
        out.put("<span class=\"ws\">")
        putTierSpans(of: word, titles: &titles, separator: "", hiding: { _ in false }, into: &out)
        out.put("</span>")
        return out.text
    }
}
