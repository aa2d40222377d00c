import InterlinearCorpus

/// A place in the Bible as notes are ordered and walked: book, chapter, verse, then word (1 is a verse's first word;
/// 0 is the verse as a whole, which comes before its words). The terminal reader and the window step through a
/// chapter's notes and the bookmarks with it, so both go to the same note from the same place.
public struct NotePlace: Sendable, Equatable, Comparable {
    public var book: Int
    public var chapter: Int
    public var verse: Int
    public var word: Int

    public init(book: Int, chapter: Int, verse: Int, word: Int = 0) {
        self.book = book
        self.chapter = chapter
        self.verse = verse
        self.word = word
    }

    /// Verse `verse` of `chapter`, on its word `word` (1-based) or on the verse as a whole (nil).
    public init(_ chapter: ChapterReference, verse: Int, word: Int?) {
        self.init(book: chapter.book.number, chapter: chapter.chapter, verse: verse, word: word ?? 0)
    }

    public static func < (a: NotePlace, b: NotePlace) -> Bool {
        (a.book, a.chapter, a.verse, a.word) < (b.book, b.chapter, b.verse, b.word)
    }

    /// The index in `places` (in the text's order) of the first place after this one, or going back the last place
    /// before it; round to the other end past either end. Nil when there is no place.
    public func step(through places: [NotePlace], forward: Bool) -> Int? {
        guard !places.isEmpty else { return nil }
        if forward { return places.firstIndex { self < $0 } ?? 0 }
        return places.lastIndex { $0 < self } ?? places.count - 1
    }
}

extension NoteAnchor {
    /// Where the anchor is, at its first word.
    public var place: NotePlace {
        NotePlace(book: book, chapter: chapter, verse: verse, word: words?.lowerBound ?? 0)
    }
}

/// Every note of the notes file as a front end that only reads them holds it: read once, by chapter, with the
/// bookmarks in the Bible's order (`NoteBook.notes()` gives them so).
public struct NotesByChapter: Sendable {
    private let byChapter: [ChapterReference: [Note]]
    /// Every bookmark, in the Bible's order.
    public let bookmarks: [NoteAnchor]

    public init(_ all: [Note]) {
        var byChapter: [ChapterReference: [Note]] = [:]
        for note in all {
            if let chapter = note.anchor.chapterReference { byChapter[chapter, default: []].append(note) }
        }
        self.byChapter = byChapter
        bookmarks = all.filter { $0.kind == .bookmark }.map(\.anchor)
    }

    /// The notes of one chapter as kept (their words not yet found in the chapter: `located(in:)`).
    public func notes(in chapter: ChapterReference) -> [Note] { byChapter[chapter] ?? [] }
}

extension [Note] {
    /// Each note with its words found in `chapter` as it is now (a new import may have moved them); a note whose
    /// words are no longer in its verse is left out.
    public func located(in chapter: Chapter) -> [Note] {
        compactMap { note in
            note.located(in: chapter).map { anchor in
                var located = note
                located.anchor = anchor
                return located
            }
        }
    }
}
