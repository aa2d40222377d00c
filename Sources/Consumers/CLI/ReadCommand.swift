import ArgumentParser
import Foundation
import InterlinearAccessibility
import InterlinearBraille
import InterlinearCorpus
import InterlinearInteraction
import InterlinearNotes
import InterlinearReader
import InterlinearSession
import InterlinearSword
import InterlinearView

/// `interlinear read REF`: the terminal reader (grid, screen-reader line mode, or plain text when piped).
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", _superCommandName: InterlinearCommand.name,
        abstract: "Read a chapter in the terminal.",
        discussion: """
            Opens at the chapter, or at a verse of it ("John 1:14", "Rom 8:28"). On a terminal: the interlinear \
            grid (? lists the keys) of the tiers --tiers names. With --screen-reader or ACCESSIBLE=1: one spoken \
            line per key for terminal screen readers, from the accessibility elements of the chapter typeset with \
            --font, --font-size and --width, with no Greek or Hebrew script unless asked (--original, or the o key). \
            Piped or with TERM=dumb: the chapter as plain text. q and Ctrl-D quit (exit 0); Ctrl-C quits with exit \
            status 130, after restoring the terminal.
            """)

    @OptionGroup var layout: LayoutArguments

    @Flag(help: "Screen-reader mode: no repaint, one line per key, the cursor on the line just printed.")
    var screenReader = false

    @Flag(
        help: """
            Also speak each line through speech-dispatcher, each part in its language (Greek script by the grc voice, \
            Hebrew by he, the rest in English).
            """)
    var speak = false

    @Option(help: "How much a word line says in screen-reader mode: brief, normal or full (the v key cycles).")
    var verbosity = Verbosity.normal

    @Flag(
        name: [.customLong("original"), .customLong("greek")],
        help: """
            Include the Greek or Hebrew word in its own script, for a screen reader or voice that reads it (the o key \
            toggles; --greek is its old name).
            """)
    var original = false

    @Flag(help: "Show each screen-reader line in Unicode braille (Greek in Greek braille), for a braille display.")
    var braille = false

    @Option(help: ArgumentHelp(HebrewCode.help))
    var hebrewCode = HebrewCode.ihbc

    @Option(
        help: """
            Which words screen-reader mode steps through: source (the Greek or Hebrew, the default) or english (the \
            translation's words in its order, each said with the source words it translates); the e key switches. \
            The grid and plain text show the interlinear.
            """)
    var order: WordOrder = .source

    func run() throws {
        try reportingFailures {
            let environment = ProcessInfo.processInfo.environment
            let mode = ReaderMode.choose(
                screenReaderFlag: screenReader || speak || braille, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
            // The grid and plain text show the text unshaped: no session, no fonts.
            guard mode == .screenReader else { return try showUnshaped(mode: mode, environment: environment) }
            let engine = try Engine(layout, wholeChapter: true, order: order)
            let chapter = engine.chapter, session = engine.session
            try checkVerse(engine.passage, in: chapter)
            // Screen-reader lines come from the accessibility elements of the typeset chapter (the terminal uses
            // only their order and descriptions), so the terminal and a graphical reader never disagree. "Find
            // other occurrences" searches the corpus, as `interlinear search` does.
            let occurrences = engine.library.store.map(CorpusOccurrences.init)
            func narration(_ chapter: Chapter) -> any Narration {
                // A chapter opened from the reader in English order gets the reverse interlinear's marks too.
                let tree = session.accessibilityTree(for: session.inLayoutOrder(chapter))
                tree.occurrenceIndex = occurrences
                return ElementNarration(tree: tree)
            }
            let catalog = ChapterCatalog(
                session: session, numbering: engine.library, hebrewMarks: layout.hebrewMarks)
            // `e` reads the chapter again in the other order: the session lays out in it from then on (the chapters
            // turned to after too), and a SWORD module's words pair with the source words as that order pairs them.
            func reorder(_ reference: ChapterReference, _ order: WordOrder) throws -> any Narration {
                session.options.order = order
                (session.library as? TranslatedLibrary)?.pairing = order == .english ? .inOrder : .everyMatch
                return narration(try catalog.load(reference))
            }
            let start = engine.passage.verses.map { ReaderLocation(chapter: chapter.reference, verse: $0.lowerBound) }
            // The script in speech is one setting with the window's (`o` there, remembered in its settings file).
            let remembered = ViewPreferences.load(from: ViewPreferences.fileURL(), warn: reportWarning)
            let scriptInSpeech = original || braille || remembered.scriptInSpeech == true
            // The verbosity has the window's levels and key (`v`), but each front end starts from its own: the
            // window's remembered level is its own (a window started with `--verbosity full` once must not change
            // how the reader speaks).
            var lines = LineOptions(speak: speak, verbosity: verbosity, original: scriptInSpeech)
            Self.addNotes(to: &lines, store: engine.library.storePath)
            if braille {
                let tables = BrailleTables(hebrewCode: hebrewCode)
                try tables.validate()
                lines.braille = tables.unicodeBraille
            }
            let outcome: ReaderOutcome
            do {
                outcome = try Reader.run(
                    chapter, mode: mode, lines: lines, narration: narration(chapter),
                    tiers: engine.options.tiers, environment: environment, start: start,
                    navigator: catalog, narrate: narration, reorder: reorder)
            } catch let error as SystemError {
                throw OutputTarget.standardOutputFailure(error)
            }
            engine.saveCaches()
            try finish(outcome)
        }
    }

    /// The grid or plain text, from a chapter loaded without fonts (`UnshapedChapter`).
    private func showUnshaped(mode: ReaderMode, environment: [String: String]) throws {
        let source = try UnshapedChapter(layout)
        let chapter = source.chapter
        try checkVerse(source.passage, in: chapter)
        let start = source.passage.verses.map { ReaderLocation(chapter: chapter.reference, verse: $0.lowerBound) }
        let outcome: ReaderOutcome
        do {
            outcome = try Reader.run(
                chapter, mode: mode, tiers: try layout.layoutOptions().tiers,
                environment: environment, start: start,
                navigator: ChapterNavigator(source: source.source, numbering: source.library, load: source.load))
        } catch let error as SystemError {
            throw OutputTarget.standardOutputFailure(error)
        }
        try finish(outcome)
    }

    /// The reader's notes and bookmarks from `interlinear note`'s file, when there is one (the reader makes none); a
    /// file that cannot be read is one warning, and reading goes on without notes.
    static func addNotes(to lines: inout LineOptions, store: String) {
        do {
            guard let book = try NoteBook.existing(at: NoteBook.path(explicit: nil, besideStore: store)) else { return }
            let all = NotesByChapter(try book.notes())
            lines.bookmarks = all.bookmarks
            lines.notes = all.notes(in:)
        } catch {
            reportWarning("the notes are not read: \(error)")
        }
    }

    /// A reference's first verse must be in the chapter.
    private func checkVerse(_ passage: Passage, in chapter: Chapter) throws {
        if let verse = passage.verses?.lowerBound, chapter.verseIndex(number: verse) == nil {
            throw Failure(.noInput, chapter.noVerse(verse))
        }
    }

    /// Ctrl-C ends the process with 130, as the signal would have.
    private func finish(_ outcome: ReaderOutcome) throws {
        if outcome == .interrupted { throw ExitCode(ExitStatus.interrupted.rawValue) }
    }
}

extension Verbosity: ExpressibleByArgument {}
