import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// The web reader's pages as a browser gets them from `interlinear serve` over the whole-Bible store: each parses
/// (Python's html.parser, nesting checked), and holds what the store holds, read independently by Python's sqlite3.
@Suite("interlinear serve: pages", .enabled(if: WebFixture.bibleMissing == nil || SystemTool.isCI))
struct WebPageTests {
    @Test(
        "A chapter page holds every verse heading and every source word, tagged with its language",
        arguments: [
            ("John.1", 43, 1, "grc", nil as String?), ("Gen.1", 1, 1, "hbo", "rtl"), ("Ps.119", 19, 119, "hbo", "rtl"),
        ])
    func chapterPage(id: String, book: Int, chapter: Int, lang: String, dir: String?) throws {
        let store = try WebFixture.bible()
        let server = try ServedReader(store: store)
        let reply = try server.request("/read/\(id)")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        let page = try WebFixture.page(reply)
        #expect(page.errors.isEmpty, "\(page.errors.prefix(5))")
        #expect(page.duplicateIds.isEmpty, "\(page.duplicateIds.prefix(5))")
        let expected = try WebFixture.chapter(store, book: book, chapter: chapter)
        #expect(page.verseIds == expected.verses.map { "\(id).\($0)" })
        #expect(page.sources.map { $0[0] ?? "" } == expected.words)
        #expect(page.sources.allSatisfy { $0[1] == lang && $0[2] == dir })
        #expect(page.unlabelledSpans == 0, "every tier span of a word has its lang")
        // One define disclosure per word with a Strong's number, each with a link that works without the script.
        #expect(page.details >= expected.words.count / 2)
        #expect(page.links.contains { $0?.hasPrefix("/word/") == true && $0?.contains("?ref=\(id).1.1") == true })
        // No inline script or style: the Content-Security-Policy forbids both.
        #expect(page.inlineScripts == 0 && page.styles == 0 && page.styleAttributes == 0)
        #expect(page.scripts.count == 1 && page.scripts[0]?.hasPrefix("/assets/reader.js?v=") == true)
        #expect(page.forms.contains { $0 == ["/go", "get"] } && page.forms.contains { $0 == ["/search", "get"] })
        #expect(page.chapters.count == 1 && page.chapters[0]["data-chapter"] == id)
    }

