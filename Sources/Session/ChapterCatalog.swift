import InterlinearCorpus
import InterlinearInteraction
import InterlinearStore

/// The chapters a corpus holds, in canonical order, how to load them, and the store's search and lexicon behind
/// them: the front ends reach it as `ChapterNavigation`, so the store stays behind this one implementation. The
/// reader's grid uses it as it is (chapters loaded without fonts); a window or a screen-reader mode uses
/// `ChapterCatalog`, which loads into one session.
package class ChapterNavigator: ChapterNavigation {
    /// Where chapters load from: the store, or its chapters in another translation (`--translation KJV`).
    package let source: any ChapterSource
    /// The store's library, which moves an English Old Testament reference to the Hebrew numbering and answers
    /// searches and definitions: `source` itself, or the one under it when `source` reads another translation.
    package let numbering: ChapterLibrary?
    private let loadChapter: (ChapterReference) throws -> Chapter
    /// Every chapter that loads, in canonical order; listed on first use (a reader that never turns a page never
    /// asks the store for the list).
    package fileprivate(set) lazy var chapters: [ChapterReference] = source.availableChapters()
    /// The chapter `loadWithMorphemes` read last.
    private var withMorphemes: Chapter?
    /// The store's search, when there is a store.
    private lazy var storeSearch: StoreSearch? = store.map(StoreSearch.init)

    /// Chapters of `source`, loaded by `load`; `numbering` is the store's library when `source` wraps it.
    package init(
        source: any ChapterSource, numbering: ChapterLibrary? = nil,
        load: @escaping (ChapterReference) throws -> Chapter
    ) {
        self.source = source
        self.numbering = numbering ?? source as? ChapterLibrary
        loadChapter = load
    }

    /// The store behind the library; nil until `interlinear import` has built it.
    private var store: CorpusStore? { numbering?.store }

    /// Loads a chapter.
    package func load(_ reference: ChapterReference) throws -> Chapter {
        try loadChapter(reference)
    }

    /// Loads a chapter with its morphemes, into a table of its own (a front end reads its words' parts, never lays
    /// them out). The last one read is kept, so every word's parts asked of one chapter (the reader's `p`, the
    /// window's "parts" action) read it once.
    package func loadWithMorphemes(_ reference: ChapterReference) throws -> Chapter {
        if let kept = withMorphemes, kept.reference == reference { return kept }
        let chapter = try source.load(reference, into: StringTableBuilder(), morphemes: true)
        withMorphemes = chapter
        return chapter
    }

    /// The chapter `step` places after (positive) or before (negative) `reference` among the corpus's chapters,
    /// or nil when the corpus has nothing that way. A reference missing from the list steps from where it would be.
    package func chapter(_ step: Int, from reference: ChapterReference) -> ChapterReference? {
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
    package static func neighbour(of reference: ChapterReference, forward: Bool) -> ChapterReference? {
        let book = reference.book
        if forward {
            if reference.chapter < book.chapterCount {
                return ChapterReference(book: book, chapter: reference.chapter + 1)
            }
            return Book.numbered(book.number + 1).map { ChapterReference(book: $0, chapter: 1) }
        }
        if reference.chapter > 1 { return ChapterReference(book: book, chapter: reference.chapter - 1) }
        return Book.numbered(book.number - 1).map { ChapterReference(book: $0, chapter: $0.chapterCount) }
    }

    package func resolvingEnglishNumbering(_ passage: Passage) throws -> (passage: Passage, note: String?) {
        guard let numbering else { return (passage, nil) }
        return try numbering.resolvingEnglishNumbering(passage)
    }

    package func occurrences(of query: String) -> [ReaderLocation]? {
        guard let storeSearch else { return nil }
        let kind = SearchQuery.guessKind(query)
        guard kind == .strongs || kind == .word else { return nil }
        guard let result = try? storeSearch.run(SearchQuery(text: query, kind: kind, limit: 1_000_000), context: false),
            !result.hits.isEmpty
        else { return nil }
        return result.hits.map { hit in
            ReaderLocation(chapter: hit.chapter, verse: hit.verse, word: hit.word.flatMap { WordOffset(exactly: $0) })
        }
    }

    /// Runs the query over the chapter's book (the hits in the chapter, with their context) and the whole Bible (the
    /// count alone), as `interlinear search` runs it.
    package func search(_ query: String, in chapter: ChapterReference) throws -> (hits: [SearchMatch], total: Int) {
        guard let storeSearch else { throw NoStore() }
        let here = try storeSearch.run(
            SearchQuery(text: query, scope: .book(chapter.book), limit: 1_000_000),
            context: true)
        let total = try storeSearch.run(SearchQuery(text: query, scope: .bible, limit: 0), context: false).total
        let hits = here.hits.filter { $0.chapter == chapter }.map {
            SearchMatch(verse: $0.verse, word: $0.word, matched: $0.matched, context: $0.context)
        }
        return (hits, total)
    }

    package func definitions(ofStrongs field: String) throws -> [LexiconEntry]? {
        try store?.lexiconEntries(ofWordField: field)
    }

    package func studies(of entries: [LexiconEntry]) throws -> [WordStudy]? {
        guard let store else { return nil }
        return try entries.map { try store.study(of: $0) }
    }

    /// Whether the store holds Strong's dictionaries (an import with SWORD's modules installed): the window's
    /// details pane then keeps room for a word's entry.
    package var hasLexicon: Bool { (try? store?.hasLexicon()) == true }

    /// A search asked of a session without a store.
    package struct NoStore: Error, CustomStringConvertible {
        package var description: String { "search reads the corpus store, and there is none" }
    }
}

/// The navigator of a session's chapters, loading each into the session (so the shape cache stays warm across
/// chapters: a string shaped for John 1 is not shaped again for Romans 8).
package final class ChapterCatalog: ChapterNavigator {
    /// The session chapters load into and are laid out by.
    package let session: Interlinear

    /// A catalog of `session`'s chapters; `numbering` is the store's library when the session's library wraps it.
    /// Every chapter it loads shows `hebrewMarks` (`--hebrew-marks`), so turning the page keeps what the first chapter
    /// showed.
    package init(session: Interlinear, numbering: ChapterLibrary? = nil, hebrewMarks: HebrewMarks = .all) {
        self.session = session
        super.init(
            source: session.library, numbering: numbering,
            load: { reference in
                hebrewMarks == .all
                    ? try session.chapter(reference)
                    : try session.chapter(Passage(chapter: reference), hebrewMarks: hebrewMarks)
            })
    }

    package convenience init(session: Interlinear, chapters: [ChapterReference]) {
        self.init(session: session)
        self.chapters = chapters
    }
}
