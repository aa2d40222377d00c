import Foundation

/// The SBLGNT as its editors print it, from MorphGNT's SBLGNT files in the PyPI package `py-sblgnt` 0.10
/// (`pysblgnt/sblgnt/NN-Bk-morphgnt.txt`, which scripts/setup unpacks into `SourceData.printedGreekDirectory`). One
/// row a word, eight space-separated columns: reference (BBCCVV, the book within the New Testament), part of
/// speech, parsing, Robinson code, text with punctuation, word, normalised form, lemma.
///
/// `SBLGNT.tsv` normalises the negative particle (οὐ for οὐκ and οὐχ) and drops every elision mark (κατ for κατ’),
/// and neither it nor any other source has punctuation: this text gives all three. Only the word and its marks are
/// read; Strong's numbers, glosses, morphology and alignments stay the TSV's.
package enum PrintedGreekText {
    /// One word as printed.
    package struct Word: Sendable, Equatable {
        /// The word without punctuation, elision mark kept ("κατ’", "οὐκ").
        package var word: String
        /// The marks printed around it (`Punctuation`), apparatus signs left out.
        package var punctuation: Punctuation
        /// The file's line, for the import report.
        package var line: Int
    }

    /// The 27 files, in canonical order: "61-Mt-morphgnt.txt" is Matthew (book 40).
    package static let fileNames: [String] = [
        "Mt", "Mk", "Lk", "Jn", "Ac", "Ro", "1Co", "2Co", "Ga", "Eph", "Php", "Col", "1Th", "2Th", "1Ti", "2Ti",
        "Tit", "Phm", "Heb", "Jas", "1Pe", "2Pe", "1Jn", "2Jn", "3Jn", "Jud", "Re",
    ].enumerated().map { "\(61 + $0.offset)-\($0.element)-morphgnt.txt" }

    /// The words of every verse `keep` accepts (by verse key BBCCCVVV), in file order, from the files of `books`
    /// (book numbers; every New Testament book when nil). Refuses, naming the file and line: a missing file (with the download remedy), a row
    /// without eight columns, a reference that is not a verse of its book, a text that does not hold its word.
    package static func read(directory: URL, books: Set<Int>?, keep: (Int) -> Bool) throws -> [Int: [Word]] {
        var verses: [Int: [Word]] = [:]
        for (index, name) in fileNames.enumerated() {
            let book = 40 + index
            if let books, !books.contains(book) { continue }
            let url = directory.appendingPathComponent(name)
            let bytes: [UInt8]
            do {
                bytes = try BoundedFile.read(
                    url.path, limit: CorpusLimits.maxSourceFileBytes, what: "a source data file")
            } catch let error as CorpusError where error.kind == .missing {
                throw CorpusError(
                    file: url.path, line: nil, kind: .missing, "cannot read (is py-sblgnt 0.10 downloaded?)",
                    remedy: .downloadSourceData)
            }
            if let bad = bytes.withUnsafeBufferPointer({ TextCheck.firstInvalidUTF8($0) }) {
                throw CorpusError(file: url.path, line: nil, "invalid UTF-8 at byte \(bad + 1)")
            }
            var lineNumber = 0
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            {
                lineNumber += 1
                if line.isEmpty { continue }
                func fail(_ message: String) -> CorpusError { CorpusError(file: url.path, line: lineNumber, message) }
                guard line.utf8.count <= CorpusLimits.maxSourceLineBytes else { throw fail("line too long") }
                let columns = line.split(separator: " ")
                guard columns.count == 8 else {
                    throw fail("expected 8 space-separated columns, found \(columns.count)")
                }
                let reference = columns[0]
                guard reference.count == 6, reference.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let chapter = Int(reference.dropFirst(2).prefix(2)), let verse = Int(reference.suffix(2)),
                    Int(reference.prefix(2)) == index + 1, chapter > 0, verse > 0
                else { throw fail("bad reference \(EscapedText.quoted(reference))") }
                let key = book * 1_000_000 + chapter * 1000 + verse
                guard keep(key) else { continue }
                let text = String(columns[4]).precomposedStringWithCanonicalMapping
                let word = String(columns[5]).precomposedStringWithCanonicalMapping
                guard let range = text.range(of: word) else {
                    throw fail("text \(EscapedText.quoted(text)) does not hold its word \(EscapedText.quoted(word))")
                }
                verses[key, default: []].append(
                    Word(
                        word: word,
                        punctuation: Punctuation(
                            before: Punctuation.marks(of: text[..<range.lowerBound]),
                            after: Punctuation.marks(of: text[range.upperBound...])),
                        line: lineNumber))
            }
        }
        return verses
    }
}
