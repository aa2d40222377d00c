import Foundation

/// One token of a Berean Standard Bible token table (`…/targets/BSB/*_BSB.tsv`), with its line for messages.
struct TargetToken {
    var id: String
    var text: Substring
    var skipSpaceAfter: Bool
    var line: Int
}

/// What the importers share: reading the package's TSV tables, bounded at the door, and joining translation
/// tokens for display.
enum SourceTable {
    /// Calls `body` with each data row's 1-based line number and fields, skipping the header line. Refuses, naming
    /// the line: the wrong column count, invalid UTF-8, control characters, a line over
    /// `CorpusLimits.maxSourceLineBytes`; and a file over `CorpusLimits.maxSourceFileBytes` or not a regular file.
    /// `package` names the download in the error for a missing file. A row `keep` (given the raw line) turns down is
    /// passed over unchecked: importing a few chapters looks at the other rows' verse keys only, and checks in full
    /// every row it imports.
    static func forEachRow(
        of url: URL, columns: Int, package: String,
        keep: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
        _ body: (Int, [Substring]) throws -> Void
    ) throws {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(url.path, limit: CorpusLimits.maxSourceFileBytes, what: "a source data file")
        } catch let error as CorpusError where error.kind == .missing {
            throw CorpusError(
                file: url.path, line: nil, kind: .missing, "cannot read (is \(package) downloaded?)",
                remedy: .downloadSourceData)
        }
        // Lines and fields are split on bytes: splitting pointed Hebrew by Characters (grapheme clusters) costs
        // about ten times as much.
        var fields: [Substring] = []
        try bytes.withUnsafeBufferPointer { text in
            var lineNumber = 0
            var start = 0
            while start < text.count {
                lineNumber += 1
                var end = start
                while end < text.count && text[end] != 0x0A { end += 1 }
                let next = end + 1
                if end > start && text[end - 1] == 0x0D { end -= 1 }
                defer { start = next }
                func fail(_ message: String) -> CorpusError { CorpusError(file: url.path, line: lineNumber, message) }
                let line = UnsafeBufferPointer(rebasing: text[start..<end])
                if lineNumber > 1, let keep, !keep(line) { continue }
                guard line.count <= CorpusLimits.maxSourceLineBytes else {
                    throw fail(
                        "line is \(line.count.grouped) bytes long; a source line holds at most "
                            + CorpusLimits.maxSourceLineBytes.grouped)
                }
                if let bad = TextCheck.firstInvalidUTF8(line) {
                    throw fail(
                        "invalid UTF-8: byte 0x\(String(line[bad], radix: 16, uppercase: true)) at column \(bad + 1)")
                }
                if lineNumber == 1 || line.isEmpty { continue }
                fields.removeAll(keepingCapacity: true)
                for field in line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false) {
                    if let control = TextCheck.firstControl(UnsafeBufferPointer(rebasing: field)) {
                        throw fail(
                            "control character \(EscapedText.escaped(String(Character(control)))) in "
                                + EscapedText.quoted(utf8: UnsafeBufferPointer(rebasing: field)))
                    }
                    fields.append(Substring(decoding: UnsafeBufferPointer(rebasing: field), as: UTF8.self))
                }
                guard fields.count == columns else {
                    throw fail("expected \(columns) tab-separated fields, found \(fields.count)")
                }
                try body(lineNumber, fields)
            }
        }
    }

    /// The verse key (BBCCCVVV) a row's raw line starts with: `digits` ASCII digits after `skip` bytes; nil when
    /// they are not there (the row is then checked in full, and refused with its line).
    static func leadingKey(_ line: UnsafeBufferPointer<UInt8>, skip: Int = 0, digits: Int = 8) -> Int? {
        guard line.count >= skip + digits else { return nil }
        var value = 0
        for byte in line[skip..<skip + digits] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The verse a translation-token row renders: its `source_verse` (second field) when given, else the verse of
    /// its own id; nil when unreadable.
    static func targetVerseKey(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let rest = UnsafeBufferPointer(rebasing: line[(tab + 1)...])
        let second = UnsafeBufferPointer(rebasing: rest[..<(rest.firstIndex(of: UInt8(ascii: "\t")) ?? rest.count)])
        if second.isEmpty { return leadingKey(line) }
        return leadingKey(second, digits: second.count).flatMap { second.count <= 9 ? $0 : nil }
    }

    /// A translation token from its row: one display word. Empty or holding a space, it would shift every alignment
    /// offset after it, so it is refused with its line.
    static func targetToken(id: Substring, text: Substring, skipSpaceAfter: Bool, line: Int, path: String) throws
        -> TargetToken
    {
        guard !text.isEmpty else { throw CorpusError(file: path, line: line, "empty English token") }
        guard !text.contains(where: \.isWhitespace) else {
            throw CorpusError(
                file: path, line: line,
                "English token \(EscapedText.quoted(text)) holds a space; it would "
                    + "shift the alignment of the words after it")
        }
        return TargetToken(id: String(id), text: text, skipSpaceAfter: skipSpaceAfter, line: line)
    }

    /// Joins a verse's tokens into display tokens: a token glues onto the previous one when that one skips its
    /// space, so punctuation attaches to the word before it and an opening quote to the word after it. `mapped` is
    /// told each source token's display index. More display tokens than a verse can hold
    /// (`CorpusLimits.maxTranslationTokensPerVerse`) are refused at the line of the first one too many.
    static func displayTokens(
        _ tokens: [TargetToken], verse: Int, path: String,
        mapped: (TargetToken, UInt16) -> Void = { _, _ in }
    ) throws -> [String] {
        var display: [String] = []
        var glue = false
        for token in tokens {
            if glue, !display.isEmpty {
                display[display.count - 1] += token.text
            } else {
                guard display.count < CorpusLimits.maxTranslationTokensPerVerse else {
                    throw CorpusError(
                        file: path, line: token.line,
                        "verse \(verse) has more than "
                            + "\(CorpusLimits.maxTranslationTokensPerVerse.grouped) translation tokens, the most a verse can hold"
                    )
                }
                display.append(String(token.text))
            }
            mapped(token, UInt16(truncatingIfNeeded: display.count - 1))  // ≤ 65,535, checked above
            glue = token.skipSpaceAfter
        }
        return display
    }
}
