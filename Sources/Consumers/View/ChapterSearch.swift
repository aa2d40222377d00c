import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction

/// One hit of a search typed after `/`, as the window lists, outlines and focuses it.
package struct WindowHit: Equatable, Sendable, Encodable {
    package var verse: Int
    /// The word's place in its verse counting from 1; nil for a hit in the translation text (a verse).
    package var word: Int?
    /// The form found, or the translation's words with the match in [brackets].
    package var matched: String
    /// The element n/N focus and the window outlines: the word, or the verse's translation.
    var element: ElementID

    enum CodingKeys: String, CodingKey { case verse, word, matched }

    /// Every key written; a translation hit's word as an explicit null.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(verse, forKey: .verse)
        try c.encode(word, forKey: .word)
        try c.encode(matched, forKey: .matched)
    }
}

extension SearchTrail where Hit == WindowHit {
    /// Runs `query` in the store's query language (`interlinear search`'s) through `navigation`: the hits in the
    /// chapter shown, in reading order, for the results list, the outlines drawn around them and n/N; and how many
    /// the whole Bible holds. Throws what `navigation` throws (no store, a query it cannot run).
    init(_ query: String, in chapter: Chapter, navigation: any ChapterNavigation) throws {
        let found = try navigation.search(query, in: chapter.reference)
        let hits = found.hits.compactMap { hit -> WindowHit? in
            guard let cell = chapter.verseIndex(number: hit.verse) else { return nil }
            if let word = hit.word {
                guard let offset = WordOffset(exactly: word), chapter.verses[cell].words.count > word else {
                    return nil
                }
                return WindowHit(
                    verse: hit.verse, word: word + 1, matched: hit.matched,
                    element: ElementID(cell: cell, kind: .word(offset)))
            }
            return WindowHit(
                verse: hit.verse, word: nil, matched: hit.context,
                element: ElementID(cell: cell, kind: .verseTranslation))
        }
        self.init(query: query, hits: hits, chapter: chapter.reference, total: found.total)
    }

    /// "3 in John 1 · 330 in the Bible".
    package var summary: String {
        "\(hits.count) in \(chapter.map(\.description) ?? "the Bible") · \(total) in the Bible"
    }
}
