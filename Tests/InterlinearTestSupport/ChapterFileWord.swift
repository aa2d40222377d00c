/// A word row of a committed chapter file (`Corpus/chapters/…/NN.tsv`, format 3) read plainly, as the oracle of
/// what every output prints: the surface (field 2) with its punctuation (field 9) around it. A mark with "_" in it
/// stands on both sides ("(_" before, "_)," after); one without follows the word.
public enum ChapterFileWord {
    public static func printed(_ fields: [String]) -> String {
        let surface = fields.count > 2 ? fields[2] : ""
        let marks = fields.count > 9 ? fields[9] : ""
        let parts = marks.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? parts[0] + surface + parts[1] : surface + marks
    }
}
