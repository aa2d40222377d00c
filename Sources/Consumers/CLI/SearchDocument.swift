import Foundation
import InterlinearCorpus
import InterlinearStore

/// The `interlinear.search/3` document (Schemas/search-3.schema.json), and its text form.
struct SearchDocument {
    struct Count {
        let book: String
        let osis: String
        let hits: Int
    }

    struct Criterion {
        let kind: String
        let text: String
    }

    struct Hit {
        let reference: String
        let osisRef: String
        let book: String
        let chapter: Int
        let verse: Int
        /// 1-based position of the word in its verse; null for a translation-text hit.
        let word: Int?
        let matched: String
        let lemma: String?
        let strongs: String?
        let morphology: String?
        let gloss: String?
        let context: String
        /// The verse in English Bibles' numbering where the Hebrew text numbers it differently ("Psalm 102:25" for
        /// the Hebrew Psalm 102:26); null where the two agree.
        let englishReference: String?
    }

    static let schema = "interlinear.search/3"
    let query: String
    let kind: String
    let criteria: [Criterion]
    let scope: String
    let limit: Int
    let total: Int
    let truncated: Bool
    let counts: [Count]
    let results: [Hit]

    /// `englishVerse` gives the English verse key of a Hebrew verse key where the numberings differ
    /// (`CorpusStore.englishVerse(hebrew:)`).
    init(_ result: SearchResult, englishVerse: (Int) throws -> Int? = { _ in nil }) rethrows {
        query = result.query.text
        kind = result.query.kind.rawValue
        criteria = result.query.criteria.map { Criterion(kind: $0.kind.rawValue, text: $0.text) }
        scope = result.query.scope.description
        limit = result.query.limit
        total = result.total
        truncated = result.hits.count < result.total
        counts = result.counts.map { Count(book: $0.book.name, osis: $0.book.osis, hits: $0.hits) }
        results = try result.hits.map { hit in
            let book = hit.chapter.book
            let english =
                try book.testament == .old
                ? englishVerse(book.number * 1_000_000 + hit.chapter.chapter * 1_000 + hit.verse).map { key in
                    // The BSB numbers a psalm's title verse 0, which English Bibles print unnumbered.
                    let chapter = ChapterReference(book: book, chapter: key / 1_000 % 1_000)
                    return key % 1_000 == 0 ? "the title of \(chapter)" : "\(chapter):\(key % 1_000)"
                } : nil
            return Hit(
                reference: hit.reference, osisRef: "\(hit.chapter.osisID).\(hit.verse)", book: hit.chapter.book.name,
                chapter: hit.chapter.chapter, verse: hit.verse, word: hit.word.map { $0 + 1 }, matched: hit.matched,
                lemma: hit.lemma, strongs: hit.strongs, morphology: hit.morphology, gloss: hit.gloss,
                context: hit.context, englishReference: english)
        }
    }

    /// The document, pretty-printed with its keys sorted, ending with a line break (`JSONWriter`): each record
    /// names its keys once (below), and `SchemaDriftTests` holds them to `Schemas/search-3.schema.json`.
    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 512 * results.count + 64 * counts.count + 512)
        json.object { json in
            json.key("counts"); json.records(counts)
            json.key("criteria"); json.records(criteria)
            json.key("kind"); json.string(kind)
            json.key("limit"); json.number(limit)
            json.key("query"); json.string(query)
            json.key("results"); json.records(results)
            json.key("schema"); json.string(Self.schema)
            json.key("scope"); json.string(scope)
            json.key("total"); json.number(total)
            json.key("truncated"); json.bool(truncated)
        }
        return try json.finish()
    }

    /// One line per hit, then the counts per book.
    var text: String {
        // Appended piece by piece into room made once: a line built apart and interpolated copied each hit twice.
        var out = ""
        out.reserveCapacity(
            results.reduce(256) { $0 + $1.reference.utf8.count + $1.matched.utf8.count + $1.context.utf8.count + 96 })
        for hit in results {
            out += hit.reference
            // Worded as `read` and `typeset` word a moved reference.
            if let english = hit.englishReference {
                out += " ("
                out += english
                out += " in English Bibles)"
            }
            out += "  "
            out += hit.matched
            if let gloss = hit.gloss, !gloss.isEmpty {
                out += " ‘"
                out += gloss
                out += "’"
            }
            if let morphology = hit.morphology {
                out += "  "
                out += morphology
            }
            out += "  "
            out += hit.context
            out += "\n"
        }
        let shown = truncated ? " (first \(results.count) listed; --limit N lists more)" : ""
        let unit = kind == "text" ? "verse" : "word"
        out += "\(total) \(unit)\(total == 1 ? "" : "s") in \(scope)\(shown)\n"
        if !counts.isEmpty {
            // Appended, not `joined`: that generic call runs unspecialized, and its first use scans the binary's
            // conformance records (the `search` benchmark).
            for (index, count) in counts.enumerated() {
                if index > 0 { out += ", " }
                out += "\(count.book) \(count.hits)"
            }
            out += "\n"
        }
        if results.contains(where: { $0.englishReference != nil }) {
            out += "Old Testament references are in the Hebrew text's numbering; English Bibles' beside them\n"
        }
        return out
    }
}

extension SearchDocument.Count: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("book"); json.string(book)
            json.key("hits"); json.number(hits)
            json.key("osis"); json.string(osis)
        }
    }
}

extension SearchDocument.Criterion: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("kind"); json.string(kind)
            json.key("text"); json.string(text)
        }
    }
}

extension SearchDocument.Hit: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("book"); json.string(book)
            json.key("chapter"); json.number(chapter)
            json.key("context"); json.string(context)
            json.key("englishReference"); json.string(englishReference)
            json.key("gloss"); json.string(gloss)
            json.key("lemma"); json.string(lemma)
            json.key("matched"); json.string(matched)
            json.key("morphology"); json.string(morphology)
            json.key("osisRef"); json.string(osisRef)
            json.key("reference"); json.string(reference)
            json.key("strongs"); json.string(strongs)
            json.key("verse"); json.number(verse)
            json.key("word"); json.number(word)
        }
    }
}
