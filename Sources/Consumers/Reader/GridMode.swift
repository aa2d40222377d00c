import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearTable
import InterlinearWording

/// The full-screen reader: the grid in the alternate screen, a status line at the bottom, vi-like keys.
/// It is a state machine over keys; `frame()` renders only the rows the viewport shows.
package struct GridMode {
    package private(set) var layout: GridLayout
    package private(set) var rows: Int
    /// Content row at the top of the screen.
    package private(set) var scrollY = 0
    private var search: ChapterSearch
    /// The matches n and N step through, possibly in other chapters; kept across chapters and failed searches.
    package internal(set) var trail: SearchTrail<ReaderLocation>?
    /// Whether the current match is highlighted (Escape hides it; a new search or step shows it).
    private var showingMatch = false
    /// The corpus beyond this chapter; nil keeps the reader in it.
    package var navigator: (any ChapterNavigation)?
    /// Another chapter the user asked for: the reader loop opens it and hands over the trail.
    package private(set) var pending: ReaderLocation?
    private var prompt: PromptLine?
    private var message: String?
    private var showingHelp = false
    private let color: Bool
    /// The define key's brief-then-full state (`Definition.swift`).
    var defineKey = DefineKey()

    /// A grid of the tiers in `tiers` (the block tiers among them, and the translation if present).
    package init(chapter: Chapter, columns: Int, rows: Int, color: Bool, tiers: TierSet = .all) {
        layout = GridLayout(metrics: GridMetrics(chapter: chapter, tiers: tiers), columns: columns)
        self.rows = max(rows, 1)
        search = ChapterSearch(chapter: chapter)
        self.color = color
    }

    var chapter: Chapter { layout.metrics.chapter }
    /// Rows for content: all but the status line.
    package var contentRows: Int { max(rows - 1, 1) }
    /// The verse whose cell holds the top row.
    package var topVerse: VerseIndex { layout.verse(atRow: scrollY) }
    /// The word the last search landed on, when it is in this chapter.
    package var currentMatch: WordIndex? {
        guard showingMatch, let hit = trail?.current, hit.chapter == chapter.reference else { return nil }
        return wordIndex(hit)
    }

    private func wordIndex(_ location: ReaderLocation) -> WordIndex? {
        guard let verse = chapter.verseIndex(number: location.verse), let word = location.word,
            Int(word) < chapter.verses[verse].words.count
        else { return nil }
        return chapter.verses[verse].word(at: word)
    }

    /// Opens at a location (after the reader loop loaded its chapter): its verse at the top, its word revealed
    /// and highlighted when it is the current match.
    package mutating func open(at location: ReaderLocation, trail: SearchTrail<ReaderLocation>?) {
        self.trail = trail
        showingMatch = trail?.current == location
        if showingMatch, currentMatch != nil {
            reveal()
        } else if let verse = chapter.verseIndex(number: location.verse) {
            scrollTo(layout.top(ofVerse: verse))
        }
    }

    /// Re-lays out for a new size, keeping the top verse (and the position inside it) at the top.
    package mutating func resize(columns: Int, rows: Int) {
        let verse = topVerse
        let offset = scrollY - layout.top(ofVerse: verse)
        let oldHeight = layout.rows(ofVerse: verse)
        layout = GridLayout(metrics: layout.metrics, columns: columns)
        self.rows = max(rows, 1)
        let scaled = oldHeight > 0 ? offset * layout.rows(ofVerse: verse) / oldHeight : 0
        scrollTo(layout.top(ofVerse: verse) + min(scaled, layout.rows(ofVerse: verse) - 1))
    }

    private mutating func scrollTo(_ row: Int) {
        let limit = max(layout.contentRows - contentRows, 0)
        scrollY = min(max(row, 0), limit)
    }

    /// Handles a key; false means quit.
    package mutating func handle(_ key: Key) -> Bool {
        if showingHelp {
            showingHelp = false
            return key != .character("q") && key != .interrupt && key != .endOfInput
        }
        if prompt != nil { return handlePrompt(key) }
        message = nil
        switch key {
        case .character("q"), .interrupt, .endOfInput: return false
        case .character("j"), .down, .enter: scrollTo(scrollY + 1)
        case .character("k"), .up: scrollTo(scrollY - 1)
        case .character(" "), .pageDown, .character("f"): scrollTo(scrollY + max(contentRows - 1, 1))
        case .character("b"), .pageUp: scrollTo(scrollY - max(contentRows - 1, 1))
        case .character("g"), .home: scrollTo(0)
        case .character("G"), .end: scrollTo(layout.contentRows)
        case .character(":"): prompt = PromptLine(.verse)
        case .character("/"): prompt = PromptLine(.search)
        case .character("n"): step(1)
        case .character("N"): step(-1)
        case .character("]"): turn(1)
        case .character("["): turn(-1)
        case .character("?"): showingHelp = true
        case .character("i"): message = define()
        case .escape: showingMatch = false
        default: message = ReaderWording.gridUnknownKey
        }
        return true
    }

    private mutating func handlePrompt(_ key: Key) -> Bool {
        guard var current = prompt else { return true }
        switch key {
        case .enter:
            prompt = nil
            if current.kind == .verse { jump(current.text) } else { find(current.text) }
        case .escape, .interrupt, .endOfInput:
            prompt = nil
        case .backspace:
            _ = current.erase()
            prompt = current
        case .character(let c):
            _ = current.type(c)
            prompt = current
        default:
            break
        }
        return true
    }

    /// `:14` puts verse 14 at the top (as far as the end of the chapter allows); `:3:16` and `:Rom 8:28` open
    /// another chapter.
    package mutating func jump(_ text: String) {
        guard let passage = Passage(parsing: text, relativeTo: chapter.reference) else {
            message = ReaderWording.gridNotAReference(text)
            return
        }
        let verse = passage.verses?.lowerBound
        if passage.chapter != chapter.reference {
            pending = ReaderLocation(chapter: passage.chapter, verse: verse ?? 1)
            return
        }
        guard let first = chapter.verses.first, let index = chapter.verseIndex(number: verse ?? first.number) else {
            message = ReaderWording.gridNoVerse(text, in: chapter.reference)
            return
        }
        scrollTo(layout.top(ofVerse: index))
    }

    /// `[` and `]`: the previous or next chapter, across books.
    private mutating func turn(_ offset: Int) {
        guard let navigator else {
            message = ReaderWording.gridOnlyOneOpen(chapter.reference)
            return
        }
        guard let target = navigator.chapter(offset, from: chapter.reference) else {
            message = ReaderWording.gridCorpusEdge(last: offset > 0)
            return
        }
        pending = ReaderLocation(chapter: target, verse: 1)
    }

    /// Called by the reader loop once it has acted on `pending` (or failed to, with `failure` to show).
    package mutating func settlePending(failure: String? = nil) {
        pending = nil
        if let failure { message = failure }
    }

    /// Finds `query`: a Strong's number or a Greek lemma or form across the corpus (when there is a store), else in
    /// this chapter; starts at the top verse, wrapping. A search that finds nothing keeps the previous matches.
    package mutating func find(_ query: String) {
        let here = ReaderLocation(chapter: chapter.reference, verse: chapter.verses[topVerse].number, word: 0)
        let acrossBible = navigator?.occurrences(of: query)
        let hits =
            acrossBible
            ?? search.matches(query).map { word -> ReaderLocation in
                let verse = chapter.verses[chapter.verseIndex(ofWord: word)]
                return ReaderLocation(chapter: chapter.reference, verse: verse.number, word: verse.offset(of: word))
            }
        guard !hits.isEmpty else {
            message = ReaderWording.gridNoMatch(query, previous: trail?.query)
            return
        }
        let start = hits.firstIndex { !Self.order($0).lexicographicallyPrecedes(Self.order(here)) } ?? 0
        trail = SearchTrail(
            query: query, hits: hits, index: start, chapter: acrossBible == nil ? chapter.reference : nil)
        go()
    }

    /// Canonical order of locations.
    static func order(_ location: ReaderLocation) -> [Int] {
        [location.chapter.book.number, location.chapter.chapter, location.verse, location.word.map(Int.init) ?? 0]
    }

    private mutating func step(_ delta: Int) {
        guard trail != nil else {
            message = ReaderWording.gridNoSearch
            return
        }
        trail?.step(delta)
        go()
    }

    /// Shows the trail's current match: here, or by asking the loop for its chapter.
    private mutating func go() {
        guard let hit = trail?.current else { return }
        showingMatch = true
        if hit.chapter != chapter.reference {
            pending = hit
            return
        }
        reveal()
    }

    /// Scrolls the current match into view: its verse at the top when the word's line fits, else the line.
    private mutating func reveal() {
        guard let word = currentMatch, let trail else { return }
        let verse = chapter.verseIndex(ofWord: word)
        let lineRow = layout.line(ofWord: word, verse: verse) * layout.metrics.tiers.count
        let target = layout.top(ofVerse: verse) + lineRow
        let tiers = layout.metrics.tiers.count
        if target < scrollY || target + tiers > scrollY + contentRows {
            scrollTo(lineRow + tiers <= contentRows ? layout.top(ofVerse: verse) : target)
        }
        message = ReaderWording.gridMatch(
            trail.position, verse: chapter.label(ofVerse: verse), word: chapter.words[word], in: chapter)
    }

    /// The whole screen: visible rows, then the status line. Only rows in the viewport are built.
    package func frame() -> [UInt8] {
        var out = ANSI(color: color)
        out.hideCursor()
        if showingHelp {
            let help = self.help
            for (row, line) in help.prefix(contentRows).enumerated() {
                out.move(row: row, column: 0)
                out.text(CellWidth.truncated(line, to: layout.columns).text)
                out.eraseToEndOfLine()
            }
            for row in min(help.count, contentRows)..<contentRows {
                out.move(row: row, column: 0); out.eraseToEndOfLine()
            }
        } else {
            var screenRow = 0
            let viewport = Viewport(width: Float(layout.columns), height: Float(contentRows), scrollY: Float(scrollY))
            for cell in layout.table.visibleCells(in: viewport) {
                let verse = VerseIndex(cell)
                let top = layout.top(ofVerse: verse)
                let first = max(scrollY - top, 0)
                let last = min(layout.rows(ofVerse: verse), scrollY + contentRows - top)
                guard first < last else { continue }
                for row in first..<last {
                    draw(layout.spans(ofRow: row, verse: verse, highlight: currentMatch), at: screenRow, into: &out)
                    screenRow += 1
                }
            }
            while screenRow < contentRows {
                out.move(row: screenRow, column: 0)
                out.eraseToEndOfLine()
                screenRow += 1
            }
        }
        if rows > 1 {
            out.move(row: rows - 1, column: 0)
            out.style(.reverse)
            out.text(CellWidth.truncated(statusText, to: layout.columns).text)
            out.eraseToEndOfLine()
            out.resetStyle()
        }
        if let prompt, rows > 1 {
            out.move(row: rows - 1, column: min(CellWidth.of(prompt.display), layout.columns - 1))
            out.showCursor()
        }
        return out.bytes
    }

    private func draw(_ spans: [GridSpan], at row: Int, into out: inout ANSI) {
        out.move(row: row, column: 0)
        var column = 0
        for span in spans where span.column >= column {
            out.text(String(repeating: " ", count: span.column - column))
            out.style(span.style)
            out.text(span.text)
            out.resetStyle()
            column = span.column + span.width
        }
        out.eraseToEndOfLine()
    }

    /// The status line: a prompt, a message, or where the top of the screen is.
    package var statusText: String {
        if let prompt { return prompt.display }
        // Top and bottom verses on screen, so the status says where the page starts and ends.
        let bottom = layout.verse(atRow: min(scrollY + contentRows, layout.contentRows) - 1)
        var position = "\(chapter.reference.book.name) \(chapter.label(ofVerse: topVerse))"
        if bottom > topVerse { position += "–\(chapter.verses[bottom].number)" }
        if let message { return "\(position)  \(message)" }
        return "\(position)  \(ReaderWording.gridHint)"
    }

    /// The key list `?` shows, for this chapter's language.
    var help: [String] { ReaderWording.gridKeys(chapter.language) }
}
