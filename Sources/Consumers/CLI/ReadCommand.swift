import ArgumentParser
import Foundation
import InterlinearAccessibility
import InterlinearBraille
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
            line per key for terminal screen readers, with no Greek script unless asked (--greek, or the keys R, d \
            and o). Piped or with TERM=dumb: the chapter as plain text.
            """)

    @Argument(help: "Chapter reference: \"John 1\", \"Jn 1\", \"John.1\" (case-insensitive).")
    var reference: String

    @Flag(help: "Screen-reader mode: no repaint, one line per key, the cursor on the line just printed.")
    var screenReader = false

    @Flag(help: "Also speak each line through speech-dispatcher, each part in its language (Greek by the grc voice).")
    var speak = false

    @Option(help: "How much a word line says in screen-reader mode: brief, normal or full (the v key cycles).")
    var verbosity = Verbosity.normal

    @Flag(help: "Include the Greek word in word lines, for a screen reader that reads Greek (the o key toggles).")
    var greek = false

    @Flag(help: "Show each screen-reader line in Unicode braille (Greek in Greek braille), for a braille display.")
    var braille = false

    @Option(help: "Corpus folder (default: ./Corpus or $INTERLINEAR_CORPUS).")
    var corpus: String?

    func run() throws {
        try reportingFailures {
            let ref = try parseReference(reference)
            let strings = StringTable()
            let chapter = try CorpusLibrary.locate(explicit: corpus).load(ref, strings: strings)
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak || braille, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            let narration = mode == .screenReader ? elementNarration(chapter, strings: strings) : nil
            var lines = LineOptions(speak: speak, verbosity: verbosity, greek: greek || braille)
            if braille {
                let tables = BrailleTables()
                try tables.validate()
                lines.braille = tables.unicodeBraille
            }
            try Reader.run(chapter, mode: mode, lines: lines, narration: narration)
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

extension Verbosity: ExpressibleByArgument {}
