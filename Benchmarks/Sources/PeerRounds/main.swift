import Foundation
import InterlinearSession
import InterlinearStore

// `PeerRounds [REF] [--rounds N] [--parallel-rounds N] [--threads N] [--nt] [--nt-rounds N] [--nt-pango]
// [--instructions]`: ours and the peers (the HarfBuzz floor, hb_shape per label, one PangoLayout per label: see
// Sources/CPeers) on the same label strings, in this one process, round by round; the 1-thread against the
// N-thread cold layout with the other core idle and beside a spinning process; optionally the whole New Testament
// and instruction counts of every phase by callgrind. Prints Markdown: medians of per-round ratios with their
// ranges. `scripts/bench-peers` runs it.

/// One line on stderr, then the exit status.
func fail(_ error: any Error, status: Int32) -> Never {
    FileHandle.standardError.write(Data("PeerRounds: error: \(error)\n".utf8))
    exit(status)
}

/// The New Testament's phases the arguments ask for.
func ntPhases(_ nt: NewTestamentBench, _ arguments: Arguments) -> [Phase] {
    [nt.load] + (arguments.ntFiles.map { [nt.load(files: $0)] } ?? [])
        + [nt.cold(threads: 1), nt.cold(threads: arguments.threads), nt.floor] + (arguments.ntPango ? [nt.pango] : [])
}

func run(_ arguments: Arguments) throws {
    let font = "Gentium Plus"
    // The store (after `interlinear import`) with the committed chapters behind it, as the commands read.
    let session = try Interlinear(library: ChapterLibrary.open(), font: font)
    let peers = try Peers(font: session.fonts.primary.descriptor, family: font)
    let chapter = try ChapterBench(
        session: session, reference: arguments.reference, peers: peers,
        threads: arguments.threads)
    func newTestament() throws -> NewTestamentBench? {
        guard arguments.newTestament else { return nil }
        return try NewTestamentBench(
            library: session.library, fonts: session.fonts, peers: peers,
            threads: arguments.threads)
    }
    if arguments.countPhases {
        // The chapter's phases first, before the New Testament fills the heap.
        try InstructionCounts.countPhases(arguments.selected(chapter.phases))
        if let nt = try newTestament() {
            try InstructionCounts.countPhases(arguments.selected(ntPhases(nt, arguments)))
        }
        return
    }
    let nt = try newTestament()
    var report = Report(arguments: arguments, chapter: chapter, newTestament: nt)
    if arguments.rounds > 0 {
        report.chapterTimes = timeRounds(
            arguments.selected(chapter.phases), rounds: arguments.rounds, progress: arguments.reference.description)
    }
    if arguments.parallelRounds > 0 {
        report.parallel = try ParallelRounds(chapter, rounds: arguments.parallelRounds)
    }
    if let nt {
        report.ntTimes = timeRounds(
            arguments.selected(ntPhases(nt, arguments)), rounds: arguments.ntRounds, progress: "NT")
        guard nt.loadFailures == 0 else { throw PeerRoundsError("the NT load phase failed to read every chapter") }
    }
    if arguments.instructions {
        reportProgress("counting instructions under callgrind (a few minutes)")
        report.instructions = try InstructionCounts(
            arguments: arguments.childArguments, keepingDumpsIn: arguments.keepDumps)
    }
    print(report.markdown)
}

let arguments: Arguments
do { arguments = try Arguments(Array(CommandLine.arguments.dropFirst())) } catch { fail(error, status: 64) }
do { try run(arguments) } catch { fail(error, status: 1) }
