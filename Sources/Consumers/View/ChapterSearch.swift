import InterlinearAccessibility
import InterlinearCorpus
import InterlinearStore

/// A search typed after `/`, run in the store's query language (`StoreSearch`, as `interlinear search` runs it):
/// the hits in the chapter shown, in reading order, for the results list, the outlines drawn around them and n/N;
/// and how many the whole Bible holds.
public struct ChapterSearch: Equatable, Sendable {
    public struct Hit: Equatable, Sendable, Encodable {
        public var verse: Int
        /// The word's place in its verse counting from 1; nil for a hit in the translation text (a verse).
        public var word: Int?
        /// The form found, or the translation's words with the match in [brackets].
        public var matched: String
        /// The element n/N focus and the window outlines: the word, or the verse's translation.
        var element: ElementID

        enum CodingKeys: String, CodingKey { case verse, word, matched }

        /// Every key written; a translation hit's word as an explicit null.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(verse, forKey: .verse)
            try c.encode(word, forKey: .word)
            try c.encode(matched, forKey: .matched)
        }
    }

    public let query: String
    public let chapter: ChapterReference
    public let hits: [Hit]
    /// Hits in the whole Bible (the store's complete count).
    public let total: Int
    /// The hit n/N last went to.
    public internal(set) var current: Int?

    /// Runs `query` over the store behind `library`. Throws `ViewError` without a store, and the store's
    /// `SearchError` / `StoreError` for a query it cannot run.
    init(_ query: String, in chapter: Chapter, library: any ChapterSource) throws {
        guard let store = (library as? ChapterLibrary)?.store else {
            throw ViewError("search reads the corpus store, and there is none: run `interlinear import`")
        }
        let search = StoreSearch(store: store)
        let book = chapter.reference.book
        let here = try search.run(SearchQuery(text: query, scope: .book(book), limit: 1_000_000), context: true)
        total = try search.run(SearchQuery(text: query, scope: .bible, limit: 0), context: false).total
        self.query = query
        self.chapter = chapter.reference
        hits = here.hits.compactMap { hit in
            guard hit.chapter == chapter.reference, let cell = chapter.verseIndex(number: hit.verse) else { return nil }
            if let word = hit.word {
                guard let offset = WordOffset(exactly: word), chapter.verses[cell].words.count > word else { return nil }
                return Hit(verse: hit.verse, word: word + 1, matched: hit.matched,
                           element: ElementID(cell: cell, kind: .word(offset)))
            }
            return Hit(verse: hit.verse, word: nil, matched: hit.context,
                       element: ElementID(cell: cell, kind: .verseTranslation))
        }
    }

    /// The hit after (`forward`) or before the current one, wrapping around; nil without hits.
    mutating func step(forward: Bool) -> Hit? {
        guard !hits.isEmpty else { return nil }
        let next: Int
        if let current { next = (current + (forward ? 1 : -1) + hits.count) % hits.count } else { next = forward ? 0 : hits.count - 1 }
        current = next
        return hits[next]
    }

    /// "3 in John 1 · 330 in the Bible".
    public var summary: String { "\(hits.count) in \(chapter) · \(total) in the Bible" }
}
