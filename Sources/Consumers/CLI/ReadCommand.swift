import ArgumentParser
import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearReader
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting

/// `interlinear read REF`: the terminal reader (grid, screen-reader line mode, or plain text when piped).
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a chapter in the terminal.",
        discussion: """
            On a terminal: the interlinear grid (? lists the keys). With --screen-reader or ACCESSIBLE=1: one spoken \
            line per key for terminal screen readers. Piped or with TERM=dumb: the chapter as plain text. q and \
            Ctrl-D quit (exit 0); Ctrl-C quits with exit status 130, after restoring the terminal.
            """)

    @Argument(help: "Chapter reference: \"John 1\", \"Jn 1\", \"John.1\" (case-insensitive).")
    var reference: String

    @Flag(help: "Screen-reader mode: no repaint, one line per key, the cursor on the line just printed.")
    var screenReader = false

    @Flag(help: "Also speak each line through speech-dispatcher (spd-say), in screen-reader mode.")
    var speak = false

    @Option(help: "Corpus folder (default: ./Corpus or $INTERLINEAR_CORPUS).")
    var corpus: String?

    func validate() throws { _ = try parseReference(reference) }

    func run() throws {
        try reportingFailures {
            let ref = try parseReference(reference)
            let strings = StringTable()
            let chapter = try CorpusLibrary.locate(explicit: corpus).load(ref, strings: strings)
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            let narration = mode == .screenReader ? elementNarration(chapter, strings: strings) : nil
            let outcome: ReaderOutcome
            do { outcome = try Reader.run(chapter, mode: mode, speak: speak, narration: narration) } catch let error as SystemError {
                throw OutputTarget.standardOutputFailure(error)
            }
            if outcome == .interrupted { throw ExitCode(ExitStatus.interrupted.rawValue) }
        }
    }

    /// Screen-reader lines come from the accessibility elements of the typeset chapter (a phone-width layout;
    /// the terminal only uses the elements' order and utterances). Without a usable font, the chapter's own
    /// words are read instead, which say the same things.
    private func elementNarration(_ chapter: Chapter, strings: StringTable) -> (any Narration)? {
        guard let chain = try? FontChain(family: "Gentium Plus") else { return nil }
        let options = LayoutOptions()
        let layout = Typesetter(cache: ShapeCache(chain: chain, strings: strings)).layout(chapter, options: options)
        let viewport = Viewport(width: options.width, height: 844)
        return ElementNarration(tree: AccessibilityTree(chapter: chapter, layout: layout, viewport: viewport))
    }
}
