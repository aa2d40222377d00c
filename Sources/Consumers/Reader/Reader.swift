import Foundation
import InterlinearCorpus

/// Which reader runs.
public enum ReaderMode: Equatable, Sendable {
    case grid
    case screenReader
    case plainText

    /// Plain text when stdout is not a terminal (or stdin cannot give keys) or TERM=dumb; screen-reader mode on
    /// `--screen-reader` or ACCESSIBLE=1; the grid otherwise.
    public static func choose(screenReaderFlag: Bool, stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
                              environment: [String: String]) -> ReaderMode {
        if !stdoutIsTerminal || !stdinIsTerminal || environment["TERM"] == "dumb" { return .plainText }
        let accessible = environment["ACCESSIBLE"] ?? ""
        if screenReaderFlag || (!accessible.isEmpty && accessible != "0") { return .screenReader }
        return .grid
    }
}

/// Runs the terminal reader on a chapter.
public enum Reader {
    /// Runs until the user quits; returns normally with the terminal restored. `start` opens at a verse;
    /// `navigator` lets the reader go to other chapters and search the corpus; `narrate` makes the screen-reader
    /// lines of a chapter (the chapter's own words when nil). The grid shows the tiers in `tiers`.
    public static func run(_ chapter: Chapter, mode: ReaderMode, speak: Bool, narration: (any Narration)? = nil,
                           tiers: TierSet = .all,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           start: ReaderLocation? = nil, navigator: BibleNavigator? = nil,
                           narrate: ((Chapter) -> (any Narration)?)? = nil) throws {
        switch mode {
        case .plainText:
            PlainText.write(chapter, fromVerse: start.flatMap { chapter.verseIndex(number: $0.verse) } ?? 0)
        case .grid:
            try runGrid(chapter, color: ANSI.colorAllowed(environment: environment), tiers: tiers, start: start,
                        navigator: navigator)
        case .screenReader:
            try runLines(narration ?? ChapterNarration(chapter: chapter), speech: speak ? Speech(environment: environment) : nil,
                         start: start, navigator: navigator,
                         narrate: { narrate?($0) ?? ChapterNarration(chapter: $0) })
        }
    }

    /// Keys from the terminal, with a lone ESC resolved after a short pause.
    private static func keys(_ terminal: Terminal, _ decoder: inout KeyDecoder, _ onResize: () -> Void) -> [Key]? {
        switch terminal.next(timeout: decoder.hasPending ? 50 : -1) {
        case .input(let bytes): return decoder.feed(bytes)
        case .timeout: return decoder.flush()
        case .resize: onResize(); return []
        case .endOfInput: return nil
        }
    }

    static func runGrid(_ chapter: Chapter, color: Bool, tiers: TierSet = .all, start: ReaderLocation? = nil,
                        navigator: BibleNavigator? = nil) throws {
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
        guard terminal.write(clear.bytes + grid.frame()) else { return }
        while true {
            var resized = false
            guard let keys = keys(terminal, &decoder, { resized = true }) else { return }
            if resized {
                let size = terminal.size()
                grid.resize(columns: size.columns, rows: size.rows)
                guard terminal.write(clear.bytes) else { return }
            }
            for key in keys {
                if key == .suspend { terminal.suspend(); continue }
                if !grid.handle(key) { return }
                if let target = grid.pending, let navigator {
                    // Another chapter: a new grid at the same size, with the search trail handed over.
                    do {
                        let size = terminal.size()
                        var next = GridMode(chapter: try navigator.load(target.chapter), columns: size.columns,
                                            rows: size.rows, color: color, tiers: tiers)
                        next.navigator = navigator
                        next.open(at: target, trail: grid.trail)
                        grid = next
                    } catch {
                        grid.settlePending(failure: "\(error)")
                    }
                }
            }
            guard terminal.write(grid.frame()) else { return }
        }
    }

    static func runLines(_ narration: any Narration, speech: Speech?, start: ReaderLocation? = nil,
                         navigator: BibleNavigator? = nil,
                         narrate: (Chapter) -> any Narration = { ChapterNarration(chapter: $0) }) throws {
        let terminal = Terminal(alternateScreen: false)
        try terminal.start()
        defer { terminal.stop() }
        var mode = LineMode(narration: narration)
        var decoder = KeyDecoder()
        var out = ANSI(color: false)

        func say(_ line: String, first: Bool = false) -> Bool {
            out.removeAll()
            if !first { out.raw("\r\n") }
            out.text(line)
            speech?.speak(line)
            return terminal.write(out.bytes)
        }

        var opening = mode.openingLine
        if let speech, !speech.isAvailable { opening += " " + Speech.unavailableNotice }
        mode.navigator = navigator
        let first = start.map { mode.open(at: $0, trail: nil) } ?? mode.focusLine
        guard say(opening, first: true), say(first) else { return }
        while true {
            guard let keys = keys(terminal, &decoder, {}) else { return }
            for key in keys {
                if key == .suspend { terminal.suspend(); continue }
                switch mode.handle(key) {
                case .quit: return
                case .line(let line): guard say(line) else { return }
                case .echo(let text):
                    out.removeAll(); out.text(text)
                    guard terminal.write(out.bytes) else { return }
                case .erase:
                    // Backspace, space, backspace: a control character, not an escape sequence.
                    guard terminal.write([0x08, 0x20, 0x08]) else { return }
                case .none: break
                }
                if let target = mode.pending, let navigator {
                    do {
                        var next = LineMode(narration: narrate(try navigator.load(target.chapter)))
                        next.navigator = navigator
                        let line = next.open(at: target, trail: mode.trail)
                        mode = next
                        guard say(line) else { return }
                    } catch {
                        if let line = mode.settlePending(failure: "\(error)") { guard say(line) else { return } }
                    }
                }
            }
        }
    }
}
