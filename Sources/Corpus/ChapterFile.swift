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
public enum ChapterFile {
    public static let formatLine = "# interlinear corpus 1"

    /// Parses a chapter file's text; `path` names the file in errors.
    public static func parse(_ text: String, path: String, strings: StringTable) throws -> Chapter {
        var chapter: Chapter?
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            if line.isEmpty || line.first == "#" { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            func fail(_ message: String) -> CorpusError { CorpusError(file: path, line: lineNumber, message) }
            switch fields[0] {
            case "@":
                guard chapter == nil else { throw fail("a second '@' header") }
                guard fields.count == 3, let bookNumber = Int(fields[1]), let book = Book.numbered(bookNumber),
                      let number = Int(fields[2]), number > 0
                else { throw fail("header must be '@<TAB>book number 40–66<TAB>chapter'") }
                chapter = Chapter(reference: ChapterReference(book: book, chapter: number), strings: strings)
            case "v":
                guard chapter != nil else { throw fail("verse before the '@' header") }
                guard fields.count == 3, let number = Int(fields[1]), number > 0 else {
                    throw fail("verse line must be 'v<TAB>number<TAB>translation'")
                }
                if let last = chapter!.verses.last, last.number >= number {
                    throw fail("verse \(number) follows verse \(last.number)")
                }
                chapter!.beginVerse(number)
                for token in fields[2].split(separator: " ") { chapter!.appendTranslationToken(token) }
            case "w":
                guard let current = chapter?.verses.last else { throw fail("word before any verse line") }
                guard fields.count == 9 else { throw fail("word line needs 9 fields, found \(fields.count)") }
                guard Int(fields[1]) == current.number else {
                    throw fail("word of verse \(fields[1]) inside verse \(current.number)")
                }
                guard !fields[2].isEmpty else { throw fail("empty Greek word") }
                guard isStrongs(fields[5]) else { throw fail("bad Strong's number '\(fields[5])'") }
                guard !fields[6].isEmpty, !fields[6].contains(" ") else { throw fail("bad morphology code '\(fields[6])'") }
                let tokenCount = current.translation.count
                var alignment: [UInt16] = []
                for item in fields[8].split(separator: " ") {
                    guard let index = UInt16(item), Int(index) < tokenCount else {
                        throw fail("alignment '\(item)' is not a token index below \(tokenCount)")
                    }
                    alignment.append(index)
                }
                chapter!.appendWord(surface: fields[2], transliteration: fields[3], lemma: fields[4],
                                    strongs: fields[5], morphology: fields[6], gloss: fields[7],
                                    alignment: alignment)
            default:
                throw fail("unknown record '\(fields[0])' (expected @, v or w)")
            }
        }
        guard let chapter else { throw CorpusError(file: path, line: nil, "no '@' header") }
        guard !chapter.verses.isEmpty else { throw CorpusError(file: path, line: nil, "no verses") }
        return chapter
    }

    static func isStrongs(_ text: Substring) -> Bool {
        let digits = text.dropFirst().prefix(while: \.isASCIIDigitCharacter)
        let rest = text.dropFirst().dropFirst(digits.count)
        return text.first == "G" && !digits.isEmpty && rest.count <= 1 && rest.allSatisfy { $0.isLowercase }
    }

    /// Serialises a chapter in the same format `parse` reads.
    public static func render(_ chapter: Chapter, provenance: [String]) -> String {
        var out = formatLine + "\n"
        for line in provenance { out += "# \(line)\n" }
        out += "@\t\(chapter.reference.book.number)\t\(chapter.reference.chapter)\n"
        for verse in chapter.verses {
            let tokens = chapter.translationTokens[verse.translation].map { chapter.text($0) }
            out += "v\t\(verse.number)\t\(tokens.joined(separator: " "))\n"
            for word in chapter.words[verse.words] {
                let fields = [word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss]
                    .map { chapter.text($0) }
                let aligned = chapter.alignment(of: word).map(String.init).joined(separator: " ")
                out += "w\t\(verse.number)\t\(fields.joined(separator: "\t"))\t\(aligned)\n"
            }
        }
        return out
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
