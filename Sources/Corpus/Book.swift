/// A book of the Bible, numbered as in the source data (Genesis = 1 … Malachi = 39, Matthew = 40 … Revelation = 66).
public struct Book: Hashable, Sendable, Codable {
    /// Canonical number, 1–66.
    public let number: Int
    /// English name, as used in references ("John", "1 Corinthians", "Song of Songs").
    public let name: String
    /// OSIS-style short id used in node and cell ids ("John", "1Cor", "Gen").
    public let osis: String
    /// Accepted abbreviations, lower-cased and without spaces or dots.
    let abbreviations: [String]

    /// The file-system slug of the book: "43-John", "01-Gen".
    public var slug: String { number < 10 ? "0\(number)-\(osis)" : "\(number)-\(osis)" }

    /// Which testament the book belongs to.
    public var testament: Testament { number < 40 ? .old : .new }

    /// The language of the book's source text: Hebrew for the Old Testament, Greek for the New.
    public var language: SourceLanguage { testament == .old ? .hebrew : .greek }

    /// All 66 books, in canonical order: the 39 of the Old Testament, then the 27 of the New.
    public static let all: [Book] = oldTestament + newTestament

    /// The 39 books of the Old Testament in the order of the English Bible (and of the source data's numbering).
    public static let oldTestament: [Book] = [
        Book(number: 1, name: "Genesis", osis: "Gen", abbreviations: ["gen", "ge", "gn"]),
        Book(number: 2, name: "Exodus", osis: "Exod", abbreviations: ["exod", "ex", "exo"]),
        Book(number: 3, name: "Leviticus", osis: "Lev", abbreviations: ["lev", "le", "lv"]),
        Book(number: 4, name: "Numbers", osis: "Num", abbreviations: ["num", "nu", "nm", "nb"]),
        Book(number: 5, name: "Deuteronomy", osis: "Deut", abbreviations: ["deut", "de", "dt"]),
        Book(number: 6, name: "Joshua", osis: "Josh", abbreviations: ["josh", "jos", "jsh"]),
        Book(number: 7, name: "Judges", osis: "Judg", abbreviations: ["judg", "jdg", "jg", "jdgs"]),
        Book(number: 8, name: "Ruth", osis: "Ruth", abbreviations: ["ru", "rth"]),
        Book(number: 9, name: "1 Samuel", osis: "1Sam", abbreviations: ["1sam", "1sa", "1sm", "1s"]),
        Book(number: 10, name: "2 Samuel", osis: "2Sam", abbreviations: ["2sam", "2sa", "2sm", "2s"]),
        Book(number: 11, name: "1 Kings", osis: "1Kgs", abbreviations: ["1kgs", "1ki", "1kg", "1kin"]),
        Book(number: 12, name: "2 Kings", osis: "2Kgs", abbreviations: ["2kgs", "2ki", "2kg", "2kin"]),
        Book(number: 13, name: "1 Chronicles", osis: "1Chr", abbreviations: ["1chr", "1ch", "1chron"]),
        Book(number: 14, name: "2 Chronicles", osis: "2Chr", abbreviations: ["2chr", "2ch", "2chron"]),
        Book(number: 15, name: "Ezra", osis: "Ezra", abbreviations: ["ezr"]),
        Book(number: 16, name: "Nehemiah", osis: "Neh", abbreviations: ["neh", "ne"]),
        Book(number: 17, name: "Esther", osis: "Esth", abbreviations: ["esth", "est", "es"]),
        Book(number: 18, name: "Job", osis: "Job", abbreviations: ["jb"]),
        Book(number: 19, name: "Psalms", osis: "Ps", abbreviations: ["ps", "psa", "psalm", "pss", "psm"]),
        Book(number: 20, name: "Proverbs", osis: "Prov", abbreviations: ["prov", "pr", "prv", "pro"]),
        Book(number: 21, name: "Ecclesiastes", osis: "Eccl", abbreviations: ["eccl", "ecc", "ec", "qoh", "eccles"]),
        Book(
            number: 22, name: "Song of Songs", osis: "Song",
            abbreviations: ["song", "sos", "so", "songofsolomon", "canticles", "cant"]),
        Book(number: 23, name: "Isaiah", osis: "Isa", abbreviations: ["isa", "is"]),
        Book(number: 24, name: "Jeremiah", osis: "Jer", abbreviations: ["jer", "je", "jr"]),
        Book(number: 25, name: "Lamentations", osis: "Lam", abbreviations: ["lam", "la"]),
        Book(number: 26, name: "Ezekiel", osis: "Ezek", abbreviations: ["ezek", "eze", "ezk"]),
        Book(number: 27, name: "Daniel", osis: "Dan", abbreviations: ["dan", "da", "dn"]),
        Book(number: 28, name: "Hosea", osis: "Hos", abbreviations: ["hos", "ho"]),
        Book(number: 29, name: "Joel", osis: "Joel", abbreviations: ["jl", "joe"]),
        Book(number: 30, name: "Amos", osis: "Amos", abbreviations: ["am", "amo"]),
        Book(number: 31, name: "Obadiah", osis: "Obad", abbreviations: ["obad", "ob", "oba"]),
        Book(number: 32, name: "Jonah", osis: "Jonah", abbreviations: ["jon", "jnh"]),
        Book(number: 33, name: "Micah", osis: "Mic", abbreviations: ["mic", "mi"]),
        Book(number: 34, name: "Nahum", osis: "Nah", abbreviations: ["nah", "na"]),
        Book(number: 35, name: "Habakkuk", osis: "Hab", abbreviations: ["hab", "hb"]),
        Book(number: 36, name: "Zephaniah", osis: "Zeph", abbreviations: ["zeph", "zep", "zp"]),
        Book(number: 37, name: "Haggai", osis: "Hag", abbreviations: ["hag", "hg"]),
        Book(number: 38, name: "Zechariah", osis: "Zech", abbreviations: ["zech", "zec", "zc"]),
        Book(number: 39, name: "Malachi", osis: "Mal", abbreviations: ["mal", "ml"]),
    ]

