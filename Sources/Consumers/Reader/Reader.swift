import Foundation
import InterlinearAccessibility
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

/// How screen-reader mode speaks and shows its lines.
public struct LineOptions {
    /// Also speak each line through speech-dispatcher.
    public var speak = false
    public var verbosity = Verbosity.normal
    /// Include the Greek word in word lines (for a screen reader that reads Greek).
    public var greek = false
    /// Shows each line in braille instead of print (Unicode braille patterns, for a refreshable braille display):
    /// given a line's spans, returns its braille. Nil: print.
    public var braille: ((SpokenLine) -> String)?

    public init(speak: Bool = false, verbosity: Verbosity = .normal, greek: Bool = false,
                braille: ((SpokenLine) -> String)? = nil) {
        self.speak = speak
        self.verbosity = verbosity
        self.greek = greek
        self.braille = braille
    }
}

/// Runs the terminal reader on a chapter.
public enum Reader {
    /// Runs until the user quits; returns normally with the terminal restored.
    public static func run(_ chapter: Chapter, mode: ReaderMode, lines options: LineOptions = LineOptions(),
                           narration: (any Narration)? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        switch mode {
        case .plainText:
            PlainText.write(chapter)
        case .grid:
            try runGrid(chapter, color: ANSI.colorAllowed(environment: environment))
        case .screenReader:
            try runLines(narration ?? ChapterNarration(chapter: chapter), options: options)
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

    static func runGrid(_ chapter: Chapter, color: Bool) throws {
        let terminal = Terminal(alternateScreen: true)
        try terminal.start()
        defer { terminal.stop() }
        let size = terminal.size()
        var grid = GridMode(chapter: chapter, columns: size.columns, rows: size.rows, color: color)
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
            }
            guard terminal.write(grid.frame()) else { return }
        }
    }

    static func runLines(_ narration: any Narration, options: LineOptions) throws {
        let terminal = Terminal(alternateScreen: false)
        try terminal.start()
        defer { terminal.stop() }
        // Opened after the terminal is set up (SIGPIPE ignored), closed before it is restored.
        var speech = options.speak ? Speech() : nil
        defer { speech = nil }
        var mode = LineMode(narration: narration, verbosity: options.verbosity, greek: options.greek,
                            columns: terminal.size().columns)
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
                out.raw("\r\n")
                for (row, text) in LineWrap.rows(notice, columns: max(mode.columns - 1, 1)).enumerated() {
                    if row > 0 { out.raw("\r\n") }
                    out.text(text)
                }
            }
            // One write per key: a screen reader sees the whole line arrive at once.
            return terminal.write(out.bytes)
        }

        guard say([mode.openingLine, mode.focusLine()], first: true) else { return }
        while true {
            guard let keys = keys(terminal, &decoder, { mode.columns = terminal.size().columns }) else { return }
            for key in keys {
                if key == .suspend { terminal.suspend(); continue }
                switch mode.handle(key) {
                case .quit: return
                case .line(let line): guard say([line]) else { return }
                case .echo(let text):
                    out.removeAll(); out.text(text)
                    guard terminal.write(out.bytes) else { return }
                case .erase:
                    // Backspace, space, backspace: a control character, not an escape sequence.
                    guard terminal.write([0x08, 0x20, 0x08]) else { return }
                case .none: break
                }
            }
        }
    }
}
