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
/// ("V-IAI-3S", "G2258") is spelled out. For the eye, each printed code is an `abbr` titled with its expansion and
/// the legend links to the chapter's key to the codes (`CodeKey`).
///
/// In English order (`order`, `--order english`, the web reader's `?order=english`) each verse is the reverse
/// interlinear instead: the translation's words in its order, each over the source words it translates
/// (`ChapterDocument+EnglishOrder.swift`).
///
/// The one HTML vocabulary of the project: `interlinear export` writes it into a page or an EPUB, and
/// `interlinear serve` into its chapter pages, adding what a live page has through the hooks below (a word's
/// define disclosure, a key to the codes, the section's data attributes), never a second markup.
public struct ChapterDocument {
    public let chapter: Chapter
    public let tiers: TierSet
    public let serialization: Serialization
    /// Where the printed pages begin (EPUB page list); empty for a web page.
    public let pageMarks: PageMarks
    /// Markup closing each word's stack, after its spoken form: given the word, its verse's number, its place in
    /// the verse counting from 1 and its spoken form (the web reader's define disclosure). Nil adds nothing.
    package var wordSupplement: ((_ word: Word, _ verse: Int, _ position: Int, _ spoken: SpokenLine) -> String)?
    /// Attributes the chapter's `section` carries besides its class and label (` data-next="John.2"`).
    public var sectionAttributes = ""
    /// Attributes every verse heading carries besides its id and name (the web reader's ` tabindex="-1"`).
    public var headingAttributes = ""
    /// Give each word's stack an id (`wordID`), for an EPUB's media overlay to point at.
    package var wordIDs = false
    /// Which text leads: the source's words, each a stack of its tiers, with the translation as a paragraph
    /// (`source`), or the translation's words in its order, each over the source words it translates (`english`,
    /// the reverse interlinear: `ChapterDocument+EnglishOrder.swift`).
    public var order = WordOrder.source

    public init(chapter: Chapter, tiers: TierSet, serialization: Serialization, pageMarks: PageMarks = PageMarks()) {
        self.chapter = chapter
        self.tiers = tiers
        self.serialization = serialization
        self.pageMarks = pageMarks
    }

    /// The prefix of the chapter's element ids ("John.1").
    public var idPrefix: String { Markup.id(chapter.reference.osisID) }

    /// The id of a verse's heading ("John.1.14").
    package func verseID(_ number: Int) -> String { "\(idPrefix).\(number)" }

    /// The id of a word's stack with `wordIDs` ("John.1.14.w3": the verse's third word; in English order
    /// "John.1.14.e3", the verse's third English word).
    package func wordID(verse: Int, position: Int) -> String {
        "\(idPrefix).\(verse).\(order == .english ? "e" : "w")\(position)"
    }

    /// What the page says, element by element in reading order, with each element's id: a verse heading's name
    /// (the reference) and each word's spoken form, the very lines the page holds (the heading's `aria-label`, the
    /// word's `.sr` span; in English order each English word and its description). An EPUB's narration speaks these, so it says what a screen reader finds on the page.
    package func spokenElements(_ body: (_ id: String, _ line: SpokenLine) throws -> Void) rethrows {
        let forms = SpokenForms()
        for (index, verse) in zip(chapter.verses.indices, chapter.verses) {
            try body(verseID(verse.number), SpokenLine(Speakable.reference(chapter.reference, verse: verse.number)))
            if order == .english {
                for offset in 0..<verse.translation.count {
                    guard let token = TokenOffset(exactly: offset) else { break }
                    let line = forms.englishOrderLine(cell: index, token: token, in: chapter)
                    try body(wordID(verse: verse.number, position: offset + 1), line)
                }
                continue
            }
            for (offset, wordIndex) in verse.words.enumerated() {
                let line = WordSpeech.description.line(chapter.words[wordIndex], in: chapter, forms: forms)
                try body(wordID(verse: verse.number, position: offset + 1), line)
            }
        }
    }

