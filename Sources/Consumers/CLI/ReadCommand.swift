import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearReader

/// `interlinear read REF`: the terminal reader (grid, screen-reader line mode, or plain text when piped).
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a chapter in the terminal.",
        discussion: """
            On a terminal: the interlinear grid (? lists the keys). With --screen-reader or ACCESSIBLE=1: one spoken \
            line per key for terminal screen readers. Piped or with TERM=dumb: the chapter as plain text.
            """)

    @Argument(help: "Chapter reference: \"John 1\", \"Jn 1\", \"John.1\" (case-insensitive).")
    var reference: String

    @Flag(help: "Screen-reader mode: no repaint, one line per key, the cursor on the line just printed.")
    var screenReader = false

    @Flag(help: "Also speak each line through speech-dispatcher (spd-say), in screen-reader mode.")
    var speak = false

    @Option(help: "Corpus folder (default: ./Corpus or $INTERLINEAR_CORPUS).")
    var corpus: String?

    func run() throws {
        try reportingFailures {
            guard let ref = ChapterReference(parsing: reference) else {
                throw Failure("unknown reference '\(reference)'; expected a New Testament book and chapter such as \"John 1\"")
            }
            let chapter = try CorpusLibrary.locate(explicit: corpus).load(ref, strings: StringTable())
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            try Reader.run(chapter, mode: mode, speak: speak)
        }
    }
}
