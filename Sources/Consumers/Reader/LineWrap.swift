/// Breaks a line into terminal rows at spaces, never inside a word.
///
/// A terminal wraps a long line wherever the row ends, often inside a word, and a terminal screen reader that reads
/// new text row by row then pauses there ("λόγ, ος", "Stro, ng's"). Breaking at spaces first puts each pause
/// between words. Rows are at most `columns` wide; only a word longer than a whole row is cut.
public enum LineWrap {
    /// The rows of `text`, each at most `columns` cells (at least one cell).
    public static func rows(_ text: String, columns: Int) -> [String] {
        let width = max(columns, 1)
        guard CellWidth.of(text) > width else { return [text] }
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
            // A word wider than a row: cut it into whole rows (grapheme clusters are never split).
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
