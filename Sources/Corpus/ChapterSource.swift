/// Anything chapters load from: the committed chapter files (`CorpusLibrary`) or the SQLite store's library
/// (`InterlinearStore.ChapterLibrary`, the store with the committed files behind it).
public protocol ChapterSource {
    /// Loads a chapter, interning its strings into `strings`.
    func load(_ reference: ChapterReference, strings: StringTable) throws -> Chapter
    /// Every chapter that loads, in canonical order.
    func availableChapters() -> [ChapterReference]
}

extension CorpusLibrary: ChapterSource {}
