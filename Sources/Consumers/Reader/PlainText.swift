import Glibc
import InterlinearCorpus

/// The chapter as plain text, for a pipe or a dumb terminal: per verse, the Greek line, its transliteration
/// and its translation. No escape sequences.
package enum PlainText {
    /// The lines of one verse.
    package static func lines(verse index: VerseIndex, of chapter: Chapter) -> [String] {
        let verse = chapter.verses[index]
        let words = chapter.words[verse.words]
        let label = chapter.label(ofVerse: index)
        let indent = String(repeating: " ", count: label.count + 1)
        let translation = chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(separator: " ")
        // The words as printed, punctuation and all; a verse outside the edition's text says so under them.
        return [
            label + " " + words.map { chapter.text($0.printed) }.joined(separator: " "),
            indent + words.map { chapter.text($0.transliteration) }.joined(separator: " "),
            indent + translation,
        ] + (verse.outsideText ? [indent + "(" + Verse.outsideTextNote + ")"] : [])
    }

    /// Writes the chapter from verse `first` on, a verse at a time. A failed write throws its `SystemError` (the
    /// command reports it and exits 74); with SIGPIPE at its default, a closed pipe (`| head`) ends the process
    /// quietly instead.
    package static func write(_ chapter: Chapter, fromVerse first: VerseIndex = 0, to sink: ByteSink) throws {
        var out = ANSI(color: false)
        // From a verse on, the heading says where the text starts ("John 1:14–51").
        let verses = chapter.verses
        let start =
            verses.isEmpty
            ? verses.startIndex : min(max(first, verses.startIndex), verses.index(before: verses.endIndex))
        out.text(
            chapter.reference.description
                + (start > verses.startIndex ? ":\(verses[start].number)–\(verses.last?.number ?? 0)" : ""))
        out.raw("\n")
        for index in start..<verses.endIndex {
            for line in lines(verse: index, of: chapter) {
                out.text(line)
                out.raw("\n")
            }
            try sink.write(out.bytes)
            out.removeAll()
        }
    }
}

extension Chapter {
    /// "1:14" for a verse index.
    package func label(ofVerse index: VerseIndex) -> String { "\(reference.chapter):\(verses[index].number)" }
}
