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
    /// Runs until the user quits; returns normally with the terminal restored. The grid shows the tiers in `tiers`.
    public static func run(_ chapter: Chapter, mode: ReaderMode, speak: Bool, narration: (any Narration)? = nil,
                           tiers: TierSet = .all,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        switch mode {
        case .plainText:
            PlainText.write(chapter)
        case .grid:
            try runGrid(chapter, color: ANSI.colorAllowed(environment: environment), tiers: tiers)
        case .screenReader:
            try runLines(narration ?? ChapterNarration(chapter: chapter), speech: speak ? Speech(environment: environment) : nil)
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

    static func runGrid(_ chapter: Chapter, color: Bool, tiers: TierSet) throws {
        let terminal = Terminal(alternateScreen: true)
        try terminal.start()
        defer { terminal.stop() }
        let size = terminal.size()
        var grid = GridMode(chapter: chapter, columns: size.columns, rows: size.rows, color: color, tiers: tiers)
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

    static func runLines(_ narration: any Narration, speech: Speech?) throws {
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
        guard say(opening, first: true), say(mode.focusLine) else { return }
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
            }
        }
    }
}
