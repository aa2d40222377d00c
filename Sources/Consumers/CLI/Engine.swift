import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearShaping
import InterlinearStore
import InterlinearTypesetting


/// Options every command that lays out a chapter shares.
struct LayoutArguments: ParsableArguments {
    @Argument(help: "A chapter or verses: \"John 1\", \"John 1:14\", \"Jn 1:14-18\", \"1 Cor 13\" (case-insensitive).")
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

/// A loaded chapter with its typesetter: the engine as the commands use it.
struct Engine {
    let chapter: Chapter
    let typesetter: Typesetter
    /// Where the chapter came from (the store, then the committed files): other chapters load from it too.
    let library: ChapterLibrary
    /// The passage the reference named (its verses, if it named any).
    let passage: Passage

    /// Loads the reference's verses, or with `wholeChapter` the whole chapter they are in (the window shows the
    /// chapter and opens at the verse).
    init(_ arguments: LayoutArguments, wholeChapter: Bool = false) throws {
        passage = try parseReference(arguments.reference)
        let strings = StringTable()
        library = try ChapterLibrary.open(corpus: arguments.corpus)
        chapter = wholeChapter ? try library.load(passage.chapter, strings: strings)
                               : try library.load(passage, strings: strings)
        let chain = try FontChain(family: arguments.font)
        typesetter = Typesetter(cache: ShapeCache(chain: chain, strings: strings))
    }
}

/// Parses a reference given on the command line (a chapter, or verses of one), or fails with one line saying
/// what is expected. The chapter must exist in its book; whether the corpus holds it is the library's to say.
func parseReference(_ text: String) throws -> Passage {
    guard let passage = Passage(parsing: text) else {
        throw Failure("unknown reference '\(text)'; expected a New Testament book, a chapter and optional verses, "
            + "such as \"John 1\", \"John 1:14\", \"Jn 1:14-18\" or \"1 Cor 13\"")
    }
    let book = passage.chapter.book
    guard passage.chapter.chapter <= book.chapterCount else {
        throw Failure("no chapter \(passage.chapter): \(book.name) has \(book.chapterCount) chapter\(book.chapterCount == 1 ? "" : "s")")
    }
    return passage
}

/// The `--corpus` help, shared by every command that reads the corpus.
let corpusHelp = "The corpus store: an interlinear.sqlite file or the folder holding it (default: $INTERLINEAR_DATA, "
    + "else $XDG_DATA_HOME/interlinear, else ~/.local/share/interlinear)."
