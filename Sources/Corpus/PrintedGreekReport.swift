/// What the New Testament import decided where `SBLGNT.tsv` and the SBLGNT as printed disagree
/// (`PrintedGreekAlignment`): every decision, and the verses the printed text lacks altogether (John 7:53–8:11,
/// which the SBLGNT prints only in its apparatus), which the import marks as outside the edition's text.
package struct PrintedGreekReport: Sendable {
    /// Every decision, in verse and word order.
    package internal(set) var decisions: [PrintedGreekAlignment.Decision] = []
    /// Verse keys (BBCCCVVV) with TSV words and no printed ones.
    package internal(set) var outsideVerses: [Int] = []
    /// Whether the printed text was read at all (false: the TSV's forms were kept, without punctuation).
    package internal(set) var read = false

    package init() {}

    /// How many decisions of a kind.
    package func count(_ kind: PrintedGreekAlignment.Decision.Kind) -> Int {
        decisions.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
    }

    /// One line a kind that occurs, and one for the verses outside the text: what `interlinear import` prints.
    package var summary: [String] {
        guard read else { return [] }
        var lines = PrintedGreekAlignment.Decision.Kind.allCases.compactMap { kind -> String? in
            let count = count(kind)
            return count == 0
                ? nil
                : "SBLGNT as printed (py-sblgnt \(SourceData.printedGreekVersion)): \(count.grouped) word(s): \(kind.rawValue)"
        }
        if let first = outsideVerses.first, let last = outsideVerses.last {
            lines.append(
                "SBLGNT as printed: \(outsideVerses.count) verse(s) of SBLGNT.tsv it lacks (\(Self.reference(first)) to "
                    + "\(Self.reference(last))), kept and marked as outside the SBLGNT's text")
        }
        return lines
    }

    /// Every decision, one a line, tab-separated: reference, word position, TSV form, printed form, decision; then
    /// the verses outside the text. What the import writes beside the store.
    package var text: String {
        var lines = ["# SBLGNT.tsv aligned with the SBLGNT as printed (py-sblgnt \(SourceData.printedGreekVersion))"]
        lines += summary.map { "# " + $0 }
        lines.append("reference\tword\tSBLGNT.tsv\tprinted\tdecision")
        for decision in decisions {
            lines.append(
                "\(Self.reference(decision.verse))\t\(decision.position)\t\(decision.source)\t\(decision.printed)\t"
                    + decision.kind.rawValue)
        }
        for verse in outsideVerses { lines.append("\(Self.reference(verse))\t\t\t\toutside the SBLGNT's text") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "John 7:53" for a verse key.
    static func reference(_ key: Int) -> String {
        let book = Book.numbered(key / 1_000_000)?.name ?? "\(key / 1_000_000)"
        return "\(book) \(key / 1000 % 1000):\(key % 1000)"
    }
}
