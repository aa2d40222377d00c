import InterlinearCorpus
import InterlinearSession
import InterlinearStore

/// The chapters a corpus holds, in canonical order, and how to load them into one session (so the shape cache
/// stays warm across chapters: a string shaped for John 1 is not shaped again for Romans 8). The session's source is
/// whatever the commands load from: the SQLite store with the committed chapter files behind it, or the files alone.
public final class ChapterCatalog {
    /// The session chapters load into and are laid out by.
    public let session: Interlinear
    /// Every chapter that loads, in canonical order.
    public let chapters: [ChapterReference]
    /// The store's library, which moves an English Old Testament reference to the Hebrew numbering: the session's
    /// own, or the one under it when the session reads another translation (`--translation KJV`).
    public var numbering: ChapterLibrary?

    /// Lists the session's chapters once.
    public convenience init(session: Interlinear) {
        self.init(session: session, chapters: session.library.availableChapters())
    }

    public init(session: Interlinear, chapters: [ChapterReference]) {
        self.session = session
        self.chapters = chapters
        numbering = session.library as? ChapterLibrary
    }

    /// Loads a chapter into the session.
    public func load(_ reference: ChapterReference) throws -> Chapter {
        try session.chapter(reference)
    }

    /// The chapter `step` places after (positive) or before (negative) `reference` among the corpus's chapters,
    /// or nil when the corpus has nothing that way. A reference missing from the list steps from where it would be.
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

    /// The chapter next to `reference` in the New Testament (`forward`: after it), whether or not the corpus holds
    /// it, across books; nil before Matthew 1 and after Revelation 22.
    public static func neighbour(of reference: ChapterReference, forward: Bool) -> ChapterReference? {
        let book = reference.book
        if forward {
            if reference.chapter < book.chapterCount { return ChapterReference(book: book, chapter: reference.chapter + 1) }
            return Book.numbered(book.number + 1).map { ChapterReference(book: $0, chapter: 1) }
        }
        if reference.chapter > 1 { return ChapterReference(book: book, chapter: reference.chapter - 1) }
        return Book.numbered(book.number - 1).map { ChapterReference(book: $0, chapter: $0.chapterCount) }
    }
}
