import Foundation
import InterlinearCorpus
import InterlinearStore

/// The `interlinear.search/3` document (Schemas/search-3.schema.json), and its text form.
struct SearchDocument: Encodable {
    struct Count: Encodable {
        let book: String
        let osis: String
        let hits: Int
    }

    struct Criterion: Encodable {
        let kind: String
        let text: String
    }

    struct Hit: Encodable {
        let reference: String
        let osisRef: String
        let book: String
        let chapter: Int
        let verse: Int
        /// 1-based position of the word in its verse; null for a translation-text hit.
        @EncodedNull var word: Int?
        let matched: String
        @EncodedNull var lemma: String?
        @EncodedNull var strongs: String?
        @EncodedNull var morphology: String?
        @EncodedNull var gloss: String?
        let context: String
        /// The verse in English Bibles' numbering where the Hebrew text numbers it differently ("Psalm 102:25" for
        /// the Hebrew Psalm 102:26); null where the two agree.
        @EncodedNull var englishReference: String?
    }

    var schema = "interlinear.search/3"
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

    /// The document, pretty-printed, ending with a line break: what `JSONEncoder` with `.prettyPrinted`,
    /// `.sortedKeys` and `.withoutEscapingSlashes` makes of this value (`JSONWriterTests` compares the two).
    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 512 * results.count + 64 * counts.count + 512)
        json.beginObject()
        json.key("counts")
        json.beginArray()
        for count in counts {
            json.beginObject()
            json.key("book"); json.string(count.book)
            json.key("hits"); json.number(count.hits)
            json.key("osis"); json.string(count.osis)
            json.endObject()
        }
        json.endArray()
        json.key("criteria")
        json.beginArray()
        for criterion in criteria {
            json.beginObject()
            json.key("kind"); json.string(criterion.kind)
            json.key("text"); json.string(criterion.text)
            json.endObject()
        }
        json.endArray()
        json.key("kind"); json.string(kind)
        json.key("limit"); json.number(limit)
        json.key("query"); json.string(query)
        json.key("results")
        json.beginArray()
        for hit in results {
            json.beginObject()
            json.key("book"); json.string(hit.book)
            json.key("chapter"); json.number(hit.chapter)
            json.key("context"); json.string(hit.context)
            json.key("englishReference"); json.string(hit.englishReference)
            json.key("gloss"); json.string(hit.gloss)
            json.key("lemma"); json.string(hit.lemma)
            json.key("matched"); json.string(hit.matched)
            json.key("morphology"); json.string(hit.morphology)
            json.key("osisRef"); json.string(hit.osisRef)
            json.key("reference"); json.string(hit.reference)
            json.key("strongs"); json.string(hit.strongs)
            json.key("verse"); json.number(hit.verse)
            json.key("word"); json.number(hit.word)
            json.endObject()
        }
        json.endArray()
        json.key("schema"); json.string(schema)
        json.key("scope"); json.string(scope)
        json.key("total"); json.number(total)
        json.key("truncated"); json.bool(truncated)
        json.endObject()
        return try json.finish()
    }

    /// One line per hit, then the counts per book.
    var text: String {
        var out = ""
        for hit in results {
            var line = hit.reference
            // Worded as `read` and `typeset` word a moved reference.
            if let english = hit.englishReference { line += " (\(english) in English Bibles)" }
            line += "  \(hit.matched)"
            if let gloss = hit.gloss, !gloss.isEmpty { line += " ‘\(gloss)’" }
            if let morphology = hit.morphology { line += "  \(morphology)" }
            out += line + "  \(hit.context)\n"
        }
        let shown = truncated ? " (first \(results.count) listed; --limit N lists more)" : ""
        let unit = kind == "text" ? "verse" : "word"
        out += "\(total) \(unit)\(total == 1 ? "" : "s") in \(scope)\(shown)\n"
        if !counts.isEmpty { out += counts.map { "\($0.book) \($0.hits)" }.joined(separator: ", ") + "\n" }
        if results.contains(where: { $0.englishReference != nil }) {
            out += "Old Testament references are in the Hebrew text's numbering; English Bibles' beside them\n"
        }
        return out
    }
}
