import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearHTML

/// A chapter of the web reader: the exported chapter's markup (`ChapterDocument`: every tier, `lang` on every span,
/// `dir` in a Hebrew chapter, a heading per verse with the id `John.1.14`) with what a live page adds — each word's
/// define disclosure, a key to the codes, and its neighbours named on the section for the script that reads on.
///
/// The section alone is the chapter's fragment (`/read/John.2?fragment=1`), which the script appends as the reader
/// reads on; the page is the section inside the site's frame, between links to the chapters before and
/// after, so reading on works without the script too.
struct ChapterPage {
    let chapter: Chapter
    let previous: ChapterReference?
    let next: ChapterReference?
    /// Whether the server keeps notes: the page links to the chapter's notes.
    var notes = false
    /// Which text leads (`?order=english`: the reverse interlinear, `ChapterDocument.order`); the links to other
    /// chapters keep it.
    var order = WordOrder.source

    /// The order the chapter is shown in: English order only where the English is aligned to the source's words
    /// (the BSB's New Testament); elsewhere the source's, with a line saying why, while the links keep `order`.
    var shownOrder: WordOrder { order == .english && !chapter.alignedTokens.isEmpty ? .english : .source }

    /// Every tier, the dictionary form too.
    static let tiers = TierSet.all.union(TierSet([.lemma]))

    /// The chapter's section.
    func section() -> String {
        var document = ChapterDocument(chapter: chapter, tiers: Self.tiers, serialization: .html)
        document.order = shownOrder
        var attributes = " data-chapter=\"\(chapter.reference.osisID)\""
        // The script fetches the chapters it reads on to in the same order.
        if order == .english { attributes += " data-order=\"english\"" }
        if let previous { attributes += " data-prev=\"\(previous.osisID)\"" }
        if let next { attributes += " data-next=\"\(next.osisID)\"" }
        document.sectionAttributes = attributes
        // Focusable (not in the Tab order), so a browser opening `/read/John.1#John.1.51` moves the focus there and a
        // screen reader starts at that verse: Orca 43 began at the banner when the heading could only be scrolled to.
        document.headingAttributes = " tabindex=\"-1\""
        let chapter = chapter
        document.wordSupplement = { word, verse, position, spoken in
            Self.defineDisclosure(word, verse: verse, position: position, spoken: spoken, in: chapter)
        }
        var out = ""
        document.write(into: &out)
        return out
    }

    /// The whole page.
    func page(frame: SiteFrame) -> String {
        var links = ""
        if let previous { links += "<link rel=\"prev\" href=\"\(Self.address(previous, order: order))\"/>\n" }
        if let next { links += "<link rel=\"next\" href=\"\(Self.address(next, order: order))\"/>\n" }
        var main = pager(label: "Previous and next chapter", className: "pager top")
        main += orderSwitch()
        if notes {
            let name = Markup.text(chapter.reference.description)
            main +=
                "<p class=\"notes-link\"><a href=\"\(NotesPage.address(chapter.reference))\">Notes on \(name)</a></p>\n"
        }
        main += "<div class=\"reading\" id=\"reading\">\n" + section() + "</div>\n"
        main += pager(label: "Reading on", className: "pager bottom")
        var options = SiteFrame.Options(links: links)
        options.order = order
        options.greek = chapter.language == .greek
        options.hebrew = chapter.language == .hebrew
        // The title says the order: what a screen reader announces first when the switch loads the page.
        let wording = ChapterWording(chapter: chapter)
        let title =
            shownOrder == .english
            ? "\(chapter.reference.description), \(wording.orderName(english: true))" : chapter.reference.description
        return frame.page(title: title, main: main, options: options)
    }

    /// `/read/John.1`, or `/read/John.1?order=english` in English order.
    static func address(_ reference: ChapterReference, order: WordOrder = .source) -> String {
        "/read/\(reference.osisID)" + (order == .english ? "?order=english" : "")
    }

    /// The word-order switch, which works without the script: a link to the chapter in each order, the one shown
    /// marked current; each named as the accessibility layer names the orders ("Greek word order", "English word
    /// order"), so no language is named here.
    private func orderSwitch() -> String {
        let wording = ChapterWording(chapter: chapter)
        guard !chapter.alignedTokens.isEmpty else {
            return order == .english ? "<p class=\"order\">\(Markup.text(wording.unalignedChapter))</p>\n" : ""
        }
        var out = "<nav class=\"order\" aria-label=\"Word order\"><ul>\n"
        for shown in [WordOrder.source, .english] {
            let current = shown == order ? " aria-current=\"page\"" : ""
            out += "<li><a href=\"\(Self.address(chapter.reference, order: shown))\"\(current)>"
            out += "\(Markup.text(wording.orderName(english: shown == .english)))</a></li>\n"
        }
        return out + "</ul></nav>\n"
    }

    /// Links to the chapters before and after (the script keeps them pointing past the chapters it has loaded).
    private func pager(label: String, className: String) -> String {
        var out = "<nav class=\"\(className)\" aria-label=\"\(label)\">\n"
        if let previous {
            out +=
                "<a rel=\"prev\" href=\"\(Self.address(previous, order: order))\">Previous: \(previous.description)</a>\n"
        }
        if let next {
            out += "<a rel=\"next\" href=\"\(Self.address(next, order: order))\">Next: \(next.description)</a>\n"
        }
        return out + "</nav>\n"
    }

    /// A word's define disclosure: a native `details` whose summary says "define" and the word as the listener
    /// heard it, holding a link to the word's page (Strong's entry, parts, other places); the script loads the
    /// entry into it when it opens (`/word/G3056?ref=John.1.1.4&fragment=1`). Nothing for a word without a number.
    static func defineDisclosure(
        _ word: Word, verse: Int, position: Int, spoken: SpokenLine, in chapter: Chapter
    ) -> String {
        guard let number = mainNumber(ofWordField: chapter.text(word.strongs)).flatMap(WordAddress.canonical) else {
            return ""
        }
        let reference = "\(chapter.reference.osisID).\(verse).\(position)"
        // The word as the listener heard it first in the spoken form, without the comma that followed it there.
        let respelled = spoken.spans.first?.text.trimmingCharacters(in: CharacterSet(charactersIn: ", ")) ?? ""
        let said = respelled.isEmpty ? "" : " " + Markup.text(respelled)
        // In a Hebrew chapter the row of words runs right to left; the disclosure's English does not.
        let dir = chapter.direction == .rightToLeft ? " dir=\"ltr\"" : ""
        return "<details class=\"def\"\(dir)><summary>define<span class=\"sr\">\(said)</span></summary>"
            + "<a href=\"/word/\(number)?ref=\(reference)\">Strong's entry, parts and other places</a></details>"
    }

    /// The number a word's define disclosure opens: its only number (Greek), or a Hebrew word's last number without
    /// a letter — the stem, not the prefixes (`H871a` "in", `H2050b` "and") and pronoun suffixes the Hebrew data
    /// letters — else its last number (a lettered homograph such as `H1254a`, "create").
    static func mainNumber(ofWordField field: String) -> String? {
        let numbers = LexiconEntry.numbers(ofWordField: field)
        return numbers.last { !($0.last?.isLetter ?? false) } ?? numbers.last
    }
}
