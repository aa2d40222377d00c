import InterlinearCorpus

/// Screen-reader mode: a line-oriented reader for terminal screen readers (speakup, Fenrir, Orca, BRLTTY),
/// which follow the hardware cursor and speak whatever text changes. It never repaints, never clears, never
/// positions the cursor: each key appends exactly one line, the focused element's spoken text, and leaves the
/// cursor at its end. The line break goes *before* the next line, so the cursor stays on the line just read.
public struct LineMode {
    public let narration: any Narration
    /// Focused verse index.
    public private(set) var verse: VerseIndex = 0
    /// Focused word within the verse; nil when the verse as a whole is focused.
    public private(set) var word: WordOffset? = 0
    private var search: ChapterSearch
    /// The matches n and N step through, possibly in other chapters; kept across chapters and failed searches.
    public internal(set) var trail: SearchTrail?
    /// The corpus beyond this chapter; nil keeps the reader in it.
    public var navigator: BibleNavigator?
    /// Another chapter the user asked for: the reader loop opens it and hands over the trail.
    public private(set) var pending: ReaderLocation?
    private var prompt: (kind: Character, text: String)?

    public init(narration: any Narration) {
        self.narration = narration
        search = ChapterSearch(chapter: narration.chapter)
    }

    var chapter: Chapter { narration.chapter }

    /// The opening line: says the mode is on and how to use it.
    public var openingLine: String {
        "Screen-reader mode on: \(chapter.reference), \(chapter.verses.count) verses. Right and left arrows read "
            + "word by word, down and up go by verse, r reads the verse, t its translation, colon jumps to a verse, "
            + "slash searches, question mark lists keys, q quits."
    }

    /// What a key does to the output. `.line` starts a new line; `.echo` appends to the prompt being typed.
    public enum Output: Equatable {
        case line(String)
        case echo(String)
        case erase
        case none
        case quit
    }

    /// The line for the current focus.
    public var focusLine: String {
        if let word { return narration.wordLine(verse: verse, word: word) }
        return narration.verseLine(verse: verse)
    }

    public mutating func handle(_ key: Key) -> Output {
        if let current = prompt { return handlePrompt(key, current) }
        switch key {
        case .character("q"), .interrupt: return .quit
        case .right, .character("l"): return .line(nextWord())
        case .left, .character("h"): return .line(previousWord())
        case .down, .character("j"): return .line(moveVerse(1))
        case .up, .character("k"): return .line(moveVerse(-1))
        case .character("r"): return .line(narration.readingLine(verse: verse))
        case .character("t"): return .line(narration.translationLine(verse: verse))
        case .character(" "), .enter: return .line(focusLine)
        case .home, .character("g"): verse = 0; word = nil; return .line(focusLine)
        case .end, .character("G"): verse = chapter.verses.index(before: chapter.verses.endIndex); word = nil; return .line(focusLine)
        case .character(":"):
            prompt = (":", "")
            return .line("Go to verse: ")
        case .character("/"):
            prompt = ("/", "")
            return .line("Search: ")
        case .character("n"): return .line(step(1))
        case .character("N"): return .line(step(-1))
        case .character("]"): return turn(1)
        case .character("["): return turn(-1)
        case .character("?"): return .line(Self.keysLine)
        case .escape: return .none
        default: return .line("Unknown key. Question mark lists keys.")
        }
    }

    static let keysLine = "Keys: right or l next word, left or h previous word, down or j next verse, up or k previous "
        + "verse, r read verse with glosses, t translation, space repeat, g first verse, G last verse, "
        + "colon then number and Enter go to verse, slash then text and Enter search Greek, transliteration, "
        + "gloss or Strong's, a lemma or Strong's number across the corpus, n next match, N previous match, "
        + "left bracket and right bracket previous and next chapter, control Z suspends, q quit."

    private mutating func handlePrompt(_ key: Key, _ current: (kind: Character, text: String)) -> Output {
        switch key {
        case .enter:
            prompt = nil
            return .line(current.kind == ":" ? jump(current.text) : find(current.text))
        case .escape, .interrupt:
            prompt = nil
            return .line("Cancelled. " + focusLine)
        case .backspace:
            guard !current.text.isEmpty else { return .none }
            prompt = (current.kind, String(current.text.dropLast()))
            return .erase
        case .character(let c):
            prompt = (current.kind, current.text + String(c))
            return .echo(String(c))
        default:
            return .none
        }
    }