    /// The 27 books of the New Testament, in canonical order.
    public static let newTestament: [Book] = [
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

    /// The book with this canonical number, 1–66.
    public static func numbered(_ number: Int) -> Book? {
        (1...66).contains(number) ? all[number - 1] : nil
    }

    /// Finds a book by name, OSIS id or abbreviation, ignoring case, spaces and dots. A spelling two books share
    /// names the first in canonical order.
    ///
    /// A scan of the 66 books, comparing bytes: a table of every spelling, built on first use, was a visible part
    /// of a warm `typeset "John 1"` (benchmark `typeset-warm`), for the one or two lookups a command makes.
    public static func named(_ text: String) -> Book? {
        var key = String(text.lowercased().filter { $0 != " " && $0 != "." })
        return key.withUTF8 { key in all.first { $0.isSpelled(key) } }
    }

    /// Whether `key` (lower case, without spaces and dots) is one of the book's spellings: its name without spaces,
    /// its OSIS id, one of its abbreviations, in lower case. (All of them are ASCII, so lower case is ASCII's.)
    func isSpelled(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.matches(name, key, skippingSpaces: true) || Self.matches(osis, key, skippingSpaces: false)
            || abbreviations.contains { Self.matches($0, key, skippingSpaces: false) }
    }

    /// Whether `spelling` in ASCII lower case (without its spaces when `skippingSpaces`) is `key`.
    /// (Read through `utf8`, which stops at the first byte that differs: a copy of the spelling for `withUTF8` was
    /// most of a lookup, made for every spelling of every book before the one named.)
    private static func matches(_ spelling: String, _ key: UnsafeBufferPointer<UInt8>, skippingSpaces: Bool) -> Bool {
        var at = 0
        for byte in spelling.utf8 where !(skippingSpaces && byte == 0x20) {
            guard at < key.count else { return false }
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            guard lower == key[at] else { return false }
            at += 1
        }
        return at == key.count
    }
}

/// The two testaments: which source text and which language a book has.
public enum Testament: String, Sendable, Codable {
    case old, new
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

    /// Whether the book has this chapter ("John 22" does not: John has 21).
    public var exists: Bool { chapter <= book.chapterCount }

    /// "John 1"; one psalm is "Psalm 23", not "Psalms 23".
    public var description: String { book.number == 19 ? "Psalm \(chapter)" : "\(book.name) \(chapter)" }
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
