/// A book of the New Testament, numbered as in the source data (Matthew = 40 … Revelation = 66).
public struct Book: Hashable, Sendable, Codable {
    /// Canonical number, 40–66.
    public let number: Int
    /// English name, as used in references ("John", "1 Corinthians").
    public let name: String
    /// OSIS-style short id used in node and cell ids ("John", "1Cor").
    public let osis: String
    /// Accepted abbreviations, lower-cased and without spaces or dots.
    let abbreviations: [String]

    /// The file-system slug of the book: "43-John".
    public var slug: String { "\(number)-\(osis)" }

    /// All 27 books, in canonical order.
    public static let all: [Book] = [
        Book(number: 40, name: "Matthew", osis: "Matt", abbreviations: ["mt", "mat", "matt"]),
        Book(number: 41, name: "Mark", osis: "Mark", abbreviations: ["mk", "mr", "mrk", "mar"]),
        Book(number: 42, name: "Luke", osis: "Luke", abbreviations: ["lk", "luk", "lu"]),
        Book(number: 43, name: "John", osis: "John", abbreviations: ["jn", "jhn", "joh"]),
        Book(number: 44, name: "Acts", osis: "Acts", abbreviations: ["ac", "act"]),
        Book(number: 45, name: "Romans", osis: "Rom", abbreviations: ["ro", "rom", "rm"]),
        Book(number: 46, name: "1 Corinthians", osis: "1Cor", abbreviations: ["1co", "1cor"]),
        Book(number: 47, name: "2 Corinthians", osis: "2Cor", abbreviations: ["2co", "2cor"]),
        Book(number: 48, name: "Galatians", osis: "Gal", abbreviations: ["ga", "gal"]),
        Book(number: 49, name: "Ephesians", osis: "Eph", abbreviations: ["eph", "ephes"]),
        Book(number: 50, name: "Philippians", osis: "Phil", abbreviations: ["php", "phil", "pp"]),
        Book(number: 51, name: "Colossians", osis: "Col", abbreviations: ["col"]),
        Book(number: 52, name: "1 Thessalonians", osis: "1Thess", abbreviations: ["1th", "1thess", "1thes"]),
        Book(number: 53, name: "2 Thessalonians", osis: "2Thess", abbreviations: ["2th", "2thess", "2thes"]),
        Book(number: 54, name: "1 Timothy", osis: "1Tim", abbreviations: ["1ti", "1tim"]),
        Book(number: 55, name: "2 Timothy", osis: "2Tim", abbreviations: ["2ti", "2tim"]),
        Book(number: 56, name: "Titus", osis: "Titus", abbreviations: ["ti", "tit"]),
        Book(number: 57, name: "Philemon", osis: "Phlm", abbreviations: ["phm", "phlm", "philem"]),
        Book(number: 58, name: "Hebrews", osis: "Heb", abbreviations: ["he", "heb"]),
        Book(number: 59, name: "James", osis: "Jas", abbreviations: ["jas", "jm", "jam"]),
        Book(number: 60, name: "1 Peter", osis: "1Pet", abbreviations: ["1pe", "1pet", "1pt"]),
        Book(number: 61, name: "2 Peter", osis: "2Pet", abbreviations: ["2pe", "2pet", "2pt"]),
        Book(number: 62, name: "1 John", osis: "1John", abbreviations: ["1jn", "1jo", "1jhn"]),
        Book(number: 63, name: "2 John", osis: "2John", abbreviations: ["2jn", "2jo", "2jhn"]),
        Book(number: 64, name: "3 John", osis: "3John", abbreviations: ["3jn", "3jo", "3jhn"]),
        Book(number: 65, name: "Jude", osis: "Jude", abbreviations: ["jud", "jd"]),
        Book(number: 66, name: "Revelation", osis: "Rev", abbreviations: ["re", "rev", "rv", "apocalypse"]),
    ]

    /// The book with this canonical number, if it is in the New Testament.
    public static func numbered(_ number: Int) -> Book? {
        (40...66).contains(number) ? all[number - 40] : nil
    }

    /// Finds a book by name, OSIS id or abbreviation, ignoring case, spaces and dots.
    public static func named(_ text: String) -> Book? {
        let key = String(text.lowercased().filter { $0 != " " && $0 != "." })
        return all.first { book in
            book.name.lowercased().replacingOccurrences(" ", "") == key
                || book.osis.lowercased() == key || book.abbreviations.contains(key)
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        String(self.flatMap { $0 == target ? Array(replacement) : [$0] })
    }
}

/// A chapter reference such as "John 1", "Jn 1", "john.1" or "1 Cor 13".
public struct ChapterReference: Hashable, Sendable, CustomStringConvertible {
    public let book: Book
    public let chapter: Int

    public init(book: Book, chapter: Int) {
        self.book = book
        self.chapter = chapter
    }

    /// Parses a chapter reference ("John 1", "Jn 1", "john.1", "1 Cor 13"); `nil` when the book is unknown, the
    /// chapter is not a positive number, or the text names verses (`Passage(parsing:)` reads those).
    public init?(parsing text: String) {
        guard let passage = Passage(parsing: text), passage.verses == nil else { return nil }
        self = passage.chapter
    }

    /// "John 1".
    public var description: String { "\(book.name) \(chapter)" }
    /// "John.1": the prefix of cell and node ids.
    public var osisID: String { "\(book.osis).\(chapter)" }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
