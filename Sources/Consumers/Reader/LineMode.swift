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
    private var matches: [WordIndex] = []
    private var matchIndex: Int?
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
        case .character("?"): return .line(Self.keysLine)
        case .escape: return .none
        default: return .line("Unknown key. Question mark lists keys.")
        }
    }

    static let keysLine = "Keys: right or l next word, left or h previous word, down or j next verse, up or k previous "
        + "verse, r read verse with glosses, t translation, space repeat, g first verse, G last verse, "
        + "colon then number and Enter go to verse, slash then text and Enter search Greek, transliteration, "
        + "gloss or Strong's, n next match, N previous match, control Z suspends, q quit."

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

    private mutating func jump(_ text: String) -> String {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), let index = chapter.verseIndex(number: number) else {
            return "No verse \(text) in \(chapter.reference). " + focusLine
        }
        verse = index
        word = nil
        return focusLine
    }

    private mutating func find(_ query: String) -> String {
        matches = search.matches(query)
        guard !matches.isEmpty else {
            matchIndex = nil
            return "No match for \(query)."
        }
        let here = chapter.verses[verse].word(at: word ?? 0)
        matchIndex = matches.firstIndex { $0 >= here } ?? 0
        return focusMatch()
    }

    private mutating func step(_ delta: Int) -> String {
        guard let index = matchIndex, !matches.isEmpty else { return "No search yet. Slash searches." }
        matchIndex = (index + delta + matches.count) % matches.count
        return focusMatch()
    }

    private mutating func focusMatch() -> String {
        guard let index = matchIndex else { return focusLine }
        let target = matches[index]
        verse = chapter.verseIndex(ofWord: target)
        word = chapter.verses[verse].offset(of: target)
        return "Match \(index + 1) of \(matches.count): " + focusLine
    }
}
