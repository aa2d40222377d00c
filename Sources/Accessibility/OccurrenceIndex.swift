import InterlinearCorpus

/// Finds every word in the corpus with a lemma or a Strong's number: the same search `interlinear search` and the
/// reader run. This layer sits below the store, so a consumer supplies it (the reader and the command line wrap
/// the store's search); without one, the searches stay in the tree's chapter.
package protocol OccurrenceIndex: AnyObject {
    /// Every word with the same lemma (`.lemma`, accents and case ignored) or Strong's number (`.strongs`) as
    /// `text`, in canonical order.
    func occurrences(of text: String, matching match: AccessibilityTree.Match) -> [WordOccurrence]
}

extension AccessibilityTree {
    /// Every other word in the corpus with the same lemma or Strong's number as the word `id` belongs to, in
    /// canonical order: from the occurrence index when there is one, else from this chapter. Empty if `id` is not a
    /// word.
    package func occurrencesInCorpus(of id: ElementID, matching match: Match) -> [WordOccurrence] {
        guard element(id) != nil, let local = id.kind.word else { return [] }
        let verse = chapter.verses[id.cell]
        let word = chapter.words[verse.word(at: local)]
        let own = WordOccurrence(chapter: chapter.reference, verse: verse.number, word: local)
        if let occurrenceIndex {
            let key = chapter.text(match == .lemma ? word.lemma : word.strongs)
            return occurrenceIndex.occurrences(of: key, matching: match).filter { $0 != own }
        }
        return chapter.verses.flatMap { other in
            other.words.compactMap { index -> WordOccurrence? in
                let candidate = chapter.words[index]
                let same = match == .lemma ? candidate.lemma == word.lemma : candidate.strongs == word.strongs
                guard same, let offset = other.offset(of: index) else { return nil }
                let found = WordOccurrence(chapter: chapter.reference, verse: other.number, word: offset)
                return found != own ? found : nil
            }
        }
    }

    /// The elements of this chapter among `occurrences` (the rest are in other chapters).
    func elementIDs(of occurrences: [WordOccurrence]) -> [ElementID] {
        occurrences.compactMap { occurrence in
            guard occurrence.chapter == chapter.reference, let verse = chapter.verseIndex(number: occurrence.verse)
            else { return nil }
            return elementID(ofWord: chapter.verses[verse].word(at: occurrence.word))
        }
    }
}
