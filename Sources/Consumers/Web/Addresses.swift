import InterlinearCorpus

/// The addresses of the reader's pages, read from a request's path: a chapter (`John.1`), a verse (`John.1.14`,
/// sent on to its chapter), a book (`John`, sent on to its first chapter), a word (`Gen.1.1.1`: Genesis 1:1, its
/// first word). OSIS book ids, matched without regard to case; numbers in decimal, bounded.
enum Address {
    case book(Book)
    case chapter(ChapterReference)
    case verse(ChapterReference, Int)

    /// Every book by its OSIS id, lowercased.
    private static let books: [String: Book] = Dictionary(
        uniqueKeysWithValues: Book.all.map { ($0.osis.lowercased(), $0) })

    static func book(osis: Substring) -> Book? { books[osis.lowercased()] }

    /// A number of at most `digits` decimal digits, at least 1.
    static func number(_ text: Substring, digits: Int = 3) -> Int? {
        guard !text.isEmpty, text.count <= digits, text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(text), value > 0
        else { return nil }
        return value
    }

    /// `Book`, `Book.C` or `Book.C.V`; nil for anything else, or a chapter past the book's last.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let book = Self.book(osis: parts[0]) else { return nil }
        switch parts.count {
        case 1: self = .book(book)
        case 2, 3:
            guard let chapter = Self.number(parts[1]) else { return nil }
            let reference = ChapterReference(book: book, chapter: chapter)
            if parts.count == 2 {
                self = .chapter(reference)
            } else if let verse = Self.number(parts[2]) {
                self = .verse(reference, verse)
            } else {
                return nil
            }
        default: return nil
        }
    }

    /// A word's place, `Gen.1.1.1`: the chapter, the verse's number and the word's place in it counting from 1.
    static func word(_ text: String) -> (chapter: ChapterReference, verse: Int, position: Int)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, let book = book(osis: parts[0]), let chapter = number(parts[1]),
            let verse = number(parts[2]), let position = number(parts[3], digits: 5)
        else { return nil }
        return (ChapterReference(book: book, chapter: chapter), verse, position)
    }
}

/// A Strong's number as the word pages' addresses write it: the letter in capitals, the number without leading
/// zeros, a Hebrew letter suffix kept ("g0746" → "G746", "H871a"); nil for anything else.
enum WordAddress {
    static func canonical(_ text: String) -> String? {
        guard text.count <= 8, let first = text.first, "GgHh".contains(first) else { return nil }
        let rest = text.dropFirst()
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let suffix = rest.dropFirst(digits.count)
        guard !digits.isEmpty, let number = Int(digits), number > 0,
            suffix.count <= 1, suffix.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        return first.uppercased() + String(number) + suffix.lowercased()
    }
}
