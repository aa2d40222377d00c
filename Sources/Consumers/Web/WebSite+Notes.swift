import Foundation
import Hummingbird
import InterlinearCorpus
import InterlinearNotes
import InterlinearStore

/// The notes routes (docs/web.md): `GET /notes` (`?kind=bookmark`), `GET /notes/John.1`, `GET /notes/edit/ID`, and
/// the forms' `POST /notes/John.1` (add), `POST /notes/edit/ID` and `POST /notes/delete/ID`. The notes file is the
/// one `interlinear note` keeps (`NoteBook`), opened for each request (a connection a request: the server's threads
/// share nothing of it, and SQLite's lock orders them with the reader, the window and the command line).
extension WebSite {
    /// The longest form body taken: a note's longest text, percent-encoded, and its other fields.
    static let maximumForm = 4 * NoteLimits.maxTextBytes

    /// How long a form's body may take to arrive.
    static let formWait = Duration.seconds(10)

    /// Where a browser says a request came from (Fetch Metadata): another site's page is refused.
    static let fetchSite = HTTPFields.Element.Name("Sec-Fetch-Site")!

    /// The most notes `/notes` lists on one page.
    static let listedNotes = 2_000

    func notes(_ path: String, fields: [String: String], request: Request) throws -> Response {
        let notesPath = try notesFile()
        let rest = path.dropFirst("/notes".count)
        if rest.isEmpty || rest == "/" {
            let kind = try fields["kind"].map { name in
                guard let kind = NoteKind(rawValue: name) else {
                    throw ErrorPage(
                        status: .badRequest, heading: "No such kind of note",
                        advice: "“kind” is note, bookmark or highlight; leave it out for every note.")
                }
                return kind
            }
            var notes = try Self.existing(notesPath).map { try $0.notes() } ?? []
            if let kind { notes.removeAll { $0.kind != kind } }
            let page = NotesPage(token: formToken)
                .all(Array(notes.prefix(Self.listedNotes)), kind: kind, status: Self.said(fields), frame: frame)
            return Reply.body(PreparedBody(html: page), to: request, caching: .none)
        }
        if rest.hasPrefix("/edit/") {
            let note = try note(String(rest.dropFirst(6)), in: notesPath)
            let form = NotesPage.Form(
                color: note.color ?? .yellow, labels: note.labels.joined(separator: ", "), text: note.text)
            let page = NotesPage(token: formToken).edit(note, form: form, problem: nil, frame: frame)
            return Reply.body(PreparedBody(html: page), to: request, caching: .none)
        }
        let chapter = try notedChapter(String(rest.dropFirst()))
        return chapterNotes(
            chapter, in: notesPath, form: NotesPage.Form(), said: Self.said(fields), problem: nil, request: request)
    }