    @Test("Without the script, next and previous chapter links lead on; the fragment names its neighbours")
    func readingOn() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let page = try WebFixture.page(try server.request("/read/John.1"))
        #expect(page.links.contains("/read/Luke.24") && page.links.contains("/read/John.2"))
        let fragment = try server.request("/read/John.2?fragment=1")
        #expect(fragment.status == 200)
        #expect(fragment.text.hasPrefix("<section class=\"chapter\""))
        #expect(!fragment.text.contains("<html") && !fragment.text.contains("<main"))
        let facts = try WebFixture.page(fragment)
        #expect(facts.errors.isEmpty, "\(facts.errors.prefix(5))")
        #expect(facts.chapters.first == ["data-chapter": "John.2", "data-prev": "John.1", "data-next": "John.3"])
        // The Bible's first and last chapters have one neighbour.
        let first = try WebFixture.page(try server.request("/read/Gen.1?fragment=1"))
        #expect(first.chapters.first == ["data-chapter": "Gen.1", "data-next": "Gen.2"])
        let last = try WebFixture.page(try server.request("/read/Rev.22?fragment=1"))
        #expect(last.chapters.first == ["data-chapter": "Rev.22", "data-prev": "Rev.21"])
    }

    @Test("The home page links every book of both testaments to its first chapter and has both forms")
    func home() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let reply = try server.request("/")
        #expect(reply.status == 200)
        let page = try WebFixture.page(reply)
        #expect(page.errors.isEmpty)
        let books = page.links.compactMap { $0 }.filter { $0.hasPrefix("/read/") && $0.hasSuffix(".1") }
        #expect(books.count == 66, "\(books.count) book links")
        #expect(books.first == "/read/Gen.1" && books.last == "/read/Rev.1")
        #expect(page.forms.contains { $0 == ["/go", "get"] } && page.forms.contains { $0 == ["/search", "get"] })
    }

    @Test(
        "/go takes a reference as people write it and sends the browser to the verse (303)",
        arguments: [
            ("John+1:14", "/read/John.1#John.1.14"), ("Jn%201%3A14-18", "/read/John.1#John.1.14"),
            ("genesis+1", "/read/Gen.1"), ("Ps+119", "/read/Ps.119"), ("Jude", "/read/Jude.1"),
        ])
    func goRedirects(typed: String, location: String) throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let reply = try server.request("/go?ref=\(typed)")
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == location)
    }

    @Test("/go moves an English Old Testament verse to the Hebrew text's numbering, as the commands do")
    func goEnglishNumbering() throws {
        let store = try WebFixture.bible()
        struct Moved: Decodable { let hebrew: Int? }
        // Malachi 4:1 in English Bibles, by the store's own versification table.
        let moved: Moved = try WebFixture.python("store_facts.py", ["hebrew", store.path, "39004001"])
        let hebrew = try #require(moved.hebrew)
        let server = try ServedReader(store: store)
        let reply = try server.request("/go?ref=Mal+4:1")
        #expect(reply.status == 303)
        let chapter = hebrew / 1000 % 1000, verse = hebrew % 1000
        #expect(reply.headers["location"] == "/read/Mal.\(chapter)#Mal.\(chapter).\(verse)")
    }

    @Test("A search page gives the count first, then one link per hit, the same search as `interlinear search`")
    func search() throws {
        let store = try WebFixture.bible()
        let server = try ServedReader(store: store)
        for query in ["G3056", "\"in the beginning\"", "V-AAI-3S"] {
            let cli = try run(interlinearBinary, ["search", query, "--json", "--limit", "0", "--corpus", store.path])
            #expect(cli.status == 0, "\(cli.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: cli.stdout) as? [String: Any])
            let total = try #require(json["total"] as? Int)
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
            let reply = try server.request("/search?q=\(encoded)")
            #expect(reply.status == 200)
            let page = try WebFixture.page(reply)
            #expect(page.errors.isEmpty)
            #expect(page.h1.first?.hasPrefix("\(total) result") == true, "\(page.h1) for \(total)")
            #expect(page.title.hasPrefix("\(total) result"))
            #expect(page.lists["hits"] == min(total, 100))
            let hits = page.links.compactMap { $0 }.filter { $0.hasPrefix("/read/") && $0.contains("#") }
            #expect(hits.count == min(total, 100))
            #expect(
                hits.allSatisfy {
                    $0.range(of: #"^/read/([1-3]?[A-Za-z]+\.\d+)#\1\.\d+$"#, options: .regularExpression) != nil
                })
        }
        let fragment = try server.request("/search?q=G3056&fragment=1")
        #expect(fragment.text.hasPrefix("<div class=\"results\" id=\"results\">"))
    }

    @Test("A word page gives the Strong's entry, the word in its verse with a Hebrew word's parts, and its places")
    func wordPage() throws {
        let store = try WebFixture.lexiconStore.get()
        let server = try ServedReader(store: store)
        let greek = try server.request("/word/G3056")
        #expect(greek.status == 200)
        let page = try WebFixture.page(greek)
        #expect(page.errors.isEmpty)
        // The headword as SWORD's Strong's Greek dictionary prints it (diatheke, the peer).
        if let entry = try Diatheke.lexiconEntry("StrongsGreek", 3056) {
            #expect(page.h1.first?.contains(entry.headword) == true, "\(page.h1) lacks \(entry.headword)")
        }
        #expect(page.links.contains("/read/John.1#John.1.1"))

        let hebrew = try server.request("/word/H7225?ref=Gen.1.1.1")
        #expect(hebrew.status == 200)
        let facts = try WebFixture.page(hebrew)
        #expect(facts.errors.isEmpty)
        struct Count: Decodable { let count: Int }
        let file = store.appendingPathComponent("interlinear.sqlite").path
        let morphemes: Count = try WebFixture.python("store_facts.py", ["morphemes", file, "1001001", "0"])
        #expect(facts.lists["parts"] == morphemes.count)
        #expect(facts.links.contains("/read/Gen.1#Gen.1.1"))

        let fragment = try server.request("/word/H7225?ref=Gen.1.1.1&fragment=1")
        #expect(fragment.status == 200 && fragment.text.hasPrefix("<div class=\"def-body\">"))
        #expect(fragment.text.contains("Strong's") && fragment.text.contains("parts"))
        #expect(try WebFixture.page(fragment).errors.isEmpty)
    }
}
