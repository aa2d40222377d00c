import InterlinearCorpus
import InterlinearStore

/// A place the reader can open: a verse of a chapter (its number, as printed), and a word in it.
public struct ReaderLocation: Equatable, Sendable {
    public var chapter: ChapterReference
    public var verse: Int
    public var word: WordOffset?

    public init(chapter: ChapterReference, verse: Int, word: WordOffset? = nil) {
        self.chapter = chapter
        self.verse = verse
        self.word = word
    }
}

/// The matches `n` and `N` step through: in the open chapter, or across the Bible. A search that finds nothing
/// leaves the previous trail in place.
public struct SearchTrail: Equatable, Sendable {
    public let query: String
    public let hits: [ReaderLocation]
    public var index: Int
    /// Whether the hits came from the store (every chapter) rather than the open chapter.
    public let acrossBible: Bool

    public var current: ReaderLocation { hits[index] }

    /// Moves `delta` hits on, wrapping.
    mutating func step(_ delta: Int) {
        index = ((index + delta) % hits.count + hits.count) % hits.count
    }

    /// "3 of 7"; across the corpus "1 of 4 in John 1, 95 of 330 in the corpus".
    var position: String { position { $0.description } }

    /// The position with the chapter as `name` gives it (the line mode says it in words).
    func position(naming name: (ChapterReference) -> String) -> String {
        guard acrossBible else { return "\(index + 1) of \(hits.count)" }
        let chapter = current.chapter
        let here = hits.indices.filter { hits[$0].chapter == chapter }
        let local = (here.firstIndex(of: index) ?? 0) + 1
        return "\(local) of \(here.count) in \(name(chapter)), \(index + 1) of \(hits.count) in the corpus"
    }
}

/// The corpus beyond the open chapter: the chapters before and after it, any chapter by reference, and Bible-wide
/// search through the store. Without one the reader stays in the chapter it opened.
public final class BibleNavigator {
    public let library: ChapterLibrary
    private let search: StoreSearch?
    private let loadChapter: (ChapterReference) throws -> Chapter

    /// `load` loads the chapters the reader turns to; by default each into a table of its own. The command line
    /// passes its session's, so they share its table and shape cache and can be typeset for narration.
    public init(library: ChapterLibrary, load: ((ChapterReference) throws -> Chapter)? = nil) {
        self.library = library
        search = library.store.map(StoreSearch.init)
        loadChapter = load ?? { try library.load($0, into: StringTableBuilder()) }
    }

    /// The chapter `offset` chapters on among those that open, across books; nil past either end.
    public func chapter(_ offset: Int, from reference: ChapterReference) -> ChapterReference? {
        library.chapter(offset, from: reference)
    }

    /// Loads a chapter the reader turns to.
    public func load(_ reference: ChapterReference) throws -> Chapter { try loadChapter(reference) }

    /// Every word in the corpus for a Strong's number, or a Greek lemma or form (accents and case ignored), in
    /// canonical order; nil when the query is neither or there is no store (the reader then searches the chapter).
    public func occurrences(of query: String) -> [ReaderLocation]? {
        guard let search else { return nil }
        let kind = SearchQuery.guessKind(query)
        guard kind == .strongs || kind == .word else { return nil }
        guard let result = try? search.run(SearchQuery(text: query, kind: kind, limit: 1_000_000), context: false),
              !result.hits.isEmpty else { return nil }
        return result.hits.map { hit in
            ReaderLocation(chapter: hit.chapter, verse: hit.verse, word: hit.word.flatMap { WordOffset(exactly: $0) })
        }
    }
}
