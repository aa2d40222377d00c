import ArgumentParser
import Foundation
import InterlinearReader

/// `interlinear read REF`: the terminal reader (grid, screen-reader line mode, or plain text when piped).
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a chapter in the terminal.",
        discussion: """
            On a terminal: the interlinear grid (? lists the keys) of the tiers --tiers names. With --screen-reader \
            or ACCESSIBLE=1: one spoken line per key for terminal screen readers, from the accessibility elements of \
            the chapter typeset with --font, --font-size and --width. Piped or with TERM=dumb: the chapter as plain \
            text.
            """)

    @OptionGroup var layout: LayoutArguments

    @Flag(help: "Screen-reader mode: no repaint, one line per key, the cursor on the line just printed.")
    var screenReader = false

    @Flag(help: "Also speak each line through speech-dispatcher (spd-say), in screen-reader mode.")
    var speak = false

    func run() throws {
        try reportingFailures {
            let engine = try Engine(layout)
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            // Screen-reader lines come from the accessibility elements of the typeset chapter (the terminal uses
            // only their order and utterances), so the terminal and a graphical reader never disagree.
            let narration = mode == .screenReader
                ? ElementNarration(tree: engine.session.accessibilityTree(for: engine.chapter)) : nil
            try Reader.run(engine.chapter, mode: mode, speak: speak, narration: narration, tiers: engine.options.tiers)
        }
    }
}
