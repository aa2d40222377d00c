import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearNotes
import InterlinearWording

/// Which reader runs.
package enum ReaderMode: Equatable, Sendable {
    case grid
    case screenReader
    case plainText

    /// Plain text when stdout is not a terminal (or stdin cannot give keys) or TERM=dumb; screen-reader mode on
    /// `--screen-reader` or ACCESSIBLE on (`AccessibleVariable`: 1, true, yes, on); the grid otherwise.
    package static func choose(
        screenReaderFlag: Bool, stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
        environment: [String: String]
    ) -> ReaderMode {
        if !stdoutIsTerminal || !stdinIsTerminal || environment["TERM"] == "dumb" { return .plainText }
        if screenReaderFlag || AccessibleVariable.isOn(in: environment) { return .screenReader }
        return .grid
    }
}

/// How the reader ended.
package enum ReaderOutcome: Equatable, Sendable {
    /// q, Ctrl-D, the end of input, or the plain text written: exit status 0.
    case finished
    /// Ctrl-C: the command exits with 130, as if SIGINT had ended it (the terminal is restored first).
    case interrupted
}

/// How screen-reader mode speaks and shows its lines.
package struct LineOptions {
    /// Also speak each line through speech-dispatcher.
    package var speak = false
    package var verbosity = Verbosity.normal
    /// Include the word in its own script (Greek, Hebrew) in word lines, for a screen reader or voice that reads it.
    package var original = false
    /// Shows each line in braille instead of print (Unicode braille patterns, for a refreshable braille display):
    /// given a line's spans, returns its braille. Nil: print.
    package var braille: ((SpokenLine) -> String)?
    /// The reader's notes on a chapter (`interlinear note`'s file); nil: no notes.
    package var notes: ((ChapterReference) -> [Note])?
    /// Every bookmark, in the Bible's order.
    package var bookmarks: [NoteAnchor] = []

    package init(
        speak: Bool = false, verbosity: Verbosity = .normal, original: Bool = false,
        braille: ((SpokenLine) -> String)? = nil
    ) {
        self.speak = speak
        self.verbosity = verbosity
        self.original = original
        self.braille = braille
    }
}

