/// Anything chapters load from: the committed chapter files (`CorpusLibrary`) or the SQLite store's library
/// (`InterlinearStore.ChapterLibrary`, the store with the committed files behind it).
public protocol ChapterSource {
    /// Reads a chapter, interning its strings into `strings`, without freezing the table: the chapter's `strings`
    /// is empty until the caller freezes it (`Chapter.freeze(_:)`). Use `load`, which does, unless you read
    /// several chapters and freeze once.
    func read(_ reference: ChapterReference, into strings: StringTableBuilder) throws -> Chapter
    /// Every chapter that loads, in canonical order.
    func availableChapters() -> [ChapterReference]
}

extension ChapterSource {
    /// Loads a chapter, interning its strings into `strings`, and freezes the table for it.
    public func load(_ reference: ChapterReference, into strings: StringTableBuilder) throws -> Chapter {
        var chapter = try read(reference, into: strings)
        chapter.freeze(strings)
        return chapter
    }

    /// Loads chapters into one table, frozen once after the last: no frozen table exists while the builder
    /// grows, so loading many chapters copies no table.
    public func load(_ references: [ChapterReference], into strings: StringTableBuilder) throws -> [Chapter] {
        var chapters = try references.map { try read($0, into: strings) }
        for index in chapters.indices { chapters[index].freeze(strings) }
        return chapters
    }
}

extension CorpusLibrary: ChapterSource {}
