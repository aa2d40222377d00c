import InterlinearCorpus

/// A place a front end can open: a verse of a chapter (its number, as printed), and a word in it.
package struct ReaderLocation: Equatable, Sendable {
    package var chapter: ChapterReference
    package var verse: Int
    package var word: WordOffset?

    package init(chapter: ChapterReference, verse: Int, word: WordOffset? = nil) {
        self.chapter = chapter
        self.verse = verse
        self.word = word
    }
}

/// One hit of a search in the store's query language (`interlinear search`), in the chapter it was asked about.
package struct SearchMatch: Equatable, Sendable {
    package var verse: Int
    /// The word's place in its verse counting from 0; nil for a hit in the translation text.
    package var word: Int?
    /// The form found.
    package var matched: String
    /// The translation's words with the match in [brackets] (for a hit in the translation text).
    package var context: String

    package init(verse: Int, word: Int?, matched: String, context: String) {
        self.verse = verse
        self.word = word
        self.matched = matched
        self.context = context
    }
}

/// The corpus beyond the open chapter, as every front end (the terminal reader, the window) reaches it: the chapters
/// before and after, any chapter by reference, Bible-wide search and the dictionary. One protocol, so the front ends
/// never import the store: the session's `ChapterCatalog` answers it from the store (and the chapter files behind it).
/// Without one, a front end stays in the chapter it opened.
package protocol ChapterNavigation: AnyObject {
    /// The chapter `offset` chapters on among those that open, across books; nil past either end. A reference that
    /// does not open steps from where it would be.
    func chapter(_ offset: Int, from reference: ChapterReference) -> ChapterReference?

    /// Loads a chapter a front end turns to.
    func load(_ reference: ChapterReference) throws -> Chapter

    /// Loads a chapter with its Hebrew words' morphemes, which `load` leaves in the store
    /// (`Chapter.omitsMorphemes`): for a front end that says a word's parts when asked. Asked again for the same
    /// chapter, it gives the one it read.
    func loadWithMorphemes(_ reference: ChapterReference) throws -> Chapter

    /// A passage typed in English (Protestant) numbering, moved to the Hebrew text's where they differ, with a note
    /// saying so; the passage unchanged where they agree or nothing says.
    func resolvingEnglishNumbering(_ passage: Passage) throws -> (passage: Passage, note: String?)

    /// Every word in the corpus for a Strong's number, or a lemma or form (accents and case ignored), in canonical
    /// order; nil when the query is neither, finds nothing, or there is no store (the front end then searches the
    /// chapter itself).
    func occurrences(of query: String) -> [ReaderLocation]?

    /// A query in the store's query language: its hits in `chapter`, in reading order, and how many the whole Bible
    /// holds. Throws when there is no store or the query cannot run.
    func search(_ query: String, in chapter: ChapterReference) throws -> (hits: [SearchMatch], total: Int)

    /// The dictionary entries of a word's Strong's field ("G3056"; a Hebrew word's "H2050b-H776" gives one per
    /// morpheme that has an entry); nil when there is no dictionary at all (no store). Throws when the store
    /// refuses an entry (a damaged row).
    func definitions(ofStrongs field: String) throws -> [LexiconEntry]?

    /// The word study of each entry (`WordStudy`: where its words are, how the BSB renders them), in order; nil when
    /// there is no store. Throws when the store refuses a row.
    func studies(of entries: [LexiconEntry]) throws -> [WordStudy]?
}

extension ChapterNavigation {
    /// No studies: a navigator without a store.
    package func studies(of entries: [LexiconEntry]) throws -> [WordStudy]? { nil }
}
