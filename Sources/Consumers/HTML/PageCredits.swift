import InterlinearCorpus

/// The sources' credits at the foot of every page that shows their text (exported pages, EPUB chapters, the web
/// reader): the texts' names and licences, for the languages shown.
public enum PageCredits {
    /// The `footer` element; `english` names the English column's source and licence (a SWORD module's description
    /// comes from a file on disk: escaped like any text).
    public static func footer(greek: Bool, hebrew: Bool, english: String, leading: String = "") -> String {
        var credits: [String] = []
        if greek { credits.append("Greek: SBL Greek New Testament (SBLGNT), CC BY 4.0.") }
        if hebrew { credits.append("Hebrew: Westminster Leningrad Codex.") }
        credits.append("English: " + Markup.text(english) + ". Made with interlinear.")
        return "<footer>\n" + leading + "<p>" + credits.joined(separator: " ") + "</p>\n</footer>\n"
    }

    /// The English column's credit when it is the corpus's own translation.
    public static let berean = "Berean Standard Bible (BSB), public domain"
}