    private mutating func nextWord() -> String {
        guard let next = narration.nextWord(after: Focus(verse: verse, word: word)) else { return "End of chapter. " + focusLine }
        verse = next.verse
        word = next.word
        return focusLine
    }

    private mutating func previousWord() -> String {
        guard let previous = narration.previousWord(before: Focus(verse: verse, word: word)) else {
            return "Start of chapter. " + focusLine
        }
        verse = previous.verse
        word = previous.word
        return focusLine
    }

    private mutating func moveVerse(_ delta: Int) -> String {
        let target = verse + delta
        guard chapter.verses.indices.contains(target) else {
            word = nil
            return (delta > 0 ? "Last verse. " : "First verse. ") + focusLine
        }
        verse = target
        word = nil
        return focusLine
    }

    /// "14" is a verse here; "3:16" and "Rom 8:28" open another chapter (the loop then says its line).
    private mutating func jump(_ text: String) -> String {
        guard let passage = Passage(parsing: text, relativeTo: chapter.reference) else {
            return "Not a verse or reference: \(text). " + focusLine
        }
        let number = passage.verses?.lowerBound
        if passage.chapter != chapter.reference {
            pending = ReaderLocation(chapter: passage.chapter, verse: number ?? 1)
            return "Opening \(passage)."
        }
        guard let first = chapter.verses.first, let index = chapter.verseIndex(number: number ?? first.number) else {
            return "No verse \(text) in \(chapter.reference). " + focusLine
        }
        verse = index
        word = nil
        return focusLine
    }

    /// `[` and `]`: the previous or next chapter, across books.
    private mutating func turn(_ offset: Int) -> Output {
        guard let navigator else { return .line("Only \(chapter.reference) is open. " + focusLine) }
        guard let target = navigator.chapter(offset, from: chapter.reference) else {
            return .line((offset > 0 ? "Last chapter. " : "First chapter. ") + focusLine)
        }
        pending = ReaderLocation(chapter: target, verse: 1)
        return .none
    }

    /// Called by the reader loop once it has acted on `pending`; returns the line to say when it failed.
    public mutating func settlePending(failure: String? = nil) -> String? {
        pending = nil
        return failure.map { $0 + " " + focusLine }
    }

    /// Opens at a location (after the reader loop loaded its chapter); returns the line to say.
    public mutating func open(at location: ReaderLocation, trail: SearchTrail?) -> String {
        self.trail = trail
        verse = chapter.verseIndex(number: location.verse) ?? 0
        word = location.word.flatMap { Int($0) < chapter.verses[verse].words.count ? $0 : nil }
        if let trail, trail.current == location { return "Match \(trail.position): " + focusLine }
        return "\(chapter.reference). " + focusLine
    }

    private mutating func find(_ query: String) -> String {
        let here = ReaderLocation(chapter: chapter.reference, verse: chapter.verses[verse].number, word: word ?? 0)
        let acrossBible = navigator?.occurrences(of: query)
        let hits = acrossBible ?? search.matches(query).map { index -> ReaderLocation in
            let v = chapter.verses[chapter.verseIndex(ofWord: index)]
            return ReaderLocation(chapter: chapter.reference, verse: v.number, word: v.offset(of: index))
        }
        guard !hits.isEmpty else {
            return "No match for \(query)." + (trail.map { " n and N still go through \($0.query)." } ?? "")
        }
        let start = hits.firstIndex { !GridMode.order($0).lexicographicallyPrecedes(GridMode.order(here)) } ?? 0
        trail = SearchTrail(query: query, hits: hits, index: start, acrossBible: acrossBible != nil)
        return focusMatch()
    }

    private mutating func step(_ delta: Int) -> String {
        guard trail != nil else { return "No search yet. Slash searches." }
        trail?.step(delta)
        return focusMatch()
    }

    private mutating func focusMatch() -> String {
        guard let trail else { return focusLine }
        let hit = trail.current
        if hit.chapter != chapter.reference {
            pending = hit
            return "Match \(trail.position) is in \(hit.chapter)."
        }
        verse = chapter.verseIndex(number: hit.verse) ?? verse
        word = hit.word
        return "Match \(trail.position): " + focusLine
    }
}
