/// Breaks a line into terminal rows where a voice pauses anyway: after a comma, semicolon, colon or full stop.
///
/// A terminal wraps a long line wherever the row ends, often inside a word, and a terminal screen reader that reads
/// new text row by row then pauses there ("λόγ, ος", "Stro, ng's"); Fenrir joins rows with a pause even between
/// whole words ("imperfect, active"). So rows end only at the end of a phrase — the punctuation says the voice
/// pauses there already — and phrases are packed into rows as they fit. Only a phrase longer than a whole row is
/// broken inside, at a space; only a word longer than a whole row is cut.
public enum LineWrap {
    /// The rows of `text`, each at most `columns` cells (at least one cell).
    public static func rows(_ text: String, columns: Int) -> [String] {
        let width = max(columns, 1)
        guard CellWidth.of(text) > width else { return [text] }
        var rows: [String] = []
        var row = "", rowWidth = 0
        for phrase in phrases(text) {
            let phraseWidth = CellWidth.of(phrase)
            if rowWidth > 0, rowWidth + 1 + phraseWidth <= width {
                row += " " + phrase
                rowWidth += 1 + phraseWidth
                continue
            }
            if rowWidth > 0 { rows.append(row) }
            if phraseWidth <= width {
                row = phrase
                rowWidth = phraseWidth
                continue
            }
            // A phrase wider than a row: at spaces, the last part left open for the next phrase.
            var parts = words(phrase, width: width)
            let last = parts.removeLast()
            rows += parts
            row = last
            rowWidth = CellWidth.of(last)
        }
        if rowWidth > 0 || rows.isEmpty { rows.append(row) }
        return rows
    }

    /// The phrases of a line: split after ",", ";", ":" or "." followed by a space, each keeping its punctuation.
    static func phrases(_ text: String) -> [String] {
        var phrases: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character == " ", let previous, ",;:.".contains(previous) {
                if !current.isEmpty { phrases.append(current) }
                current = ""
            } else if !(character == " " && current.isEmpty) {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { phrases.append(current) }
        return phrases
    }

    /// A phrase wider than a row, broken at spaces, never inside a word; a word wider than a row is cut into whole
    /// rows (grapheme clusters are never split).
    static func words(_ text: String, width: Int) -> [String] {
        var rows: [String] = []
        var row = "", rowWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = CellWidth.of(word)
            if rowWidth > 0, rowWidth + 1 + wordWidth <= width {
                row += " " + word
                rowWidth += 1 + wordWidth
                continue
            }
            if rowWidth > 0 { rows.append(row) }
            while wordWidth > width {
                let cut = CellWidth.prefix(word, fitting: width)
                guard !cut.text.isEmpty else { break }  // a single cluster wider than the row: keep it whole
                rows.append(String(cut.text))
                word = String(word[cut.text.endIndex...])
                wordWidth -= cut.width
            }
            row = word
            rowWidth = wordWidth
        }
        if rowWidth > 0 || rows.isEmpty { rows.append(row) }
        return rows
    }
}
