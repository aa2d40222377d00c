import ArgumentParser
import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearReader

/// `interlinear read REF`: the terminal reader (grid, screen-reader line mode, or plain text when piped).
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a chapter in the terminal.",
        discussion: """
            Opens at the chapter, or at a verse of it ("John 1:14", "Rom 8:28"). On a terminal: the interlinear \
            grid (? lists the keys) of the tiers --tiers names. With --screen-reader or ACCESSIBLE=1: one spoken \
            line per key for terminal screen readers, from the accessibility elements of the chapter typeset with \
            --font, --font-size and --width. Piped or with TERM=dumb: the chapter as plain text.
            """)

    @OptionGroup var layout: LayoutArguments

    @Flag(help: "Screen-reader mode: no repaint, one line per key, the cursor on the line just printed.")
    var screenReader = false

    @Flag(help: "Also speak each line through speech-dispatcher (spd-say), in screen-reader mode.")
    var speak = false

    func run() throws {
        try reportingFailures {
            let engine = try Engine(layout, wholeChapter: true)
            let chapter = engine.chapter, session = engine.session
            if let verse = engine.passage.verses?.lowerBound, chapter.verseIndex(number: verse) == nil {
                throw Failure("\(chapter.reference) has no verse \(verse) (its verses are \(chapter.verseSpan))")
            }
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            // Screen-reader lines come from the accessibility elements of the typeset chapter (the terminal uses
            // only their order and utterances), so the terminal and a graphical reader never disagree. "Find
            // other occurrences" searches the corpus, as `interlinear search` does.
            let occurrences = engine.library.store.map(CorpusOccurrences.init)
            func narration(_ chapter: Chapter) -> any Narration {
                let tree = session.accessibilityTree(for: chapter)
                tree.occurrenceIndex = occurrences
                return ElementNarration(tree: tree)
            }
            let start = engine.passage.verses.map { ReaderLocation(chapter: chapter.reference, verse: $0.lowerBound) }
            try Reader.run(chapter, mode: mode, speak: speak, narration: mode == .screenReader ? narration(chapter) : nil,
                           tiers: engine.options.tiers, start: start,
                           navigator: BibleNavigator(library: engine.library, load: { try session.chapter($0) }),
                           narrate: narration)
        }
    }
}
