import InterlinearCorpus
import InterlinearHTML

/// The home page: what the reader is, and the books of both testaments the store holds as links to their first
/// chapters (the go-to and search forms are in every page's banner).
struct HomePage {
    /// The chapters the store holds, in canonical order.
    let chapters: [ChapterReference]

    func page(frame: SiteFrame) -> String {
        var main = "<h1>\(SiteFrame.name)</h1>\n"
        main += "<p>The Greek New Testament and the Hebrew Old Testament, word by word: each word with its "
        main += "transliteration, Strong's number, morphology and English gloss, and the Berean Standard Bible beside "
        main += "it. Go to a passage or search above, or choose a book.</p>\n"
        var first: [Book: ChapterReference] = [:]
        for chapter in chapters where first[chapter.book] == nil { first[chapter.book] = chapter }
        for (testament, books, id) in [
            ("Old Testament", Book.oldTestament, "ot"), ("New Testament", Book.newTestament, "nt"),
        ] {
            let held = books.compactMap { first[$0] }
            guard !held.isEmpty else { continue }
            main += "<nav aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(testament)</h2>\n<ul class=\"books\">\n"
            for chapter in held {
                main += "<li><a href=\"\(ChapterPage.address(chapter))\">\(Markup.text(chapter.book.name))</a></li>\n"
            }
            main += "</ul>\n</nav>\n"
        }
        if chapters.isEmpty {
            main += "<p>The store holds no chapter yet: run <code>interlinear import</code>.</p>\n"
        }
        return frame.page(title: "Home", main: main)
    }
}
