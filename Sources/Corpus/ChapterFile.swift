import Foundation

/// A problem with corpus data, naming the file and line.
public struct CorpusError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if file.isEmpty { return message }
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Reads and writes the corpus's chapter files (format in Corpus/README.md):
///
///     # comment
///     @	43	1                                     book number, chapter
///     v	1	In the beginning was the Word, …      verse number, translation tokens joined by spaces
///     w	1	Ἐν	En	ἐν	G1722	PREP	In [the]	0 1   verse, surface, transliteration, lemma,
///                                                  Strong's, morphology, gloss, aligned token indices
///
/// A Hebrew chapter names its language in the header (`@	1	1	hbo`) and follows each word line with one line per
/// morpheme of that word (`m	1	בְּ	bə	H871a	Prep	in`: verse, surface, transliteration, Strong's, morphology,
/// gloss); the morphemes' surfaces concatenate to the word's.
public enum ChapterFile {
    public static let formatLine = "# interlinear corpus 1"

    /// Parses a chapter file's text, interning into `strings`, and freezes the table for the chapter; `path` names
    /// the file in errors.
    public static func parse(_ text: String, path: String, strings: StringTableBuilder) throws -> Chapter {
        var chapter = try parseUnfrozen(text, path: path, strings: strings)
        chapter.freeze(strings)
        return chapter
    }

    /// Parses without freezing: the caller freezes once after loading several chapters.
    static func parseUnfrozen(_ text: String, path: String, strings: StringTableBuilder) throws -> Chapter {
        var text = text
        return try text.withUTF8 { try parse(utf8: $0, path: path, strings: strings) }
    }

