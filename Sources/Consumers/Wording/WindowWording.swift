import InterlinearCorpus
import InterlinearNotes

/// What the window's status line says after a key, worded here with the rest of what a listener hears: a screen
/// reader announces each of these lines as it appears (the window's `ScreenReaderChannel`), so they are sentences
/// for a listener as much as text for a reader, and no front end words its own. The chapter's language is never
/// named here (the window's chapter-specific sentences come from `ChapterWording`).
public enum WindowWording {
    /// "Theme: dark".
    public static func theme(_ name: String) -> String { "Theme: \(name)" }

    /// What `:` could not read as a reference.
    public static func notAReference(_ text: String) -> String {
        "not a reference: \(text) (a verse, or a book, chapter and verse: Rom 8:28, Ps 23)"
    }

    /// A chapter (or passage) that failed to open, and why.
    public static func cannotOpen(_ what: some CustomStringConvertible, _ error: any Error) -> String {
        "cannot open \(what): \(error)"
    }

    /// Back (Alt+←) or forward (Alt+→) with nowhere to go.
    public static func nothingToGo(back: Bool) -> String { back ? "Nothing to go back to" : "Nothing to go forward to" }

    /// The place the window was when it last closed, offered on the back key.
    public static func lastTime(_ reference: String) -> String { "Last time: \(reference) (Alt+← goes there)" }

    /// A search that could not run, and why.
    public static func searchFailed(_ error: any Error) -> String { "search: \(error)" }

    /// A search in a window opened without a store: what the library said, and the command that builds one.
    public static func searchNeedsStore(_ error: any Error) -> String { "search: \(error): run `interlinear import`" }

    /// n or N before any search.
    public static let noSearch = "No search: type / and a query"

    /// A search's answer: "4 hits in John 1, 330 in the Bible. n goes to the next."
    public static func searchFound(_ count: Int, in chapter: ChapterReference, total: Int) -> String {
        let hits = count == 1 ? "1 hit" : "\(count) hits"
        return count == 0
            ? "No hits in \(chapter), \(total) in the Bible."
            : "\(hits) in \(chapter), \(total) in the Bible. n goes to the next."
    }

    /// The help's second page, the key to the chapter's codes, said aloud: what it shows and how to leave it, not
    /// the codes themselves (spelled letter by letter; each word's description says its codes in words).
    public static func codeKey(_ count: Int, of chapter: ChapterReference) -> String {
        "Key to the codes of \(chapter): \(count) morphology \(count == 1 ? "code" : "codes"), with their words, "
            + "shown on screen; a word's description says its own in words. Up and down arrows scroll, "
            + "question mark shows the keys, any other key closes."
    }

    /// The help overlay's key list said aloud: "Keys. up, down, wheel: scroll a line. …". Arrows are said as words,
    /// the examples in parentheses (Greek among them) are left out.
    public static func keyList(_ rows: [(keys: String, does: String)]) -> String {
        let arrows: [(String, String)] = [("↑", "up"), ("↓", "down"), ("→", "right"), ("←", "left")]
        func said(_ text: String) -> String {
            var text = text
            while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
                let start =
                    open > text.startIndex && text[text.index(before: open)] == " " ? text.index(before: open) : open
                text.removeSubrange(start...close)
            }
            for (arrow, word) in arrows { text = text.replacingOccurrences(of: arrow, with: word) }
            return text.split(separator: " ").joined(separator: " ")
        }
        return "Keys. " + rows.map { "\(said($0.keys)): \(said($0.does))." }.joined(separator: " ")
    }

    /// n or N: which hit ("hit 2 of 4").
    public static func hit(_ position: Int, of count: Int) -> String { "hit \(position) of \(count)" }

    /// n or N after a search with no hits in the chapter shown.
    public static func noHits(in chapter: ChapterReference) -> String { "No hits in \(chapter)" }

    /// The font size after zooming ("Font size 20.5 pt"), or that it is the largest (smallest) there is.
    public static func fontSize(_ points: String, atLargest: Bool? = nil) -> String {
        "Font size \(points) pt" + (atLargest.map { $0 ? " is the largest" : " is the smallest" } ?? "")
    }

    /// A tier shown or hidden by its digit key.
    public static func tier(_ tier: Tier, shown: Bool) -> String { "\(tier.name) \(shown ? "shown" : "hidden")" }

    /// The last word tier, which cannot be hidden.
    public static func tierStays(_ tier: Tier) -> String { "\(tier.name) stays: one word tier at least is shown" }

    /// Tab past the last (first) element of the chapter.
    public static func chapterEdge(_ chapter: ChapterReference, end: Bool) -> String {
        end ? "End of \(chapter)" : "Start of \(chapter)"
    }

    /// A verse the chapter does not have, with the verses it does ("verses 1–51").
    public static func noVerse(_ number: Int, in chapter: ChapterReference, numbers: [Int]) -> String {
        let range = numbers.first.map { "verses \($0)–\(numbers.last ?? $0)" } ?? "no verses"
        return "\(chapter) has no verse \(number) (\(range))"
    }

    /// ] or [ at either end: `neighbour` is the chapter next to `here` that the corpus lacks, if there is one.
    public static func lastChapter(_ here: ChapterReference, forward: Bool, missing neighbour: ChapterReference?)
        -> String
    {
        let end = forward ? "last" : "first"
        guard let neighbour else { return "\(here) is the \(end) chapter" }
        return "\(neighbour) is not in the corpus; \(here) is the \(end) one in it"
    }

    // MARK: Notes

    /// A chapter with notes opened: "3 notes in John 1. a goes to the next."
    public static func notesOpened(_ count: Int, in chapter: ChapterReference) -> String {
        NoteWording.count(count, in: chapter.description) + ". a goes to the next."
    }

    /// The notes file could not be read: the window opens the chapter without notes.
    public static func notesUnread(_ problem: String) -> String { "Notes not read: \(problem)" }

    /// `a` in a chapter without notes.
    public static func noNotes(in chapter: ChapterReference) -> String {
        NoteWording.noNotes(in: chapter.description)
    }

    /// `a` or `A`: "Note 2 of 3: note: the Word, logos." — which note, then the marks and text of the notes on the
    /// element it reached, each Greek or Hebrew word respelled (the window's voice may be English only).
    public static func note(_ position: Int, of count: Int, _ notes: [Note]) -> String {
        "Note \(position) of \(count): " + said(notes)
    }

    /// `c`: the focused word's or verse's notes, or that it has none.
    public static func notesHere(_ notes: [Note]) -> String { notes.isEmpty ? "No note here." : said(notes) }

    /// `B`: "Bookmark 1 of 2".
    public static func bookmark(_ position: Int, of count: Int) -> String { "Bookmark \(position) of \(count)" }

    private static func said(_ notes: [Note]) -> String {
        notes.map { note in
            let text = NoteWording.spokenText(note.text)
            return NoteWording.mark(note) + (text.isEmpty ? "" : ": " + text)
        }.joined(separator: "; ") + "."
    }

    /// ] or [ skipped the chapter next to this one, which the corpus lacks.
    public static func skipped(_ neighbour: ChapterReference, showing target: ChapterReference) -> String {
        "\(neighbour) is not in the corpus: showing \(target)"
    }
}
