import ArgumentParser
import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearStore

/// `interlinear bench-store`: chapter loading from the SQLite store against the chapter-file (TSV) loader, in the
/// same run, on the same chapters: John 1, and every chapter of the New Testament.
struct StoreBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-store", _superCommandName: InterlinearCommand.name,
        abstract:
            "Compare loading chapters from the store with loading chapter files (John 1 and the whole New Testament).",
        discussion: """
            The store's chapters are written out as chapter files into a temporary folder first, so both loaders \
            read the same chapters. Each round measures all four figures, alternating which loader goes first; the \
            report gives the median and the range over rounds, and the store/file ratio taken within each round.
            """)

    @Option(parsing: .unconditional, help: "Rounds (each measures every figure once).")
    var rounds: Int = 7

    @Option(parsing: .unconditional, help: "John 1 loads per round (the round's figure is their median).")
    var iterations: Int = 20

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    @Option(
        help: ArgumentHelp(
            "Instead: load every chapter of one testament (old or new) from the store once, in `loadTestament` (for callgrind's --toggle-collect), then typeset them to count labels.",
            valueName: "old|new"))
    var loadTestament: Testament?

    @Flag(
        help: ArgumentHelp(
            "With --load-testament: read the Old Testament's morphemes too, as a command that writes chapters does (commands that show chapters leave them in the store)."
        ))
    var morphemes = false

    func validate() throws {
        guard !morphemes || loadTestament != nil else {
            throw ValidationError("--morphemes goes with --load-testament old|new")
        }
        guard (1...1000).contains(rounds) else {
            throw ValidationError("--rounds must be between 1 and 1000, got \(rounds)")
        }
        guard (1...10_000).contains(iterations) else {
            throw ValidationError("--iterations must be between 1 and 10000, got \(iterations)")
        }
    }

    func run() throws {
        if let loadTestament { return try reportingFailures { try measureLoad(of: loadTestament) } }
        try reportingFailures {
            let library = try ChapterLibrary.open(corpus: corpus)
            guard let store = library.store, try store.availableChapters().count >= 260 else {
                throw Failure(
                    .noInput,
                    "bench-store needs the whole New Testament in the store at \(library.storePath); run `interlinear import` first"
                )
            }
            let references = try store.availableChapters().filter { $0.book.testament == .new }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "interlinear-bench-store-\(getpid())")
            defer { try? FileManager.default.removeItem(at: folder) }
            for reference in references {
                guard let chapter = try store.load(reference, into: StringTableBuilder()) else { continue }
                let url = folder.appendingPathComponent(CorpusLibrary.relativePath(of: reference))
                try AtomicFile.write(
                    Data(ChapterFile.render(chapter, provenance: []).utf8), to: url, createDirectories: true)
            }
            let files = CorpusLibrary(roots: [folder])
            guard let john = ChapterReference(parsing: "John 1") else { return }

            func johnFile() throws -> Double {
                try medianOf(iterations) { _ = try files.load(john, into: StringTableBuilder()) }
            }
            func johnStore() throws -> Double {
                try medianOf(iterations) { _ = try store.load(john, into: StringTableBuilder()) }
            }
            func ntFile() throws -> Double {
                try time {
                    let strings = StringTableBuilder(); for r in references { _ = try files.load(r, into: strings) }
                }
            }
            func ntStore() throws -> Double {
                try time {
                    let strings = StringTableBuilder(); for r in references { _ = try store.load(r, into: strings) }
                }
            }
            _ = try (johnFile(), johnStore(), ntFile(), ntStore())  // warm the page cache and the code
            var figures: [String: [Double]] = [:]
            for round in 0..<rounds {
                // Alternate which loader goes first, so neither always runs on a warmer cache.
                let order: [(String, () throws -> Double)] =
                    round % 2 == 0
                    ? [("johnFile", johnFile), ("johnStore", johnStore), ("ntFile", ntFile), ("ntStore", ntStore)]
                    : [("johnStore", johnStore), ("johnFile", johnFile), ("ntStore", ntStore), ("ntFile", ntFile)]
                for (name, measure) in order { figures[name, default: []].append(try measure()) }
            }
            func line(_ label: String, _ file: String, _ stored: String) -> String {
                let f = figures[file] ?? [], s = figures[stored] ?? []
                let ratios = zip(s, f).map { $0 / max($1, 1) }
                return
                    "\(label)  file \(summary(f))  store \(summary(s))  store/file \(String(format: "%.2f", median(ratios)))x"
                    + " (\(String(format: "%.2f", ratios.min() ?? 0))–\(String(format: "%.2f", ratios.max() ?? 0)))"
            }
            let report = [
                "chapter load, median (range) over \(rounds) rounds; John 1 is the median of \(iterations) loads per round",
                line("John 1           ", "johnFile", "johnStore"),
                line("New Testament (\(references.count))", "ntFile", "ntStore"),
            ]
            try emit(Data((report.joined(separator: "\n") + "\n").utf8), to: nil)
        }
    }

    private func summary(_ values: [Double]) -> String {
        func ms(_ ns: Double) -> String { String(format: ns < 10_000_000 ? "%.2f" : "%.0f", ns / 1e6) }
        return "\(ms(median(values))) ms (\(ms(values.min() ?? 0))–\(ms(values.max() ?? 0)))"
    }

    private func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }

    private func medianOf(_ count: Int, _ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<count { times.append(try time(body)) }
        return median(times)
    }

    /// Loads every chapter of `testament` from the store into one session, as commands read them, then typesets them
    /// (outside the load) to count the labels the load serves: `valgrind --tool=callgrind --toggle-collect='*loadTestament*'`
    /// counts the load alone, and the instructions per label compare the testaments.
    private func measureLoad(of testament: Testament) throws {
        let library = try ChapterLibrary.open(corpus: corpus)
        guard let store = library.store else {
            throw Failure(
                .noInput, "bench-store needs a store at \(library.storePath); run `interlinear import` first")
        }
        let references = try store.availableChapters().filter { $0.book.testament == testament }
        let session = try Interlinear(library: library)
        let chapters = try Self.loadTestament(references, session, morphemes: morphemes)
        let labels = chapters.reduce(0) { $0 + session.layout($1).labels.count }
        let words = chapters.reduce(0) { $0 + $1.words.count }
        let morphemes = chapters.reduce(0) { $0 + $1.morphemes.count }
        try emit(
            Data(
                "\(testament.rawValue) testament: \(chapters.count) chapters, \(words) words, \(morphemes) morphemes read, \(labels) labels\n"
                    .utf8),
            to: nil)
    }

    /// The measured load (named for callgrind's --toggle-collect).
    @inline(never)
    static func loadTestament(
        _ references: [ChapterReference], _ session: Interlinear, morphemes: Bool
    ) throws -> [Chapter] {
        try session.chapters(references, morphemes: morphemes)
    }
}

extension Testament: ExpressibleByArgument {}
