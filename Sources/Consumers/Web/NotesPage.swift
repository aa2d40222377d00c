import InterlinearCorpus
import InterlinearHTML
import InterlinearNotes
import InterlinearWording

/// The reader's notes as web pages (`/notes`, `/notes/John.1`, `/notes/edit/ID`): lists a listener walks by heading
/// and list item ("3 notes in John 1", then one item a note), and forms that work without JavaScript (plain POST,
/// answered by a redirect back to the list, Post/Redirect/Get). Every form carries the server's token, so a page of
/// another site cannot make a reader's browser write here.
struct NotesPage {
    /// The token every form sends back (`WebSite.formToken`).
    let token: String

    /// What a form holds when a page is drawn: empty, or what the reader sent when it was refused, so nothing they
    /// typed is lost.
    struct Form {
        var verse = ""
        var words = ""
        var kind = NoteKind.note
        var color = HighlightColor.yellow
        var labels = ""
        var text = ""
    }

    /// `/notes/John.1`.
    static func address(_ chapter: ChapterReference) -> String { "/notes/\(chapter.osisID)" }

    /// Every note, or every note of one kind (the bookmarks), chapter by chapter: a heading for each chapter with its
    /// count and a link to its notes page, then its notes.
    func all(_ notes: [Note], kind: NoteKind?, status: String?, frame: SiteFrame) -> String {
        let title = kind == .bookmark ? "Bookmarks" : kind == .highlight ? "Highlights" : "Notes"
        var main = "<h1>\(title)</h1>\n" + Self.status(status)
        main += "<p>\(NoteWording.count(notes.count, of: kind)). "
        main += "<a href=\"/notes\">All notes</a>, <a href=\"/notes?kind=bookmark\">bookmarks</a>, "
        main += "<a href=\"/notes?kind=highlight\">highlights</a>. "
        main += "To add one, open a chapter and follow “Notes on” it.</p>\n"
        var chapters: [ChapterReference] = []
        var byChapter: [ChapterReference: [Note]] = [:]
        for note in notes {
            guard let chapter = note.anchor.chapterReference else { continue }
            if byChapter[chapter] == nil { chapters.append(chapter) }
            byChapter[chapter, default: []].append(note)
        }
        for chapter in chapters {
            let held = byChapter[chapter] ?? []
            let id = "notes-" + Markup.id(chapter.osisID)
            main += "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">"
            main += "\(NoteWording.count(held.count, of: kind, in: Markup.text(chapter.description)))</h2>\n"
            main += "<p><a href=\"\(Self.address(chapter))\">Notes on \(Markup.text(chapter.description))</a></p>\n"
            main += list(held.map { ($0, $0.anchor) })
            main += "</section>\n"
        }
        return frame.page(title: title, main: main)
    }

    /// A chapter's notes and the form to add one. `located` is each note with its words found in the chapter as the
    /// store holds it now (nil: its words are no longer in the verse).
    func chapter(
        _ chapter: Chapter, notes located: [(Note, NoteAnchor?)], form: Form, status: String?, problem: String?,
        frame: SiteFrame
    ) -> String {
        let reference = chapter.reference
        let name = Markup.text(reference.description)
        var main = "<h1>Notes on \(name)</h1>\n" + Self.status(status)
        main += "<p><a href=\"\(ChapterPage.address(reference))\">Read \(name)</a>. <a href=\"/notes\">All notes</a>."
        main += "</p>\n"
        main += "<section aria-labelledby=\"listed\">\n<h2 id=\"listed\">\(NoteWording.count(located.count, in: name))"
        main += "</h2>\n" + list(located) + "</section>\n"
        main += "<section aria-labelledby=\"add\">\n<h2 id=\"add\">Add a note</h2>\n"
        if let problem { main += Self.problem(problem) }
        main += "<form class=\"note-form\" method=\"post\" action=\"\(Self.address(reference))\">\n"
        main += hiddenToken()
        let last = chapter.verses.last?.number ?? 1
        main += "<p><label for=\"n-verse\">Verse</label> <input id=\"n-verse\" name=\"verse\" type=\"number\" "
        main += "min=\"1\" max=\"\(last)\" required=\"required\" value=\"\(Markup.text(form.verse))\"/></p>\n"
        main += "<p><label for=\"n-words\">Words (optional)</label> <input id=\"n-words\" name=\"words\" type=\"text\" "
        main += "inputmode=\"numeric\" aria-describedby=\"n-words-hint\" value=\"\(Markup.text(form.words))\"/> "
        main += "<span id=\"n-words-hint\" class=\"hint\">a word's place in the verse, 4, or 4-6; empty for the whole "
        main += "verse</span></p>\n"
        main += "<fieldset><legend>Keep as</legend>\n"
        for kind in NoteKind.allCases {
            let checked = kind == form.kind ? " checked=\"checked\"" : ""
            main += "<label><input type=\"radio\" name=\"kind\" value=\"\(kind.rawValue)\"\(checked)/> "
            main += "\(kind.rawValue)</label>\n"
        }
        main += "</fieldset>\n" + colorField(form.color, id: "n-color")
        main += textFields(labels: form.labels, text: form.text, id: "n")
        main += "<p><button type=\"submit\">Add</button></p>\n</form>\n</section>\n"
        return frame.page(title: "Notes on \(reference.description)", main: main)
    }

