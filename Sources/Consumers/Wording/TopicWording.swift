import InterlinearCorpus

/// What a listener hears of Nave's Topical Bible, worded once: the count that comes first, the line said when
/// there is nothing, and a verse range a topic cites as a reference.
public enum TopicWording {
    /// "3 topics of Nave's Topical Bible cite John 1:1.", "No topic of Nave's Topical Bible cites John 1:2."
    package static func citing(_ count: Int, _ verse: String) -> String {
        switch count {
        case 0: "No topic of Nave's Topical Bible cites \(verse)."
        case 1: "1 topic of Nave's Topical Bible cites \(verse)."
        default: "\(count) topics of Nave's Topical Bible cite \(verse)."
        }
    }

    /// "WORD: 4 references in Nave's Topical Bible."
    package static func references(_ count: Int, of topic: String) -> String {
        "\(topic): \(count) \(count == 1 ? "reference" : "references") in Nave's Topical Bible."
    }

    /// A range of verse keys (BBCCCVVV) as a reference: "John 1:1", "Exodus 6:16–20", "Exodus 6:16 to 8:2",
    /// "1 Chronicles 24" (a whole chapter: its verses 1…999); nil for keys of no book.
    package static func reference(_ range: ClosedRange<Int>) -> String? {
        guard let book = Book.all.first(where: { $0.number == range.lowerBound / 1_000_000 }) else { return nil }
        let first = ChapterReference(book: book, chapter: range.lowerBound / 1_000 % 1_000)
        let lastChapter = range.upperBound / 1_000 % 1_000
        let firstVerse = range.lowerBound % 1_000, lastVerse = range.upperBound % 1_000
        if firstVerse == 1 && lastVerse == 999 {
            return lastChapter == first.chapter ? first.description : "\(first.description) to \(lastChapter)"
        }
        guard lastChapter == first.chapter else {
            return "\(first.description):\(firstVerse) to \(lastChapter):\(lastVerse)"
        }
        return Passage(chapter: first, verses: firstVerse...lastVerse).description
    }
}
