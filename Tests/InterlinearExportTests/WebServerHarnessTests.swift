import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearSword
import InterlinearTestSupport
import Testing

/// Issue 40's "Done when" against `interlinear serve` itself, on its URL scheme (`/read/John.1`, verse headings
/// `John.1.14`; `/search?q=`; `/word/G3056`): switched on by the server's presence in the build (`WebServer.missing`
/// skips with the reason until then) and by the whole-Bible store (the source data).
@Suite(
    .serialized,
    .enabled(
        if: WebServer.missing == nil && SharedStore.sourceMissing == nil,
        Comment(rawValue: WebServer.missing ?? SharedStore.sourceMissing ?? "")))
struct WebServerHarnessTests {
    /// The store as `interlinear import` leaves it: both testaments and SWORD's Strong's dictionaries, which a
    /// word's define disclosure reads (the shared whole-Bible store is built without them).
    static let store: Result<URL, any Error> = Result {
        let folder = try ExportFixture.temporaryDirectory()
        let url = folder.appendingPathComponent("interlinear.sqlite")
        try SharedStore.copyStore(try SharedStore.wholeBible.get(), to: url)
        let library = try SwordLibrary()
        let entries = try [StrongsLexicon.greek, StrongsLexicon.hebrew].flatMap {
            try StrongsLexicon.entries($0, in: library)
        }
        try StoreLexicon.write(entries, source: "SWORD StrongsGreek, StrongsHebrew (test)", to: url)
        return url
    }
    static let server: Result<WebServer, any Error> = Result { try WebServer(corpus: try store.get()) }