    /// A form sent to a notes address: checked (the notes are on, the body is form data from a page of this server
    /// with its token), then the change made and answered by a redirect to the list (303), or the form drawn again
    /// with what was typed and why it was refused.
    func notesForm(_ path: String, body: [UInt8], request: Request) throws -> Response {
        let notesPath = try notesFile()
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard type?.lowercased() == "application/x-www-form-urlencoded" else {
            throw ErrorPage(
                status: .unsupportedMediaType, heading: "Not a form",
                advice: "The notes pages take what their forms send (application/x-www-form-urlencoded); use them.")
        }
        if let site = request.headers[Self.fetchSite], site == "cross-site" || site == "same-site" {
            throw ErrorPage(
                status: .forbidden, heading: "A form from another site",
                advice: "Notes are changed only from this server's own pages: open the notes page here and use it.")
        }
        guard let data = String(validating: body, as: UTF8.self), let fields = QueryString.fields(data) else {
            throw ErrorPage(
                status: .badRequest, heading: "Form not understood",
                advice: "The form's data is not valid form data (a % not followed by two hex digits, or bytes that "
                    + "are not UTF-8). Use the notes page's form.")
        }
        let fresh = fields["token"] == formToken
        let stale = "the form came from a page made before the server last started"
        let rest = path.dropFirst("/notes".count)
        if rest.hasPrefix("/delete/") {
            let note = try note(String(rest.dropFirst(8)), in: notesPath)
            guard let chapter = note.anchor.chapterReference else { throw Self.damaged(notesPath) }
            guard fresh else { return redirect(to: chapter, said: "stale") }
            try write(notesPath) { try $0.delete(id: note.id) }
            return redirect(to: chapter, said: "deleted")
        }
        let labels = (fields["labels"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let text = (fields["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        if rest.hasPrefix("/edit/") {
            let note = try note(String(rest.dropFirst(6)), in: notesPath)
            let color = fields["color"].flatMap(HighlightColor.init(rawValue:))
            var form = NotesPage.Form(labels: fields["labels"] ?? "", text: text)
            form.color = color ?? note.color ?? .yellow
            var problem = fresh ? nil : stale
            if problem == nil, note.kind == .highlight, color == nil { problem = "choose a highlight colour" }
            if problem == nil {
                do {
                    try write(notesPath) {
                        _ = try $0.update(
                            id: note.id, text: text, labels: labels, color: note.color == nil ? nil : color)
                    }
                    guard let chapter = note.anchor.chapterReference else { throw Self.damaged(notesPath) }
                    return redirect(to: chapter, said: "saved")
                } catch let error as NoteError where error.kind == .invalid {
                    problem = error.description
                }
            }
            let page = NotesPage(token: formToken).edit(note, form: form, problem: problem, frame: frame)
            return Reply.body(PreparedBody(html: page), to: request, status: .badRequest, caching: .none)
        }
        let chapter = try notedChapter(String(rest.dropFirst()))
        let form = NotesPage.Form(
            verse: fields["verse"] ?? "", words: fields["words"] ?? "",
            kind: fields["kind"].flatMap(NoteKind.init(rawValue:)) ?? .note,
            color: fields["color"].flatMap(HighlightColor.init(rawValue:)) ?? .yellow, labels: fields["labels"] ?? "",
            text: text)
        var problem = fresh ? nil : stale
        if problem == nil, let kind = fields["kind"], NoteKind(rawValue: kind) == nil {
            problem = "keep it as a note, a bookmark or a highlight"
        }
        if problem == nil, let color = fields["color"], HighlightColor(rawValue: color) == nil {
            problem = "a highlight is yellow, green, blue or pink"
        }
        if problem == nil {
            do {
                let note = try newNote(form, labels: labels, in: chapter)
                try write(notesPath) { try $0.add(note) }
                return redirect(to: chapter.reference, said: "added")
            } catch let error as NoteError where error.kind == .invalid || error.kind == .notFound {
                problem = error.description
            }
        }
        return chapterNotes(
            chapter, in: notesPath, form: form, said: nil, problem: problem, request: request, code: .badRequest)
    }

    // MARK: Pieces

    /// The note a form describes, checked as every front end checks one (`NoteLimits`).
    private func newNote(_ form: NotesPage.Form, labels: [String], in chapter: Chapter) throws -> Note {
        guard let verse = Int(form.verse.trimmingCharacters(in: .whitespaces)) else {
            throw NoteError(.invalid, "the verse is a number, 1 to \(chapter.verses.last?.number ?? 1)")
        }
        let typed = form.words.trimmingCharacters(in: .whitespaces)
        var words: ClosedRange<Int>?
        if !typed.isEmpty {
            guard let range = NoteAnchor.words(parsing: typed) else {
                throw NoteError(.invalid, "the words are a word's place, 4, or two in order, 4-6")
            }
            words = range
        }
        let anchor = try NoteAnchor(verse: verse, words: words, of: chapter)
        let now = NoteBook.now()
        let note = Note(
            id: NoteBook.newID(), kind: form.kind, anchor: anchor, text: form.text, labels: labels,
            color: form.kind == .highlight ? form.color : nil, created: now, modified: now)
        if let problem = NoteLimits.problem(with: note) { throw NoteError(.invalid, problem) }
        return note
    }

    private func chapterNotes(
        _ chapter: Chapter, in notesPath: String, form: NotesPage.Form, said: String?, problem: String?,
        request: Request,
        code: HTTPResponse.Status = .ok
    ) -> Response {
        var located: [(Note, NoteAnchor?)] = []
        var trouble = problem
        do {
            let notes = try Self.existing(notesPath).map { try $0.notes(in: chapter.reference) } ?? []
            located = notes.map { ($0, $0.located(in: chapter)) }
        } catch {
            trouble = trouble ?? "\(error)"
        }
        let page = NotesPage(token: formToken)
            .chapter(chapter, notes: located, form: form, status: said, problem: trouble, frame: frame)
        return Reply.body(PreparedBody(html: page), to: request, status: code, caching: .none)
    }

    /// The notes file, or a refusal when this server keeps none (another host than this machine's, without
    /// `--notes`).
    private func notesFile() throws -> String {
        guard let notesPath else {
            throw ErrorPage(
                status: .notFound, heading: "No notes here",
                advice: "This server is shared with the network, so it shows and takes no notes. Its operator can "
                    + "name a notes file to share with --notes.")
        }
        return notesPath
    }

    /// The chapter a notes address names, loaded from the store.
    private func notedChapter(_ id: String) throws -> Chapter {
        guard let text = id.removingPercentEncoding, case .chapter(let reference) = Address(text) else {
            throw ErrorPage(
                status: .notFound, heading: "No such chapter",
                advice: "A chapter's notes are at addresses like /notes/John.1 or /notes/Gen.1 (OSIS book names).")
        }
        guard chapters.contains(reference) else { throw missing(reference) }
        return try pool.with { reader in
            try reader.library.load(Passage(chapter: reference), into: StringTableBuilder(), morphemes: false)
        }
    }

    private func note(_ id: String, in path: String) throws -> Note {
        let notFound = ErrorPage(
            status: .notFound, heading: "No such note",
            advice: "No note has this address: it may have been deleted. The notes page lists every note.")
        guard NoteLimits.isID(id), let book = try Self.existing(path), let note = try book.note(id: id) else {
            throw notFound
        }
        return note
    }

    /// The notes file when it exists (a page that only reads makes no file), its refusal a page.
    private static func existing(_ path: String) throws -> NoteBook? {
        do { return try NoteBook.existing(at: path) } catch let error as NoteError { throw refusal(error) }
    }

    private static func opened(_ path: String) throws -> NoteBook {
        do { return try NoteBook(path: path) } catch let error as NoteError { throw refusal(error) }
    }

    /// A change, in one transaction of the notes file; its failures as pages.
    private func write(_ path: String, _ change: (NoteBook) throws -> Void) throws {
        let book = try Self.opened(path)
        do { try change(book) } catch let error as NoteError where error.kind != .invalid && error.kind != .notFound {
            throw Self.refusal(error)
        }
    }

    /// The page for a notes file that cannot be used: what is wrong, and that nothing was written.
    static func refusal(_ error: NoteError) -> ErrorPage {
        switch error.kind {
        case .full:
            return ErrorPage(
                status: .insufficientStorage, heading: "The disk is full",
                advice: "\(error.description). Nothing was saved: go back, keep a copy of what you typed, and send it "
                    + "again when there is room.")
        case .busy:
            return ErrorPage(
                status: .serviceUnavailable, heading: "The notes are busy",
                advice: "\(error.description). Nothing was saved: go back and send the form again.")
        default:
            return ErrorPage(
                status: .internalError, heading: "The notes file cannot be used",
                advice: "\(error.description). Nothing was changed; the server's operator can check the file.")
        }
    }

    private static func damaged(_ path: String) -> ErrorPage {
        refusal(NoteError(.damaged, "a note in \(path) names no chapter"))
    }

    /// Back to a chapter's notes, saying what was done.
    private func redirect(to chapter: ChapterReference, said: String) -> Response {
        Reply.redirect(to: NotesPage.address(chapter) + "?done=\(said)", status: .seeOther)
    }

    /// What `?done=` says, as the status line of the page it leads to.
    static func said(_ fields: [String: String]) -> String? {
        switch fields["done"] {
        case "added": "Added: the new note is in the list below."
        case "saved": "Saved."
        case "deleted": "Deleted."
        case "stale": "Not deleted: the page was made before the server last started. Delete it again from this page."
        default: nil
        }
    }
}

/// Why the responder refused a notes form's body before reading it whole: every one says nothing was saved.
enum FormRefusal {
    /// Longer than `WebSite.maximumForm`: refused unread.
    case tooLong
    /// Not whole within `WebSite.formWait`.
    case slow
    /// Without a length (chunked, or none said): refused unread.
    case unsaidLength

    var page: ErrorPage {
        switch self {
        case .tooLong:
            ErrorPage(
                status: .contentTooLarge, heading: "Form too long",
                advice: "A form here holds at most \(WebSite.maximumForm) bytes, and a note's text at most "
                    + "\(NoteLimits.maxTextBytes). Nothing was saved: go back, shorten the text and send it again.")
        case .slow:
            ErrorPage(
                status: .requestTimeout, heading: "The form did not arrive",
                advice: "The form's data did not arrive whole within \(WebSite.formWait.components.seconds) "
                    + "seconds. Nothing was saved: send it again from the notes page.")
        case .unsaidLength:
            ErrorPage(
                status: .lengthRequired, heading: "A form without its length",
                advice: "A form sent here says its length (Content-Length) and is not chunked; a browser's form "
                    + "does so. Nothing was saved: send it again from the notes page.")
        }
    }
}
