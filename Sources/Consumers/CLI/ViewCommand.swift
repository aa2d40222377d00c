import ArgumentParser
import Foundation
import InterlinearATSPI
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearNotes
import InterlinearRender
import InterlinearSession
import InterlinearSword
import InterlinearView

extension Theme.Name: ExpressibleByArgument {}

extension ScreenReaderMode: ExpressibleByArgument {}

/// `interlinear view REF`: the chapter in a desktop window (SDL2), drawn as `render` draws it, with keyboard focus
/// and a screen-reader adapter.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view", _superCommandName: InterlinearCommand.name,
        abstract: "Show a chapter in a desktop window, keyboard- and screen-reader-accessible.",
        discussion: """
            Keys: arrows or wheel scroll; Page Up/Down, Home/End; Tab/Shift-Tab or Right/Left move the focus ring \
            through verse numbers, Greek words and translation words; a click or Tab onto a word shows its details \
            in a pane (Esc closes it); ':' then a verse (28) or any reference (Rom 8:28, Ps 23) and Enter goes \
            there; '/' then a query (as `interlinear search` takes) and Enter lists and outlines the chapter's hits, \
            n/N go through them; a/A go to the next/previous of the chapter's notes, b says the \
            bookmarks and B opens the next, c says the focused word's notes (--notes names the notes file, which \
            the window only reads); Alt+Left/Right go back/forward; '[' ']' (Ctrl+Page Up/Down) step to the \
            previous/next chapter in the corpus; Ctrl+plus/minus zoom (8-48 pt); 1-6 show or hide a tier; t \
            changes the theme; v how much a word's description says (brief, normal, full); e switches the \
            word order (--order: the Greek or Hebrew first, or the English first with the source words under each \
            English word); ? or F1 lists the keys; F12 writes a PNG snapshot to --snapshot; q or Esc quits. --width and --height are the window's size in points; the \
            chapter is laid out at the window's width and again whenever it is resized. A reference with a verse \
            (John 1:14) opens the chapter at that verse.
            """)

    @OptionGroup var layout: LayoutArguments

    @Option(
        parsing: .unconditional,
        help: "Window height in points (default: 844, or the screen's usable height where that is less).")
    var height: Double = 844

    // Unconditional: "--scroll -40" is a value, not an option.
    @Option(parsing: .unconditional, help: "Start scrolled to this offset in points (clamped to the content).")
    var scroll: Double = 0

    @Option(
        help:
            "Colours: light, dark or high-contrast (every tier at least 4.5:1 against its background; default: the last used, else light)."
    )
    var theme: Theme.Name?

    @Option(help: "Screen reader: auto (follow the desktop's org.a11y.Status.IsEnabled), on or off.")
    var screenReader: ScreenReaderMode = .auto

    @Option(
        help:
            "How much a word's description says to a screen reader: brief, normal or full (the v key cycles; default: the last used, else normal)."
    )
    var verbosity: Verbosity?

    @Option(
        help:
            "On F12, write a PNG of the window to this file (atomically) and a JSON line to stdout (interlinear.view-snapshot/4)."
    )
    var snapshot: String?

    @Option(help: "The notes file (default: $INTERLINEAR_NOTES, else notes.sqlite beside the corpus store); read only.")
    var notes: String?

    @Option(
        help: ArgumentHelp(
            WordOrder.help + " The e key switches; default: the order the window was last closed in, else source."))
    var order: WordOrder?

    func validate() throws {
        do { _ = try layout.layoutOptions() } catch { throw ValidationError(String(describing: error)) }
        guard layout.width == layout.width.rounded() else {
            throw ValidationError(
                "--width is the window's width and must be a whole number of points, got \(layout.width)")
        }
        guard height.isFinite, (100...10_000).contains(height), height == height.rounded() else {
            throw ValidationError("--height must be a whole number of points between 100 and 10000, got \(height)")
        }
        guard scroll.isFinite else { throw ValidationError("--scroll must be a number, got \(scroll)") }
        if let snapshot {
            guard !snapshot.isEmpty else { throw ValidationError("--snapshot needs a file name; it was empty") }
            let directory = URL(fileURLWithPath: snapshot).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw ValidationError("--snapshot \(snapshot): no folder \(directory)") }
        }
        _ = try layout.chapterReference()
    }

    func run() throws {
        try reportingFailures {
            // Settings remembered from the last run, for what the command line does not say.
            let settingsFile = ViewPreferences.fileURL()
            let remembered = ViewPreferences.load(from: settingsFile, warn: reportWarning)
            let given = CommandLine.arguments.dropFirst()
            func isGiven(_ option: String) -> Bool { given.contains { $0 == option || $0.hasPrefix(option + "=") } }
            var layout = self.layout
            if !isGiven("--font-size"), let size = remembered.fontSize { layout.fontSize = Double(size) }
            if !isGiven("--tiers"), let tiers = remembered.tiers, (try? TierList.parse(tiers)) != nil {
                layout.tiers = tiers
            }
            let order = self.order ?? remembered.wordOrder ?? .source
            let engine = try Engine(layout, wholeChapter: true, order: order)
            let catalog = ChapterCatalog(
                session: engine.session, numbering: engine.library, hebrewMarks: layout.hebrewMarks)
            let view = ChapterView(
                chapter: engine.chapter, layout: engine.layout(), catalog: catalog,
                windowHeight: Float(height), scrollY: Float(scroll))
            // `e` lays the chapter out in the other order: a SWORD module's words then pair with the source words as
            // that order pairs them (`TranslationChoice.source`), as the reader's `e` does.
            view.pairTranslation = { order in
                (catalog.session.library as? TranslatedLibrary)?.pairing = order == .english ? .inOrder : .everyMatch
            }
            view.theme = theme ?? remembered.theme.flatMap(Theme.Name.init(rawValue:)) ?? .light
            view.remember(lastTime: remembered.reference)
            view.setScript(ScriptSetting(speech: remembered.scriptInSpeech ?? false))
            // The notes `interlinear note` keeps, read once (no file is made); one that cannot be read is said in
            // the status line, and the chapter opens without notes.
            do {
                let book = try NoteBook.existing(
                    at: NoteBook.path(explicit: notes, besideStore: engine.library.storePath))
                view.openNotes(try book.map { NotesByChapter(try $0.notes()) })
            } catch {
                view.openNotes(nil, problem: String(describing: error))
            }
            view.setVerbosity(verbosity ?? remembered.level ?? .normal)
            // "John 1:14" opens the chapter at verse 14, its number focused.
            if let range = engine.passage.verses {
                let numbers = Set(engine.chapter.verses.map(\.number))
                if let absent = range.first(where: { !numbers.contains($0) }) {
                    throw Failure(.noInput, engine.chapter.noVerse(absent))
                }
                _ = view.goToVerse(range.lowerBound)
            }
            // Validated above: whole numbers of points within 100...10000.
            var settings = WindowSettings(
                width: Int32(layout.width), height: Int32(height), scrollY: Float(scroll),
                snapshotPath: snapshot, screenReader: screenReader)
            settings.fitsScreen = !isGiven("--height")
            let window = try ViewWindow(view: view, settings: settings)
            do { try window.run() } catch let error as SystemError {
                throw OutputTarget.standardOutputFailure(error)
            }
            engine.saveCaches()
            if let settingsFile {
                let now = ViewPreferences(
                    reference: view.place, fontSize: view.options.fontSize,
                    theme: view.theme.rawValue, tiers: view.tierList, scriptInSpeech: view.script.speech,
                    verbosity: view.verbosity, order: view.order)
                do { try now.save(to: settingsFile) } catch {
                    reportWarning("cannot remember the settings in \(settingsFile.path): \(error)")
                }
            }
        }
    }
}