    /// The form that changes a note's text, labels and colour.
    func edit(_ note: Note, form: Form, problem: String?, frame: SiteFrame) -> String {
        let place = Markup.text(note.anchor.description)
        var main = "<h1>Edit the \(note.kind.rawValue) at \(place)</h1>\n"
        if let problem { main += Self.problem(problem) }
        main += list([(note, note.anchor)], actions: false)
        main += "<form class=\"note-form\" method=\"post\" action=\"/notes/edit/\(note.id)\">\n" + hiddenToken()
        if note.kind == .highlight { main += colorField(form.color, id: "e-color") }
        main += textFields(labels: form.labels, text: form.text, id: "e")
        main += "<p><button type=\"submit\">Save</button></p>\n</form>\n"
        if let chapter = note.anchor.chapterReference {
            main += "<p><a href=\"\(Self.address(chapter))\">Back to the notes on "
            main += "\(Markup.text(chapter.description))</a> without saving.</p>\n"
        }
        return frame.page(title: "Edit the \(note.kind.rawValue) at \(note.anchor.description)", main: main)
    }

    // MARK: Pieces

    /// The notes as a list, each item its place (a link into the chapter), its words in their own language, its
    /// kind and colour in words (a colour is never the only sign), its labels, its text, and its actions.
    func list(_ notes: [(Note, NoteAnchor?)], actions: Bool = true) -> String {
        guard !notes.isEmpty else { return "<p>None yet.</p>\n" }
        var out = "<ul class=\"notes\">\n"
        for (note, located) in notes {
            let anchor = located ?? note.anchor
            let place = Markup.text(anchor.description)
            out += "<li class=\"note\" id=\"note-\(note.id)\">\n<p class=\"place\">"
            if let chapter = anchor.chapterReference {
                out += "<a href=\"\(ChapterPage.address(chapter))#\(chapter.osisID).\(anchor.verse)\">\(place)</a>"
            } else {
                out += place
            }
            if let surfaces = anchor.surfaces, let book = Book.numbered(anchor.book) {
                let language = book.language
                let dir = language.direction == .rightToLeft ? " dir=\"rtl\"" : ""
                let words = "<span lang=\"\(language.tag)\"\(dir)>\(Markup.text(surfaces))</span>"
                out += " " + (note.color.map { "<mark class=\"hl-\($0.rawValue)\">\(words)</mark>" } ?? words)
            }
            out += ", \(note.kind.rawValue)" + (note.color.map { " (\($0.rawValue))" } ?? "")
            if located == nil { out += ", its words are no longer in the verse" }
            out += "</p>\n"
            if !note.labels.isEmpty {
                out += "<p class=\"labels\">Labels: \(note.labels.map(Markup.text).joined(separator: ", "))</p>\n"
            }
            if !note.text.isEmpty {
                let lines = note.text.split(separator: "\n", omittingEmptySubsequences: false)
                out += "<p class=\"text\">\(lines.map { Markup.text(String($0)) }.joined(separator: "<br/>"))</p>\n"
            }
            if actions {
                let what = "<span class=\"sr\"> the \(note.kind.rawValue) at \(place)</span>"
                out += "<div class=\"note-actions\"><a href=\"/notes/edit/\(note.id)\">Edit\(what)</a>\n"
                out += "<form method=\"post\" action=\"/notes/delete/\(note.id)\">" + hiddenToken()
                out += "<button type=\"submit\">Delete\(what)</button></form></div>\n"
            }
            out += "</li>\n"
        }
        return out + "</ul>\n"
    }

    private func hiddenToken() -> String { "<input type=\"hidden\" name=\"token\" value=\"\(token)\"/>\n" }

    private func colorField(_ selected: HighlightColor, id: String) -> String {
        var out = "<p><label for=\"\(id)\">Highlight colour</label> <select id=\"\(id)\" name=\"color\">"
        for color in HighlightColor.allCases {
            let chosen = color == selected ? " selected=\"selected\"" : ""
            out += "<option value=\"\(color.rawValue)\"\(chosen)>\(color.rawValue)</option>"
        }
        return out + "</select></p>\n"
    }

    private func textFields(labels: String, text: String, id: String) -> String {
        var out = "<p><label for=\"\(id)-labels\">Labels (optional)</label> <input id=\"\(id)-labels\" name=\"labels\" "
        out += "type=\"text\" aria-describedby=\"\(id)-labels-hint\" value=\"\(Markup.text(labels))\"/> "
        out += "<span id=\"\(id)-labels-hint\" class=\"hint\">separated by commas</span></p>\n"
        out += "<p><label for=\"\(id)-text\">Text</label><br/><textarea id=\"\(id)-text\" name=\"text\" rows=\"5\" "
        out += "cols=\"60\">\(Markup.text(text))</textarea></p>\n"
        return out
    }

    /// What was just done, said by a screen reader as the page loads.
    static func status(_ status: String?) -> String {
        status.map { "<p role=\"status\" class=\"done\">\(Markup.text($0))</p>\n" } ?? ""
    }

    /// Why a form was refused, said at once; the form below keeps what was typed.
    static func problem(_ text: String) -> String {
        "<p role=\"alert\" class=\"problem\">Not saved: \(Markup.text(text)). Change the form below and send it again."
            + "</p>\n"
    }
}
