import InterlinearCorpus

/// One word (or, for text searches, one verse) a search found.
public struct SearchHit: Sendable, Equatable {
    public let chapter: ChapterReference
    public let verse: Int
    /// The word's position in its verse (0-based); nil for a translation-text hit, which is a verse.
    public let word: Int?
    /// The Greek form found, or the translation word that matched.
    public let matched: String
    public let lemma: String?
    public let strongs: String?
    public let morphology: String?
    public let gloss: String?
    /// A few words either side, the match in [brackets].
    public var context: String

    /// "John 1:14".
    public var reference: String { "\(chapter):\(verse)" }
}

/// What a search found: the complete count, per book, and the first `limit` hits in canonical order.
public struct SearchResult: Sendable {
    public let query: SearchQuery
    public let total: Int
    /// Hits per book, in canonical order, books without hits left out.
    public let counts: [(book: Book, hits: Int)]
    public let hits: [SearchHit]
}

/// Searches the store's indexes: lemma and form keys (folded: accents, breathings and case ignored), Strong's
/// numbers, morphology codes, and the translation's full-text index.
public final class StoreSearch {
    let store: CorpusStore
    private var database: Database { store.database }

    public init(store: CorpusStore) { self.store = store }

    /// Runs a query. `context` off skips the context strings (for callers that only need the places).
    public func run(_ query: SearchQuery, context: Bool = true) throws -> SearchResult {
        guard query.limit >= 0 else { return SearchResult(query: query, total: 0, counts: [], hits: []) }
        guard let condition = try condition(for: query) else {
            return SearchResult(query: query, total: 0, counts: [], hits: [])
        }
        let keys = query.scope.keys
        let text = query.kind == .text
        let table = text ? "verse_text" : "word"
        let key = text ? "rowid" : "verse"
        let scoped = "\(condition.sql) AND \(key) BETWEEN \(keys.lowerBound) AND \(keys.upperBound)"

        let countStatement = try database.prepare("SELECT \(key) / 1000000, count(*) FROM \(table) WHERE \(scoped) GROUP BY 1 ORDER BY 1")
        try countStatement.bind(condition.values)
        var counts: [(book: Book, hits: Int)] = []
        var total = 0
        while try countStatement.step() {
            total += countStatement.int(1)
            if let book = Book.numbered(countStatement.int(0)) { counts.append((book, countStatement.int(1))) }
        }

        var hits: [SearchHit] = []
        let limit = min(query.limit, total)
        if limit > 0 {
            let sql = text
                ? "SELECT rowid, snippet(verse_text, 0, '[', ']', '…', 12) FROM verse_text WHERE \(scoped) ORDER BY rowid LIMIT \(limit)"
                : "SELECT verse, position, surface, lemma, strongs, morphology, gloss FROM word WHERE \(scoped) ORDER BY verse, position LIMIT \(limit)"
            let statement = try database.prepare(sql)
            try statement.bind(condition.values)
            hits.reserveCapacity(limit)
            while try statement.step() {
                let verseKey = statement.int(0)
                guard let book = Book.numbered(verseKey / 1_000_000) else { continue }
                let chapter = ChapterReference(book: book, chapter: verseKey / 1000 % 1000)
                // Search results are printed: their fields are checked as the loader checks a chapter's.
                func what() -> String { "\(text ? "the translation" : "a word") of \(chapter):\(verseKey % 1000)" }
                for column: Int32 in (text ? 1...1 : 2...6) {
                    try StoredChapterCheck.field(statement.bytes(column), path: store.url.path, what: what())
                }
                if text {
                    let snippet = statement.text(1)
                    hits.append(SearchHit(chapter: chapter, verse: verseKey % 1000, word: nil, matched: Self.bracketed(snippet),
                                          lemma: nil, strongs: nil, morphology: nil, gloss: nil, context: snippet))
                } else {
                    guard (0..<CorpusLimits.maxWordsPerVerse).contains(statement.int(1)) else {
                        throw StoreError.badRow(path: store.url.path, what: "\(what()) has position \(statement.int(1))")
                    }
                    hits.append(SearchHit(chapter: chapter, verse: verseKey % 1000, word: statement.int(1),
                                          matched: statement.text(2), lemma: statement.text(3), strongs: statement.text(4),
                                          morphology: statement.text(5), gloss: statement.text(6), context: ""))
                }
            }
            if context && !text { try addContext(&hits) }
        }
        return SearchResult(query: query, total: total, counts: counts, hits: hits)
    }

