import ArgumentParser
import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTypesetting

/// `interlinear bench REF`: how long this machine takes to load a chapter and create its labels, cold and warm,
/// for users without the benchmark package (`Benchmarks/`, which also counts allocations, typesets the whole New
/// Testament and compares with Pango). Medians over `--iterations` runs; JSON follows
/// `Schemas/bench-2.schema.json`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", _superCommandName: InterlinearCommand.name,
        abstract: "Time loading a chapter and creating its labels, cold and warm.",
        discussion: """
            Load: the chapter file read and interned into a fresh session. Cold: the shape cache emptied, then the \
            chapter typeset (shaping on every core, and on one thread). Warm: re-layout at another width with the \
            cache full. Allocation counts, the whole New Testament and the comparison with Pango are in the \
            benchmark package: scripts/bench-peers, or `swift package benchmark` in Benchmarks/.
            """)

    @OptionGroup var layout: LayoutArguments

    @Option(parsing: .unconditional, help: "Measured runs of each phase (1–10000); the median is reported.")
    var iterations: Int = 20

    @Flag(help: "Print JSON (interlinear.bench/2) instead of text.")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(iterations) else {
            throw ValidationError("--iterations must be between 1 and 10000, got \(iterations)")
        }
    }

    func run() throws {
        try reportingFailures {
            let engine = try Engine(layout)
            let report = measure(engine)
            if json {
                try emit(try report.prettyJSON(), to: nil)
            } else {
                try emit(Array((report.text + "\n").utf8), to: nil)
            }
        }
    }

    /// Load, cold (N threads and 1 thread) and warm timings of the engine's chapter, and its label store.
    private func measure(_ engine: Engine) -> BenchReport {
        let session = engine.session, typesetter = engine.typesetter, options = engine.options
        let reference = engine.chapter.reference
        // Each load goes into a fresh session (sharing the loaded fonts), as a reader's first load does.
        let loadTimes = (0..<iterations).map { _ in
            let fresh = Interlinear(library: session.library, fonts: session.fonts, options: options)
            return nanoseconds { _ = try? fresh.chapter(reference) }
        }
        var warmOptions = options
        warmOptions.width = options.width + (options.width < 9_000 ? 37 : -37)

        var cold: [Double] = [], coldOneThread: [Double] = [], warm: [Double] = []
        // N threads whatever is idle, to compare with 1 (the commands take what is idle, `Typesetter.shapingThreads`).
        let threads = Typesetter.defaultShapingThreads
        var result = session.layout(engine.chapter)
        for _ in 0..<iterations {
            // Cold on one thread (shaping as labels are placed), then cold with the parallel prefetch.
            typesetter.shapingThreads = 1
            session.cache.reset()
            coldOneThread.append(nanoseconds { result = session.layout(engine.chapter) })
            typesetter.shapingThreads = threads
            session.cache.reset()
            cold.append(nanoseconds { result = session.layout(engine.chapter) })
            warm.append(nanoseconds { result = session.layout(engine.chapter, options: warmOptions) })
            warm.append(nanoseconds { result = session.layout(engine.chapter) })
        }
        let labels = result.labels.count
        let perLabel = { (ns: Double) in labels > 0 ? ns / Double(labels) : 0 }
        let store =
            result.labels.capacity * MemoryLayout<Label>.stride
            + result.cells.count * MemoryLayout<Cell>.stride
        return BenchReport(
            reference: reference.description, iterations: iterations, width: Double(options.width),
            warmWidth: Double(warmOptions.width), fontSize: Double(options.fontSize), font: session.fonts.family,
            labels: labels, distinctStrings: Set(result.labels.map(\.text)).count, cells: result.cells.count,
            loadMs: median(loadTimes) / 1e6, coldMs: median(cold) / 1e6, warmMs: median(warm) / 1e6,
            coldNsPerLabel: perLabel(median(cold)), warmNsPerLabel: perLabel(median(warm)),
            shapingThreads: threads, coldMsOneThread: median(coldOneThread) / 1e6,
            coldNsPerLabelOneThread: perLabel(median(coldOneThread)), bytesPerLabel: MemoryLayout<Label>.stride,
            storeBytesPerLabel: labels > 0 ? Double(store) / Double(labels) : 0)
    }
}

/// Median of measured values.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Wall-clock nanoseconds of `body`.
@inline(never)
func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// The `interlinear.bench/2` document (bench/1 without the allocation counts and the whole-New-Testament part,
/// which moved to the benchmark package with the allocation probe). Written by `JSONEncoder` (`prettyJSON()`):
/// this record is its one description.
struct BenchReport: Encodable {
    var schema = "interlinear.bench/2"
    let reference: String
    let iterations: Int
    let width, warmWidth, fontSize: Double
    let font: String
    let labels, distinctStrings, cells: Int
    let loadMs, coldMs, warmMs, coldNsPerLabel, warmNsPerLabel: Double
    /// Threads the cold figures use for shaping; the `OneThread` figures shape on the calling thread only.
    let shapingThreads: Int
    let coldMsOneThread, coldNsPerLabelOneThread: Double
    let bytesPerLabel: Int
    let storeBytesPerLabel: Double

    var text: String {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        return [
            "\(reference): \(labels) labels, \(distinctStrings) distinct strings, \(cells) cells (median of \(iterations))",
            "load            \(f(loadMs, 2)) ms",
            "cold typeset    \(f(coldMs, 3)) ms  \(f(coldNsPerLabel)) ns/label (\(shapingThreads) shaping threads)",
            "cold, 1 thread  \(f(coldMsOneThread, 3)) ms  \(f(coldNsPerLabelOneThread)) ns/label",
            "warm re-layout  \(f(warmMs, 3)) ms  \(f(warmNsPerLabel)) ns/label",
            "label store     \(bytesPerLabel) B/label (\(f(storeBytesPerLabel)) with cells and spare capacity)",
        ].joined(separator: "\n")
    }
}
