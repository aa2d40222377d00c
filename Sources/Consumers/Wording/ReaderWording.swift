import InterlinearAccessibility
import InterlinearCorpus
import InterlinearNotes

/// What the terminal reader says of its own, worded in the apps' wording module, which the engine does not import: the line mode's
/// answers to keys (spoken, and brailled with `read --braille`), the grid's status-line messages (which a terminal
/// screen reader reads as they appear) and its key list, and the define key's answers. The chapter's own sentences
/// (verses, readings, the line mode's key list) are `ChapterWording`'s; no language is named here except through
/// the chapter's language, so the reader front end names none.
public enum ReaderWording {
    // MARK: Line mode (sentences, said and brailled)

    /// `v`: "Verbosity full."
    package static func verbosity(_ verbosity: Verbosity) -> SpokenLine {
        SpokenLine("Verbosity \(verbosity.rawValue).")
    }

    /// `:` and `/` open a prompt.
    package static let goToVersePrompt = SpokenLine("Go to verse: ")
    package static let searchPrompt = SpokenLine("Search: ")

    /// A key the line mode does not know.
    package static let unknownKey = SpokenLine("Unknown key. Question mark lists keys.")

    /// A word key (s, d, i) while a verse, not a word, is focused.
    package static let noWordFocused = SpokenLine("No word focused. Right arrow goes to the first word.")

    /// Said before the focus line: Escape on a prompt, a move past either end of the chapter, a verse move past
    /// either end ("Last verse. "), a chapter turn past either end of the corpus.
    public static let cancelled = "Cancelled. "
    public static func chapterEdge(end: Bool) -> String { end ? "End of chapter. " : "Start of chapter. " }
    public static func verseEdge(last: Bool) -> String { last ? "Last verse. " : "First verse. " }
    public static func corpusEdge(last: Bool) -> String { last ? "Last chapter. " : "First chapter. " }

    /// `:` with text that is not a reference, said back in words.
    public static func notAReference(_ typed: String) -> String {
        "Not a verse or reference: \(Speakable.english(typed)). "
    }

    /// Another chapter asked for while only one is open (no store).
    public static func onlyOneOpen(_ chapter: ChapterReference) -> String {
        "Only \(Speakable.reference(chapter)) is open. "
    }

    /// `:` with a verse the chapter does not have.
    package static func noVerse(_ typed: String, in chapter: ChapterReference) -> SpokenLine {
        SpokenLine("No verse \(Speakable.english(typed)) in \(Speakable.reference(chapter)).")
    }

    /// A chapter the reader loop could not open, said before the focus line.
    public static func failed(_ failure: String) -> String { Speakable.english(failure) + " " }

    /// "Match 3 of 7. " (`position` in words, `SearchTrail.position`).
    public static func match(_ position: String) -> String { "Match \(position). " }

    /// A search with no hits: what was typed, in whichever script it was typed (tagged so, for a voice of that
    /// language), and the earlier search `n` still steps through.
    package static func noMatch(_ query: String, previous: String?) -> SpokenLine {
        var line = SpokenLine("No match for ")
        line.append(query, .typed(query))
        line.append(".")
        if let previous {
            line.append(" n and N still go through ")
            line.append(previous, .typed(previous))
            line.append(".")
        }
        return line
    }

    /// `n` or `N` before any search.
    package static let noSearch = SpokenLine("No search yet. Slash searches.")

    // MARK: The define key (both modes)

    /// `i` over a chapter read without a store.
    package static let noDictionary = SpokenLine(
        "No dictionary: run interlinear import to build the store with its lexicon.")

    /// `i` on a word whose numbers have no entry.
    package static let noEntry = SpokenLine("No dictionary entry for this word.")

    /// After the brief entry.
    public static let pressAgain = " Press i again for the whole entry."

    /// `i` in the grid with no search match highlighted.
    public static let gridNothingToDefine = "i defines the highlighted word; / finds one (a lemma or a Strong's number)"

    // MARK: The grid's status line

    /// The status line's hint while nothing else is said.
    public static let gridHint = "j/k scroll  space/b page  [/] chapter  :verse  /search  ? help  q quit"
    public static let gridUnknownKey = "unknown key; ? shows the keys"
    public static func gridNotAReference(_ text: String) -> String { "not a verse or reference: \(text)" }
    public static func gridNoVerse(_ text: String, in chapter: ChapterReference) -> String {
        "no verse \(text) in \(chapter)"
    }
    public static func gridOnlyOneOpen(_ chapter: ChapterReference) -> String { "only \(chapter) is open" }
    public static func gridCorpusEdge(last: Bool) -> String {
        last ? "this is the last chapter" : "this is the first chapter"
    }
    public static func gridNoMatch(_ query: String, previous: String?) -> String {
        "no match for \(query)" + (previous.map { "; n and N still go through \($0)" } ?? "")
    }
    public static let gridNoSearch = "no search yet; / searches"
    /// "match 2 of 5: 1:14 lo'gos, Word": the match's word respelled and its gloss, as the line mode says a match
    /// ("Match 2 of 5." and the word's line). A terminal screen reader reads the status line as it changes with its
    /// one voice, which spells Greek and Hebrew letter by letter, so the word's own script is not here: the grid
    /// shows it, highlighted, in its row.
    public static func gridMatch(_ position: String, verse: String, word: Word, in chapter: Chapter) -> String {
        "match \(position): \(verse) " + WordSpeech.respelledWithGloss(word, in: chapter)
    }

