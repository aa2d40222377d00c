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

    @Option(help: "The package's data/ folder (default: found through python3).")
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
            let chapters = try BibleAlignmentsImporter(dataDirectory: data).importChapters(wanted, strings: StringTable())
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

    /// Asks python3 where pip installed bible-alignments; its data/ folder sits beside the module.
    static func installedDataDirectory() throws -> URL {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import bible_alignments, os; print(os.path.dirname(os.path.dirname(bible_alignments.__file__)))"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure("python3 not found; pass --source DIR") }
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let base = String(data: out, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines)
        else { throw Failure("bible-alignments is not installed; run: pip install bible-alignments==0.4.2 (or pass --source DIR)") }
        return URL(fileURLWithPath: base).appendingPathComponent("data")
    }
}