    /// Parses UTF-8 bytes: lines and fields are split on bytes and interned without making a `String` per field,
    /// which keeps loading out of grapheme-cluster work.
    private static func parse(utf8 text: UnsafeBufferPointer<UInt8>, path: String,
                              strings: StringTableBuilder) throws -> Chapter {
        var chapter: Chapter?
        var lineNumber = 0
        // The Hebrew word whose morpheme lines are being read: its line, its surface, how much of it they spelled.
        var openWord: (line: Int, surface: Field, matched: Int)?
        var fields = [Field]()
        fields.reserveCapacity(9)
        var lineStart = 0
        while lineStart < text.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < text.count && text[lineEnd] != newline { lineEnd += 1 }
            let next = lineEnd + 1
            if lineEnd > lineStart && text[lineEnd - 1] == carriageReturn { lineEnd -= 1 }
            defer { lineStart = next }
            if lineEnd == lineStart || text[lineStart] == hash { continue }
            fields.removeAll(keepingCapacity: true)
            split(Field(rebasing: text[lineStart..<lineEnd]), on: tab, into: &fields)
            func fail(_ message: String) -> CorpusError { CorpusError(file: path, line: lineNumber, message) }
            let record = string(fields[0])
            if record != "m", let open = openWord {
                try closeWord(open, of: chapter, path: path)
                openWord = nil
            }
            switch record {
            case "@":
                guard chapter == nil else { throw fail("a second '@' header") }
                guard fields.count == 3 || fields.count == 4, let bookNumber = integer(fields[1]),
                      let book = Book.numbered(bookNumber), let number = integer(fields[2]), number > 0
                else { throw fail("header must be '@<TAB>book number 1–66<TAB>chapter[<TAB>language grc|hbo]'") }
                var language = book.language
                if fields.count == 4 {
                    guard let named = SourceLanguage(rawValue: string(fields[3])) else {
                        throw fail("unknown language '\(string(fields[3]))' (expected grc or hbo)")
                    }
                    language = named
                }
                chapter = Chapter(reference: ChapterReference(book: book, chapter: number), language: language)
            case "m":
                guard let current = chapter?.verses.last, chapter!.language == .hebrew, let open = openWord else {
                    throw fail("morpheme line outside a Hebrew word")
                }
                guard fields.count == 7 else { throw fail("morpheme line needs 7 fields, found \(fields.count)") }
                guard integer(fields[1]) == current.number else {
                    throw fail("morpheme of verse \(string(fields[1])) inside verse \(current.number)")
                }
                guard !fields[2].isEmpty else { throw fail("empty morpheme") }
                guard isHebrewStrongs(fields[4]) else { throw fail("bad Strong's number '\(string(fields[4]))'") }
                guard !fields[5].isEmpty, !fields[5].contains(space) else {
                    throw fail("bad morphology code '\(string(fields[5]))'")
                }
                // The morphemes must spell the word: each continues the word's surface where the last one stopped.
                let end = open.matched + fields[2].count
                guard end <= open.surface.count,
                      open.surface[open.matched..<end].elementsEqual(fields[2])
                else { throw fail("morpheme '\(string(fields[2]))' does not continue the word's surface") }
                openWord = (open.line, open.surface, end)
                chapter!.appendMorpheme(Morpheme(
                    surface: strings.intern(utf8: fields[2]), transliteration: strings.intern(utf8: fields[3]),
                    strongs: strings.intern(utf8: fields[4]), morphology: strings.intern(utf8: fields[5]),
                    gloss: strings.intern(utf8: fields[6])))
            case "v":
                guard chapter != nil else { throw fail("verse before the '@' header") }
                guard fields.count == 3, let number = integer(fields[1]), number > 0 else {
                    throw fail("verse line must be 'v<TAB>number<TAB>translation'")
                }
                if let last = chapter!.verses.last, last.number >= number {
                    throw fail("verse \(number) follows verse \(last.number)")
                }
                chapter!.beginVerse(number, strings: strings)
                forEachItem(fields[2], separatedBy: space) { chapter!.appendTranslationToken(strings.intern(utf8: $0)) }
            case "w":
                guard let current = chapter?.verses.last else { throw fail("word before any verse line") }
                guard fields.count == 9 else { throw fail("word line needs 9 fields, found \(fields.count)") }
                guard integer(fields[1]) == current.number else {
                    throw fail("word of verse \(string(fields[1])) inside verse \(current.number)")
                }
                guard !fields[2].isEmpty else { throw fail("empty source word") }
                let hebrew = chapter!.language == .hebrew
                guard hebrew ? isHebrewStrongs(fields[5]) : isStrongs(fields[5]) else {
                    throw fail("bad Strong's number '\(string(fields[5]))'")
                }
                guard !fields[6].isEmpty, !fields[6].contains(space) else {
                    throw fail("bad morphology code '\(string(fields[6]))'")
                }
                let tokenCount = current.translation.count
                let alignmentStart = Int32(chapter!.alignedTokens.count)
                var badItem: Field?
                forEachItem(fields[8], separatedBy: space) { item in
                    guard badItem == nil else { return }
                    guard let index = integer(item), index < tokenCount, index <= Int(UInt16.max) else {
                        badItem = item
                        return
                    }
                    chapter!.appendAlignedToken(TokenOffset(UInt16(index)))
                }
                if let badItem {
                    throw fail("alignment '\(string(badItem))' is not a token index below \(tokenCount)")
                }
                chapter!.appendWord(Word(
                    surface: strings.intern(utf8: fields[2]), transliteration: strings.intern(utf8: fields[3]),
                    lemma: strings.intern(utf8: fields[4]), strongs: strings.intern(utf8: fields[5]),
                    morphology: strings.intern(utf8: fields[6]), gloss: strings.intern(utf8: fields[7]),
                    alignment: alignmentStart..<Int32(chapter!.alignedTokens.count)))
                if hebrew { openWord = (lineNumber, fields[2], 0) }
            default:
                throw fail("unknown record '\(record)' (expected @, v, w or m)")
            }
        }
        if let open = openWord { try closeWord(open, of: chapter, path: path) }
        guard let chapter else { throw CorpusError(file: path, line: nil, "no '@' header") }
        guard !chapter.verses.isEmpty else { throw CorpusError(file: path, line: nil, "no verses") }
        return chapter
    }

    typealias Field = UnsafeBufferPointer<UInt8>
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let tab = UInt8(ascii: "\t"), space = UInt8(ascii: " "), hash = UInt8(ascii: "#")

    /// Splits on every separator, keeping empty fields.
    private static func split(_ line: Field, on separator: UInt8, into fields: inout [Field]) {
        var start = 0
        for i in 0..<line.count where line[i] == separator {
            fields.append(Field(rebasing: line[start..<i]))
            start = i + 1
        }
        fields.append(Field(rebasing: line[start..<line.count]))
    }

    /// Calls `body` with each non-empty item between separators.
    private static func forEachItem(_ field: Field, separatedBy separator: UInt8, _ body: (Field) -> Void) {
        var start = 0
        for i in 0...field.count where i == field.count || field[i] == separator {
            if i > start { body(Field(rebasing: field[start..<i])) }
            start = i + 1
        }
    }

    /// A non-negative decimal number of at most 9 digits, or nil.
    private static func integer(_ field: Field) -> Int? {
        guard !field.isEmpty, field.count <= 9 else { return nil }
        var value = 0
        for byte in field {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func string(_ field: Field) -> String { String(decoding: field, as: UTF8.self) }

    /// Checks that a Hebrew word's morpheme lines spelled all of it.
    private static func closeWord(_ open: (line: Int, surface: Field, matched: Int), of chapter: Chapter?,
                                  path: String) throws {
        guard let word = chapter?.words.last else { return }
        guard !word.morphemes.isEmpty, open.matched == open.surface.count else {
            throw CorpusError(file: path, line: open.line,
                              word.morphemes.isEmpty ? "Hebrew word without morpheme lines"
                                                     : "the word's morpheme lines spell only part of it")
        }
    }

    /// Hebrew Strong's numbers: empty, or "H" numbers as `isStrongs` reads them, joined by "-" (one per morpheme)
    /// or "/" (a morpheme the source gives two numbers).
    static func isHebrewStrongs(_ field: Field) -> Bool {
        guard !field.isEmpty else { return true }
        var start = 0
        for i in 0...field.count where i == field.count || field[i] == UInt8(ascii: "-") || field[i] == UInt8(ascii: "/") {
            guard isStrongs(Field(rebasing: field[start..<i]), prefix: UInt8(ascii: "H")) else { return false }
            start = i + 1
        }
        return true
    }

    /// "G" (or `prefix`) + digits + at most one lower-case ASCII letter ("G3056", "G4053b", "H871a").
    static func isStrongs(_ field: Field, prefix: UInt8 = UInt8(ascii: "G")) -> Bool {
        guard field.count >= 2, field[0] == prefix else { return false }
        var i = 1
        while i < field.count && field[i] >= 0x30 && field[i] <= 0x39 { i += 1 }
        guard i > 1 else { return false }
        return i == field.count || (i == field.count - 1 && field[i] >= 0x61 && field[i] <= 0x7A)
    }

    /// Serialises a chapter in the same format `parse` reads.
    public static func render(_ chapter: Chapter, provenance: [String]) -> String {
        var out = formatLine + "\n"
        for line in provenance { out += "# \(line)\n" }
        out += "@\t\(chapter.reference.book.number)\t\(chapter.reference.chapter)"
        out += chapter.language == .greek ? "\n" : "\t\(chapter.language.tag)\n"
        for verse in chapter.verses {
            let tokens = chapter.translationTokens[verse.translation].map { chapter.text($0) }
            out += "v\t\(verse.number)\t\(tokens.joined(separator: " "))\n"
            for word in chapter.words[verse.words] {
                let fields = [word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss]
                    .map { chapter.text($0) }
                let aligned = chapter.alignment(of: word).map(\.description).joined(separator: " ")
                out += "w\t\(verse.number)\t\(fields.joined(separator: "\t"))\t\(aligned)\n"
                for m in chapter.morphemes(of: word) {
                    let parts = [m.surface, m.transliteration, m.strongs, m.morphology, m.gloss].map { chapter.text($0) }
                    out += "m\t\(verse.number)\t\(parts.joined(separator: "\t"))\n"
                }
            }
        }
        return out
    }
}
