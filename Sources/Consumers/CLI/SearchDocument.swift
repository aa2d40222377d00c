import Foundation
import InterlinearCorpus
import InterlinearStore

/// The `interlinear.search/3` document (Schemas/search-3.schema.json), and its text form.
struct SearchDocument {
    /// A hit as the store found it, with the verse in English Bibles' numbering where the Hebrew text numbers it
    /// differently ("Psalm 102:25" for the Hebrew Psalm 102:26); nil where the two agree.
    struct Hit {
        let found: SearchHit
        let englishReference: String?
    }

    static let schema = "interlinear.search/3"
    let result: SearchResult
    let results: [Hit]
    var query: SearchQuery { result.query }
    var truncated: Bool { result.hits.count < result.total }

    /// `englishVerse` gives the English verse key of a Hebrew verse key where the numberings differ
    /// (`CorpusStore.englishVerse(hebrew:)`).
    init(_ result: SearchResult, englishVerse: (Int) throws -> Int? = { _ in nil }) rethrows {
        self.result = result
        results = try result.hits.map { hit in
            let book = hit.chapter.book
            let english =
                try book.testament == .old
                ? englishVerse(book.number * 1_000_000 + hit.chapter.chapter * 1_000 + hit.verse).map { key in
                    // The BSB numbers a psalm's title verse 0, which English Bibles print unnumbered.
                    let chapter = ChapterReference(book: book, chapter: key / 1_000 % 1_000)
                    return key % 1_000 == 0 ? "the title of \(chapter)" : "\(chapter):\(key % 1_000)"
                } : nil
            return Hit(found: hit, englishReference: english)
        }
    }

    /// The document, pretty-printed with its keys sorted, ending with a line break (`JSONWriter`): each record
    /// names its keys once (below), and `SchemaDriftTests` holds them to `Schemas/search-3.schema.json`.
    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 512 * results.count + 64 * result.counts.count + 512)
        json.object { json in
            json.key("counts")
            json.array { json in
                for count in result.counts {
                    json.object { json in
                        json.key("book"); json.string(count.book.name)
                        json.key("hits"); json.number(count.hits)
                        json.key("osis"); json.string(count.book.osis)
                    }
                }
            }
            json.key("criteria"); json.records(query.criteria)
            json.key("kind"); json.string(query.kind.rawValue)
            json.key("limit"); json.number(query.limit)
            json.key("query"); json.string(query.text)
            json.key("results"); json.records(results)
            json.key("schema"); json.string(Self.schema)
            json.key("scope"); json.string(query.scope.description)
            json.key("total"); json.number(result.total)
            json.key("truncated"); json.bool(truncated)
        }
        return try json.finish()
    }

    /// One line per hit, then the counts per book.
    var text: String { String(decoding: textBytes, as: UTF8.self) }

    /// The text form's UTF-8, what `search` prints. Gathered as bytes into room made once and never made a string:
    /// appending each piece to a `String` cost more than the rest of the printing (the `search` benchmark).
    var textBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(
            results.reduce(256) {
                $0 + $1.found.matched.utf8.count + $1.found.context.utf8.count + ($1.found.gloss?.utf8.count ?? 0)
                    + ($1.found.morphology?.utf8.count ?? 0) + 96
            })
        func add(_ text: String) {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        for hit in results {
            let found = hit.found
            add(found.reference)
            // Worded as `read` and `typeset` word a moved reference.
            if let english = hit.englishReference {
                add(" (")
                add(english)
                add(" in English Bibles)")
            }
            add("  ")
            add(found.matched)
            if let gloss = found.gloss, !gloss.isEmpty {
                add(" ‘")
                add(gloss)
                add("’")
            }
            if let morphology = found.morphology {
                add("  ")
                add(morphology)
            }
            add("  ")
            add(found.context)
            out.append(UInt8(ascii: "\n"))
        }
        let shown = truncated ? " (first \(results.count) listed; --limit N lists more)" : ""
        let total = result.total
        let unit = query.kind.rawValue == "text" ? "verse" : "word"
        add("\(total) \(unit)\(total == 1 ? "" : "s") in \(query.scope.description)\(shown)\n")
        if !result.counts.isEmpty {
            // Appended, not `joined`: that generic call runs unspecialized, and its first use scans the binary's
            // conformance records (the `search` benchmark).
            for (index, count) in result.counts.enumerated() {
                if index > 0 { add(", ") }
                add(count.book.name)
                add(" ")
                add(String(count.hits))
            }
            out.append(UInt8(ascii: "\n"))
        }
        if results.contains(where: { $0.englishReference != nil }) {
            add("Old Testament references are in the Hebrew text's numbering; English Bibles' beside them\n")
        }
        return out
    }
}

extension SearchQuery.Criterion: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("kind"); json.string(kind.rawValue)
            json.key("text"); json.string(text)
        }
    }
}

extension SearchDocument.Hit: JSONRecord {
    func write(into json: inout JSONWriter) {
        let hit = found
        json.object { json in
            json.key("book"); json.string(hit.chapter.book.name)
            json.key("chapter"); json.number(hit.chapter.chapter)
            json.key("context"); json.string(hit.context)
            json.key("englishReference"); json.string(englishReference)
            json.key("gloss"); json.string(hit.gloss)
            json.key("lemma"); json.string(hit.lemma)
            json.key("matched"); json.string(hit.matched)
            json.key("morphology"); json.string(hit.morphology)
            json.key("osisRef"); json.string("\(hit.chapter.osisID).\(hit.verse)")
            json.key("reference"); json.string(hit.reference)
            json.key("strongs"); json.string(hit.strongs)
            json.key("verse"); json.number(hit.verse)
            // 1-based in the document.
            json.key("word"); json.number(hit.word.map { $0 + 1 })
        }
    }
}
