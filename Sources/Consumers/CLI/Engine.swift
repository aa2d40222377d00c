import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearShaping
import InterlinearTypesetting


/// Options every command that lays out a chapter shares.
struct LayoutArguments: ParsableArguments {
    @Argument(help: "Chapter reference: \"John 1\", \"Jn 1\", \"John.1\" (case-insensitive).")
    var reference: String

    @Option(help: "Layout width in points.")
    var width: Double = 390

    @Option(help: "Source-tier font size in points.")
    var fontSize: Double = 17

    @Option(help: "Comma-separated tiers: source, transliteration, strongs, morphology, gloss, translation.")
    var tiers: String = "source,transliteration,strongs,morphology,gloss,translation"

    @Option(help: "Font family, found through fontconfig.")
    var font: String = "Gentium Plus"

    @Option(help: "Corpus folder (default: ./Corpus or $INTERLINEAR_CORPUS).")
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

    func chapterReference() throws -> ChapterReference { try parseReference(reference) }
}

/// A loaded chapter with its typesetter: the engine as the commands use it.
struct Engine {
    let chapter: Chapter
    let typesetter: Typesetter

    init(_ arguments: LayoutArguments) throws {
        let reference = try arguments.chapterReference()
        let strings = StringTable()
        chapter = try CorpusLibrary.locate(explicit: arguments.corpus).load(reference, strings: strings)
        let chain = try FontChain(family: arguments.font)
        typesetter = Typesetter(cache: ShapeCache(chain: chain, strings: strings))
    }
}

/// Parses a chapter reference given on the command line, or fails with one line saying what is expected.
func parseReference(_ text: String) throws -> ChapterReference {
    guard let reference = ChapterReference(parsing: text) else {
        throw Failure("unknown reference '\(text)'; expected a book and chapter such as \"John 1\" or \"Genesis 1\"")
    }
    return reference
}
