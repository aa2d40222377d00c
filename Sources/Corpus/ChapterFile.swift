import Foundation

/// Reads and writes the corpus's chapter files (format 3, described in Corpus/README.md):
///
///     # interlinear corpus 3                      format line, always first
///     # comment
///     @	43	1                                     book number, chapter
///     v	1	In the beginning was the Word, …      verse number, translation tokens joined by single spaces
///                                                  [, "outside": not in the edition's text]
///     w	1	λόγος	logos	λόγος	G3056	N-NSM	Word	5 6	,   verse, surface, transliteration, lemma,
///                                                  Strong's, morphology, gloss, aligned token offsets, punctuation
///     $	51	1078                                  end: verse count, word count (a cut file lacks it)
///
/// A Hebrew chapter names its language in the header (`@	1	1	hbo`) and follows each word line with one line per
/// morpheme of that word (`m	1	בְּ	bə	H871a	Prep	in`: verse, surface, transliteration, Strong's, morphology,
/// gloss); the morphemes' surfaces concatenate to the word's.
///
/// Everything is checked at the door: UTF-8 and no control characters in any field, the limits of
/// `CorpusLimits`, and the end record's counts, so a truncated file is refused rather than read short.
package enum ChapterFile {
    /// The format version `render` writes; the parser reads it and format 2 (the same without punctuation).
    package static let version = 3
    package static let formatLine = "# interlinear corpus \(version)"
    private static let formatPrefix = Array("# interlinear corpus ".utf8)

    /// Parses a chapter file's text, interning into `strings`, and freezes the table for the chapter; `path` names
    /// the file in errors.
    package static func parse(_ text: String, path: String, strings: StringTableBuilder) throws -> Chapter {
        var chapter = try parseUnfrozen(text, path: path, strings: strings)
        chapter.freeze(strings)
        return chapter
    }

    /// Parses without freezing: the caller freezes once after loading several chapters.
    static func parseUnfrozen(_ text: String, path: String, strings: StringTableBuilder) throws -> Chapter {
        var text = text
        return try text.withUTF8 { try parse(utf8: $0, path: path, strings: strings) }
    }

    /// Parses a chapter file's bytes (which need not be valid UTF-8: that is checked line by line) and freezes the
    /// table for the chapter.
    package static func parse(bytes: [UInt8], path: String, strings: StringTableBuilder) throws -> Chapter {
        var chapter = try bytes.withUnsafeBufferPointer { try parse(utf8: $0, path: path, strings: strings) }
        chapter.freeze(strings)
        return chapter
    }

    /// Reads and parses a chapter file from disk without freezing, refusing anything but a regular file within
    /// `CorpusLimits.maxChapterFileBytes`.
    static func readUnfrozen(_ path: String, strings: StringTableBuilder) throws -> Chapter {
        let bytes = try BoundedFile.read(path, limit: CorpusLimits.maxChapterFileBytes, what: "a chapter file")
        return try bytes.withUnsafeBufferPointer { try parse(utf8: $0, path: path, strings: strings) }
    }

    /// Reads and parses a chapter file from disk and freezes the table for it (see `readUnfrozen`).
    package static func read(_ path: String, strings: StringTableBuilder) throws -> Chapter {
        var chapter = try readUnfrozen(path, strings: strings)
        chapter.freeze(strings)
        return chapter
    }

    /// Parses UTF-8 bytes: lines and fields are split on bytes and interned without making a `String` per field,
    /// which keeps loading out of grapheme-cluster work.
    static func parse(utf8 text: UnsafeBufferPointer<UInt8>, path: String, strings: StringTableBuilder) throws
        -> Chapter
    {
        guard text.count <= CorpusLimits.maxChapterFileBytes else {
            throw CorpusError(
                file: path, line: nil,
                "is \(text.count.grouped) bytes; a chapter file holds at most "
                    + CorpusLimits.maxChapterFileBytes.grouped)
        }
        var records = ChapterFileRecords(path: path, strings: strings)
        var fields = [Field]()
        fields.reserveCapacity(9)
        var lineStart = 0
        while lineStart < text.count {
            records.lineNumber += 1
            // memchr finds the line's end many bytes at a time.
            var lineEnd = text.count
            if let base = text.baseAddress, let found = memchr(base + lineStart, Int32(newline), text.count - lineStart)
            {
                lineEnd = lineStart + UnsafeRawPointer(base + lineStart).distance(to: UnsafeRawPointer(found))
            }
            let next = lineEnd + 1
            if lineEnd > lineStart && text[lineEnd - 1] == carriageReturn { lineEnd -= 1 }
            defer { lineStart = next }
            let line = Field(rebasing: text[lineStart..<lineEnd])
            guard line.count <= CorpusLimits.maxChapterLineBytes else {
                throw records.fail(
                    "line is \(line.count.grouped) bytes long; a line holds at most \(CorpusLimits.maxChapterLineBytes.grouped)"
                )
            }
            // One pass over the line answers both checks for nearly every line; the slower ones only word a refusal.
            let clean = TextCheck.isClean(line, allowingTabs: true)
            if !clean, let bad = TextCheck.firstInvalidUTF8(line) {
                throw records.fail(
                    "invalid UTF-8: byte 0x\(String(line[bad], radix: 16, uppercase: true)) at column \(bad + 1)")
            }
            if records.lineNumber == 1 {
                try checkFormatLine(line, fail: records.fail)
                continue
            }
            if line.isEmpty || line[0] == hash { continue }
            guard !records.ended else { throw records.fail("a record after the end record '$'") }
            fields.removeAll(keepingCapacity: true)
            split(line, on: tab, into: &fields)
            if !clean { try checkControls(fields, fail: records.fail) }
            try records.read(fields)
        }
        return try records.finish()
    }

    /// The first line names the format; other versions are refused with what to do about it.
    private static func checkFormatLine(_ line: Field, fail: (String) -> CorpusError) throws {
        guard line.starts(with: formatPrefix) else {
            throw fail("not a chapter file: the first line must be '\(formatLine)'")
        }
        let number = integer(Field(rebasing: line[formatPrefix.count...]))
        // Format 2 is format 3 without punctuation and verses outside the text: read as such.
        guard let number, number == version || number == 2 else {
            if let number, number < 2 {
                let refused = fail(
                    "chapter format \(number) is no longer read (format 2 added the end record; this is format "
                        + "\(version))")
                throw CorpusError(
                    file: refused.file, line: refused.line, refused.message, remedy: .reimportChapterFile)
            }
            throw fail(
                "unknown chapter format \(quoted(Field(rebasing: line[formatPrefix.count...]))); this interlinear "
                    + "reads formats 2 and \(version)")
        }
    }

    /// Refuses control characters in any field (tabs separate fields, so none is left inside one).
    private static func checkControls(_ fields: [Field], fail: (String) -> CorpusError) throws {
        for (index, field) in fields.enumerated() {
            guard let control = TextCheck.firstControl(field) else { continue }
            let names: [String]
            switch fields[0].first {
            case UInt8(ascii: "v"): names = ["record", "verse", "translation"]
            case UInt8(ascii: "w"):
                names = [
                    "record", "verse", "surface", "transliteration", "lemma", "Strong's", "morphology", "gloss",
                    "alignment", "punctuation",
                ]
            case UInt8(ascii: "m"):
                names = ["record", "verse", "surface", "transliteration", "Strong's", "morphology", "gloss"]
            default: names = ["record"]
            }
            let name = index < names.count ? "the \(names[index]) field" : "field \(index + 1)"
            throw fail(
                "control character \(EscapedText.escaped(String(Character(control)))) in \(name) \(quoted(field))")
        }
    }

    typealias Field = UnsafeBufferPointer<UInt8>
    /// The verse line's last field when the verse is outside the edition's text (`Verse.outsideText`).
    static let outsideMark = "outside"
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
    static let space = UInt8(ascii: " "), morphemeRecord = UInt8(ascii: "m")

    /// Splits on every separator, keeping empty fields; memchr finds each separator.
    private static func split(_ line: Field, on separator: UInt8, into fields: inout [Field]) {
        guard let base = line.baseAddress else {
            fields.append(line)
            return
        }
        var start = 0
        while start < line.count, let found = memchr(base + start, Int32(separator), line.count - start) {
            let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            fields.append(Field(rebasing: line[start..<end]))
            start = end + 1
        }
        fields.append(Field(rebasing: line[start..<line.count]))
    }

    /// Calls `body` with each item between single separators; an empty field has no items, and an empty item
    /// (a leading, trailing or doubled separator) is refused: it would shift every offset after it.
    static func forEachItem(
        _ field: Field, separatedBy separator: UInt8, what: String,
        _ body: (Field) throws -> Void, fail: (String) throws -> Never
    ) throws {
        guard !field.isEmpty else { return }
        var start = 0
        for i in 0...field.count where i == field.count || field[i] == separator {
            guard i > start else { try fail("empty \(what) (a leading, trailing or doubled space)") }
            try body(Field(rebasing: field[start..<i]))
            start = i + 1
        }
    }

    static func integer(_ field: Field) -> Int? { FieldSyntax.decimal(field) }

    static func string(_ field: Field) -> String { String(decoding: field, as: UTF8.self) }

    /// A field for a message: escaped and cut short.
    static func quoted(_ field: Field) -> String { EscapedText.quoted(utf8: field) }

    /// Renders a chapter and reads the text back with `parse`, the reader's own parser, before anything is written:
    /// a chapter the reader would refuse, or read differently (a token holding a space shifts alignments), is
    /// refused here. `path` is where it would be written, for the message.
    package static func renderChecked(_ chapter: Chapter, provenance: [String], path: String) throws -> String {
        let text = render(chapter, provenance: provenance)
        let again: Chapter
        do { again = try parse(text, path: path, strings: StringTableBuilder()) } catch let error as CorpusError {
            throw CorpusError(
                file: path, line: error.line, "refusing to write a chapter the reader would refuse: \(error.message)")
        }
        let same =
            again.reference == chapter.reference && again.verses.map(\.number) == chapter.verses.map(\.number)
            && again.verses.map(\.words) == chapter.verses.map(\.words)
            && again.verses.map(\.translation) == chapter.verses.map(\.translation)
            && again.verses.map(\.outsideText) == chapter.verses.map(\.outsideText)
            && again.words.map { again.text($0.printed) } == chapter.words.map { chapter.text($0.printed) }
            && again.alignedTokens == chapter.alignedTokens
            && again.translationTokens.map(again.text) == chapter.translationTokens.map(chapter.text)
        guard same else {
            throw CorpusError(
                file: path, line: nil,
                "refusing to write \(chapter.reference): the reader would read it back "
                    + "differently (a token or field holding a separator)")
        }
        return text
    }

    /// Serialises a chapter in the same format `parse` reads. Traps on a chapter read without its morphemes
    /// (`Chapter.omitsMorphemes`), whose Hebrew words would be written without their morpheme lines.
    package static func render(_ chapter: Chapter, provenance: [String]) -> String {
        precondition(!chapter.omitsMorphemes, "\(chapter.reference) was read without its morphemes")
        var out = formatLine + "\n"
        for line in provenance { out += "# \(line)\n" }
        out += "@\t\(chapter.reference.book.number)\t\(chapter.reference.chapter)"
        out += chapter.language == .greek ? "\n" : "\t\(chapter.language.tag)\n"
        for verse in chapter.verses {
            let tokens = chapter.translationTokens[verse.translation].map { chapter.text($0) }
            out += "v\t\(verse.number)\t\(tokens.joined(separator: " "))"
            out += verse.outsideText ? "\t\(outsideMark)\n" : "\n"
            for word in chapter.words[verse.words] {
                let fields = [
                    word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss,
                ]
                .map { chapter.text($0) }
                let aligned = chapter.alignment(of: word).map(\.description).joined(separator: " ")
                out +=
                    "w\t\(verse.number)\t\(fields.joined(separator: "\t"))\t\(aligned)\t\(chapter.text(word.punctuation))\n"
                for m in chapter.morphemes(of: word) {
                    let parts = [m.surface, m.transliteration, m.strongs, m.morphology, m.gloss].map {
                        chapter.text($0)
                    }
                    out += "m\t\(verse.number)\t\(parts.joined(separator: "\t"))\n"
                }
            }
        }
        out += "$\t\(chapter.verses.count)\t\(chapter.words.count)\n"
        return out
    }
}
