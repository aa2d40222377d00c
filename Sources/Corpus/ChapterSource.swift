/// Anything chapters load from: the committed chapter files (`CorpusLibrary`) or the SQLite store's library
/// (`InterlinearStore.ChapterLibrary`, the store with the committed files behind it).
package protocol ChapterSource {
    /// Reads a chapter, interning its strings into `strings`, without freezing the table: the chapter's `strings`
    /// is empty until the caller freezes it (`Chapter.freeze(_:)`). Use `load`, which does, unless you read
    /// several chapters and freeze once.
    ///
    /// `morphemes`: whether a Hebrew chapter comes with its words' morphemes. What only shows the chapter (layout,
    /// the reader, accessibility, search, a translation's alignment) reads it without them
    /// (`Chapter.omitsMorphemes`); what writes it, or looks inside words, reads it with them. A source may give
    /// them anyway (chapter files do).
    func read(_ reference: ChapterReference, into strings: StringTableBuilder, morphemes: Bool) throws -> Chapter
    /// Every chapter that loads, in canonical order.
    func availableChapters() -> [ChapterReference]
}

extension ChapterSource {
    /// Reads a whole chapter, a Hebrew one with its morphemes (`read(_:into:morphemes:)`).
    package func read(_ reference: ChapterReference, into strings: StringTableBuilder) throws -> Chapter {
        try read(reference, into: strings, morphemes: true)
    }

    /// Loads a chapter, interning its strings into `strings`, and freezes the table for it.
    package func load(
        _ reference: ChapterReference, into strings: StringTableBuilder, morphemes: Bool = true
    ) throws -> Chapter {
        var chapter = try read(reference, into: strings, morphemes: morphemes)
        chapter.freeze(strings)
        return chapter
    }

    /// Loads chapters into one table, frozen once after the last: no frozen table exists while the builder
    /// grows, so loading many chapters copies no table.
    package func load(
        _ references: [ChapterReference], into strings: StringTableBuilder, morphemes: Bool = true
    ) throws -> [Chapter] {
        var chapters = try references.map { try read($0, into: strings, morphemes: morphemes) }
        for index in chapters.indices { chapters[index].freeze(strings) }
        return chapters
    }
}

/// Chapter files always give a Hebrew chapter's morphemes: their lines are parsed and checked together.
extension CorpusLibrary: ChapterSource {
    package func read(_ reference: ChapterReference, into strings: StringTableBuilder, morphemes: Bool) throws
        -> Chapter
    {
        try read(reference, into: strings)
    }
}