    /// Appends the chapter's section to `out`.
    public func write(into out: inout String) {
        let forms = SpokenForms()
        var written: [WordStrings: String] = [:]
        let id = idPrefix
        out += "<section class=\"chapter\" aria-labelledby=\"\(id)\"\(sectionAttributes)>\n"
        out += "<h1 id=\"\(id)\">\(Markup.text(chapter.reference.description))</h1>\n"
        writeLegend(into: &out)
        let codes = tiers.contains(.morphology) || tiers.contains(.strongs) ? CodeList(chapter) : nil
        if let codes { out += CodeKey(chapter: chapter).html(prefix: id, codes: codes) }
        var titles = Titles(codes: codes)
        for index in chapter.verses.indices {
            let verse = chapter.verses[index]
            let verseID = self.verseID(verse.number)
            out += "<section class=\"verse\">\n"
            pageBreaks(.verse(index), into: &out)
            let name = Speakable.reference(chapter.reference, verse: verse.number)
            out += "<h2 id=\"\(verseID)\" aria-label=\"\(Markup.text(name))\"\(headingAttributes)>"
            out += "\(verse.number)</h2>\n"
            if order == .english {
                writeEnglishOrder(index, forms: forms, titles: &titles, into: &out)
                out += "</section>\n"
                continue
            }
            out += "<div class=\"words\" dir=\"\(chapter.direction.rawValue)\">\n"
            for (offset, wordIndex) in verse.words.enumerated() {
                // A verse holds at most `Verse.maxWords` (65,536) words, so the offset fits.
                pageBreaks(.word(index, WordOffset(UInt16(truncatingIfNeeded: offset))), into: &out)
                let word = chapter.words[wordIndex]
                let supplement = wordSupplement.map { hook in { hook(word, verse.number, offset + 1, $0) } }
                if wordIDs {
                    let wordID = self.wordID(verse: verse.number, position: offset + 1)
                    out += wordMarkup(word, id: wordID, forms: forms, titles: &titles, supplement: supplement)
                } else if supplement == nil {
                    // A chapter repeats its words (John 1: 826, of which 481 differ): each one's markup is made once.
                    let key = WordStrings(word)
                    if let markup = written[key] {
                        out += markup
                    } else {
                        let markup = wordMarkup(word, forms: forms, titles: &titles, supplement: nil)
                        written[key] = markup
                        out += markup
                    }
                } else {
                    out += wordMarkup(word, forms: forms, titles: &titles, supplement: supplement)
                }
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

    /// The strings a word's markup is made of without a supplement: its tiers' and its spoken form's (the
    /// surface, which a Greek word's respelling is made from).
    private struct WordStrings: Hashable {
        var printed, surface, transliteration, lemma, strongs, morphology, gloss: TextID

        init(_ word: Word) {
            printed = word.printed
            surface = word.surface
            transliteration = word.transliteration
            lemma = word.lemma
            strongs = word.strongs
            morphology = word.morphology
            gloss = word.gloss
        }
    }

    /// The code tiers' expansions made so far, by text id, and the chapter's code list they come from.
    struct Titles {
        let codes: CodeList?
        private var made: [TextID: String] = [:]

        init(codes: CodeList?) { self.codes = codes }

        mutating func title(of tier: Tier, _ id: TextID, _ text: String, language: SourceLanguage) -> String? {
            if let title = made[id] { return title }
            let title = CodeKey.title(of: tier, text, language: language, codes: codes)
            if let title { made[id] = title }
            return title
        }
    }

    /// The language of a tier's text.
    func language(of tier: Tier) -> String {
        switch tier {
        case .source, .lemma: chapter.language.tag
        case .transliteration: chapter.language.transliterationTag
        default: "en"
        }
    }

    /// The `dir` a span needs: only in a right-to-left chapter, where the source runs right to left and every other
    /// tier left to right.
    func direction(of tier: Tier) -> String {
        guard chapter.direction == .rightToLeft else { return "" }
        return tier == .source || tier == .lemma ? " dir=\"rtl\"" : " dir=\"ltr\""
    }

    /// A word's tiers as spans, each in its language and direction, `separator` before each: a code is an
    /// abbreviation with its expansion as its title (`CodeKey`; `titles` holds the expansions made so far), and a
    /// tier `hiding` names is hidden from screen readers (`aria-hidden`). Source order and English order share it.
    func putTierSpans(
        of word: Word, titles: inout Titles, separator: String, hiding: (Tier) -> Bool, into out: inout MarkupBytes
    ) {
        for tier in Tier.blockTiers where tiers.contains(tier) {
            guard let id = word.text(tier) else { continue }
            let text = chapter.text(id)
            guard !text.isEmpty else { continue }
            let title = titles.title(of: tier, id, text, language: chapter.language)
            let tag = title == nil ? "span" : "abbr"
            out.put(separator)
            out.put("<")
            out.put(tag)
            out.put(" class=\"")
            out.put(PageStyle.className(of: tier))
            out.put("\"")
            if let title {
                out.put(" title=\"")
                out.putText(title)
                out.put("\"")
            }
            serialization.lang(language(of: tier), into: &out)
            out.put(direction(of: tier))
            if hiding(tier) { out.put(" aria-hidden=\"true\"") }
            out.put(">")
            out.putText(text)
            out.put("</")
            out.put(tag)
            out.put(">")
        }
    }

    /// A word's stack, made piece by piece (`MarkupBytes`); `titles` holds the code tiers' expansions made so far.
    private func wordMarkup(
        _ word: Word, id: String? = nil, forms: SpokenForms, titles: inout Titles, supplement: ((SpokenLine) -> String)?
    ) -> String {
        // A word is a span (phrasing content) unless it holds a supplement such as a `details`, which only flow
        // content may hold: then a div. Both are flex columns (`.w`), laid out and exposed alike.
        let element = supplement == nil ? "span" : "div"
        var out = MarkupBytes(capacity: 1024)
        out.put("<")
        out.put(element)
        if let id {
            out.put(" id=\"")
            out.put(id)
            out.put("\"")
        }
        out.put(" class=\"w\">")
        // The source word is read as it is; every other tier is in the spoken form below.
        putTierSpans(of: word, titles: &titles, separator: "\n", hiding: { $0 != .source }, into: &out)
        let spoken = WordSpeech.description.line(word, in: chapter, forms: forms)
        out.put("\n<span class=\"sr\">")
        serialization.spans(spoken, into: &out)
        out.put("</span>")
        if let supplement { out.put(supplement(spoken)) }
        out.put("</")
        out.put(element)
        out.put(">\n")
        return out.text
    }

    /// "Each word, top to bottom:" and one sample per shown tier, in its own style.
    private func writeLegend(into out: inout String) {
        // In English order the key first says what leads, in the accessibility layer's words.
        let lead =
            order == .english
            ? Markup.text(ChapterWording(chapter: chapter).orderSwitch(english: true).text)
                + " Each \(chapter.language.englishName) word, top to bottom:" : "Each word, top to bottom:"
        out += "<p class=\"key\">\(lead)</p>\n<ul class=\"legend\" aria-label=\"Tiers\">\n"
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
            let sample = "<span class=\"\(PageStyle.className(of: tier))\">\(name)</span>"
            // The code tiers lead to the key that spells their codes out.
            let linked = tier == .strongs || tier == .morphology
            out +=
                linked
                ? "<li><a href=\"#\(CodeKey.id(prefix: idPrefix))\">\(sample)</a></li>\n" : "<li>\(sample)</li>\n"
        }
        out += "</ul>\n"
    }

    /// Page-break markers (EPUB) for the printed pages that begin at `place`.
    func pageBreaks(_ place: PageMarks.Place, into out: inout String) {
        for label in pageMarks.pages(at: place) {
            let id = "\(idPrefix).page\(Markup.id(label))"
            out += "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"\(id)\" aria-label=\"\(label)\"></span>"
        }
    }
}
