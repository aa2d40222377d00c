import Foundation
import Hummingbird
import InterlinearCorpus
import InterlinearNotes
import InterlinearStore

/// The web reader's pages, answered from the store: every route of `docs/web.md`, each refusal a page saying what to
/// do. Requests are GET or HEAD without a body, or a notes form's POST (`WebSite+Notes.swift`), and name at most
/// `maximumTarget` bytes; everything else is refused before any work. Pages made from the store are kept
/// (`ResponseCache`), search results too; notes pages never are.
public final class WebSite: Sendable {
    let pool: ReaderPool
    let cache = ResponseCache(budget: 96 << 20)
    /// Every chapter the store holds, in canonical order, and each one's place in that order.
    let chapters: [ChapterReference]
    private let places: [ChapterReference: Int]
    let frame: SiteFrame
    private let style: PreparedBody
    private let script: PreparedBody
    private let home: PreparedBody
    /// The store the pages are read from.
    public let storePath: String
    /// The reader's notes file (`NoteBook`), or nil when this server keeps no notes.
    public let notesPath: String?
    /// What every form of the notes pages carries back: made anew at each start from the system's random source,
    /// so no page of another site can know it.
    let formToken: String

    /// The longest request target (path and query) answered: 2 KiB, far beyond any address the pages link to.
    static let maximumTarget = 2048
    /// The longest reference the go-to form takes.
    static let maximumReference = 100

