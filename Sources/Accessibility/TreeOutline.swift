import InterlinearCorpus
import InterlinearTypesetting

extension Element.Kind {
    /// Whether it is a word of a verse's translation.
    package var isTranslationWord: Bool {
        if case .translation = self { return true }
        return false
    }
}

/// What can be told about a verse's elements from the layout alone, without building its container: a query over
/// the whole chapter (AT-SPI's Collection) tests every verse and must not build the elements it does not return.
extension AccessibilityTree {
    /// The role of the element an id names, from its kind alone (the same role its container gives it).
    package func role(of id: ElementID) -> Role {
        switch id.kind {
        case .verseNumber: .heading
        case .note: .button
        case .word: .word
        case .label, .translation: .staticText
        case .verseTranslation: .group
        }
    }

    /// Whether a cell shows a verse number (its heading); false outside the chapter.
    package func hasVerseNumber(cell: VerseIndex) -> Bool {
        guard layout.cells.indices.contains(cell) else { return false }
        return layout.labels(in: cell).contains { $0.tier == .verse }
    }
}
