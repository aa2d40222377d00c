import InterlinearCorpus
import InterlinearTypesetting

/// Rotor-style searches and custom actions. Searches read the chapter's word arrays (interned ids compare as
/// integers) and name their results as element ids; only the cells of the results are ever built.
extension AccessibilityTree {
    /// What makes two words "the same" for a search.
    package enum Match: Sendable, CaseIterable {
        case lemma, strongs
    }

    /// Every other word of the chapter with the same lemma or Strong's number, in reading order. With an
    /// occurrence index these are its results that fall in this chapter (`occurrencesInCorpus` has them all).
    package func otherOccurrences(of id: ElementID, matching match: Match) -> [ElementID] {
        if occurrenceIndex != nil { return elementIDs(of: occurrencesInCorpus(of: id, matching: match)) }
        guard let (key, start) = searchKey(id, match) else { return [] }
        return chapter.words.indices.compactMap { index in
            index != start && self.key(chapter.words[index], match) == key ? elementID(ofWord: index) : nil
        }
    }

    /// What an action did.
    package enum ActionResult: Sendable, Equatable {
        /// The text to put on the clipboard.
        case copied(String)
        /// The elements found, for the reader to offer or move through.
        case found([ElementID])
        /// The element was pressed; the app decides what that opens (the verse menu, the note).
        case activated(ElementID)
        /// The word's Strong's field ("G3056", "H2050b-H776"), for the front end to look up in its store's lexicon.
        case define(strongs: String)
        /// The word's place — its verse's number and its offset in the verse — for the front end to find in the
        /// chapter read with its morphemes (`WordSpeech.parts(ofWord:verse:in:)`): the tree's own chapter may be
        /// read without them (`Chapter.omitsMorphemes`), or hold only a passage's verses.
        case parts(verse: Int, word: WordOffset)
    }

    /// Performs an action; nil if the element does not offer it.
    package func perform(_ action: Action, on id: ElementID) -> ActionResult? {
        guard let element = element(id), element.actions(language: chapter.language).contains(action) else {
            return nil
        }
        let verse = chapter.verses[id.cell]
        switch action {
        case .activate:
            return .activated(id)
        case .copy:
            switch id.kind {
            case .verseNumber:
                let greek = chapter.words[verse.words].map { chapter.text($0.surface) }.joined(separator: " ")
                let english = chapter.translationTokens[verse.translation].map { chapter.text($0) }
                    .joined(separator: " ")
                return .copied("\(verse.number) \(greek)\n\(english)")
            case .word(let w):
                return .copied(chapter.text(chapter.words[verse.word(at: w)].surface))
            case .verseTranslation:
                return .copied(translation(of: verse))
            default:
                return .copied(chapter.text(element.text))
            }
        case .findOtherOccurrences:
            return .found(otherOccurrences(of: id, matching: .lemma))
        case .findSameStrongs:
            return .found(otherOccurrences(of: id, matching: .strongs))
        case .define:
            guard let w = id.kind.word else { return nil }
            return .define(strongs: chapter.text(chapter.words[verse.word(at: w)].strongs))
        case .parts:
            guard let w = id.kind.word else { return nil }
            return .parts(verse: verse.number, word: w)
        }
    }

    /// The element that stands for a chapter word: its block, or in label granularity its first label. Read from
    /// the layout, so naming a search result builds no container; nil if the word has no label (or the reader is off).
    package func elementID(ofWord index: WordIndex) -> ElementID? {
        guard screenReaderEnabled, chapter.words.indices.contains(index) else { return nil }
        let cell = chapter.verseIndex(ofWord: index)
        guard layout.cells.indices.contains(cell), let local = chapter.verses[cell].offset(of: index),
            let label = layout.labels(in: cell).first(where: { $0.word == local })
        else { return nil }
        return ElementID(cell: cell, kind: granularity == .word ? .word(local) : .label(word: local, tier: label.tier))
    }

    private func searchKey(_ id: ElementID, _ match: Match) -> (TextID, WordIndex)? {
        guard element(id) != nil, let local = id.kind.word else { return nil }
        let index = chapter.verses[id.cell].word(at: local)
        return (key(chapter.words[index], match), index)
    }

    private func key(_ word: Word, _ match: Match) -> TextID {
        match == .lemma ? word.lemma : word.strongs
    }
}
