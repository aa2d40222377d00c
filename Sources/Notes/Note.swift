import InterlinearCorpus

/// What a reader keeps on a verse or on words of it: a note (text), a bookmark (a place to come back to, text
/// optional) or a highlight (a colour, text optional).
public enum NoteKind: String, Sendable, CaseIterable, Codable {
    case note, bookmark, highlight
}

/// The colours a highlight may have. Each theme of each front end draws them with text that keeps 4.5:1 contrast;
/// the note keeps the name, not a colour value, so a theme can change without touching the reader's notes.
public enum HighlightColor: String, Sendable, CaseIterable, Codable {
    case yellow, green, blue, pink
}

/// Where a note sits, anchored to what a re-import keeps: the verse by its reference (the text's own numbering) and,
/// for a note on words, their positions in the verse (1 is its first word, as a listener counts) with their
/// surfaces as they were when the note was made, so the note finds its words again if a new import moved them. No
/// row id of the corpus store is kept: a store can be rebuilt, a note cannot.
public struct NoteAnchor: Sendable, Equatable, Hashable, Codable {
    public var book: Int
    public var chapter: Int
    public var verse: Int
    /// The first and last word, 1-based; nil for the whole verse.
    public var words: ClosedRange<Int>?
    /// The words' surfaces, joined by spaces, when the note is on words.
    public var surfaces: String?

    public init(book: Int, chapter: Int, verse: Int, words: ClosedRange<Int>? = nil, surfaces: String? = nil) {
        self.book = book
        self.chapter = chapter
        self.verse = verse
        self.words = words
        self.surfaces = surfaces
    }

    /// The chapter the note is in, when the numbers name one.
    public var chapterReference: ChapterReference? {
        Book.numbered(book).flatMap {
            chapter >= 1 && chapter <= $0.chapterCount ? ChapterReference(book: $0, chapter: chapter) : nil
        }
    }

    /// "John 1:1", "John 1:1 word 4", "John 1:1 words 4–6".
    public var description: String {
        let place = chapterReference.map { "\($0):\(verse)" } ?? "book \(book) \(chapter):\(verse)"
        guard let words else { return place }
        return words.count == 1
            ? "\(place) word \(words.lowerBound)" : "\(place) words \(words.lowerBound)–\(words.upperBound)"
    }
}

/// One of the reader's notes, bookmarks or highlights.
public struct Note: Sendable, Equatable, Identifiable {
    /// A UUID in lower case: the same in every copy of the note (export, import), never reused.
    public var id: String
    public var kind: NoteKind
    public var anchor: NoteAnchor
    public var text: String
    /// The reader's own labels ("prayer", "to study"), in the order given.
    public var labels: [String]
    /// A highlight's colour; nil for other kinds.
    public var color: HighlightColor?
    /// When it was made and last changed: ISO 8601 in UTC to the second ("2026-11-29T00:12:27Z").
    public var created: String
    public var modified: String

    public init(
        id: String, kind: NoteKind, anchor: NoteAnchor, text: String, labels: [String] = [],
        color: HighlightColor? = nil, created: String, modified: String
    ) {
        self.id = id
        self.kind = kind
        self.anchor = anchor
        self.text = text
        self.labels = labels
        self.color = color
        self.created = created
        self.modified = modified
    }
}
