import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearStore

/// `interlinear alignment`: how many words of a SWORD Bible that carry a Strong's number are aligned to a source word
/// with that number (`Chapter.replacingTranslation`), for chapters named or every chapter of each testament: the
/// figures docs/lexicon.md gives for the KJV.
struct AlignmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alignment", _superCommandName: InterlinearCommand.name,
        abstract: "Count a SWORD Bible's words with a Strong's number that align to a Greek or Hebrew word.")

    @Argument(help: "Chapters to count, e.g. \"Genesis 1\" (default: every chapter of --testament).")
    var references: [String] = []

    @Option(help: "A SWORD Bible module with Strong's numbers (name or abbreviation).")
    var translation = "KJV"

    @Option(help: "Without references: old, new or both.")
    var testament: TestamentChoice = .both

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    func validate() throws {
        try TranslationChoice.validate(translation)
        guard !TranslationChoice.isDefault(translation) else {
            throw ValidationError("--translation BSB is the corpus's own alignment; name a SWORD Bible, such as KJV")
        }
        for reference in references { _ = try parseReference(reference) }
    }

    func run() throws {
        try reportingFailures {
            let library = try ChapterLibrary.open(corpus: corpus)
            let translated = try TranslationChoice.translated(translation, over: library)
            let named = try references.map { try parseReference($0).chapter }
            let chapters =
                named.isEmpty
                ? library.availableChapters().filter { chapter in
                    testament == .both || (chapter.book.testament == .old) == (testament == .old)
                } : named
            var totals: [Testament: AlignmentCount] = [:]
            var lines = ""
            for reference in chapters {
                let before = translated.count
                _ = try translated.read(reference, into: StringTableBuilder(), morphemes: false)
                var count = translated.count
                count.words -= before.words
                count.tagged -= before.tagged
                count.aligned -= before.aligned
                totals[reference.book.testament, default: AlignmentCount()] += count
                if !named.isEmpty { lines += Self.line(reference.description, count, translated.bible.abbreviation) }
            }
            for testament in [Testament.old, .new] {
                guard let count = totals[testament], named.isEmpty else { continue }
                lines += Self.line(
                    testament == .old ? "Old Testament" : "New Testament", count, translated.bible.abbreviation)
            }
            try ByteSink(descriptor: STDOUT_FILENO).write(Array(lines.utf8))
        }
    }

    /// "Genesis 1: 398 of 421 KJV words with a Strong's number aligned (94.5 %); 797 words in all".
    static func line(_ what: String, _ count: AlignmentCount, _ name: String) -> String {
        let share = count.tagged == 0 ? 0 : Double(count.aligned) * 100 / Double(count.tagged)
        return "\(what): \(count.aligned) of \(count.tagged) \(name) words with a Strong's number aligned "
            + "(\(String(format: "%.1f", share)) %); \(count.words) words in all\n"
    }
}
