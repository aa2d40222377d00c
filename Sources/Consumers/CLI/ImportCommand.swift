import ArgumentParser
import Foundation
import InterlinearCorpus

/// `interlinear import`: builds corpus chapter files from the PyPI package bible-alignments.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import chapters from the bible-alignments package (SBLGNT + BSB) into the corpus.",
        discussion: "Without references, imports the whole New Testament into Corpus/full (git-ignored).")

    @Argument(help: "Chapters to import (default: every New Testament chapter).")
    var references: [String] = []

    @Option(help: "The bible-alignments data/ folder (default: $INTERLINEAR_SOURCES, else the copy scripts/setup downloads into ~/.cache/interlinear/sources).")
    var source: String?

    @Option(help: "Folder to write chapter files into (default: Corpus/full).")
    var output: String = "Corpus/full"

    func run() throws {
        try reportingFailures {
            var wanted: Set<ChapterReference>?
            if !references.isEmpty {
                wanted = Set(try references.map(parseReference))
            }
            let data = try source.map { URL(fileURLWithPath: $0) } ?? Self.installedDataDirectory()
            let chapters = try BibleAlignmentsImporter(dataDirectory: data).importChapters(wanted, strings: StringTableBuilder())
            let root = URL(fileURLWithPath: output)
            for chapter in chapters {
                let text = ChapterFile.render(chapter, provenance: BibleAlignmentsImporter.provenance)
                let url = root.appendingPathComponent(CorpusLibrary.relativePath(of: chapter.reference))
                do { try AtomicFile.write(Data(text.utf8), to: url, createDirectories: true) } catch {
                    throw Failure("cannot write \(url.path): \(error.localizedDescription)")
                }
            }
            print("imported \(chapters.count) chapter(s) into \(root.path)")
        }
    }

    /// The downloaded package data (see `SourceData`), or a one-line failure saying how to get it.
    static func installedDataDirectory() throws -> URL {
        let directory = SourceData.defaultDirectory()
        guard SourceData.isComplete(directory) else {
            throw Failure("the bible-alignments \(SourceData.version) data is not at \(directory.path); run scripts/setup (or pass --source DIR)")
        }
        return directory
    }
}
