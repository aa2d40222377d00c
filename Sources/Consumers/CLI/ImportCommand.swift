import ArgumentParser
import Foundation
import InterlinearCorpus

/// `interlinear import`: builds corpus chapter files from the PyPI package bible-alignments.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import chapters from the bible-alignments package (SBLGNT or WLC, with the BSB) into the corpus.",
        discussion: "Without references, imports the whole New Testament (or --testament old|both) into Corpus/full (git-ignored).")

    @Argument(help: "Chapters to import (default: every chapter of --testament).")
    var references: [String] = []

    @Option(help: "Without references: new (SBLGNT, the default), old (Hebrew, WLC) or both.")
    var testament: TestamentChoice = .new

    @Option(help: "The bible-alignments data/ folder (default: $INTERLINEAR_SOURCES, else the copy scripts/setup downloads into ~/.cache/interlinear/sources).")
    var source: String?

    @Option(help: "The bible-alignments 0.3.5 data/ folder holding sources/WLC-LEB.tsv (default: $INTERLINEAR_HEBREW_SOURCES, else the copy scripts/setup downloads).")
    var hebrewSource: String?

    @Option(help: "Folder to write chapter files into (default: Corpus/full).")
    var output: String = "Corpus/full"

    func run() throws {
        try reportingFailures {
            var greek: Set<ChapterReference>?
            var hebrew: Set<ChapterReference>?
            if references.isEmpty {
                if testament != .old { greek = [] }
                if testament != .new { hebrew = [] }
            } else {
                let wanted = try references.map(parseReference)
                greek = Set(wanted.filter { $0.book.testament == .new })
                hebrew = Set(wanted.filter { $0.book.testament == .old })
            }
            let data = try source.map { URL(fileURLWithPath: $0) } ?? Self.installedDataDirectory()
            let strings = StringTableBuilder()
            var chapters: [(Chapter, [String])] = []
            if let greek, references.isEmpty || !greek.isEmpty {
                chapters += try BibleAlignmentsImporter(dataDirectory: data)
                    .importChapters(greek.isEmpty ? nil : greek, strings: strings)
                    .map { ($0, BibleAlignmentsImporter.provenance) }
            }
            if let hebrew, references.isEmpty || !hebrew.isEmpty {
                let hebrewData = try hebrewSource.map { URL(fileURLWithPath: $0) } ?? Self.installedHebrewDirectory()
                chapters += try HebrewImporter(hebrewData: hebrewData, translationData: data)
                    .importChapters(hebrew.isEmpty ? nil : hebrew, strings: strings)
                    .map { ($0, HebrewImporter.provenance) }
            }
            let root = URL(fileURLWithPath: output)
            for (chapter, provenance) in chapters {
                let text = ChapterFile.render(chapter, provenance: provenance)
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

    /// The downloaded Hebrew file's folder, or a one-line failure saying how to get it.
    static func installedHebrewDirectory() throws -> URL {
        let directory = SourceData.hebrewDirectory()
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(SourceData.hebrewFile).path) else {
            throw Failure("the bible-alignments \(SourceData.hebrewVersion) Hebrew data is not at \(directory.path); run scripts/setup (or pass --hebrew-source DIR)")
        }
        return directory
    }
}

/// Which testament `interlinear import` imports when no chapter is named.
enum TestamentChoice: String, ExpressibleByArgument, CaseIterable {
    case new, old, both
}
