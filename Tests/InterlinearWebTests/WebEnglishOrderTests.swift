import Foundation
import InterlinearTestSupport
import Testing

/// The web reader in English order (`/read/John.1?order=english`, issue 43): the BSB's words in their order, each
/// over the Greek words aligned to it, as the committed chapter file's alignments say (read here, not through the
/// code under test); a switch between the orders that works without the script and is kept on every link onward;
/// any other order refused as every address the pages never link to is.
@Suite("interlinear serve: English order", .enabled(if: WebFixture.bibleMissing == nil || SystemTool.isCI))
struct WebEnglishOrderTests {
    /// The English words of a page, read by the exporter's test harness (Python's HTML parser).
    static func englishWords(_ reply: HTTPReply) throws -> [String: [[String: Any]]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("english-\(UUID().uuidString).html")
        try Data(reply.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/english_order.py")
        let result = try run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, file.path])
        try #require(result.status == 0, "english_order.py: \(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return report?["verses"] as? [String: [[String: Any]]] ?? [:]
    }

    /// An English word of John 1's chapter file: the printed Greek words whose alignment field names it first (a
    /// word aligned to several English words stands under the first) and their places in the verse (counted from 1
    /// in the file's word rows), and whether any word is aligned to it at all.
    typealias EnglishWord = (english: String, under: [String], places: [Int], aligned: Bool)

    /// John 1's chapter file: each verse's BSB words (the verse line split at white space), each an `EnglishWord`.
    static func johnOne() throws -> [Int: [EnglishWord]] {
        let text = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv"), encoding: .utf8)
        var verses: [Int: [EnglishWord]] = [:]
        var place = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 2, let verse = Int(fields[1]) else { continue }
            if fields[0] == "v" {
                verses[verse] = fields[2].split(separator: " ").map { (String($0), [], [], false) }
                place = 0
            } else if fields[0] == "w", fields.count > 8 {
                place += 1
                let tokens = fields[8].split(separator: " ").compactMap { Int($0) }
                for token in tokens where token < verses[verse, default: []].count {
                    verses[verse]![token].aligned = true
                }
                if let first = tokens.min(), first < verses[verse, default: []].count {
                    verses[verse]![first].under.append(ChapterFileWord.printed(fields))
                    verses[verse]![first].places.append(place)
                }
            }
        }
        return verses
    }

    @Test("/read/John.1?order=english: every BSB word in order over the Greek words aligned to it")
    func johnOneInEnglishOrder() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let reply = try server.request("/read/John.1?order=english")
        #expect(reply.status == 200)
        let page = try WebFixture.page(reply)
        #expect(page.errors.isEmpty, "\(page.errors.prefix(5))")
        #expect(page.duplicateIds.isEmpty)
        #expect(page.inlineScripts == 0 && page.styles == 0 && page.styleAttributes == 0)
        let words = try Self.englishWords(reply)
        let expected = try Self.johnOne()
        #expect(words.count == expected.count)
        var linked = 0, several = 0
        for (verse, english) in expected {
            let shown = words[String(verse)] ?? []
            #expect(shown.map { $0["english"] as? String ?? "" } == english.map(\.english), "John 1:\(verse)")
            for (word, want) in zip(shown, english) {
                let under = (word["under"] as? [[String: Any]] ?? []).map { $0["src"] as? String ?? "" }
                let sr = word["sr"] as? String ?? ""
                #expect(under == want.under, "John 1:\(verse) \(want.english)")
                if !want.aligned {
                    #expect(word["mark"] as? String == "—" && sr == "no Greek word", "John 1:\(verse) \(want.english)")
                } else if want.under.isEmpty {
                    #expect(word["mark"] as? String == "″" && sr.hasPrefix("ditto, translation of "), "\(sr)")
                } else {
                    #expect(sr.hasPrefix("translation of "), "John 1:\(verse) \(want.english): \(sr)")
                    linked += want.under.count
                }
                // A define disclosure for each Greek word under it, opening that word of the verse.
                let defines = (word["defines"] as? [String] ?? []).map { $0.split(separator: "ref=").last ?? "" }
                #expect(
                    defines == want.places.map { "John.1.\(verse).\($0)" },
                    "John 1:\(verse) \(want.english): \(defines)")
                several += want.places.count > 1 ? 1 : 0
            }
        }
        // Every word of the chapter that is aligned stands under an English word once.
        #expect(linked > 700, "\(linked)")
        #expect(several > 10, "English words with several Greek words under them: \(several)")
    }

    @Test("The order switch is two links, the shown order current; English order is kept on every link onward")
    func theOrderIsKept() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let reply = try server.request("/read/John.1?order=english")
        let page = try WebFixture.page(reply)
        #expect(page.title.hasPrefix("John 1, English word order"), "\(page.title)")
        #expect(
            reply.text.contains("<a href=\"/read/John.1?order=english\" aria-current=\"page\">English word order</a>"))
        #expect(reply.text.contains("<a href=\"/read/John.1\">Greek word order</a>"))
        #expect(page.links.contains("/read/Luke.24?order=english") && page.links.contains("/read/John.2?order=english"))
        #expect(reply.text.contains("<input type=\"hidden\" name=\"order\" value=\"english\"/>"))
        #expect(page.chapters.first?["data-order"] == "english")
        // The interlinear's page links to the English order, itself current.
        let source = try server.request("/read/John.3")
        #expect(source.text.contains("<a href=\"/read/John.3\" aria-current=\"page\">Greek word order</a>"))
        #expect(source.text.contains("<a href=\"/read/John.3?order=english\">English word order</a>"))
        #expect(!source.text.contains("name=\"order\""))
        // The BSB is aligned to no Hebrew word: Genesis 1 has no switch, and asked for in English order it is shown
        // in Hebrew order, saying why, its links keeping the order for the chapters that have one.
        let hebrew = try server.request("/read/Gen.1")
        #expect(!hebrew.text.contains("English word order") && !hebrew.text.contains("class=\"w e\""))
        let asked = try server.request("/read/Mal.3?order=english")
        #expect(asked.status == 200 && !asked.text.contains("class=\"w e\""))
        #expect(asked.text.contains("not aligned to the Hebrew word by word"))
        #expect(try WebFixture.page(asked).links.contains("/read/Matt.1?order=english"))
        // The script's fragment, and the go-to form and a verse's address, keep the order.
        let fragment = try server.request("/read/John.2?order=english&fragment=1")
        #expect(fragment.status == 200 && fragment.text.contains("class=\"w e\""))
        let go = try server.request("/go?ref=John+3:16&order=english")
        #expect(go.status == 303 && go.headers["location"] == "/read/John.3?order=english#John.3.16")
        let verse = try server.request("/read/John.1.14?order=english")
        #expect(verse.status == 301 && verse.headers["location"] == "/read/John.1?order=english#John.1.14")
    }

    @Test(
        "An order that is neither is refused with a page saying which there are",
        arguments: [
            "/read/John.1?order=greek", "/read/John.1?order=", "/go?ref=John+1&order=ENGLISH",
        ])
    func aBadOrderIsRefused(target: String) throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let reply = try server.request(target)
        #expect(reply.status == 400)
        #expect(reply.text.contains("No such word order") && reply.text.contains("english"))
    }
}
