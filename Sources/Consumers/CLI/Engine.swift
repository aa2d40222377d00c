import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearStore
import InterlinearTypesetting

/// Options every command that lays out a chapter shares.
struct LayoutArguments: ParsableArguments {
    @Argument(help: "A chapter or verses: \"John 1\", \"John 1:14\", \"Jn 1:14-18\", \"Genesis 1\", \"Ps 23\", \"1 Sam 3\" (case-insensitive).")
    var reference: String

    @Option(help: "Layout width in points.")
    var width: Double = 390

    @Option(help: "Source-tier font size in points.")
    var fontSize: Double = 17

    @Option(help: "Comma-separated tiers: source, transliteration, strongs, morphology, gloss, translation.")
    var tiers: String = "source,transliteration,strongs,morphology,gloss,translation"

    @Option(help: "Font family, found through fontconfig.")
    var font: String = "Gentium Plus"

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    @Option(help: "Marks on Hebrew words: all (points and cantillation), points (no cantillation) or none (consonants only).")
    var hebrewMarks: HebrewMarks = .all

    /// Validated layout options.
    func layoutOptions() throws -> LayoutOptions {
        guard width.isFinite, (100...10_000).contains(width) else { throw Failure("--width must be between 100 and 10000 points, got \(width)") }
        guard fontSize.isFinite, (6...96).contains(fontSize) else { throw Failure("--font-size must be between 6 and 96 points, got \(fontSize)") }
        let tierSet: TierSet
        switch TierSet.parse(tiers) {
        case .success(let set): tierSet = set
        case .failure(let error): throw Failure(error)
        }
        return LayoutOptions(width: Float(width), fontSize: Float(fontSize), tiers: tierSet)
    }

    func chapterReference() throws -> ChapterReference { try parseReference(reference).chapter }
}

/// The chapter (or passage) a command names, loaded in a session made from the shared options (--font,
/// --font-size, --tiers, --width, --corpus): every command reads them here, the same way. A thin call into
/// `Interlinear`.
struct Engine {
    let session: Interlinear
    /// The store (and committed chapters) the session loads from.
    let library: ChapterLibrary
    /// What the reference named.
    let passage: Passage
    let chapter: Chapter

    /// Loads the passage the arguments name (the whole chapter with `wholeChapter`, for a reader or a window that
    /// shows the chapter and opens at the verse).
    init(_ arguments: LayoutArguments, wholeChapter: Bool = false) throws {
        let options = try arguments.layoutOptions()
        passage = try parseReference(arguments.reference)
        library = try ChapterLibrary.open(corpus: arguments.corpus)
        session = try Interlinear(library: library, font: arguments.font, options: options)
        chapter = try session.chapter(wholeChapter ? Passage(chapter: passage.chapter) : passage,
                                      hebrewMarks: arguments.hebrewMarks)
    }

    /// The session's typesetter.
    var typesetter: Typesetter { session.typesetter }
    /// The options the arguments asked for.
    var options: LayoutOptions { session.options }

    /// The chapter typeset with the options the arguments asked for.
    func layout() -> ChapterLayout { session.layout(chapter) }
}

/// Parses a reference given on the command line (a chapter, or verses of one), or fails with one line saying
/// what is expected. The chapter must exist in its book; whether the corpus holds it is the library's to say.
func parseReference(_ text: String) throws -> Passage {
    guard let passage = Passage(parsing: text) else {
        throw Failure("unknown reference '\(text)'; expected a book, a chapter and optional verses, "
            + "such as \"John 1\", \"John 1:14\", \"Jn 1:14-18\", \"Genesis 1\" or \"Ps 23\"")
    }
    let book = passage.chapter.book
    guard passage.chapter.chapter <= book.chapterCount else {
        throw Failure("no chapter \(passage.chapter): \(book.name) has \(book.chapterCount) chapter\(book.chapterCount == 1 ? "" : "s")")
    }
    return passage
}

extension HebrewMarks: ExpressibleByArgument {}

/// The `--corpus` help, shared by every command that reads the corpus.
let corpusHelp = "The corpus store: an interlinear.sqlite file or the folder holding it (default: $INTERLINEAR_DATA, "
    + "else $XDG_DATA_HOME/interlinear, else ~/.local/share/interlinear)."
