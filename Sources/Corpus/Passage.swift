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
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var text = text
            guard let passage = text.withUTF8({ Self.parsing(ascii: $0, relativeTo: current) }) else { return nil }
            self = passage
            return
        }
        self.init(parsingCharacters: text, relativeTo: current)
    }

    /// `init(parsing:relativeTo:)` by `Character`s: any text (`parsing(ascii:relativeTo:)` takes ASCII's bytes).
    init?(parsingCharacters text: String, relativeTo current: ChapterReference?) {
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

    /// `init(parsing:relativeTo:)` of ASCII text, step for step on its bytes: each byte is a `Character` there
    /// except "\r\n", which no step tells from its two bytes (both are whitespace, neither a digit or separator), so
    /// the passage is the same. A reference is typed or given on the command line, nearly always ASCII: the
    /// `Character` steps (grapheme breaking, a lower-cased copy of the book's name) were most of the start of a
    /// warm `typeset` before the store opens (benchmark `typeset-warm`).
    static func parsing(ascii bytes: UnsafeBufferPointer<UInt8>, relativeTo current: ChapterReference?) -> Passage? {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        func isNumeral(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || byte == 0x3A || byte == 0x2E || byte == 0x2D || byte == 0x20
        }
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var start = range.lowerBound, end = range.upperBound
            while start < end, isWhitespace(bytes[start]) { start += 1 }
            while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
            return start..<end
        }
        // The numbers are the trailing run of digits and separators; the book is what comes before.
        let text = trimmed(0..<bytes.count)
        var boundary = text.upperBound
        while boundary > text.lowerBound, isNumeral(bytes[boundary - 1]) { boundary -= 1 }
        let bookPart = trimmed(text.lowerBound..<boundary)
        var numbersStart = boundary
        while numbersStart < text.upperBound, bytes[numbersStart] == 0x20 || bytes[numbersStart] == 0x2E {
            numbersStart += 1
        }
        let numbers = numbersStart..<text.upperBound
        guard !numbers.isEmpty, !bytes[numbers].contains(0x20) else { return nil }

        let book: Book
        if bookPart.isEmpty {
            guard let current else { return nil }
            book = current.book
        } else {
            guard let named = Book.named(ascii: UnsafeBufferPointer(rebasing: bytes[bookPart])) else { return nil }
            book = named
        }
        /// `range` split at its first `separator`: one part without it, two with it (either may be empty).
        func split(_ range: Range<Int>, at separator: UInt8) -> (Range<Int>, Range<Int>?) {
            guard let at = bytes[range].firstIndex(of: separator) else { return (range, nil) }
            return (range.lowerBound..<at, at + 1..<range.upperBound)
        }
        func number(_ range: Range<Int>) -> Int? {
            guard (1...3).contains(range.count) else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value > 0 ? value : nil
        }
        // "C", "C:V", "C:V-W", "C.V" (OSIS); relative "V" means a verse of the current chapter.
        let colon = split(numbers, at: 0x3A)
        let (chapterPart, versePart) = colon.1 == nil ? split(numbers, at: 0x2E) : colon
        guard let versePart else {
            // Numbers without a chapter's separator are verses where no chapter can be meant: of the current
            // chapter ("14", "14-18"), or of a one-chapter book ("Jude 5", "Jude 3-5"). "John 1-3" is not a passage.
            let (firstPart, lastPart) = split(chapterPart, at: 0x2D)
            guard let first = number(firstPart) else { return nil }
            let last = lastPart.map(number) ?? first
            guard let last, last >= first else { return nil }
            if bookPart.isEmpty, let current {
                return Passage(chapter: current, verses: first...last)
            } else if book.chapterCount == 1 && (last > 1 || lastPart != nil) {
                return Passage(chapter: ChapterReference(book: book, chapter: 1), verses: first...last)
            } else if lastPart == nil {
                return Passage(chapter: ChapterReference(book: book, chapter: first))
            }
            return nil
        }
        guard let chapterNumber = number(chapterPart) else { return nil }
        let (firstPart, lastPart) = split(versePart, at: 0x2D)
        guard let first = number(firstPart) else { return nil }
        let last = lastPart.map(number) ?? first
        guard let last, last >= first else { return nil }
        return Passage(chapter: ChapterReference(book: book, chapter: chapterNumber), verses: first...last)
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
    /// `named(_:)` for ASCII bytes: lower-cased, without spaces and dots, in a buffer on the stack.
    static func named(ascii text: UnsafeBufferPointer<UInt8>) -> Book? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(text.count, 1)) { key in
            var count = 0
            for byte in text where byte != 0x20 && byte != 0x2E {
                key[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                count += 1
            }
            let spelled = UnsafeBufferPointer(rebasing: key[..<count])
            return all.withUnsafeBufferPointer { books in
                for index in books.indices where books[index].isSpelled(spelled) { return books[index] }
                return nil
            }
        }
    }

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
