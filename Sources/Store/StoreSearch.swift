import InterlinearCorpus

/// One word (or, for text searches, one verse) a search found.
package struct SearchHit: Sendable, Equatable {
    package let chapter: ChapterReference
    package let verse: Int
    /// The word's position in its verse (0-based); nil for a translation-text hit, which is a verse.
    package let word: Int?
    /// The Greek form found, or the translation word that matched.
    package let matched: String
    package let lemma: String?
    package let strongs: String?
    package let morphology: String?
    package let gloss: String?
    /// A few words either side, the match in [brackets].
    package var context: String

    /// "John 1:14".
    package var reference: String { "\(chapter):\(verse)" }
}

/// What a search found: the complete count, per book, and the first `limit` hits in canonical order.
package struct SearchResult: Sendable {
    package let query: SearchQuery
    package let total: Int
    /// Hits per book, in canonical order, books without hits left out.
    package let counts: [(book: Book, hits: Int)]
    package let hits: [SearchHit]
}

/// Searches the store's indexes: lemma and form keys (folded: accents, breathings and case ignored), Strong's
/// numbers, morphology codes, and the translation's full-text index.
package final class StoreSearch {
    let store: CorpusStore
    private var database: Database { get throws { try store.database } }

    package init(store: CorpusStore) { self.store = store }

    /// The first verse key of the New Testament (Matthew 1:0): Greek words are at or after it.
    static let newTestamentKey = 40_000_000

    /// Runs a query. `context` off skips the context strings (for callers that only need the places). A query that
    /// is one Latin word the translation does not have ("logos", "elohim") is searched as a transliteration, and the
    /// result's query says so (its kind `translit`); an English word ("love") stays English.
    package func run(_ query: SearchQuery, context: Bool = true) throws -> SearchResult {
        let result = try runAsGiven(query, context: context)
        guard result.total == 0, query.criteria.count == 1, query.criteria[0].kind == .text,
            SpellingKey.isLatinWord(query.text)
        else { return result }
        let spelled = try runAsGiven(
            SearchQuery(text: query.text, kind: .translit, scope: query.scope, limit: query.limit), context: context)
        return spelled.total > 0 ? spelled : result
    }

    private func runAsGiven(_ query: SearchQuery, context: Bool) throws -> SearchResult {
        guard query.criteria.count <= SearchQuery.maxCriteria else {
            throw SearchError.badQuery(
                "the query has \(query.criteria.count) criteria; at most \(SearchQuery.maxCriteria) can be combined (search with fewer)"
            )
        }
        let empty = SearchResult(query: query, total: 0, counts: [], hits: [])
        guard query.limit >= 0 else { return empty }
        var sql = SQLCondition()
        // Word criteria on one word, text criteria on its verse; only text criteria: the verses themselves.
        let text = query.criteria.allSatisfy { $0.kind == .text }
        for criterion in query.criteria {
            guard try add(criterion, scope: query.scope, verses: text, to: &sql) else { return empty }
        }
        let keys = query.scope.keys
        let table = text ? "verse_text" : "word"
        let key = text ? "rowid" : "verse"
        // Appended, not `joined`: that generic call runs unspecialized here, and its first use instantiated its
        // metadata, a scan of the binary's conformance records (the `search` benchmark).
        var scoped = ""
        for (index, clause) in sql.clauses.enumerated() {
            if index > 0 { scoped.append(" AND ") }
            scoped.append(clause)
        }
        scoped.append(" AND \(key) BETWEEN \(keys.lowerBound) AND \(keys.upperBound)")

        let countStatement = try prepareQuery(
            "SELECT \(key) / 1000000, count(*) FROM \(table) WHERE \(scoped) GROUP BY 1 ORDER BY 1", query)
        try countStatement.bind(sql.values)
        var counts: [(book: Book, hits: Int)] = []
        var total = 0
        while try stepQuery(countStatement, query) {
            total += countStatement.int(1)
            if let book = Book.numbered(countStatement.int(0)) { counts.append((book, countStatement.int(1))) }
        }

        var hits: [SearchHit] = []
        let limit = min(query.limit, total)
        if limit > 0 {
            let select =
                text
                // FTS5's snippet() scores every window against every match, so its work grows with the square of a
                // verse's matches (a 16,000-token verse of one word: a second; 65,536: minutes). Longer verses get
                // highlight(), which is linear, cut to a window here (`window`): real verses are far below the bound.
                ? """
                SELECT rowid, CASE WHEN length(translation) <= \(Self.snippetCharacters)
                              THEN snippet(verse_text, 0, '[', ']', '…', \(Self.snippetTokens))
                              ELSE highlight(verse_text, 0, '[', ']') END,
                       length(translation) > \(Self.snippetCharacters)
                FROM verse_text WHERE \(scoped) ORDER BY rowid LIMIT \(limit)
                """
                : "SELECT verse, position, surface, lemma, strongs, morphology, gloss, surface_key, lemma_key, strongs_number FROM word WHERE \(scoped) ORDER BY verse, position LIMIT \(limit)"
            let statement = try prepareQuery(select, query)
            try statement.bind(sql.values)
            hits.reserveCapacity(limit)
            var wordRows: [WordRow] = []
            while try stepQuery(statement, query) {
                let verseKey = statement.int(0)
                guard let book = Book.numbered(verseKey / 1_000_000) else { continue }
                let chapter = ChapterReference(book: book, chapter: verseKey / 1000 % 1000)
                // Search results are printed: their fields are checked as the loader checks a chapter's.
                func what() -> String { "\(text ? "the translation" : "a word") of \(chapter):\(verseKey % 1000)" }
                for column: Int32 in (text ? 1...1 : 2...6) {
                    try StoredChapterCheck.field(statement.bytes(column), path: store.path, what: what())
                }
                if text {
                    let snippet =
                        statement.int(2) != 0 ? Self.window(highlighted: statement.text(1)) : statement.text(1)
                    hits.append(
                        SearchHit(
                            chapter: chapter, verse: verseKey % 1000, word: nil, matched: Self.bracketed(snippet),
                            lemma: nil, strongs: nil, morphology: nil, gloss: nil, context: snippet))
                } else {
                    guard (0..<CorpusLimits.maxWordsPerVerse).contains(statement.int(1)) else {
                        throw StoreError.badRow(
                            path: store.path, what: "\(what()) has position \(statement.int(1))")
                    }
                    wordRows.append(
                        WordRow(
                            verseKey: verseKey, position: statement.int(1), surface: statement.text(2),
                            lemma: statement.text(3), strongs: statement.text(4), morphology: statement.text(5),
                            gloss: statement.text(6), surfaceKey: statement.text(7), lemmaKey: statement.text(8),
                            strongsNumber: statement.int(9)))
                }
            }
            // What is printed is checked against the checked chapters (`StoreSearch+Check`).
            let matches = try query.criteria.filter { $0.kind == .text }.compactMap { try TextQuery.fts5($0.text) }
            if text {
                try checkTextHits(
                    hits.map { $0.chapter.book.number * 1_000_000 + $0.chapter.chapter * 1000 + $0.verse },
                    textMatches: matches)
            } else {
                hits = try checkedWordHits(wordRows, textMatches: matches, context: context)
            }
        }
        return SearchResult(query: query, total: total, counts: counts, hits: hits)
    }

    /// A WHERE clause being built: its conditions (ANDed) and the values of their numbered parameters.
    private struct SQLCondition {
        var clauses: [String] = []
        var values: [any StatementValue] = []

        /// The next parameter, bound to `value`: "?3".
        mutating func parameter(_ value: any StatementValue) -> String {
            values.append(value)
            return "?\(values.count)"
        }
    }

    /// Adds one criterion's condition; false when it can match nothing (an empty morphology description, a text
    /// criterion with no words). `verses`: the query's hits are verses (`verse_text` rows), not words.
    private func add(
        _ criterion: SearchQuery.Criterion, scope: SearchScope, verses: Bool,
        to sql: inout SQLCondition
    ) throws -> Bool {
        let text = criterion.text
        guard !text.isEmpty else { return false }
        // A Hebrew word's parts are `morpheme` rows: conditions on them select the word's (verse, position).
        func morphemes(_ condition: String) -> String {
            "(verse, position) IN (SELECT verse, position FROM morpheme WHERE \(condition))"
        }
        switch criterion.kind {
        case .lemma where SearchQuery.isHebrew(text):
            // The WLC data has no lemmas: a Hebrew lemma is found through the Strong's numbers of the morphemes
            // spelled as it is (points and cantillation ignored), then every morpheme with one of those numbers.
            let key = sql.parameter(Folding.key(text))
            sql.clauses.append(
                morphemes(
                    "strongs_number IN (SELECT strongs_number FROM morpheme WHERE surface_key = \(key) AND strongs_number > 0)"
                ))
        case .lemma:
            sql.clauses.append("lemma_key = \(sql.parameter(Folding.key(text)))")
        case .word where SearchQuery.isHebrew(text):
            let key = sql.parameter(Folding.key(text))
            sql.clauses.append("(surface_key = \(key) OR \(morphemes("surface_key = \(key)")))")
        case .word:
            let key = sql.parameter(Folding.key(text))
            sql.clauses.append("(lemma_key = \(key) OR surface_key = \(key))")
        case .strongs:
            let hebrew =
                text.first.map { $0 == "H" || $0 == "h" } ?? false
                || (scope.isOldTestament && !(text.first.map { $0 == "G" || $0 == "g" } ?? false))
            guard let number = Folding.strongsNumber(text, prefix: hebrew ? "H" : "G") else {
                throw SearchError.badQuery("\(EscapedText.quoted(text)) is not a Strong's number such as G3056 or H430")
            }
            let suffix = text.last.flatMap { $0.isLetter && $0.isLowercase && text.count > 1 ? $0 : nil }
            let value = sql.parameter(number)
            if hebrew {
                let letter = suffix.map { " AND strongs = \(sql.parameter("H\(number)\($0)"))" } ?? ""
                sql.clauses.append(morphemes("strongs_number = \(value)\(letter)"))
            } else {
                let letter = suffix.map { " AND lower(strongs) GLOB \(sql.parameter("g*\($0)"))" } ?? ""
                sql.clauses.append("strongs_number = \(value)\(letter)")
            }
        case .morph:
            let codes = try morphologyCodes(text)
            guard !codes.isEmpty else { return false }
            sql.clauses.append("morphology IN (\(codes.map { sql.parameter($0) }.joined(separator: ", ")))")
        case .text:
            guard let match = try TextQuery.fts5(text) else { return false }
            let value = sql.parameter(match)
            sql.clauses.append(
                verses
                    ? "verse_text MATCH \(value)"
                    : "verse IN (SELECT rowid FROM verse_text WHERE verse_text MATCH \(value))")
        case .translit:
            // Greek words by lemma, Hebrew words by the Strong's numbers of their morphemes (`SpellingIndex`).
            try store.verifyOnce(.spelling)
            let key = SpellingKey.key(text)
            guard !key.isEmpty else { return false }
            let value = sql.parameter(key)
            let greek =
                "verse >= \(Self.newTestamentKey) AND lemma_key IN (SELECT lemma_key FROM spelling WHERE key = \(value) AND lemma_key <> '')"
            let hebrew = morphemes(
                "strongs_number IN (SELECT strongs_number FROM spelling WHERE key = \(value) AND strongs_number > 0)")
            sql.clauses.append("((\(greek)) OR (verse < \(Self.newTestamentKey) AND \(hebrew)))")
        case .combined:
            throw SearchError.badQuery("a criterion cannot be 'combined'")
        }
        return true
    }

    /// Prepares a search statement; a text query FTS5 cannot parse is the user's query, said in one line.
    private func prepareQuery(_ sql: String, _ query: SearchQuery) throws -> Statement {
        do { return try database.prepare(sql) } catch let error as StoreError {
            throw TextQuery.refusal(error, query) ?? error
        }
    }

    private func stepQuery(_ statement: Statement, _ query: SearchQuery) throws -> Bool {
        do { return try statement.step() } catch let error as StoreError {
            throw TextQuery.refusal(error, query) ?? error
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
            let unknown = EscapedText.escaped(
                query.filter { !MorphologyMatch.vocabulary.contains($0) }.sorted()
                    .joined(separator: ", "), limit: EscapedText.valueLimit)
            throw SearchError.badQuery(
                "morphology words not understood: \(unknown) (try a code such as V-AAI-3S, or words such as \"aorist active indicative\")"
            )
        }
        // Each code's words are made again from the code (what the importer stored, `Morphology.expand`), not read
        // from the table: no checksum covers it. A code that matches finds words whose rows are checked.
        let statement = try database.prepare("SELECT code FROM morphology ORDER BY code")
        var codes: [String] = []
        while try statement.step() {
            let code = statement.text(0)
            if MorphologyMatch.matches(expansion: Morphology.expand(code) ?? "", query: query) { codes.append(code) }
        }
        return codes
    }

    /// Translation tokens in a text hit's context, as FTS5's snippet() is asked for them.
    static let snippetTokens = 12
    /// Verses longer than this (in characters) get their context from `window`, not from snippet(): at most half as
    /// many tokens, so snippet() scores at most (2,048 / 2)² windows per hit. The longest real verse (Esther 8:9) has 400.
    static let snippetCharacters = 2_048

    /// A snippet of a verse FTS5 highlighted (`[match]`): `snippetTokens` space-separated tokens from a third of
    /// them before the first match, "…" where the verse goes on, as snippet() writes it. One pass over the bytes.
    static func window(highlighted text: String) -> String {
        let utf8 = text.utf8, space = UInt8(ascii: " ")
        func tokenStart(_ i: String.Index) -> String.Index {
            var i = i
            while i > utf8.startIndex, utf8[utf8.index(before: i)] != space { i = utf8.index(before: i) }
            return i
        }
        var lower = tokenStart(utf8.firstIndex(of: UInt8(ascii: "[")) ?? utf8.startIndex)
        for _ in 0..<snippetTokens / 3 where lower > utf8.startIndex { lower = tokenStart(utf8.index(before: lower)) }
        var upper = lower, spaces = 0
        while upper < utf8.endIndex {
            if utf8[upper] == space { spaces += 1; if spaces == snippetTokens { break } }
            upper = utf8.index(after: upper)
        }
        // Both ends are at a space or an end of the text: ASCII boundaries, so `text[lower..<upper]` is whole scalars.
        return (lower > utf8.startIndex ? "…" : "") + text[lower..<upper] + (upper < utf8.endIndex ? "…" : "")
    }

    /// The first [bracketed] word of a snippet.
    static func bracketed(_ snippet: String) -> String {
        guard let open = snippet.firstIndex(of: "["), let close = snippet[open...].firstIndex(of: "]") else {
            return ""
        }
        return String(snippet[snippet.index(after: open)..<close])
    }
}

/// A query the search cannot run, said in one line.
package enum SearchError: Error, CustomStringConvertible, Equatable {
    case badQuery(String)

    package var description: String {
        switch self {
        case .badQuery(let message): message
        }
    }
}
