import InterlinearCorpus
import InterlinearHTML
import InterlinearStore

/// Search hits as a list of links, one per hit, each to its verse (`/read/John.1#John.1.14`) followed by the hit in
/// context in its language: the Greek or Hebrew words around a word found (the word in brackets), or the
/// translation's words around a text match.
enum HitList {
    static func html(_ hits: ArraySlice<SearchHit>) -> String {
        var out = "<ol class=\"hits\">\n"
        for hit in hits {
            let language = hit.word == nil ? "en" : hit.chapter.book.language.tag
            let dir = hit.word != nil && hit.chapter.book.language == .hebrew ? " dir=\"rtl\"" : ""
            let address = "/read/\(hit.chapter.osisID)#\(hit.chapter.osisID).\(hit.verse)"
            out += "<li><a href=\"\(address)\">\(Markup.text(hit.reference))</a>"
            if !hit.context.isEmpty {
                out += " <span class=\"ctx\" lang=\"\(language)\"\(dir)>\(Markup.text(hit.context))</span>"
            }
            if let gloss = hit.gloss, !gloss.isEmpty {
                out += " <span class=\"hit-gloss\">\(Markup.text(gloss))</span>"
            }
            out += "</li>\n"
        }
        return out + "</ol>\n"
    }
}
