/// Why typed text names no passage to open, said in one line a front end can show as it is.
public enum ReferenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a book with a chapter and optional verses ("Jhn", "John 1:5-3").
    case unknown(String)
    /// A chapter the book has in neither the source text's numbering nor English Bibles' ("John 22").
    case noSuchChapter(book: Book, chapter: Int)

    public var description: String {
        switch self {
        case .unknown(let text):
            return "unknown reference \(EscapedText.quoted(text)); expected a book, a chapter and optional "
                + "verses, such as \"John 1\", \"John 1:14\", \"Jn 1:14-18\", \"Genesis 1\" or \"Ps 23\""
        case .noSuchChapter(let book, let chapter):
            return "\(book.name) has \(book.chapterCount) chapter\(book.chapterCount == 1 ? "" : "s"); "
                + "there is no \(ChapterReference(book: book, chapter: chapter))"
        }
    }
}

extension Passage {
    /// The passage `text` names, or why it names none. A chapter only English Bibles have (Malachi 4) is a passage
    /// here: a library with the Old Testament moves it to the Hebrew text's numbering
    /// (`ChapterLibrary.resolvingEnglishNumbering`, `Interlinear.chapter(parsing:)`).
    public static func parse(_ text: String) throws(ReferenceError) -> Passage {
        guard let passage = Passage(parsing: text) else { throw .unknown(text) }
        let book = passage.chapter.book
        guard passage.chapter.chapter <= max(book.chapterCount, book.englishChapterCount) else {
            throw .noSuchChapter(book: book, chapter: passage.chapter.chapter)
        }
        return passage
    }
}
