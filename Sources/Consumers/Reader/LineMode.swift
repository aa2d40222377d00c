import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearNotes
import InterlinearWording

/// Screen-reader mode: a line-oriented reader for terminal screen readers (speakup, Fenrir, Orca, BRLTTY),
/// which follow the hardware cursor and speak whatever text changes. It never repaints, never clears, never
/// positions the cursor: each key prints exactly one line, the focused element's spoken text, and leaves the
/// cursor at its end. The line break goes *before* the next line, so the cursor stays on the line just read.
///
/// Lines are speakable as they stand: no Greek or Hebrew script unless the user asks for it (`o`, `--original`),
/// words respelled for an English voice, references in words, no marks a screen reader would spell out. Every
/// sentence comes from the accessibility layer (`ChapterWording`, `WordSpeech`), in the chapter's language. The
/// lines printed by ↑ and ↓ fit one terminal row, because terminal screen readers treat ↑/↓ as shell history and
/// read only the cursor's row.
package struct LineMode {
    package let narration: any Narration
    /// Focused verse index.
    package internal(set) var verse: VerseIndex = 0
    /// Focused word within the verse; nil when the verse as a whole is focused.
    package internal(set) var word: WordOffset? = 0
    /// How words are described: verbosity, and whether the word in its own script is included.
    package internal(set) var speech: WordSpeech
    /// Terminal width in columns; lines that must fit one row are kept to `columns - 1` (the last column leaves
    /// the cursor pending a wrap).
    package var columns: Int
    /// The verse whose reference was last said, so a word line says it again only when the verse changes.
    var spokenVerse: VerseIndex?
    let text: ChapterWording
    private var search: ChapterSearch
    /// The matches n and N step through, possibly in other chapters; kept across chapters and failed searches.
    package internal(set) var trail: SearchTrail<ReaderLocation>?
    /// The corpus beyond this chapter; nil keeps the reader in it.
    package var navigator: (any ChapterNavigation)?
    /// Another chapter the user asked for: the reader loop opens it and hands over the trail.
    package internal(set) var pending: ReaderLocation?
    private var prompt: PromptLine?
    /// The define key's brief-then-full state (`Definition.swift`).
    var defineKey = DefineKey()
    /// The reader's notes on this chapter, their words found in it as it is now (`LineMode+Notes.swift`).
    package var notes: [Note] = []
    /// Every bookmark, in the Bible's order, for `b` and `B`.
    package var bookmarks: [NoteAnchor] = []
    /// Whether a note's text is read when its word or verse is reached (`c`), or only marked.
    package var readsNotes = false
    /// The key handled last (`?` twice gives the notes keys).
    var lastKey: Key?
    /// The word order `e` asked for: the reader loop reads the chapter again in it (`continuing(from:)`).
    package internal(set) var pendingOrder: WordOrder?

    /// `academic`: words in the SBL transliteration, not respelled for a voice (for a braille display).
    package init(
        narration: any Narration, verbosity: Verbosity = .normal, original: Bool = false, academic: Bool = false,
        columns: Int = 80
    ) {
        self.narration = narration
        speech = WordSpeech(verbosity: verbosity, original: original, academic: academic)
        self.columns = columns
        text = ChapterWording(chapter: narration.chapter, academic: academic)
        search = ChapterSearch(chapter: narration.chapter)
    }

    var chapter: Chapter { narration.chapter }

    /// The width a one-row line may take.
    private var rowWidth: Int { max(columns - 1, 1) }

    /// The opening line: says the mode is on and how to use it.
    package var openingLine: SpokenLine { text.opening }

    /// What a key does to the output. `.line` starts a new line; `.echo` appends to the prompt being typed.
    package enum Output: Equatable {
        case line(SpokenLine)
        case echo(String)
        case erase
        case none
        case quit
    }

    /// The line for the current focus, with the verse reference when it changed since the last line.
    package mutating func focusLine(prefix: String = "", readingNotes: Bool = false) -> SpokenLine {
        guard let word else {
            spokenVerse = verse
            // The longest form that fits the row: a terminal screen reader reading only the cursor's row reads it whole.
            let forms = text.verse(verse, prefix: prefix)
            var line = SpokenLine(forms.first { CellWidth.of($0) <= rowWidth } ?? forms[forms.count - 1])
            appendNoteMarks(to: &line, withText: readsNotes || readingNotes)
            return line
        }
        var line = SpokenLine(prefix)
        if spokenVerse != verse { line.append(text.reference(ofVerse: verse, verbosity: speech.verbosity)) }
        spokenVerse = verse
        line.append(narration.describe(verse: verse, word: word, speech: speech))
        if speech.verbosity == .full { line.item("word \(Int(word) + 1) of \(narration.itemCount(verse: verse))") }
        appendNoteMarks(to: &line, withText: readsNotes || readingNotes)
        return line
    }

    package mutating func handle(_ key: Key) -> Output {
        if let current = prompt { return handlePrompt(key, current) }
        let lastKey = self.lastKey
        self.lastKey = key
        switch key {
        case .character("q"), .interrupt, .endOfInput: return .quit
        case .right, .character("l"): return .line(nextWord())
        case .left, .character("h"): return .line(previousWord())
        case .down, .character("j"): return .line(moveVerse(1))
        case .up, .character("k"): return .line(moveVerse(-1))
        case .character("r"): return .line(text.reading(verse, original: speech.original))
        case .character("R"): return .line(text.sourceVerse(verse, original: speech.original))
        case .character("t"): return .line(text.translation(verse))
        case .character("s"): return .line(currentWord.map(text.spelling) ?? missingWord)
        case .character("d"):
            return .line(currentWord.map { text.dictionaryForm($0, original: speech.original) } ?? missingWord)
        case .character("i"): return .line(define())
        case .character("p"): return .line(parts())
        case .character("e"):
            pendingOrder = narration.order == .english ? .source : .english
            return .none
        case .character("o"):
            speech.original.toggle()
            return .line(text.originalSwitch(speech.original))
        case .character("v"):
            speech.verbosity = speech.verbosity.next
            return .line(ReaderWording.verbosity(speech.verbosity))
        case .character(" "), .enter:
            spokenVerse = nil  // a repeat says where it is
            return .line(focusLine())
        case .home, .character("g"): verse = 0; word = nil; return .line(focusLine())
        case .end, .character("G"):
            verse = chapter.verses.index(before: chapter.verses.endIndex); word = nil; return .line(focusLine())
        case .character(":"):
            prompt = PromptLine(.verse)
            return .line(ReaderWording.goToVersePrompt)
        case .character("/"):
            prompt = PromptLine(.search)
            return .line(ReaderWording.searchPrompt)
        case .character("n"): return step(1)
        case .character("N"): return step(-1)
        case .character("]"): return turn(1)
        case .character("["): return turn(-1)
        case .character("a"): return stepNote(1)
        case .character("A"): return stepNote(-1)
        case .character("b"): return .line(ReaderWording.bookmarks(bookmarks))
        case .character("B"): return openBookmark()
        case .character("c"):
            readsNotes.toggle()
            return .line(ReaderWording.notesRead(readsNotes))
        case .character("?"):
            // Pressed again: the notes keys, a line of their own (the chapter's list already fills a small screen).
            guard lastKey != .character("?") else { return .line(ReaderWording.noteKeys) }
            return .line(text.keys)
        case .escape: return .none
        default: return .line(ReaderWording.unknownKey)
        }
    }

    /// What a key acting on a word says with none: no word focused, or (English order) none under the English word.
    var missingWord: SpokenLine { word == nil ? ReaderWording.noWordFocused : text.noSourceWord }

    /// Takes over `previous`'s place and settings once the reader read the chapter again in the other order (`e`):
    /// the same verse and source word (in English order the English word it stands under; the verse when none
    /// does), speech settings, search trail and note reading. Returns the line to say: the order, then the focus.
    package mutating func continuing(from previous: LineMode) -> SpokenLine {
        speech = previous.speech
        trail = previous.trail
        readsNotes = previous.readsNotes
        verse = previous.verse
        word = previous.word == nil ? nil : focus(sourceWord: previous.sourceWord)
        var line = text.orderSwitch(english: narration.order == .english)
        line.append(focusLine(), separator: " ")
        return line
    }

    /// The focused word, if a word (not a verse) is focused.
    private var currentWord: Word? { sourceWord.map { narration.word(verse: verse, word: $0) } }

    /// The focused source word: the focused word, or in English order the source word under the focused English
    /// word (nil under a dash). The keys that act on a source word and the notes use it.
    var sourceWord: WordOffset? { word.flatMap { narration.sourceWord(verse: verse, item: $0) } }

    /// The word to focus for source word `offset` of the focused verse: itself, or in English order the English
    /// word it stands under (nil, the verse, when none renders it).
    func focus(sourceWord offset: WordOffset?) -> WordOffset? {
        offset.flatMap { narration.item(verse: verse, sourceWord: $0) }
    }

    private mutating func handlePrompt(_ key: Key, _ current: PromptLine) -> Output {
        var current = current
        switch key {
        case .enter:
            prompt = nil
            return current.kind == .verse ? jump(current.text) : find(current.text)
        case .escape, .interrupt, .endOfInput:
            prompt = nil
            return .line(focusLine(prefix: ReaderWording.cancelled))
        case .backspace:
            guard current.erase() == .erased else { return .none }
            prompt = current
            return .erase
        case .character(let c):
            guard current.type(c) == .typed(c) else { return .none }
            prompt = current
            return .echo(String(c))
        default:
            return .none
        }
    }

    private mutating func nextWord() -> SpokenLine {
        guard let next = narration.nextWord(after: Focus(verse: verse, word: word)) else {
            return focusLine(prefix: ReaderWording.chapterEdge(end: true))
        }
        verse = next.verse
        word = next.word
        return focusLine()
    }

    private mutating func previousWord() -> SpokenLine {
        guard let previous = narration.previousWord(before: Focus(verse: verse, word: word)) else {
            return focusLine(prefix: ReaderWording.chapterEdge(end: false))
        }
        verse = previous.verse
        word = previous.word
        return focusLine()
    }

    private mutating func moveVerse(_ delta: Int) -> SpokenLine {
        let target = verse + delta
        word = nil
        guard chapter.verses.indices.contains(target) else {
            return focusLine(prefix: ReaderWording.verseEdge(last: delta > 0))
        }
        verse = target
        return focusLine()
    }

    /// "14" is a verse here; "3:16" and "Rom 8:28" open another chapter: nothing is said until the loop opens it
    /// and says its line, which names the chapter and verse (one utterance for the key, not two).
    private mutating func jump(_ typed: String) -> Output {
        guard let passage = Passage(parsing: typed, relativeTo: chapter.reference) else {
            return .line(focusLine(prefix: ReaderWording.notAReference(typed)))
        }
        let number = passage.verses?.lowerBound
        if passage.chapter != chapter.reference {
            guard navigator != nil else {
                return .line(focusLine(prefix: ReaderWording.onlyOneOpen(chapter.reference)))
            }
            pending = ReaderLocation(chapter: passage.chapter, verse: number ?? 1)
            return .none
        }
        guard let index = chapter.verseIndex(number: number ?? chapter.verses[0].number) else {
            return .line(ReaderWording.noVerse(typed, in: chapter.reference))
        }
        verse = index
        word = nil
        return .line(focusLine())
    }

    /// `[` and `]`: the previous or next chapter, across books.
    private mutating func turn(_ offset: Int) -> Output {
        guard let navigator else {
            return .line(focusLine(prefix: ReaderWording.onlyOneOpen(chapter.reference)))
        }
        guard let target = navigator.chapter(offset, from: chapter.reference) else {
            return .line(focusLine(prefix: ReaderWording.corpusEdge(last: offset > 0)))
        }
        pending = ReaderLocation(chapter: target, verse: 1)
        return .none
    }

    /// Called by the reader loop once it has acted on `pending`; returns the line to say when it failed.
    package mutating func settlePending(failure: String? = nil) -> SpokenLine? {
        pending = nil
        return failure.map { focusLine(prefix: ReaderWording.failed($0)) }
    }

    /// Opens at a location (after the reader loop loaded its chapter); returns the line to say, which names the
    /// chapter and verse (a new line mode has said no reference yet).
    package mutating func open(at location: ReaderLocation, trail: SearchTrail<ReaderLocation>?) -> SpokenLine {
        self.trail = trail
        verse = chapter.verseIndex(number: location.verse) ?? 0
        word = focus(sourceWord: location.word.flatMap { Int($0) < chapter.verses[verse].words.count ? $0 : nil })
        if let trail, trail.current == location { return focusLine(prefix: ReaderWording.match(trail.spokenPosition)) }
        return focusLine()
    }

    private mutating func find(_ query: String) -> Output {
        let here = ReaderLocation(
            chapter: chapter.reference, verse: chapter.verses[verse].number, word: sourceWord ?? 0)
        let acrossBible = navigator?.occurrences(of: query)
        let hits =
            acrossBible
            ?? search.matches(query).map { index -> ReaderLocation in
                let v = chapter.verseIndex(ofWord: index)
                return ReaderLocation(
                    chapter: chapter.reference, verse: chapter.verses[v].number,
                    word: chapter.verses[v].offset(of: index))
            }
        guard !hits.isEmpty else {
            return .line(ReaderWording.noMatch(query, previous: trail?.query))
        }
        let start = hits.firstIndex { !GridMode.order($0).lexicographicallyPrecedes(GridMode.order(here)) } ?? 0
        trail = SearchTrail(
            query: query, hits: hits, index: start, chapter: acrossBible == nil ? chapter.reference : nil)
        return focusMatch()
    }

    private mutating func step(_ delta: Int) -> Output {
        guard trail != nil else { return .line(ReaderWording.noSearch) }
        trail?.step(delta)
        return focusMatch()
    }

    /// Focuses the current match. A match in another chapter says nothing here: the loop opens that chapter and its
    /// line says the match ("Match 2 of 5 in John three, …"), so a step is one utterance, not two.
    private mutating func focusMatch() -> Output {
        guard let trail, let hit = trail.current else { return .line(focusLine()) }
        if hit.chapter != chapter.reference {
            pending = hit
            return .none
        }
        verse = chapter.verseIndex(number: hit.verse) ?? verse
        word = focus(sourceWord: hit.word)
        return .line(focusLine(prefix: ReaderWording.match(trail.spokenPosition)))
    }
}

extension SearchTrail where Hit == ReaderLocation {
    /// "3 of 7"; across the corpus "1 of 4 in John three, 95 of 330 in the corpus" (the chapter in words).
    var spokenPosition: String { position { Speakable.reference($0) } }
}
