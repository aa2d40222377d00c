/// A reference as people write it: a chapter, or verses of a chapter. "John 1", "John 1:14", "Jn 1:14–18",
/// "Rom 8:28", "1 Cor 13", "Revelation 22:1", "John.1.14"; relative to a current chapter also "1:5" (chapter 1,
/// verse 5 of the current book) and "14" or "14-18" (verses of the current chapter). In a one-chapter book a
/// number or a range after the book is verses ("Jude 5", "Jude 3-5"), as in print.
///
/// This is the one reference parser: `ChapterReference(parsing:)` is a passage without verses.
public struct Passage: Hashable, Sendable, CustomStringConvertible {
    public let chapter: ChapterReference
    /// The verses, first to last; nil for the whole chapter.
    public let verses: ClosedRange<Int>?

    public init(chapter: ChapterReference, verses: ClosedRange<Int>? = nil) {
        self.chapter = chapter
        self.verses = verses
    }

    /// Parses `text`; nil when it names no book (and there is no current chapter to be relative to), or its
    /// numbers are not a chapter, a verse or an ascending verse range. The chapter is not checked against the
    /// book's length here (`Book.chapterCount` says it).
    public init?(parsing text: String, relativeTo current: ChapterReference? = nil) {
        // Every dash people type for a range is a hyphen here. (A switch, not a `Set<Character>`: building and
        // hashing into that set was a visible part of a warm `typeset`: benchmark `typeset-warm`.)
        func isDash(_ character: Character) -> Bool {
            switch character {
            case "–", "—", "‐", "‑", "−": true
            default: false
            }
        }
        let normalized: String = String(text.map { isDash($0) ? "-" : $0 }).trimmingWhitespace()
        // The numbers are the trailing run of digits and separators; the book is what comes before.
        var split = normalized.endIndex
        while split > normalized.startIndex {
            let previous = normalized.index(before: split)
            guard "0123456789:.- ".contains(normalized[previous]) else { break }
            split = previous
        }
        let bookPart = String(normalized[..<split]).trimmingWhitespace()
        var numbers = Substring(normalized[split...])
        numbers = numbers.drop { $0 == " " || $0 == "." }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != " " }) else { return nil }

        let book: Book
        if bookPart.isEmpty {
            guard let current else { return nil }
            book = current.book
        } else {
            guard let named = Book.named(bookPart) else { return nil }
            book = named
        }
        // "C", "C:V", "C:V-W", "C.V" (OSIS); relative "V" means a verse of the current chapter.
        let parts = numbers.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let dotted =
            parts.count == 1 ? numbers.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false) : parts
        if dotted.count == 1 {
            // Numbers without a chapter's separator are verses where no chapter can be meant: of the current
            // chapter ("14", "14-18"), or of a one-chapter book ("Jude 5", "Jude 3-5"). "John 1-3" is not a passage.
            let range = dotted[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = Self.number(range[0]) else { return nil }
            let last = range.count == 2 ? Self.number(range[1]) : first
            guard let last, last >= first else { return nil }
            if bookPart.isEmpty, let current {
                self.init(chapter: current, verses: first...last)
            } else if book.chapterCount == 1 && (last > 1 || range.count == 2) {
                self.init(chapter: ChapterReference(book: book, chapter: 1), verses: first...last)
            } else if range.count == 1 {
                self.init(chapter: ChapterReference(book: book, chapter: first))
            } else {
                return nil
            }
            return
        }
        guard let chapterNumber = Self.number(dotted[0]) else { return nil }
        let range = dotted[1].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = Self.number(range[0]) else { return nil }
        let last = range.count == 2 ? Self.number(range[1]) : first
        guard let last, last >= first else { return nil }
        self.init(chapter: ChapterReference(book: book, chapter: chapterNumber), verses: first...last)
    }

    /// A positive number of at most three digits.
    private static func number(_ text: Substring) -> Int? {
        guard (1...3).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value > 0
        else { return nil }
        return value
    }

    /// "John 1", "John 1:14", "John 1:14–18".
    public var description: String {
        guard let verses else { return chapter.description }
        let range = verses.count == 1 ? "\(verses.lowerBound)" : "\(verses.lowerBound)–\(verses.upperBound)"
        return "\(chapter):\(range)"
    }
}

extension Book {
    /// Chapters in the book: the source texts' versification (SBLGNT; the Westminster Leningrad Codex, so Joel has
    /// 4 chapters and Malachi 3, as in Hebrew Bibles).
    public var chapterCount: Int {
        Self.chapterCounts.indices.contains(number - 1) ? Self.chapterCounts[number - 1] : 0
    }

    /// Chapters in the book as English Bibles number them (the BSB's, which are the KJV's): Joel has 3 and Malachi 4.
    /// A reference may name a chapter up to the larger of the two counts (`Malachi 4`); the store's versification
    /// table moves it to the Hebrew text's numbering.
    public var englishChapterCount: Int {
        switch number {
        case 29: 3
        case 39: 4
        default: chapterCount
        }
    }

    private static let chapterCounts = [
        50, 40, 27, 36, 34, 24, 21, 4, 31, 24, 22, 25, 29, 36, 10, 13, 10, 42, 150, 31, 12, 8, 66, 52, 5, 48, 12, 14,
        4, 9, 1, 4, 7, 3, 3, 3, 2, 14, 3,
        28, 16, 24, 21, 28, 16, 16, 13, 6, 6, 4, 4, 5, 3, 6, 4, 3, 1, 13, 5, 5, 3, 5, 1, 1, 1, 22,
    ]
}
