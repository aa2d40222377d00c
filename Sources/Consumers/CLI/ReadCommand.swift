import ArgumentParser
import Foundation
import InterlinearAccessibility
import InterlinearBraille
import InterlinearCorpus
import InterlinearReader
import InterlinearShaping
import InterlinearStore
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
            and o). Piped or with TERM=dumb: the chapter as plain text. q and Ctrl-D quit (exit 0); Ctrl-C quits \
            with exit status 130, after restoring the terminal.
            """)

    @Argument(help: "Where to open: \"John 1\", \"John 1:14\" (at verse 14), \"Rom 8:28\" (case-insensitive).")
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

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    func validate() throws { _ = try parseReference(reference) }

    func run() throws {
        try reportingFailures {
            let passage = try parseReference(reference)
            let library = try ChapterLibrary.open(corpus: corpus)
            let strings = StringTable()
            let chapter = try library.load(passage.chapter, strings: strings)
            if let verse = passage.verses?.lowerBound, chapter.verseIndex(number: verse) == nil {
                throw Failure(.noInput, "\(chapter.reference) has no verse \(verse) (its verses are \(chapter.verseSpan))")
            }
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak || braille, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            let narration = mode == .screenReader ? elementNarration(chapter, strings: strings, store: library.store) : nil
            let start = passage.verses.map { ReaderLocation(chapter: chapter.reference, verse: $0.lowerBound) }
            var lines = LineOptions(speak: speak, verbosity: verbosity, greek: greek || braille)
            if braille {
                let tables = BrailleTables()
                try tables.validate()
                lines.braille = tables.unicodeBraille
            }
            let outcome: ReaderOutcome
            do {
                outcome = try Reader.run(chapter, mode: mode, lines: lines, narration: narration, start: start,
                                         navigator: BibleNavigator(library: library),
                                         narrate: { elementNarration($0, strings: $0.strings, store: library.store) })
            } catch let error as SystemError {
                throw OutputTarget.standardOutputFailure(error)
            }
            if outcome == .interrupted { throw ExitCode(ExitStatus.interrupted.rawValue) }
        }
    }

    /// Screen-reader lines come from the accessibility elements of the typeset chapter (a phone-width layout;
    /// the terminal only uses the elements' order and utterances). Without a usable font, the chapter's own
    /// words are read instead, which say the same things.
    private func elementNarration(_ chapter: Chapter, strings: StringTable, store: CorpusStore?) -> (any Narration)? {
        guard let chain = try? FontChain(family: "Gentium Plus") else { return nil }
        let options = LayoutOptions()
        let layout = Typesetter(cache: ShapeCache(chain: chain, strings: strings)).layout(chapter, options: options)
        let viewport = Viewport(width: options.width, height: 844)
        let tree = AccessibilityTree(chapter: chapter, layout: layout, viewport: viewport)
        // "Find other occurrences" searches the corpus, as `interlinear search` does.
        tree.occurrenceIndex = store.map(CorpusOccurrences.init)
        return ElementNarration(tree: tree)
    }
}

extension Verbosity: ExpressibleByArgument {}