    @Test("axe-core 4.12: 0 violations on chapters, searches, word pages, notes pages, error pages, disclosures open")
    func axe() throws {
        let base = try Self.server.get().base
        let paths =
            [
                "read/John.1", "read/Gen.1", "read/Ps.119",  // Greek, Hebrew, the longest chapter
                "read/John.1?order=english", "read/Mal.3?order=english",  // English order, and where there is none
                "search?q=logos", "search?q=G3056",  // a transliteration, a Strong's number
                "word/G3056", "word/G3056?ref=John.1.1.5", "word/H7225?ref=Gen.1.1.1",  // a word's place, Hebrew parts
                "read/Nowhere.1", "nowhere", "go?ref=nowhere", "",  // 404s, a 400, the home page
            ] + (try Self.notesPages())
        let pages = try WebHarness.axe(paths.map { base + $0 }, openDetails: true)
        #expect(pages.count == paths.count * 4)
        for page in pages {
            #expect(page.axe.hasPrefix("4.12.") && page.passes > 0)
            #expect(
                page.violations.isEmpty,
                "\(page.url) \(page.scheme) script \(page.javascript): \(page.violations.map { "\($0.id) ×\($0.count) \($0.nodes)" })"
            )
        }
    }

    /// The notes pages (issue 44) with a note of each kind in them, kept where the server finds them (beside the
    /// store), made by `interlinear note` as a reader makes them.
    static func notesPages() throws -> [String] {
        let store = try Self.store.get()
        let notes = store.deletingLastPathComponent().appendingPathComponent("notes.sqlite")
        try? FileManager.default.removeItem(at: notes)
        for given in [
            ["John 1:1", "the Word: logos", "--word", "4", "--label", "study"], ["John 1:14", "--highlight", "yellow"],
            ["Gen 1:1", "--bookmark", "--word", "1-2"],
        ] {
            let added = try run(
                interlinearBinary, ["note", "add"] + given + ["--notes", notes.path, "--corpus", store.path])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let listed = try run(interlinearBinary, ["note", "list", "--json", "--notes", notes.path])
        let document = try JSONSerialization.jsonObject(with: listed.stdout) as? [String: Any]
        let id = try #require((document?["notes"] as? [[String: Any]])?.first?["id"] as? String)
        return ["notes", "notes/John.1", "notes/Gen.1", "notes?kind=highlight", "notes/edit/\(id)"]
    }

    @Test("Orca: h by verse; ↓ from John 1:51 to John 2:1; define by Tab; logos's count; a search hit followed")
    func orca() throws {
        let base = try Self.server.get().base
        let store = try Self.store.get()
        let count = try run(interlinearBinary, ["search", "logos", "--json", "--limit", "0", "--corpus", store.path])
        let total = try #require(
            (try JSONSerialization.jsonObject(with: count.stdout) as? [String: Any])?["total"] as? Int)
        // The first verse with G3056 and its first word, read from the store by Python's sqlite3: the search page's
        // first hit, followed in the same tab, starts Orca at that verse.
        let facts = try run(
            Validators.python,
            [
                packageRoot.appendingPathComponent("Tests/InterlinearWebTests/Harness/store_facts.py").path, "first",
                store.path, "G3056",
            ])
        let first = try #require(try JSONSerialization.jsonObject(with: facts.stdout) as? [String: Any])
        let key = try #require(first["verse"] as? Int), firstWord = try #require(first["word"] as? String)
        let hit = "\(try #require(Book.numbered(key / 1_000_000)).name) \(key / 1000 % 1000):\(key % 1000)"
        // John 1:51 has 22 words, each heard in about four lines, then John 2's heading and key: 150 presses.
        let down = Array(repeating: "Down", count: 150).joined(separator: ",")
        let run = try WebHarness.orca([
            "--presses", "4", "--keys", base + "read/John.1#John.1.51", down,
            "--headings", base + "read/John.1", "--headings", base + "read/Gen.1",
            "--tab-until", base + "read/John.1", "define", "Return,Down,Down,Down",
            "--keys", base + "search?q=logos", "h",
            "--tab-until", base + "search?q=G3056", hit, "Return@loaded,Down",
        ])
        #expect(run.failures.isEmpty, "\(run.log)")
        // The first h reaches the chapter's heading, each next one the next verse, said by its number.
        for (page, chapter) in [("read/John.1", "John 1"), ("read/Gen.1", "Genesis 1")] {
            let heard = run.presses.filter { $0.url == base + page && $0.label == "headings" }
            #expect(heard.count == 4)
            for (index, press) in heard.enumerated() {
                let expected = index == 0 ? "\(chapter) heading level 1" : "\(index) heading level 2"
                #expect(press.said.contains { $0.hasPrefix(expected) }, "\(page): \(press.said)")
            }
        }
        // ↓ from the last verse of John 1 goes on into John 2 on the same page: its heading, then its verse 1, which
        // reading line by line Orca says by the heading's accessible name (chapter and verse, numbers in words).
        let onward = run.presses.filter { $0.url.hasSuffix("#John.1.51") }.flatMap(\.said)
        // Chromium focuses John 1:51's heading (`dom_bound.py --stays` checks it) and Orca starts there. This is the
        // first page Orca reads: after a browser it followed has gone, Orca 43.1 fails on the new page's focus event
        // (its locus is a dead object) and begins at the banner, which docs/web.md tells readers.
        let chapter = try #require(onward.firstIndex { $0.hasPrefix("John 2") }, "\(onward)")
        #expect(onward[chapter...].contains { $0.hasPrefix("John two, verse one heading level 2") }, "\(onward)")
        // The define disclosure reads the Strong's entry of its word (the entry's number said with it).
        let define = run.presses.filter { $0.label == "tab-until" && $0.url == base + "read/John.1" }.flatMap(\.said)
        #expect(define.contains { $0.contains("Strong's G") }, "\(define)")
        // A search hit followed in the same tab: once the page has loaded, ↓ reads the verse's first word. (Orca
        // starts at the verse, as on a first page; only after a browser it followed has gone does it start at the top.)
        let followed = run.presses.filter { $0.url.hasSuffix("search?q=G3056") && $0.key == "Down" }.flatMap(\.said)
        #expect(followed.first?.hasPrefix(firstWord) == true, "\(hit) \(firstWord): \(followed)")
        // The search page says its count first.
        let search = run.presses.filter { $0.url.hasSuffix("search?q=logos") }.flatMap(\.said) + run.utterances
        #expect(search.contains { $0.contains(total.formatted()) || $0.contains(String(total)) }, "\(total)")
        let english = run.utterances.filter { !containsGreek($0) && !containsHebrew($0) && !$0.isEmpty }
        let voice = try EnglishVoice()
        let spelled = zip(english, try voice.phonemes(english)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)")
    }

    /// Orca 43 in Chromium reads John 1:1 of the web reader in English order (`?order=english`, issue 43): from the
    /// verse's heading, ↓ by ↓, the BSB's words in the order the committed chapter file's verse line gives them,
    /// each followed by what it translates as the accessibility layer words it ("translation of" the Greek word
    /// respelled, "no Greek word", "ditto, …"), never the Greek script, nothing an English voice spells.
    @Test("Orca: John 1:1 in English order, each English word then what it translates")
    func orcaReadsEnglishOrder() throws {
        let base = try Self.server.get().base
        let file = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv"), encoding: .utf8)
        let verseLine = try #require(file.split(separator: "\n").first { $0.hasPrefix("v\t1\t") })
        let english = verseLine.split(separator: "\t")[2].split(separator: " ").map(String.init)
        #expect(english.count == 17)
        let down = Array(repeating: "Down", count: 60).joined(separator: ",")
        let run = try WebHarness.orca(["--keys", base + "read/John.1?order=english#John.1.1", down])
        #expect(run.failures.isEmpty, "\(run.log)")
        let said = run.presses.flatMap(\.said)
        // Orca begins at the focused heading, said as the page loads (before the first press) or after it.
        let start = said.firstIndex { $0.hasPrefix("John one, verse one") }.map { $0 + 1 } ?? 0
        let end = said[start...].firstIndex { $0.hasPrefix("John one, verse two") } ?? said.endIndex
        let heard = said[start..<end].joined(separator: " ")
        // Each English word in turn, and after it, before the next, what it translates.
        var rest = Substring(heard)
        for word in english {
            let found = try #require(rest.range(of: word), "\(word) after the words before it: \(heard)")
            rest = rest[found.upperBound...]
            // Orca ends a line with a period where the text has none.
            let next = rest.drop { $0 == " " || $0 == "," || $0 == "." }
            #expect(
                ["translation of ", "no Greek word", "ditto, "].contains { next.hasPrefix($0) },
                "\(word): \(next.prefix(60))")
        }
        #expect(!containsGreek(heard), "\(heard)")
        // Each word's define disclosure is named by the English word alone.
        #expect(heard.contains("define Word toggle button"), "\(heard)")
        let voice = try EnglishVoice()
        let lines = said[start..<end].filter { !$0.isEmpty }
        let spelled = zip(lines, try voice.phonemes(Array(lines))).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)")
    }

    @Test(
        "reading on from Genesis 1 to 10 keeps the DOM within three chapters' nodes; the URL follows; John 1:51 stays")
    func domBound() throws {
        let base = try Self.server.get().base
        // Each chapter's nodes, counted in its section alone (`?fragment=1`, each loaded by itself): the bound comes
        // from the chapters, not from the continuous page tested.
        let folder = try ExportFixture.temporaryDirectory()
        let script = WebHarness.folder.appendingPathComponent("dom_bound.py").path
        let sections = (1...11).map { base + "read/Gen.\($0)?fragment=1" }
        let counted = try run(Validators.python, [script, "--count"] + sections)
        try #require(counted.status == 0, "\(counted.stderr)")
        let nodes = folder.appendingPathComponent("nodes.json")
        try counted.stdout.write(to: nodes)
        let result = try run(
            Validators.python,
            [script, base, "--book", "Gen", "--from", "1", "--to", "10", "--chapter-nodes", nodes.path])
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(result.status == 0, "\(report["bound"] ?? "") \(report["maxNodes"] ?? "") \(result.stderr)")
        #expect(report["reached"] as? Bool == true)
        // Opened at the last verse of a chapter, the page stays there, the verse focused (it once ran on by itself).
        let stay = try run(Validators.python, [script, base, "--stays", "John.1.51"])
        #expect(stay.status == 0, "\(stay.stdoutText) \(stay.stderr)")
    }

    /// The web reader's chapter page, like the exported one (`HTMLExportTests`): a selected verse copies none of
    /// the words' spoken forms, nor the define disclosures' spoken labels.
    @Test func aSelectedVerseCopiesNoSpokenText() throws {
        let base = try Self.server.get().base
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/copy_check.py")
        let result = try run(Validators.python, [script.path, base + "read/John.1", "--verses", "2"])
        try #require(result.status == 0, "copy_check.py: \(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let verses = try #require(report["verses"] as? [[String: Any]])
        #expect(verses.count == 2)
        for verse in verses {
            let copied = try #require(verse["copied"] as? String)
            let spoken = try #require(verse["spoken"] as? [String]).map { $0.trimmingCharacters(in: .whitespaces) }
            // The words' spoken forms ("En, In the, preposition, Strong's G1722"); a define label's spoken word is
            // its transliteration, which is printed too.
            let forms = spoken.filter { $0.contains(", ") }
            #expect(!forms.isEmpty)
            let leaked = forms.filter { copied.contains($0) }
            #expect(leaked.isEmpty, "\(verse["id"] ?? "?") copied spoken text: \(leaked)")
        }
    }
}
