import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// `render BOOK --format pdf`: a whole book as one PDF (John on A4, Ruth on US Letter), read back with poppler and
/// pikepdf and checked against the source data: pdfua finds nothing; the outline has the book and one entry per
/// chapter, each pointing at the page whose running head starts that chapter; every page's running head names
/// the verses whose words the page holds; a page that begins inside a verse shows that verse's number on its first
/// line; the structure tree has the book's `H1` and a chapter `H2` each; every source word's element has its
/// language. Expected chapters, verses and words come from SBLGNT.tsv and WLC-LEB.tsv, not from the program.
@Suite("interlinear render: a book as PDF", .serialized, SharedStore.needsSourceData)
struct RenderBookPDFTests {
    struct Book: Sendable {
        let name: String
        let file: URL
        /// The source words' verses in text order (chapter, verse), and whether each is its verse's first word.
        let words: [(chapter: Int, verse: Int, first: Bool)]
        let isSource: @Sendable (Substring) -> Bool
    }

    static func render(_ reference: String, paper: String) throws -> URL {
        let store = try SharedStore.wholeBible.get()
        let file = try RenderFixture.temporaryDirectory().appendingPathComponent("book.pdf")
        _ = try RenderFixture.render(
            [reference, "--format", "pdf", "--paper", paper, "--corpus", store.path], to: file)
        return file
    }

    /// John's words from SBLGNT.tsv: ids `n43CCCVVVWWW`.
    static let john = Result {
        let rows = try SourceColumns.rows(of: try #require(SourceColumns.sblgnt), columns: ["id"]).filter {
            $0[0].hasPrefix("n43")
        }
        let words = verses(rows.map { ($0[0].dropFirst(3).prefix(3), $0[0].dropFirst(6).prefix(3)) })
        return Book(name: "John", file: try render("John", paper: "a4"), words: words, isSource: RenderFixture.isGreek)
    }

