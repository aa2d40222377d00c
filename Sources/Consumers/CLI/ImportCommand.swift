import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearSword

/// `interlinear import`: builds the corpus store from the PyPI package bible-alignments (SBLGNT + BSB).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", _superCommandName: InterlinearCommand.name,
        abstract: "Build the corpus store (both testaments) from the bible-alignments source data.",
        discussion: """
            Without references, builds the whole store — the Greek New Testament (SBLGNT), the Hebrew Old \
            Testament (WLC) and the BSB of both — into a new file and moves it into place when complete: an \
            interrupted import leaves the previous store as it was. With references, replaces those chapters in \
            the existing store in one transaction. A progress bar goes to stderr when it is a terminal. With \
            --output, chapters are written there as chapter files instead of into the store (regenerating the \
            committed chapters: --output Corpus/chapters). Every chapter is read back with the chapter-file parser \
            before anything is written.
            """)

    @Argument(help: "Chapters to import (default: every chapter of --testament), e.g. \"Mark 4\", \"Ps 119\".")
    var references: [String] = []

    @Option(help: "Without references: both (the default), new (SBLGNT and the BSB) or old (WLC and the BSB).")
    var testament: TestamentChoice = .both

    @Option(
        help:
            "The bible-alignments 0.3.5 data/ folder holding sources/WLC-LEB.tsv (default: $INTERLINEAR_HEBREW_SOURCES, else the copy scripts/setup downloads)."
    )
    var hebrewSource: String?

    @Option(
        help:
            "The py-sblgnt 0.10 folder holding sblgnt/*-morphgnt.txt, the SBLGNT as printed (default: $INTERLINEAR_SBLGNT_SOURCES, else the copy scripts/setup downloads)."
    )
    var sblgntSource: String?

    @Option(help: "Folder to write chapter files into, instead of the store.")
    var output: String?

    @Option(
        help:
            "The bible-alignments data/ folder (default: $INTERLINEAR_SOURCES, else the copy scripts/setup downloads into ~/.cache/interlinear/sources)."
    )
    var source: String?

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    func validate() throws {
        for reference in references { _ = try parseReference(reference) }
        // An empty path would mean the current folder (--output) or the default (the others): say so instead.
        for (option, value) in [
            ("output", output), ("source", source), ("hebrew-source", hebrewSource), ("sblgnt-source", sblgntSource),
            ("corpus", corpus),
        ] {
            if value?.isEmpty == true { throw ValidationError("--\(option) needs a path; it was empty") }
        }
    }

    func run() throws {
        try reportingFailures {
            // Which chapters of each testament: nil for all of it, empty for none.
            var greek: Set<ChapterReference>? = testament == .old ? [] : nil
            var hebrew: Set<ChapterReference>? = testament == .new ? [] : nil
            if !references.isEmpty {
                let all = Set(try references.map { try parseReference($0).chapter })
                greek = all.filter { $0.book.testament == .new }
                hebrew = all.filter { $0.book.testament == .old }
            }
            let data = try source.map { URL(fileURLWithPath: $0) } ?? Self.installedDataDirectory()
            let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
            var chapters: [Chapter] = []
            var versification: Versification?
            var sources: [String] = []
            var hebrewProvenance = HebrewImporter.provenance
            var report: PrintedGreekReport?
            let sword = SwordReader()
            var lexiconOutcome = LexiconImport.Outcome()
            if greek?.isEmpty != true {
                let printed = try sblgntSource.map { URL(fileURLWithPath: $0) } ?? Self.installedPrintedGreekDirectory()
                bar.note("reading bible-alignments \(SourceData.version) (SBLGNT, BSB) from \(data.path)")
                let imported = try BibleAlignmentsImporter(dataDirectory: data, printedText: printed)
                    .importChaptersReporting(greek, strings: StringTableBuilder())
                chapters += imported.chapters
                report = imported.report
                sources.append("bible-alignments \(SourceData.version)")
                sources.append("py-sblgnt \(SourceData.printedGreekVersion)")
            }
            if hebrew?.isEmpty != true {
                let hebrewData = try hebrewSource.map { URL(fileURLWithPath: $0) } ?? Self.installedHebrewDirectory()
                bar.note("reading bible-alignments \(SourceData.hebrewVersion) (WLC) from \(hebrewData.path)")
                var importer = HebrewImporter(hebrewData: hebrewData, translationData: data)
                // Hebrew lemmas are the Strong's headwords, when SWORD's Hebrew dictionary is installed.
                importer.lexicon = LexiconImport.hebrewLexicon(reader: sword, outcome: &lexiconOutcome)
                hebrewProvenance =
                    HebrewImporter.provenance + (importer.lexicon == nil ? [] : [HebrewImporter.lemmaProvenance])
                chapters += try importer.importChapters(hebrew, strings: StringTableBuilder())
                versification = try Versification.read(translationFile: importer.translationFile)
                sources.append("bible-alignments \(SourceData.hebrewVersion) (\(SourceData.hebrewFile))")
            }
            // Every chapter is checked by the chapter-file reader's own parser before anything is written: the
            // importers refuse a chapter that reader would refuse, or read back differently.
            let root = URL(fileURLWithPath: output ?? ".")
            let files = try chapters.map { chapter in
                let url = root.appendingPathComponent(CorpusLibrary.relativePath(of: chapter.reference))
                let provenance = chapter.language == .hebrew ? hebrewProvenance : BibleAlignmentsImporter.provenance
                return (url, try ChapterFile.renderChecked(chapter, provenance: provenance, path: url.path))
            }
            // Every decision on where SBLGNT.tsv and the printed SBLGNT disagree, beside what was written.
            let reportFolder =
                output.map { URL(fileURLWithPath: $0) }
                ?? StoreLocation.storeFile(explicit: corpus).deletingLastPathComponent()
            let reportFile = reportFolder.appendingPathComponent(Self.reportName)
            let reported =
                report.map { report in
                    report.summary.map { $0 + "\n" }.joined() + "every decision: \(reportFile.path)\n"
                } ?? ""
            if output != nil {
                for (url, text) in files { try AtomicFile.write(Data(text.utf8), to: url, createDirectories: true) }
                if let report { try AtomicFile.write(Data(report.text.utf8), to: reportFile, createDirectories: true) }
                try emit(
                    Data("imported \(chapters.count) chapter file(s) into \(root.path)\n\(reported)".utf8), to: nil)
                return
            }
            let store = StoreLocation.storeFile(explicit: corpus)
            let summary = try StoreImport.write(
                chapters, to: store, replace: references.isEmpty, source: sources.joined(separator: "; "),
                versification: versification
            ) { progress in
                bar.show(progress.done, of: progress.total, progress.book)
            }
            bar.finish()
            let lexicon: String
            do {
                try LexiconImport.run(into: summary.store, progress: bar, reader: sword, outcome: &lexiconOutcome)
                let topics = try TopicImport.run(
                    into: summary.store, progress: bar, reader: sword, damaged: &lexiconOutcome.damaged)
                lexicon =
                    (lexiconOutcome.count.map { ", \($0) lexicon entries" } ?? "")
                    + (topics.map { ", \($0) topics" } ?? "")
            }
            if let report { try AtomicFile.write(Data(report.text.utf8), to: reportFile, createDirectories: true) }
            try emit(
                Data(
                    ("imported \(summary.chapters) chapter(s), \(summary.words) words\(lexicon), into \(summary.store.path)\n"
                        + reported).utf8),
                to: nil)
            // A damaged SWORD module was said as it was met; the rest of the import stands.
            if !lexiconOutcome.damaged.isEmpty { throw ExitCode(ExitStatus.dataError.rawValue) }
        }
    }

    /// The report of a New Testament import, written beside the store (or into --output's folder).
    static let reportName = "sblgnt-alignment.tsv"

    /// The downloaded py-sblgnt files' folder, or a one-line failure saying how to get it.
    static func installedPrintedGreekDirectory() throws -> URL {
        try installed(
            SourceData.printedGreekDirectory(), SourceData.hasPrintedGreek,
            "the py-sblgnt \(SourceData.printedGreekVersion) download", option: "--sblgnt-source")
    }

    /// The downloaded Hebrew file's folder, or a one-line failure saying how to get it.
    static func installedHebrewDirectory() throws -> URL {
        try installed(
            SourceData.hebrewDirectory(),
            { FileManager.default.fileExists(atPath: $0.appendingPathComponent(SourceData.hebrewFile).path) },
            "the bible-alignments \(SourceData.hebrewVersion) Hebrew data", option: "--hebrew-source")
    }

    /// The downloaded package data (see `SourceData`), or a one-line failure saying how to get it.
    static func installedDataDirectory() throws -> URL {
        try installed(
            SourceData.defaultDirectory(), SourceData.isComplete, "the bible-alignments \(SourceData.version) data",
            option: "--source")
    }

    /// `directory` when `present` says it holds the download, else a one-line failure naming `what` is missing
    /// there and how to get it.
    private static func installed(_ directory: URL, _ present: (URL) -> Bool, _ what: String, option: String) throws
        -> URL
    {
        guard present(directory) else {
            throw Failure(
                .noInput, "\(what) is not at \(directory.path); run scripts/setup (or pass \(option) DIR)")
        }
        return directory
    }
}

/// A one-line progress bar on stderr, redrawn in place; silent when stderr is not a terminal.
final class ProgressBar {
    private let enabled: Bool
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    /// A line of its own, before the bar.
    func note(_ text: String) {
        guard enabled else { return }
        write("\(text)\n")
    }

    func show(_ done: Int, of total: Int, _ label: String) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        // \r returns to the line start, ESC[K erases what a longer label left.
        write("\r[\(bar)] \(done)/\(total) chapters  \(label)\u{1B}[K")
        drawn = true
    }

    func finish() {
        guard enabled, drawn else { return }
        write("\n")
    }

    private func write(_ text: String) { try? ByteSink(descriptor: STDERR_FILENO).write(Array(text.utf8)) }
}

/// Which testament `interlinear import` imports when no chapter is named.
enum TestamentChoice: String, ExpressibleByArgument, CaseIterable {
    case new, old, both
}