    /// Opens the store `corpus` names (`--corpus`; the default store when nil) and lists its chapters. With
    /// `keepsNotes`, the notes pages read and write the notes file `notes` names (else `interlinear note`'s: the
    /// same variable, the same file beside the store).
    public init(corpus: String?, notes: String? = nil, keepsNotes: Bool = false) throws {
        pool = try ReaderPool(corpus: corpus)
        let store: String
        (chapters, store) = try pool.with { ($0.library.availableChapters(), $0.library.storePath) }
        storePath = store
        notesPath = keepsNotes ? NoteBook.path(explicit: notes, besideStore: store) : nil
        var random = SystemRandomNumberGenerator()
        formToken = (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined(separator: "-")
        places = Dictionary(uniqueKeysWithValues: chapters.enumerated().map { ($1, $0) })
        style = PreparedBody(Array(WebAssets.style.utf8), contentType: "text/css; charset=utf-8")
        script = PreparedBody(Array(WebAssets.script.utf8), contentType: "text/javascript; charset=utf-8")
        frame = SiteFrame(
            styleAddress: "/assets/site.css?v=\(style.tag)", scriptAddress: "/assets/reader.js?v=\(script.tag)",
            notes: keepsNotes)
        home = PreparedBody(html: HomePage(chapters: chapters).page(frame: frame))
    }

    /// The response to any request: a page, a redirect, a file, or an error page; never a thrown error. `form` is
    /// a POST's body, read by the responder (at most `maximumForm` bytes).
    func respond(to request: Request, form: [UInt8]? = nil) -> Response {
        do {
            return try route(request, form: form)
        } catch let refusal as ErrorPage {
            return reply(refusal, to: request)
        } catch {
            // Only a store that fails under the server (a damaged row, a disk error) gets here.
            let body = PreparedBody(
                html: ErrorPage(
                    status: .internalError, heading: "The store could not answer",
                    advice: "\((error as? StoreError)?.problem ?? String(describing: error)). The server's operator "
                        + "can rebuild the store with `interlinear import`."
                ).page(frame: frame))
            return Reply.body(body, to: request, status: .internalServerError, caching: .none)
        }
    }

    private func route(_ request: Request, form: [UInt8]?) throws -> Response {
        if request.method == .post, request.uri.path.hasPrefix("/notes/") {
            return try notesForm(request.uri.path, body: form ?? [], request: request)
        }
        guard request.method == .get || request.method == .head else {
            throw ErrorPage(
                status: .methodNotAllowed, heading: "Only reading here",
                advice: "This server answers GET and HEAD requests, and the notes pages' forms: follow a link or use "
                    + "a form.")
        }
        if let length = request.headers[.contentLength], length != "0" {
            throw ErrorPage(
                status: .contentTooLarge, heading: "A request with a body",
                advice: "Requests to this server carry no body: send the same request without one.")
        }
        if request.headers[.transferEncoding] != nil {
            throw ErrorPage(
                status: .contentTooLarge, heading: "A request with a body",
                advice: "Requests to this server carry no body: send the same request without one.")
        }
        let uri = request.uri
        guard uri.description.utf8.count <= Self.maximumTarget else {
            throw ErrorPage(
                status: .uriTooLong, heading: "Address too long",
                advice: "Addresses here are at most \(Self.maximumTarget) bytes; a search is at most "
                    + "\(SearchPage.maximumQuery) characters.")
        }
        guard let fields = QueryString.fields(uri.query) else {
            throw ErrorPage(
                status: .badRequest, heading: "Address not understood",
                advice: "The address's query is not valid form data (a % not followed by two hex digits, or bytes "
                    + "that are not UTF-8). Use the forms above.")
        }
        let path = uri.path
        switch path {
        case "/": return Reply.body(home, to: request, caching: .revalidate)
        case "/go": return try go(fields)
        case "/search": return try search(fields, request: request)
        case "/notes": return try notes(path, fields: fields, request: request)
        // Browsers ask for it on their own; the reader has no icon, and says so without an error page.
        case "/favicon.ico": return Reply.empty(status: .noContent, caching: .immutable)
        default: break
        }
        if path.hasPrefix("/read/") { return try read(String(path.dropFirst(6)), fields: fields, request: request) }
        if path.hasPrefix("/notes/") { return try notes(path, fields: fields, request: request) }
        if path.hasPrefix("/word/") { return try word(String(path.dropFirst(6)), fields: fields, request: request) }
        if path.hasPrefix("/assets/") { return try asset(String(path.dropFirst(8)), fields: fields, request: request) }
        throw ErrorPage(
            status: .notFound, heading: "No such page",
            advice: "Nothing is at this address. Chapters are at addresses like /read/John.1; use the forms above "
                + "to go to a passage or search.")
    }

    /// A notes form's body refused before it was read whole (`FormRefusal`).
    func refusing(_ request: Request, form refusal: FormRefusal) -> Response { reply(refusal.page, to: request) }

    private func reply(_ page: ErrorPage, to request: Request) -> Response {
        let body = PreparedBody(html: page.page(frame: frame))
        var response = Reply.body(
            body, to: request, status: HTTPResponse.Status(code: page.status.rawValue), caching: .none)
        if page.status == .methodNotAllowed {
            response.headers[.allow] = request.uri.path.hasPrefix("/notes/") ? "GET, HEAD, POST" : "GET, HEAD"
        }
        return response
    }

    // MARK: Chapters

    private func read(_ text: String, fields: [String: String], request: Request) throws -> Response {
        let notFound = ErrorPage(
            status: .notFound, heading: "No such chapter",
            advice: "Chapters are at addresses like /read/John.1, /read/Gen.1 or /read/Ps.119 (OSIS book names). "
                + "To go to a passage as you would write it, use the go-to form.")
        guard let id = text.removingPercentEncoding, let address = Address(id) else { throw notFound }
        let order = try Self.order(fields)
        let reference: ChapterReference
        switch address {
        case .book(let book):
            guard let first = chapters.first(where: { $0.book == book }) else { throw missing(book: book) }
            return Reply.redirect(to: ChapterPage.address(first, order: order), status: .movedPermanently)
        case .verse(let chapter, let verse):
            return Reply.redirect(
                to: ChapterPage.address(chapter, order: order) + "#\(chapter.osisID).\(verse)",
                status: .movedPermanently)
        case .chapter(let chapter):
            reference = chapter
        }
        guard id == reference.osisID else {
            return Reply.redirect(to: ChapterPage.address(reference, order: order), status: .movedPermanently)
        }
        guard let place = places[reference] else { throw missing(reference) }
        let fragment = fields["fragment"] == "1"
        let kind = (fragment ? "fragment " : "read ") + (order == .english ? "english " : "")
        let body = try cache.body(kind + reference.osisID) {
            let chapter = try pool.with { reader in
                try reader.library.load(Passage(chapter: reference), into: StringTableBuilder(), morphemes: false)
            }
            let page = ChapterPage(
                chapter: chapter, previous: place > 0 ? chapters[place - 1] : nil,
                next: place + 1 < chapters.count ? chapters[place + 1] : nil, notes: notesPath != nil, order: order)
            return PreparedBody(html: fragment ? page.section() : page.page(frame: frame))
        }
        return Reply.body(body, to: request, caching: .revalidate)
    }

    /// The word order a chapter address asks for: `order=english` the reverse interlinear, `order=source` or none
    /// the interlinear; any other value is refused, as every address the pages never link to is.
    static func order(_ fields: [String: String]) throws -> WordOrder {
        guard let text = fields["order"] else { return .source }
        guard let order = WordOrder(rawValue: text) else {
            throw ErrorPage(
                status: .badRequest, heading: "No such word order",
                advice: "“order” is english (the translation's words in its order, each over the words it "
                    + "translates) or source (the original's words in theirs). Use the word order links on a "
                    + "chapter.")
        }
        return order
    }

    /// The refusal for a chapter the store does not hold.
    func missing(_ reference: ChapterReference) -> ErrorPage {
        let book = reference.book
        if reference.chapter > book.chapterCount {
            return ErrorPage(
                status: .notFound, heading: "No \(reference)",
                advice: "\(book.name) has \(book.chapterCount) chapter\(book.chapterCount == 1 ? "" : "s"); "
                    + "there is no \(reference).")
        }
        return ErrorPage(
            status: .notFound, heading: "\(reference) is not here",
            advice: "The store this server reads does not hold \(reference). Choose a book on the home page; the "
                + "server's operator can add the chapter with `interlinear import`.")
    }

    private func missing(book: Book) -> ErrorPage {
        ErrorPage(
            status: .notFound, heading: "\(book.name) is not here",
            advice: "The store this server reads holds no chapter of \(book.name). Choose a book on the home page.")
    }

    // MARK: Go to

    private func go(_ fields: [String: String]) throws -> Response {
        let order = try Self.order(fields)
        let typed = (fields["ref"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let example = "such as John 1:14, Jn 1:14-18, Genesis 1 or Ps 23"
        guard !typed.isEmpty else {
            throw ErrorPage(
                status: .badRequest, heading: "Go to where?", advice: "Type a reference in the go-to field, \(example)."
            )
        }
        guard typed.count <= Self.maximumReference else {
            throw ErrorPage(
                status: .badRequest, heading: "Reference too long",
                advice: "A reference is at most \(Self.maximumReference) characters, \(example).")
        }
        if let book = Book.named(typed) {
            guard let first = chapters.first(where: { $0.book == book }) else { throw missing(book: book) }
            return Reply.redirect(to: ChapterPage.address(first, order: order), status: .seeOther)
        }
        guard let passage = Passage(parsing: typed) else {
            var page = ErrorPage(
                status: .badRequest, heading: "Reference not understood",
                advice: "“\(typed)” is not a reference this reader knows. Type a book, a chapter and, if you like, "
                    + "verses, \(example).")
            page.reference = typed
            throw page
        }
        let book = passage.chapter.book
        guard passage.chapter.chapter <= max(book.chapterCount, book.englishChapterCount) else {
            var page = missing(passage.chapter)
            page.reference = typed
            throw page
        }
        // English Bibles number some Old Testament verses otherwise than the Hebrew text (Malachi 4 is Malachi
        // 3:19–24): moved as every command moves them.
        let resolved = try pool.with { try $0.library.resolvingEnglishNumbering(passage).passage }
        guard places[resolved.chapter] != nil else {
            var page = missing(resolved.chapter)
            page.reference = typed
            throw page
        }
        let anchor = resolved.verses.map { "#\(resolved.chapter.osisID).\($0.lowerBound)" } ?? ""
        return Reply.redirect(
            to: ChapterPage.address(resolved.chapter, order: order) + anchor, status: .seeOther)
    }

    // MARK: Search

    private func search(_ fields: [String: String], request: Request) throws -> Response {
        let query = (fields["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else {
            throw ErrorPage(
                status: .badRequest, heading: "Search for what?",
                advice: "Type what to find in the search field: a word as it sounds (logos, elohim), a Strong's "
                    + "number (G3056, H430), morphology (V-AAI-3S) or English words (\"in the beginning\").")
        }
        guard query.count <= SearchPage.maximumQuery else {
            throw ErrorPage(
                status: .badRequest, heading: "Search too long",
                advice: "A search is at most \(SearchPage.maximumQuery) characters.")
        }
        var scope = SearchScope.bible
        let scopeText = fields["in"].flatMap { $0.isEmpty ? nil : $0 }
        if let scopeText {
            guard let parsed = SearchScope(parsing: scopeText) else {
                throw ErrorPage(
                    status: .badRequest, heading: "Search where?",
                    advice: "“in” is a book (John, Gen), two books joined by a hyphen (Gen-Deut), nt, ot or bible.")
            }
            scope = parsed
        }
        let pageText = fields["page"] ?? "1"
        guard let number = Address.number(Substring(pageText)), number <= SearchPage.lastPage else {
            throw ErrorPage(
                status: .badRequest, heading: "No such page of results",
                advice: "Pages of results are numbered 1 to \(SearchPage.lastPage).")
        }
        let fragment = fields["fragment"] == "1"
        // Kept as the chapters are: a search's page is a function of the store too (the query as typed, trimmed).
        let key = "search \(number)\(fragment ? " fragment" : "") \(scopeText?.count ?? -1):\(scopeText ?? "")\(query)"
        let body = try cache.body(key) {
            let result: SearchResult
            do {
                result = try pool.with { reader in
                    try reader.search.run(SearchQuery(text: query, scope: scope, limit: number * SearchPage.perPage))
                }
            } catch let error as SearchError {
                throw ErrorPage(
                    status: .badRequest, heading: "Search not understood",
                    advice: "\(error) Change the search in the search field.")
            }
            let page = SearchPage(query: query, scope: scopeText, result: result, number: number)
            return PreparedBody(html: fragment ? page.results() : page.page(frame: frame))
        }
        return Reply.body(body, to: request, caching: .revalidate)
    }

    // MARK: Words

    private func word(_ text: String, fields: [String: String], request: Request) throws -> Response {
        guard let given = text.removingPercentEncoding, let number = WordAddress.canonical(given) else {
            throw ErrorPage(
                status: .notFound, heading: "No such Strong's number",
                advice: "Word pages are at addresses like /word/G3056 or /word/H430: G or H and a Strong's number.")
        }
        guard given == number else {
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Reply.redirect(to: "/word/\(number)\(query)", status: .movedPermanently)
        }
        let referenceText = fields["ref"]
        var wanted: (chapter: ChapterReference, verse: Int, position: Int)?
        if let referenceText {
            guard let parsed = Address.word(referenceText) else {
                throw ErrorPage(
                    status: .badRequest, heading: "No such word",
                    advice: "“ref” names a word as book.chapter.verse.word, such as John.1.1.4 (John 1:1, its "
                        + "fourth word).")
            }
            guard places[parsed.chapter] != nil else { throw missing(parsed.chapter) }
            wanted = parsed
        }
        let fragment = fields["fragment"] == "1"
        let key = "word \(number) \(referenceText ?? "")\(fragment ? " fragment" : "")"
        let body = try cache.body(key) {
            let page = try pool.with { reader in try wordPage(number, at: wanted, reader: reader) }
            return PreparedBody(html: fragment ? page.fragment() : page.page(frame: frame))
        }
        return Reply.body(body, to: request, caching: .revalidate)
    }

    private func wordPage(
        _ number: String, at wanted: (chapter: ChapterReference, verse: Int, position: Int)?, reader: StoreReader
    ) throws -> WordPage {
        let entry = try reader.store.lexiconEntry(strongs: number)
        let occurrences = try reader.search.run(SearchQuery(text: number, kind: .strongs, limit: WordPage.listed))
        var place: WordPage.Place?
        var wordEntries: [LexiconEntry] = []
        if let wanted {
            let chapter = try reader.library.load(
                Passage(chapter: wanted.chapter), into: StringTableBuilder(), morphemes: true)
            guard let index = chapter.verseIndex(number: wanted.verse),
                wanted.position <= chapter.verses[index].words.count
            else {
                throw ErrorPage(
                    status: .notFound, heading: "No such word",
                    advice: "\(wanted.chapter):\(wanted.verse) has no word \(wanted.position). Open the chapter and "
                        + "choose “define” under a word.")
            }
            let word = chapter.words[chapter.verses[index].word(at: WordOffset(UInt16(wanted.position - 1)))]
            place = WordPage.Place(chapter: chapter, verse: wanted.verse, position: wanted.position, word: word)
            wordEntries = try reader.store.lexiconEntries(ofWordField: chapter.text(word.strongs))
        }
        guard entry != nil || occurrences.total > 0 || place != nil else {
            throw ErrorPage(
                status: .notFound, heading: "Strong's \(number) is not here",
                advice: "Strong's dictionary has no entry \(number) and no word of the text has it. Greek numbers "
                    + "run to G5624, Hebrew to H8674.")
        }
        return WordPage(
            number: number, entry: entry, place: place, occurrences: occurrences, wordEntries: wordEntries,
            study: try entry.map { try reader.store.study(of: $0) })
    }

    // MARK: Files

    private func asset(_ name: String, fields: [String: String], request: Request) throws -> Response {
        let body: PreparedBody
        switch name {
        case "site.css": body = style
        case "reader.js": body = script
        default:
            throw ErrorPage(
                status: .notFound, heading: "No such file",
                advice: "The server has two files, its style sheet and its script; nothing else is served from "
                    + "/assets/, and nothing from the disk.")
        }
        let current = fields["v"] == body.tag
        return Reply.body(body, to: request, caching: current ? .immutable : .revalidate)
    }
}