/// Runs the terminal reader on a chapter.
package enum Reader {
    /// Runs until the user quits; returns with the terminal restored and how it ended. `lines` says how
    /// screen-reader mode speaks and shows; `start` opens at a verse; `navigator` lets the reader go to other chapters
    /// and search the corpus; `narrate` makes the screen-reader lines of a chapter (the chapter's own words when
    /// nil); `reorder` reads a chapter again in a word order (`e`; without it the key is unknown). The grid shows
    /// the tiers in `tiers`. Plain text that cannot be written throws the write's `SystemError`; a terminal that
    /// stops taking output throws a `ReaderError`.
    package static func run(
        _ chapter: Chapter, mode: ReaderMode, lines options: LineOptions = LineOptions(),
        narration: (any Narration)? = nil, tiers: TierSet = .all,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        start: ReaderLocation? = nil, navigator: (any ChapterNavigation)? = nil,
        narrate: ((Chapter) -> (any Narration)?)? = nil,
        reorder: ((ChapterReference, WordOrder) throws -> any Narration)? = nil
    ) throws -> ReaderOutcome {
        switch mode {
        case .plainText:
            try PlainText.write(
                chapter, fromVerse: start.flatMap { chapter.verseIndex(number: $0.verse) } ?? 0,
                to: ByteSink(descriptor: STDOUT_FILENO))
            return .finished
        case .grid:
            return try runGrid(
                chapter, color: ANSI.colorAllowed(environment: environment), tiers: tiers, start: start,
                navigator: navigator)
        case .screenReader:
            return try runLines(
                narration ?? ChapterNarration(chapter: chapter), options: options, start: start,
                navigator: navigator, narrate: { narrate?($0) ?? ChapterNarration(chapter: $0) }, reorder: reorder)
        }
    }

    /// The error for a terminal that no longer takes output.
    static let terminalLost = ReaderError("cannot write to the terminal")

    /// How a key that quits ends the reader.
    package static func outcome(quittingOn key: Key) -> ReaderOutcome { key == .interrupt ? .interrupted : .finished }

    /// Keys from the terminal, with a lone ESC resolved after a short pause.
    private static func keys(_ terminal: Terminal, _ decoder: inout KeyDecoder, _ onResize: () -> Void) -> [Key]? {
        switch terminal.next(timeout: decoder.hasPending ? 50 : -1) {
        case .input(let bytes): return decoder.feed(bytes)
        case .timeout: return decoder.flush()
        case .resize: onResize(); return []
        case .endOfInput: return nil
        }
    }

    static func runGrid(
        _ chapter: Chapter, color: Bool, tiers: TierSet = .all, start: ReaderLocation? = nil,
        navigator: (any ChapterNavigation)? = nil
    ) throws -> ReaderOutcome {
        let terminal = Terminal(alternateScreen: true)
        try terminal.start()
        defer { terminal.stop() }
        let size = terminal.size()
        var grid = GridMode(chapter: chapter, columns: size.columns, rows: size.rows, color: color, tiers: tiers)
        grid.navigator = navigator
        if let start { grid.open(at: start, trail: nil) }
        var decoder = KeyDecoder()
        var clear = ANSI(color: false)
        clear.eraseScreen()
        guard terminal.write(clear.bytes + grid.frame()) else { throw terminalLost }
        while true {
            var resized = false
            guard let keys = keys(terminal, &decoder, { resized = true }) else { return .finished }
            if resized {
                let size = terminal.size()
                grid.resize(columns: size.columns, rows: size.rows)
                guard terminal.write(clear.bytes) else { throw terminalLost }
            }
            for key in keys {
                if key == .suspend { terminal.suspend(); continue }
                if !grid.handle(key) { return outcome(quittingOn: key) }
                if let target = grid.pending, let navigator {
                    // Another chapter: a new grid at the same size, with the search trail handed over.
                    do {
                        let size = terminal.size()
                        var next = GridMode(
                            chapter: try navigator.load(target.chapter), columns: size.columns,
                            rows: size.rows, color: color, tiers: tiers)
                        next.navigator = navigator
                        next.open(at: target, trail: grid.trail)
                        grid = next
                    } catch {
                        grid.settlePending(failure: "\(error)")
                    }
                }
            }
            guard terminal.write(grid.frame()) else { throw terminalLost }
        }
    }

    static func runLines(
        _ narration: any Narration, options: LineOptions, start: ReaderLocation? = nil,
        navigator: (any ChapterNavigation)? = nil,
        narrate: (Chapter) -> any Narration = { ChapterNarration(chapter: $0) },
        reorder: ((ChapterReference, WordOrder) throws -> any Narration)? = nil
    ) throws -> ReaderOutcome {
        let terminal = Terminal(alternateScreen: false)
        try terminal.start()
        defer { terminal.stop() }
        // Opened after the terminal is set up (SIGPIPE ignored), closed before it is restored.
        var speech = options.speak ? Speech() : nil
        defer { speech = nil }
        func lineMode(_ narration: any Narration) -> LineMode {
            var mode = LineMode(
                narration: narration, verbosity: options.verbosity, original: options.original,
                academic: options.braille != nil,
                columns: terminal.size().columns)
            mode.navigator = navigator
            // Each note's words found in this chapter as it is now (a new import may have moved them).
            mode.notes = (options.notes?(narration.chapter.reference) ?? []).located(in: narration.chapter)
            mode.bookmarks = options.bookmarks
            return mode
        }
        var mode = lineMode(narration)
        var decoder = KeyDecoder()
        var out = ANSI(color: false)
        var noticed = false

        /// Prints lines, each broken into rows at spaces, and speaks them. The first output of a run is queued
        /// behind nothing and cut by nothing; each later one cancels what is still being spoken.
        func say(_ lines: [SpokenLine], first: Bool = false) -> Bool {
            out.removeAll()
            for (index, line) in lines.enumerated() {
                let shown = options.braille.map { $0(line) } ?? line.text
                for (row, text) in LineWrap.rows(shown, columns: max(mode.columns - 1, 1)).enumerated() {
                    if !(first && index == 0 && row == 0) { out.raw("\r\n") }
                    out.text(text)
                }
                speech?.speak(line, interrupt: !first)
            }
            if let notice = speech?.notice, !noticed {
                noticed = true
                for text in LineWrap.rows(notice, columns: max(mode.columns - 1, 1)) {
                    out.raw("\r\n")
                    out.text(text)
                }
            }
            // One write per key: a screen reader sees the whole line arrive at once.
            return terminal.write(out.bytes)
        }

        /// Replaces the line mode with the one `make` gives (another chapter, or this one in another order) and says
        /// its line; a chapter that fails to load is said instead and the mode stays.
        func replaceMode(_ make: () throws -> (SpokenLine, LineMode)) throws {
            do {
                let (line, next) = try make()
                mode = next
                guard say([line]) else { throw terminalLost }
            } catch let error as ReaderError {
                throw error
            } catch {
                if let line = mode.settlePending(failure: "\(error)") {
                    guard say([line]) else { throw terminalLost }
                }
            }
        }

        let first = start.map { mode.open(at: $0, trail: nil) } ?? mode.focusLine()
        guard say([mode.openingLine, first], first: true) else { throw terminalLost }
        while true {
            guard let keys = keys(terminal, &decoder, { mode.columns = terminal.size().columns }) else {
                return .finished
            }
            for key in keys {
                if key == .suspend { terminal.suspend(); continue }
                switch mode.handle(key) {
                case .quit: return outcome(quittingOn: key)
                case .line(let line): guard say([line]) else { throw terminalLost }
                case .echo(let text):
                    out.removeAll(); out.text(text)
                    guard terminal.write(out.bytes) else { throw terminalLost }
                case .erase:
                    // Backspace, space, backspace: a control character, not an escape sequence.
                    guard terminal.write([0x08, 0x20, 0x08]) else { throw terminalLost }
                case .none: break
                }
                if let order = mode.pendingOrder {
                    mode.pendingOrder = nil
                    guard let reorder else {
                        guard say([ReaderWording.unknownKey]) else { throw terminalLost }
                        continue
                    }
                    try replaceMode {
                        var next = lineMode(try reorder(mode.chapter.reference, order))
                        let line = next.continuing(from: mode)
                        return (line, next)
                    }
                }
                if let target = mode.pending, let navigator {
                    try replaceMode {
                        var next = lineMode(narrate(try navigator.load(target.chapter)))
                        next.readsNotes = mode.readsNotes
                        let line = next.open(at: target, trail: mode.trail)
                        return (line, next)
                    }
                }
            }
        }
    }
}
