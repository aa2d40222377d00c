import Glibc
import InterlinearCorpus

/// The chapter as plain text, for a pipe or a dumb terminal: per verse, the Greek line, its transliteration
/// and its translation. No escape sequences; a closed pipe (`| head`) ends the output quietly.
public enum PlainText {
    /// The lines of one verse.
    public static func lines(verse index: VerseIndex, of chapter: Chapter) -> [String] {
        let verse = chapter.verses[index]
        let words = chapter.words[verse.words]
        let label = chapter.label(ofVerse: index)
        let indent = String(repeating: " ", count: label.count + 1)
        let translation = chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(separator: " ")
        return [
            label + " " + words.map { chapter.text($0.surface) }.joined(separator: " "),
            indent + words.map { chapter.text($0.transliteration) }.joined(separator: " "),
            indent + translation,
        ]
    }

    /// Writes the chapter to stdout. Returns false if the reader of the pipe went away (not an error).
    @discardableResult
    public static func write(_ chapter: Chapter, fromVerse first: VerseIndex = 0, to fd: Int32 = STDOUT_FILENO) -> Bool {
        _ = signal(SIGPIPE, SIG_IGN)
        var out = ANSI(color: false)
        // From a verse on, the heading says where the text starts ("John 1:14–51").
        let verses = chapter.verses
        let start = verses.isEmpty ? verses.startIndex : min(max(first, verses.startIndex), verses.index(before: verses.endIndex))
        out.text(chapter.reference.description
            + (start > verses.startIndex ? ":\(verses[start].number)–\(verses.last?.number ?? 0)" : ""))
        out.raw("\n")
        for index in start..<verses.endIndex {
            for line in lines(verse: index, of: chapter) {
                out.text(line)
                out.raw("\n")
            }
            guard Terminal.writeAll(out.bytes, to: fd) else { return false }
            out.removeAll()
        }
        return true
    }
}
