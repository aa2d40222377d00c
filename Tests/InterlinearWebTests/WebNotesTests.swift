import Foundation
import InterlinearTestSupport
import Testing

/// The web reader's notes pages as a browser without JavaScript uses them: plain forms posted to `interlinear serve`,
/// answered by redirects; what they wrote read back by another front end (`interlinear note export`, the same file)
/// and compared with the store as Python's sqlite3 reads it.
@Suite("interlinear serve: notes", .serialized, .enabled(if: WebFixture.bibleMissing == nil || SystemTool.isCI))
struct WebNotesTests {
    /// A fresh notes file in a folder of its own, and a server keeping it.
    static func served() throws -> (server: ServedReader, notes: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-web-notes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notes = folder.appendingPathComponent("notes.sqlite")
        return (try ServedReader(store: try WebFixture.bible(), extra: ["--notes", notes.path]), notes)
    }

    /// The token in a page's forms.
    static func token(_ reply: HTTPReply) throws -> String {
        let text = reply.text
        let marker = "name=\"token\" value=\""
        let start = try #require(text.range(of: marker), "no form token in the page")
        return String(text[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Form data as a browser encodes it (`application/x-www-form-urlencoded`).
    static func form(_ fields: [(String, String)]) -> [UInt8] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return Array(
            fields.map { name, value in
                name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
            }.joined(separator: "&").utf8)
    }

    static func post(
        _ server: ServedReader, _ path: String, _ fields: [(String, String)],
        type: String = "application/x-www-form-urlencoded", extra: [(String, String)] = []
    ) throws -> HTTPReply {
        let body = form(fields)
        return try server.request(
            path, method: "POST",
            headers: [("Content-Type", type), ("Content-Length", String(body.count))] + extra, body: body)
    }

    /// The notes file as `interlinear note export` writes it.
    static func exported(_ notes: URL) throws -> [[String: Any]] {
        let result = try run(interlinearBinary, ["note", "export", "--notes", notes.path])
        try #require(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(document["notes"] as? [[String: Any]])
    }

    @Test("Add, edit and delete by forms alone: each a 303 back to the list, each change in the notes file")
    func addEditDelete() throws {
        let (server, notes) = try Self.served()
        let page = try server.request("/notes/John.1")
        #expect(page.status == 200)
        let facts = try WebFixture.page(page)
        #expect(facts.errors.isEmpty, "\(facts.errors.prefix(5))")
        #expect(facts.forms.contains { $0 == ["/notes/John.1", "post"] })
        #expect(facts.inlineScripts == 0 && facts.styleAttributes == 0)
        #expect(!FileManager.default.fileExists(atPath: notes.path), "a page that only reads makes no file")
        let token = try Self.token(page)

        let text = "the Word: λόγος & <b>not markup</b>\nsecond line"
        let added = try Self.post(
            server, "/notes/John.1",
            [
                ("token", token), ("verse", "1"), ("words", "4"), ("kind", "note"), ("labels", "study, logos"),
                ("text", text),
            ])
        #expect(added.status == 303)
        #expect(added.headers["location"] == "/notes/John.1?done=added")
        var kept = try Self.exported(notes)
        try #require(kept.count == 1)
        let anchor = kept[0]
        #expect(anchor["book"] as? Int == 43 && anchor["chapter"] as? Int == 1 && anchor["verse"] as? Int == 1)
        #expect(anchor["firstWord"] as? Int == 4 && anchor["lastWord"] as? Int == 4)
        // The fourth word of John 1:1 as the store holds it, read by Python's sqlite3.
        struct Surface: Decodable { let surface: String? }
        let fourth: Surface = try WebFixture.python(
            "store_facts.py", ["surface", try WebFixture.bible().path, "43001001", "4"])
        #expect(anchor["surfaces"] as? String == fourth.surface)
        #expect(kept[0]["text"] as? String == text)
        #expect(kept[0]["labels"] as? [String] == ["study", "logos"])

        // The list: the count a listener hears first, the note escaped, the status said.
        let list = try server.request("/notes/John.1?done=added")
        #expect(list.text.contains(">1 note in John 1</h2>"))
        #expect(list.text.contains("role=\"status\""))
        #expect(list.text.contains("&lt;b&gt;not markup&lt;/b&gt;<br/>second line"))
        let id = try #require(kept[0]["id"] as? String)
        let edited = try Self.post(
            server, "/notes/edit/\(id)", [("token", token), ("text", "changed"), ("labels", "")])
        #expect(edited.status == 303 && edited.headers["location"] == "/notes/John.1?done=saved")
        kept = try Self.exported(notes)
        #expect(
            kept.count == 1 && kept[0]["text"] as? String == "changed"
                && (kept[0]["labels"] as? [String])?.isEmpty == true)

        let deleted = try Self.post(server, "/notes/delete/\(id)", [("token", token)])
        #expect(deleted.status == 303 && deleted.headers["location"] == "/notes/John.1?done=deleted")
        #expect(try Self.exported(notes).isEmpty)
        #expect(try server.request("/notes/edit/\(id)").status == 404)
    }

    @Test("Refused forms write nothing, say why, and keep what was typed")
    func refusals() throws {
        let (server, notes) = try Self.served()
        let token = try Self.token(try server.request("/notes/John.1"))
        let typed = "kept while refused"
        let fields = [("verse", "1"), ("kind", "note"), ("text", typed)]

        // A page from before a restart (another token): the form again, the text in it.
        let stale = try Self.post(server, "/notes/John.1", [("token", "not-the-token")] + fields)
        #expect(stale.status == 400)
        #expect(stale.text.contains("role=\"alert\"") && stale.text.contains(">\(typed)</textarea>"))
        // A verse the chapter lacks, a word past the verse's end, words not in order, a verse that is no number.
        for (verse, words) in [("52", ""), ("1", "99"), ("1", "6-4"), ("x", "")] {
            let reply = try Self.post(
                server, "/notes/John.1", [("token", token), ("verse", verse), ("words", words), ("text", typed)])
            #expect(reply.status == 400, "verse \(verse) words \(words)")
            #expect(reply.text.contains(">\(typed)</textarea>"))
        }
        // Another site's page (Fetch Metadata), a body that is not form data, a body past the bound.
        #expect(
            try Self.post(
                server, "/notes/John.1", [("token", token)] + fields, extra: [("Sec-Fetch-Site", "cross-site")]
            ).status == 403)
        #expect(try Self.post(server, "/notes/John.1", [("token", token)] + fields, type: "text/plain").status == 415)
        let long = String(repeating: "a", count: 300_000)
        #expect(
            try Self.post(server, "/notes/John.1", [("token", token), ("verse", "1"), ("text", long)]).status == 413)
        // A body whose length is not said (chunked), and one shorter than it said: answered, not waited on.
        let chunked = try server.request(
            "/notes/John.1", method: "POST",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Transfer-Encoding", "chunked")],
            body: Array("3\r\nv=1\r\n0\r\n\r\n".utf8))
        #expect(chunked.status == 411)
        let short = try server.request(
            "/notes/John.1", method: "POST",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "100")],
            body: Array("v=1".utf8))
        #expect(short.status == 408)
        // Not a UUID, not a chapter of the store.
        #expect(try server.request("/notes/edit/..%2F..%2Fetc").status == 404)
        #expect(try server.request("/notes/Nowhere.1").status == 404)
        #expect(try server.request("/notes?kind=secret").status == 400)
        let written = FileManager.default.fileExists(atPath: notes.path) ? try Self.exported(notes) : []
        #expect(written.isEmpty, "a refused form wrote \(written)")
    }

    @Test("A note added by `interlinear note` is on the web page, and the chapter page links to its notes")
    func sharedWithTheCommandLine() throws {
        let (server, notes) = try Self.served()
        let added = try run(
            interlinearBinary,
            [
                "note", "add", "John 1:14", "--highlight", "green", "--notes", notes.path, "--corpus",
                try WebFixture.bible().path,
            ])
        try #require(added.status == 0, "\(added.stderr)")
        let list = try server.request("/notes?kind=highlight")
        #expect(list.status == 200)
        #expect(list.text.contains(">1 highlight in John 1</h2>"))
        #expect(list.text.contains("href=\"/read/John.1#John.1.14\">John 1:14</a>, highlight (green)"))
        let chapter = try server.request("/read/John.1")
        #expect(chapter.text.contains("<a href=\"/notes/John.1\">Notes on John 1</a>"))
        #expect(chapter.text.contains("<a href=\"/notes\">Your notes</a>"))
    }
}
