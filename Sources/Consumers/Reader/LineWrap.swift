/// Breaks a line into terminal rows where a voice pauses anyway: after a comma, semicolon, colon or full stop.
///
/// A terminal wraps a long line wherever the row ends, often inside a word, and a terminal screen reader that reads
/// new text row by row then pauses there ("λόγ, ος", "Stro, ng's"); Fenrir joins rows with a pause even between
/// whole words ("imperfect, active"). So rows end only at the end of a phrase — the punctuation says the voice
/// pauses there already — and phrases are packed into rows as they fit. Only a phrase longer than a whole row is
/// broken inside, at a space; only a word longer than a whole row is cut.
package enum LineWrap {
    /// The rows of `text`, each at most `columns` cells (at least one cell).
    package static func rows(_ text: String, columns: Int) -> [String] {
        let width = max(columns, 1)
        guard CellWidth.of(text) > width else { return [text] }
        // Phrases packed into rows; a phrase wider than a row as its words packed; a word wider than a row cut.
        return pack(phrases(text), width: width) { phrase in
            pack(phrase.split(separator: " ").map(String.init), width: width) { cut($0, width: width) }
        }
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

    /// Items joined by spaces into rows of at most `width` cells; an item wider than a row is `split` into rows, its
    /// last row left open for the items after it.
    static func pack(_ items: [String], width: Int, split: (String) -> [String]) -> [String] {
        var rows: [String] = []
        var row = "", rowWidth = 0
        for item in items where !item.isEmpty {
            let itemWidth = CellWidth.of(item)
            if rowWidth > 0, rowWidth + 1 + itemWidth <= width {
                row += " " + item
                rowWidth += 1 + itemWidth
                continue
            }
            if rowWidth > 0 { rows.append(row) }
            var parts = itemWidth <= width ? [item] : split(item)
            row = parts.removeLast()
            rowWidth = CellWidth.of(row)
            rows += parts
        }
        if rowWidth > 0 || rows.isEmpty { rows.append(row) }
        return rows
    }

    /// A word wider than a row, cut into whole rows (grapheme clusters are never split; a single cluster wider than
    /// the row is kept whole).
    static func cut(_ word: String, width: Int) -> [String] {
        var rows: [String] = []
        var rest = word[...]
        while CellWidth.of(String(rest)) > width {
            let prefix = CellWidth.prefix(String(rest), fitting: width)
            guard !prefix.text.isEmpty else { break }
            rows.append(String(prefix.text))
            rest = rest.dropFirst(prefix.text.count)
        }
        return rows + [String(rest)]
    }
}
