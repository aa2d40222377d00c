import InterlinearCorpus

/// The chapters a corpus holds, in canonical order, and how to load them into one string table (so the shape
/// cache stays warm across chapters: a string shaped for John 1 is not shaped again for Romans 8).
public struct ChapterCatalog: Sendable {
    public let library: CorpusLibrary
    /// Every chapter present in the corpus, in canonical order.
    public let chapters: [ChapterReference]
    public let strings: StringTable

    /// Lists the library's chapters once (a directory listing per book).
    public init(library: CorpusLibrary, strings: StringTable) {
        self.init(library: library, chapters: library.availableChapters(), strings: strings)
    }

    public init(library: CorpusLibrary, chapters: [ChapterReference], strings: StringTable) {
        self.library = library
        self.chapters = chapters
        self.strings = strings
    }

    /// Loads a chapter into the catalog's string table.
    public func load(_ reference: ChapterReference) throws -> Chapter {
        try library.load(reference, strings: strings)
    }

    /// The chapter `step` places after (positive) or before (negative) `reference` among the corpus's chapters,
    /// or nil when the corpus has nothing that way. A reference missing from the list (a chapter file removed while
    /// the view runs) steps from where it would be.
    public func chapter(_ step: Int, from reference: ChapterReference) -> ChapterReference? {
        let key = (reference.book.number, reference.chapter)
        // The first listed chapter at or after the reference (binary search: the list is sorted).
        var lo = 0, hi = chapters.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if (chapters[mid].book.number, chapters[mid].chapter) < key { lo = mid + 1 } else { hi = mid }
        }
        let listed = lo < chapters.count && chapters[lo] == reference
        let target = step > 0 ? lo + (listed ? step : step - 1) : lo + step
        return chapters.indices.contains(target) ? chapters[target] : nil
    }
}
