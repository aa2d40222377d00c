import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTypesetting

/// Options every command that lays out a chapter shares.
struct LayoutArguments: ParsableArguments {
    @Argument(help: "Chapter reference: \"John 1\", \"Jn 1\", \"Genesis 1\", \"Ps 23\", \"1 Sam 3\" (case-insensitive).")
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

    func chapterReference() throws -> ChapterReference { try parseReference(reference) }
}

/// The chapter a command names, loaded in a session made from the shared options (--font, --font-size, --tiers,
/// --width, --corpus): every command reads them here, the same way. A thin call into `Interlinear`.
struct Engine {
    let session: Interlinear
    let chapter: Chapter

    init(_ arguments: LayoutArguments) throws {
        let options = try arguments.layoutOptions()
        let reference = try arguments.chapterReference()
        session = try Interlinear(library: CorpusLibrary.locate(explicit: arguments.corpus), font: arguments.font,
                                  options: options)
        chapter = try session.chapter(reference, hebrewMarks: arguments.hebrewMarks)
    }

    /// The session's typesetter.
    var typesetter: Typesetter { session.typesetter }
    /// The options the arguments asked for.
    var options: LayoutOptions { session.options }

    /// The chapter typeset with the options the arguments asked for.
    func layout() -> ChapterLayout { session.layout(chapter) }
}

/// Parses a chapter reference given on the command line, or fails with one line saying what is expected.
func parseReference(_ text: String) throws -> ChapterReference {
    guard let reference = ChapterReference(parsing: text) else {
        throw Failure("unknown reference '\(text)'; expected a book and chapter such as \"John 1\" or \"Genesis 1\"")
    }
    return reference
}

extension HebrewMarks: ExpressibleByArgument {}
