import InterlinearAccessibility
import InterlinearCorpus

/// One chapter as HTML: a `section` with the chapter's `h1`, a tier legend, and per verse an `h2` (the verse
/// number shown, the reference as the accessibility layer says it as its name), the word stacks, and the
/// translation as a paragraph.
///
/// A word is a flex column of tier spans (r12a's pattern for interlinear glossed text), each span with its `lang`
/// (`grc`/`hbo` for the source, `grc-Latn`/`hbo-Latn` for its transliteration, `en` for the rest) and, in a Hebrew
/// chapter, its `dir`. Screen readers get the source word itself and then the word's spoken form — the
/// accessibility layer's description (`WordSpeech.description`: transliteration, gloss, parsing in words,
/// dictionary form, Strong's number in words), in spans tagged with their languages — in a visually hidden span;
/// the visible transliteration, code and gloss tiers are `aria-hidden`, so nothing is heard twice and no raw code
/// ("V-IAI-3S", "G2258") is spelled out.
struct ChapterDocument {
    let chapter: Chapter
    let tiers: TierSet
    let serialization: Serialization
    /// Where the printed pages begin (EPUB page list); empty for a web page.
    let pageMarks: PageMarks
    /// The prefix of the chapter's element ids ("John.1").
    var idPrefix: String { Markup.id(chapter.reference.osisID) }

    /// Appends the chapter's section to `out`.
    func write(into out: inout String) {
        let forms = SpokenForms()
        let id = idPrefix
        out += "<section class=\"chapter\" aria-labelledby=\"\(id)\">\n"
        out += "<h1 id=\"\(id)\">\(Markup.text(chapter.reference.description))</h1>\n"
        writeLegend(into: &out)
        for index in chapter.verses.indices {
            let verse = chapter.verses[index]
            let verseID = "\(id).\(verse.number)"
            out += "<section class=\"verse\">\n"
            pageBreaks(.verse(index), into: &out)
            let name = Speakable.reference(chapter.reference, verse: verse.number)
            out += "<h2 id=\"\(verseID)\" aria-label=\"\(Markup.text(name))\">\(verse.number)</h2>\n"
            out += "<div class=\"words\" dir=\"\(chapter.direction.rawValue)\">\n"
            for (offset, wordIndex) in verse.words.enumerated() {
                // A verse holds at most `Verse.maxWords` (65,536) words, so the offset fits.
                pageBreaks(.word(index, WordOffset(UInt16(truncatingIfNeeded: offset))), into: &out)
                writeWord(chapter.words[wordIndex], forms: forms, into: &out)
            }
            out += "</div>\n"
            pageBreaks(.translation(index), into: &out)
            if tiers.contains(.translation) {
                let text = chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(separator: " ")
                out += "<p class=\"tl\"\(serialization.lang("en"))>\(Markup.text(text))</p>\n"
            }
            out += "</section>\n"
        }
        out += "</section>\n"
    }

    /// The language of a tier's text.
    private func language(of tier: Tier) -> String {
        switch tier {
        case .source, .lemma: chapter.language.tag
        case .transliteration: chapter.language.transliterationTag
        default: "en"
        }
    }

    /// The `dir` a span needs: only in a right-to-left chapter, where the source runs right to left and every other
    /// tier left to right.
    private func direction(of tier: Tier) -> String {
        guard chapter.direction == .rightToLeft else { return "" }
        return tier == .source || tier == .lemma ? " dir=\"rtl\"" : " dir=\"ltr\""
    }

    private func writeWord(_ word: Word, forms: SpokenForms, into out: inout String) {
        out += "<span class=\"w\">"
        for tier in Tier.blockTiers where tiers.contains(tier) {
            guard let id = word.text(tier) else { continue }
            let text = chapter.text(id)
            guard !text.isEmpty else { continue }
            // The source word is read as it is; every other tier is in the spoken form below.
            let hidden = tier == .source ? "" : " aria-hidden=\"true\""
            out += "\n<span class=\"\(ExportStyle.className(of: tier))\"\(serialization.lang(language(of: tier)))"
            out += "\(direction(of: tier))\(hidden)>\(Markup.text(text))</span>"
        }
        out += "\n<span class=\"sr\">"
        for span in WordSpeech.description.line(word, in: chapter, forms: forms).spans {
            let dir = span.language == .hebrew ? " dir=\"rtl\"" : ""
            out += "<span\(serialization.lang(span.language.rawValue))\(dir)>\(Markup.text(span.text))</span>"
        }
        out += "</span></span>\n"
    }

    /// "Each word, top to bottom:" and one sample per shown tier, in its own style.
    private func writeLegend(into out: inout String) {
        out += "<p class=\"key\">Each word, top to bottom:</p>\n<ul class=\"legend\" aria-label=\"Tiers\">\n"
        for tier in Tier.blockTiers where tiers.contains(tier) {
            let name: String =
                switch tier {
                case .source: "\(chapter.language.englishName) word"
                case .transliteration: "transliteration"
                case .strongs: "Strong's number"
                case .morphology: "morphology"
                case .lemma: "dictionary form"
                default: "English gloss"
                }
            out += "<li><span class=\"\(ExportStyle.className(of: tier))\">\(name)</span></li>\n"
        }
        out += "</ul>\n"
    }

    /// Page-break markers (EPUB) for the printed pages that begin at `place`.
    private func pageBreaks(_ place: PageMarks.Place, into out: inout String) {
        for label in pageMarks.pages(at: place) {
            let id = "\(idPrefix).page\(Markup.id(label))"
            out += "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"\(id)\" aria-label=\"\(label)\"></span>"
        }
    }
}