    /// A WHERE clause and its values; nil when the query can match nothing (an empty morphology description).
    private func condition(for query: SearchQuery) throws -> (sql: String, values: [any StatementValue])? {
        let text = query.text
        guard !text.isEmpty else { return nil }
        switch query.kind {
        case .lemma:
            return ("lemma_key = ?1", [Folding.key(text)])
        case .word:
            return ("(lemma_key = ?1 OR surface_key = ?1)", [Folding.key(text)])
        case .strongs:
            guard let number = Folding.strongsNumber(text) else { throw SearchError.badQuery("'\(text)' is not a Strong's number such as G3056") }
            if let last = text.last, last.isLetter, last.isLowercase, text.count > 1 {
                return ("strongs_number = ?1 AND lower(strongs) GLOB ?2", [number, "g*\(last)"])
            }
            return ("strongs_number = ?1", [number])
        case .morph:
            let codes = try morphologyCodes(text)
            guard !codes.isEmpty else { return nil }
            let marks = codes.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            return ("morphology IN (\(marks))", codes)
        case .text:
            // Control characters separate terms too: FTS5 reads its query as a C string, so a NUL would cut it.
            let terms = text.split(whereSeparator: { $0.isWhitespace || TextCheck.firstControl(String($0)) != nil }).map { term -> String in
                let prefix = term.hasSuffix("*")
                let word = (prefix ? term.dropLast() : term).replacingQuotes()
                return "\"\(word)\"" + (prefix ? "*" : "")
            }.filter { $0 != "\"\"" && $0 != "\"\"*" }
            guard !terms.isEmpty else { return nil }
            return ("verse_text MATCH ?1", [terms.joined(separator: " ")])
        }
    }

    /// The codes a morphology query names: itself, the codes a glob matches, or those whose words it lists.
    func morphologyCodes(_ text: String) throws -> [String] {
        if MorphologyMatch.isCode(text) {
            guard text.contains("*") || text.contains("?") else { return [text] }
            let statement = try database.prepare("SELECT code FROM morphology WHERE code GLOB ?1 ORDER BY code")
            try statement.bind([text])
            var codes: [String] = []
            while try statement.step() { codes.append(statement.text(0)) }
            return codes
        }
        let query = MorphologyMatch.words(text)
        guard !query.isEmpty else { return [] }
        guard query.allSatisfy(MorphologyMatch.vocabulary.contains) else {
            let unknown = query.filter { !MorphologyMatch.vocabulary.contains($0) }.sorted().joined(separator: ", ")
            throw SearchError.badQuery("morphology words not understood: \(unknown) (try a code such as V-AAI-3S, or words such as \"aorist active indicative\")")
        }
        let statement = try database.prepare("SELECT code, words FROM morphology ORDER BY code")
        var codes: [String] = []
        while try statement.step() {
            if MorphologyMatch.matches(expansion: statement.text(1), query: query) { codes.append(statement.text(0)) }
        }
        return codes
    }

    /// Four Greek words either side of each word hit, the hit in brackets; one query per distinct verse.
    private func addContext(_ hits: inout [SearchHit]) throws {
        let statement = try database.prepare("SELECT surface FROM word WHERE verse = ?1 ORDER BY position")
        var cachedKey = -1
        var words: [String] = []
        for index in hits.indices {
            let hit = hits[index]
            let key = hit.chapter.book.number * 1_000_000 + hit.chapter.chapter * 1000 + hit.verse
            if key != cachedKey {
                statement.reset()
                try statement.bind([key])
                words.removeAll(keepingCapacity: true)
                while try statement.step() {
                    try StoredChapterCheck.field(statement.bytes(0), path: store.url.path, what: "a word of \(hit.reference)")
                    words.append(statement.text(0))
                }
                cachedKey = key
            }
            guard let position = hit.word, words.indices.contains(position) else { continue }
            let lower = max(position - 4, 0), upper = min(position + 5, words.count)
            var parts = words[lower..<upper].enumerated().map { $0.offset + lower == position ? "[\($0.element)]" : $0.element }
            if lower > 0 { parts.insert("…", at: 0) }
            if upper < words.count { parts.append("…") }
            hits[index].context = parts.joined(separator: " ")
        }
    }

    /// The first [bracketed] word of a snippet.
    static func bracketed(_ snippet: String) -> String {
        guard let open = snippet.firstIndex(of: "["), let close = snippet[open...].firstIndex(of: "]") else { return "" }
        return String(snippet[snippet.index(after: open)..<close])
    }
}

/// A query the search cannot run, said in one line.
public enum SearchError: Error, CustomStringConvertible, Equatable {
    case badQuery(String)

    public var description: String {
        switch self {
        case .badQuery(let message): message
        }
    }
}

extension StringProtocol {
    /// Doubles the double quotes, as an FTS5 string needs. Scalar by scalar: a quote followed by a combining mark is
    /// one `Character` that is not `"`, but FTS5 still reads its quote.
    fileprivate func replacingQuotes() -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            scalars.append(scalar)
            if scalar == "\"" { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