    /// Ruth's words from WLC-LEB.tsv, whose rows are morphemes: identifiers `08CCCVVVWWWM`, a word per first 11
    /// digits.
    static let ruth = Result {
        let file = SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile)
        let ids = Set(
            try SourceColumns.rows(of: file, columns: ["identifier"]).map { $0[0].prefix(11) }.filter {
                $0.hasPrefix("08")
            }
        ).sorted()
        let words = verses(ids.map { ($0.dropFirst(2).prefix(3), $0.dropFirst(5).prefix(3)) })
        return Book(
            name: "Ruth", file: try render("Ruth", paper: "letter"), words: words, isSource: RenderPDFUATests.isHebrew)
    }

    static func verses(_ ids: [(Substring, Substring)]) -> [(chapter: Int, verse: Int, first: Bool)] {
        var result: [(chapter: Int, verse: Int, first: Bool)] = []
        for (c, v) in ids {
            let chapter = Int(c) ?? 0, verse = Int(v) ?? 0
            let first = result.last.map { $0.chapter != chapter || $0.verse != verse } ?? true
            result.append((chapter, verse, first))
        }
        return result
    }

    static func book(_ name: String) throws -> Book { try (name == "John" ? john : ruth).get() }

    static func pageCount(_ file: URL) throws -> Int {
        let info = try RenderFixture.poppler("pdfinfo", [file.path])
        return try #require(
            info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) })
    }

    /// A page's text lines (poppler's default mode), empty lines dropped.
    static func lines(_ file: URL, page: Int) throws -> [Substring] {
        try RenderFixture.poppler("pdftotext", ["-f", "\(page)", "-l", "\(page)", file.path, "-"])
            .split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) && $0 != "\u{0C}" }
    }

    /// "John 3:16–21" or "John 3:16" in a line: book, chapter, first and last verse.
    static func runningHead(_ line: Substring, book: String) -> (chapter: Int, first: Int, last: Int)? {
        guard let match = line.firstMatch(of: /(\p{L}+) (\d+):(\d+)(?:–(\d+))?/), match.1 == book,
            let chapter = Int(match.2), let first = Int(match.3)
        else { return nil }
        return (chapter, first, match.4.flatMap { Int($0) } ?? first)
    }

    @Test(.enabled(if: Validators.pdfuaRequired, Validators.pdfuaReason), arguments: ["John", "Ruth"])
    func pdfuaFindsNothing(name: String) throws {
        let result = try run(Validators.pdfua, ["check", try Self.book(name).file.path])
        #expect(result.status == 0, "pdfua: \(result.stdoutText) \(result.stderr)")
    }

    /// Page by page (after the title page): the source words the page holds are the next ones of the book, its
    /// running head names their chapter and a verse range from the verse of its first word (or the one before,
    /// when the page begins with that verse's translation) to the verse of its last; a page that begins inside a
    /// verse has that verse's number on its first line of text (in content order).
    @Test(
        .enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")),
        arguments: ["John", "Ruth"])
    func runningHeadsAndContinuedVerses(name: String) throws {
        let book = try Self.book(name)
        let pages = try Self.pageCount(book.file)
        var word = 0
        for page in 2...pages {
            // The key to the codes ends the book.
            if try Self.lines(book.file, page: page).first?.hasPrefix("Key to the codes") == true { break }
            let raw = try RenderFixture.poppler(
                "pdftotext", ["-raw", "-f", "\(page)", "-l", "\(page)", book.file.path, "-"])
            let count = raw.split(whereSeparator: \.isWhitespace).filter(book.isSource).count
            try #require(word + count <= book.words.count && (count > 0 || word > 0), "page \(page): \(count) words")
            // A page without source words holds the rest of the previous word's verse (its translation).
            let first = count > 0 ? book.words[word] : book.words[word - 1]
            let last = count > 0 ? book.words[word + count - 1] : book.words[word - 1]
            let beginsInside = count == 0 || !first.first
            word += count
            // The running head, after the chapter's heading on its first page.
            let lines = try Self.lines(book.file, page: page)
            let headLine = try #require(
                lines.prefix(2).firstIndex { Self.runningHead($0, book: name) != nil },
                "page \(page): \(lines.prefix(2))")
            let head = try #require(Self.runningHead(lines[headLine], book: name))
            #expect(head.chapter == first.chapter && head.chapter == last.chapter, "page \(page): \(head)")
            #expect(head.last == last.verse, "page \(page): head \(head), last word in verse \(last.verse)")
            #expect(
                head.first == first.verse || (head.first == first.verse - 1 && first.first),
                "page \(page): head \(head), first word in verse \(first.verse)")
            let continues = beginsInside || head.first < first.verse
            if continues {
                // In content order (`-raw`): in poppler's default mode the number in a right-to-left chapter's gutter
                // beside a translation line is a block of its own, read after the line.
                let rawLines = raw.split(separator: "\n")
                let rawHead = rawLines.firstIndex { Self.runningHead($0, book: name) != nil } ?? 0
                let text = rawLines.count > rawHead + 1 ? rawLines[rawHead + 1] : ""
                // Without the bidi controls poppler puts around a Hebrew run, which touch the number.
                let numbers = RenderPDFUATests.words(String(text)).compactMap { Int($0) }
                #expect(numbers.contains(head.first), "page \(page) continues verse \(head.first): \(text)")
            }
        }
        #expect(word == book.words.count, "\(name): \(word) source words on the pages, \(book.words.count) in the text")
    }

    /// The outline (the book, then a chapter each), the structure tree's headings and every source word's language,
    /// read with pikepdf; each chapter's entry opens the page whose running head starts at its verse 1.
    @Test(.enabled(if: Validators.pdfuaRequired, Validators.pdfuaReason), arguments: ["John", "Ruth"])
    func outlineHeadingsAndLanguages(name: String) throws {
        let book = try Self.book(name)
        let script = """
            import json, sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            outline = []
            with pdf.open_outline() as o:
                def entries(items, depth):
                    for item in items:
                        page = None
                        dest = item.destination
                        if isinstance(dest, pikepdf.Array) and len(dest) > 0:
                            page = pdf.pages.index(pikepdf.Page(dest[0])) + 1
                        outline.append({"depth": depth, "title": str(item.title), "page": page})
                        entries(item.children, depth + 1)
                entries(o.root, 0)
            headings, languages = [], []
            def walk(node):
                if isinstance(node, pikepdf.Array):
                    for child in node: walk(child)
                elif isinstance(node, pikepdf.Dictionary) and node.get("/Type") not in ("/MCR", "/OBJR"):
                    kind = str(node.get("/S", ""))
                    if kind in ("/H1", "/H2"): headings.append(kind)
                    if kind == "/RB": languages.append(str(node.Lang) if "/Lang" in node else "")
                    if "/K" in node: walk(node.K)
            walk(pdf.Root.StructTreeRoot.K)
            json.dump({"outline": outline, "headings": headings, "languages": languages}, sys.stdout)
            """
        let result = try run(Validators.python, ["-c", script, book.file.path])
        try #require(result.status == 0, "pikepdf: \(result.stderr)")
        struct Entry: Decodable { let depth: Int; let title: String; let page: Int? }
        struct Found: Decodable { let outline: [Entry]; let headings: [String]; let languages: [String] }
        let found = try JSONDecoder().decode(Found.self, from: result.stdout)
        let chapters = Set(book.words.map(\.chapter)).sorted()
        #expect(found.outline.first?.title == name && found.outline.first?.depth == 0)
        let children = found.outline.dropFirst().dropLast()
        #expect(children.map(\.title) == chapters.map { "\(name) \($0)" })
        #expect(found.outline.last?.title == "Key to the codes" && found.outline.last?.depth == 1)
        #expect(children.allSatisfy { $0.depth == 1 })
        for entry in children {
            let page = try #require(entry.page, "\(entry.title) has no page")
            let head = try Self.lines(book.file, page: page).prefix(2).lazy.compactMap {
                Self.runningHead($0, book: name)
            }.first
            #expect("\(name) \(head?.chapter ?? 0)" == entry.title && head?.first == 1, "\(entry.title): page \(page)")
        }
        #expect(found.headings == ["/H1"] + chapters.map { _ in "/H2" } + ["/H2"])
        let language = name == "John" ? "grc" : "hbo"
        #expect(found.languages.count == book.words.count)
        #expect(found.languages.allSatisfy { $0 == language }, "a source word without /Lang \(language)")
    }
}
