import Foundation

/// One token of a Berean Standard Bible token table (`…/targets/BSB/*_BSB.tsv`).
struct TargetToken {
    var id: String
    var text: Substring
    var skipSpaceAfter: Bool
}

/// What the importers share: reading the package's TSV tables and joining translation tokens for display.
enum SourceTable {
    /// Calls `body` with each data row's 1-based line number and fields, skipping the header line; rejects rows with
    /// the wrong column count. `package` names the download in the error for an unreadable file.
    static func forEachRow(of url: URL, columns: Int, package: String,
                           _ body: (Int, [Substring]) throws -> Void) throws {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CorpusError(file: url.path, line: nil, "cannot read (is \(package) downloaded? run scripts/setup)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CorpusError(file: url.path, line: nil, "not UTF-8") }
        // Lines and fields are split on bytes: splitting pointed Hebrew by Characters (grapheme clusters) costs
        // about ten times as much.
        var lineNumber = 0
        var fields: [Substring] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if lineNumber == 1 || line.isEmpty { continue }
            fields.removeAll(keepingCapacity: true)
            for field in line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false) {
                fields.append(Substring(field))
            }
            guard fields.count == columns else {
                throw CorpusError(file: url.path, line: lineNumber, "expected \(columns) tab-separated fields, found \(fields.count)")
            }
            try body(lineNumber, fields)
        }
    }

    /// Joins a verse's tokens into display tokens: a token glues onto the previous one when that one skips its
    /// space, so punctuation attaches to the word before it and an opening quote to the word after it. `mapped` is
    /// told each source token's display index.
    static func displayTokens(_ tokens: [TargetToken], mapped: (TargetToken, UInt16) -> Void = { _, _ in }) -> [String] {
        var display: [String] = []
        var glue = false
        for token in tokens {
            if glue, !display.isEmpty { display[display.count - 1] += token.text } else { display.append(String(token.text)) }
            mapped(token, UInt16(truncatingIfNeeded: display.count - 1))
            glue = token.skipSpaceAfter
        }
        return display
    }
}
