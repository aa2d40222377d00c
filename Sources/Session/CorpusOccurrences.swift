import InterlinearAccessibility
import InterlinearCorpus
import InterlinearStore

/// The accessibility layer's "find other occurrences" through the store's search: the same query
/// `interlinear search --lemma` / `--strongs` runs.
package final class CorpusOccurrences: OccurrenceIndex {
    private let search: StoreSearch

    package init(store: CorpusStore) { search = StoreSearch(store: store) }

    package func occurrences(of text: String, matching match: AccessibilityTree.Match) -> [WordOccurrence] {
        let query = SearchQuery(text: text, kind: match == .lemma ? .lemma : .strongs, limit: 1_000_000)
        guard let result = try? search.run(query, context: false) else { return [] }
        return result.hits.compactMap { hit in
            hit.word.flatMap { WordOffset(exactly: $0) }.map {
                WordOccurrence(chapter: hit.chapter, verse: hit.verse, word: $0)
            }
        }
    }
}