    /// The grid's key list (`?`), for a chapter in `language`: what `/` searches is the chapter's script.
    public static func gridKeys(_ language: SourceLanguage) -> [String] {
        let script = "\(language.englishName) (\(language == .hebrew ? "points" : "accents") optional),"
        return [
            "Keys",
            "  j, k, arrows    scroll one line",
            "  space, PgDn     next page",
            "  b, PgUp         previous page",
            "  g, G            top, bottom",
            "  :14 Enter       go to verse 14 (:3:16, :Rom 8:28 too)",
            "  [, ]            previous, next chapter",
            "  /word Enter     search \(script)",
            "                  transliteration, gloss, Strong's;",
            "                  a lemma or Strong's: the whole corpus",
            "  n, N            next, previous match",
            "  i               the match's dictionary entry (again: all)",
            "  ?               this help",
            "  Ctrl-Z          suspend (fg resumes)",
            "  q               quit",
            "Press any key to go back.",
        ]
    }

    // MARK: Notes (line mode)

    /// What a focus line adds for a note on its word or verse: "note", "bookmark", "highlighted yellow"; with its
    /// text when the reader asks for it, each word of it in its own language (a Greek or Hebrew word to a voice of
    /// that language, the rest to the English one).
    package static func appendNoteMark(_ note: Note, withText: Bool, to line: inout SpokenLine) {
        line.item(NoteWording.mark(note))
        guard withText, !note.text.isEmpty else { return }
        line.append(":")
        for word in note.text.split(whereSeparator: { $0.isWhitespace }) {
            let text = String(word)
            let language = SpokenLanguage.typed(text)
            line.append(language == .english ? Speakable.english(text) : text, language, separator: " ")
        }
    }

    /// `a` and `A`: "3 notes in John one; note 2: ", then the note's focus line.
    package static func notePosition(_ position: Int, of count: Int, in chapter: ChapterReference) -> String {
        NoteWording.count(count, in: Speakable.reference(chapter)) + "; note \(position): "
    }

    /// `a` in a chapter without notes.
    package static func noNotes(in chapter: ChapterReference) -> SpokenLine {
        SpokenLine(NoteWording.noNotes(in: Speakable.reference(chapter)))
    }

    /// `b`: the bookmarks, in the Bible's order.
    package static func bookmarks(_ marks: [NoteAnchor]) -> SpokenLine {
        guard !marks.isEmpty else { return SpokenLine("No bookmarks.") }
        let places = marks.compactMap { mark in mark.chapterReference.map { Speakable.reference($0, verse: mark.verse) }
        }
        let count = NoteWording.count(marks.count, of: .bookmark)
        return SpokenLine("\(count): " + places.joined(separator: "; ") + ". Capital B opens the next.")
    }

    /// `B` in this chapter: "Bookmark 1 of 2. ", then the focus line.
    package static func bookmarkPosition(_ position: Int, of count: Int) -> String {
        "Bookmark \(position) of \(count). "
    }

    /// `c`: whether a note's text is read as its word is reached.
    package static func notesRead(_ on: Bool) -> SpokenLine {
        SpokenLine(on ? "Notes read on their words." : "Notes marked, not read; a reads them.")
    }

    /// The notes keys (`?` pressed again).
    package static let noteKeys = SpokenLine(
        "Notes keys: a and capital A, next and previous note. b lists the bookmarks, capital B opens the next. c "
            + "reads notes on their words.")

    // MARK: Speech output

    /// Said (printed) once when speech cannot work: the client library missing (`missing`, the loader's reason),
    /// speech-dispatcher gone after speaking, or never reachable.
    public static func speechOff(missingLibrary missing: String?, stoppedAfterSpeaking: Bool) -> String {
        if let missing { return "Speech is off: \(missing). Reading goes on silently." }
        return stoppedAfterSpeaking
            ? "Speech stopped: speech dispatcher stopped answering. Reading goes on silently."
            : "Speech is off: speech dispatcher is not running and could not be started. Install the speech "
                + "dispatcher package for spoken output. Reading goes on silently."
    }
}
