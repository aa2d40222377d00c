import ArgumentParser
import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearShaping
import InterlinearStore
import InterlinearTypesetting

/// `interlinear bench REF`: an in-process benchmark of loading and typesetting a chapter, for users without the
/// benchmark package. Medians over `--iterations` runs; JSON follows `Schemas/bench-1.schema.json`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure loading, cold and warm typesetting of a chapter (and optionally the whole New Testament).",
        discussion: """
            Cold: the chapter is loaded and the shape cache emptied, then the chapter is typeset. Warm: re-layout at \
            another width with the cache full. Heap allocations are counted when ordo-one's malloc-interposer is \
            preloaded (LD_PRELOAD=.build/release/libMallocInterposerSwift.so, as scripts/bench-peers does).
            """)

    @OptionGroup var layout: LayoutArguments

    @Option(help: "Measured runs of each phase; the median is reported.")
    var iterations: Int = 20

    @Flag(help: "Print JSON (interlinear.bench/1) instead of text.")
    var json = false

    @Flag(help: "Also typeset every chapter in the corpus (the whole New Testament after `interlinear import`) cold, on one thread and on two.")
    var nt = false

    @Option(help: .hidden) var labelsOut: String?
    @Option(help: .hidden) var ntLabelsOut: String?

    func run() throws {
        try reportingFailures {
            guard (1...10_000).contains(iterations) else { throw Failure("--iterations must be between 1 and 10000, got \(iterations)") }
            let options = try layout.layoutOptions()
            let reference = try layout.chapterReference()
            let library = try ChapterLibrary.open(corpus: layout.corpus)
            var report = try ChapterBench(reference: reference, library: library, font: layout.font,
                                          options: options, iterations: iterations).measure()
            if let labelsOut { try writeLabels(report.labelRecords, to: labelsOut) }
            if nt {
                let ntBench = try NewTestamentBench(library: library, font: layout.font, options: options,
                                                    iterations: max(1, min(iterations, 5)))
                report.newTestament = ntBench.measure()
                if let ntLabelsOut { try writeLabels(ntBench.labelRecords(), to: ntLabelsOut) }
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try emit(try encoder.encode(report) + Data("\n".utf8), to: nil)
            } else {
                print(report.text)
            }
        }
    }

    private func writeLabels(_ text: String, to path: String) throws {
        try emit(Data(text.utf8), to: path)
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

/// One line per label for the peer programs: "tier<TAB>points<TAB>text", after a "#font<TAB>path<TAB>index" line.
func labelLines(_ layouts: [(Chapter, ChapterLayout)], font: FontDescriptor) -> String {
    var out = "#font\t\(font.path)\t\(font.index)\n"
    for (chapter, layout) in layouts {
        for label in layout.labels {
            let text = chapter.strings[label.text].replacingOccurrences(of: "\t", with: " ")
                .replacingOccurrences(of: "\n", with: " ")
            out += "\(label.tier.name)\t\(layout.options.size(of: label.tier))\t\(text)\n"
        }
    }
    return out
}

/// Measures one chapter: load, cold and warm typesetting, storage and allocations.
struct ChapterBench {
    let reference: ChapterReference
    let library: any ChapterSource
    let font: String
    let options: LayoutOptions
    let iterations: Int

    func measure() throws -> BenchReport {
        var loadTimes: [Double] = []
        var chapter = try library.load(reference, strings: StringTable())
        for _ in 0..<iterations {
            var loaded: Chapter?
            let time = try { () throws -> Double in
                let start = DispatchTime.now().uptimeNanoseconds
                loaded = try library.load(reference, strings: StringTable())
                return Double(DispatchTime.now().uptimeNanoseconds - start)
            }()
            loadTimes.append(time)
            if let loaded { chapter = loaded }
        }
        let chain = try FontChain(family: font)
        let cache = ShapeCache(chain: chain, strings: chapter.strings)
        let typesetter = Typesetter(cache: cache)
        var warmOptions = options
        warmOptions.width = options.width + (options.width < 9_000 ? 37 : -37)

        var cold: [Double] = [], coldOneThread: [Double] = [], warm: [Double] = []
        let threads = typesetter.shapingThreads
        var result: ChapterLayout? = typesetter.layout(chapter, options: options)
        for _ in 0..<iterations {
            // Cold on one thread (shaping as labels are placed), then cold with the parallel prefetch.
            typesetter.shapingThreads = 1
            cache.reset()
            coldOneThread.append(nanoseconds { result = typesetter.layout(chapter, options: options) })
            typesetter.shapingThreads = threads
            cache.reset()
            cold.append(nanoseconds { result = typesetter.layout(chapter, options: options) })
            warm.append(nanoseconds { result = typesetter.layout(chapter, options: warmOptions) })
            warm.append(nanoseconds { result = typesetter.layout(chapter, options: options) })
        }
        let labels = result?.labels.count ?? 0
        let distinct = Set(result?.labels.map(\.text) ?? []).count

        // Allocations of one cold and one warm layout, and the bytes a layout holds (nil without the interposer).
        let probe = HeapProbe()
        cache.reset()
        let coldCount = probe.allocations { typesetter.layout(chapter, options: options).labels.count }.count
        let warmCount = probe.allocations { typesetter.layout(chapter, options: warmOptions).labels.count }.count
        result = nil
        let (_, liveBytes, held) = probe.allocations { typesetter.layout(chapter, options: warmOptions) }

        let perLabel = { (ns: Double) in labels > 0 ? ns / Double(labels) : 0 }
        let store = held.labels.capacity * MemoryLayout<Label>.stride + held.cells.capacity * MemoryLayout<Cell>.stride
        var report = BenchReport(
            reference: reference.description, iterations: iterations, width: Double(options.width),
            warmWidth: Double(warmOptions.width), fontSize: Double(options.fontSize), font: font,
            labels: labels, distinctStrings: distinct, cells: held.cells.count,
            loadMs: median(loadTimes) / 1e6, coldMs: median(cold) / 1e6, warmMs: median(warm) / 1e6,
            coldNsPerLabel: perLabel(median(cold)), warmNsPerLabel: perLabel(median(warm)),
            shapingThreads: threads, coldMsOneThread: median(coldOneThread) / 1e6,
            coldNsPerLabelOneThread: perLabel(median(coldOneThread)),
            bytesPerLabel: MemoryLayout<Label>.stride,
            storeBytesPerLabel: labels > 0 ? Double(store) / Double(labels) : 0,
            liveHeapBytesPerLabel: liveBytes.map { labels > 0 ? Double($0) / Double(labels) : 0 },
            allocationCounter: probe.counter,
            allocationsPerLabel: warmCount.map { labels > 0 ? Double($0) / Double(labels) : 0 },
            coldAllocationsPerLabel: coldCount.map { labels > 0 ? Double($0) / Double(labels) : 0 },
            warmAllocations: warmCount, coldAllocations: coldCount)
        report.labelRecords = labelLines([(chapter, held)], font: chain.primary.descriptor)
        return report
    }
}

/// The `interlinear.bench/1` document.
struct BenchReport: Encodable {
    var schema = "interlinear.bench/1"
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
    /// Heap bytes a warm layout leaves allocated (its label and cell arrays), per label; nil when not counted.
    @EncodedNull var liveHeapBytesPerLabel: Double?
    let allocationCounter: String
    // Explicit nulls: "not measurable here" is part of the answer.
    @EncodedNull var allocationsPerLabel: Double?
    @EncodedNull var coldAllocationsPerLabel: Double?
    @EncodedNull var warmAllocations: Int?
    @EncodedNull var coldAllocations: Int?
    var newTestament: NewTestamentReport?
    /// The peers' input (not encoded).
    var labelRecords = ""

    enum CodingKeys: String, CodingKey {
        case schema, reference, iterations, width, warmWidth, fontSize, font, labels, distinctStrings, cells
        case loadMs, coldMs, warmMs, coldNsPerLabel, warmNsPerLabel, shapingThreads, coldMsOneThread
        case coldNsPerLabelOneThread, bytesPerLabel, storeBytesPerLabel
        case liveHeapBytesPerLabel, allocationCounter, allocationsPerLabel, coldAllocationsPerLabel
        case warmAllocations, coldAllocations, newTestament
    }

    var text: String {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        var lines = [
            "\(reference): \(labels) labels, \(distinctStrings) distinct strings, \(cells) cells (median of \(iterations))",
            "load            \(f(loadMs, 2)) ms",
            "cold typeset    \(f(coldMs, 3)) ms  \(f(coldNsPerLabel)) ns/label (\(shapingThreads) shaping threads)",
            "cold, 1 thread  \(f(coldMsOneThread, 3)) ms  \(f(coldNsPerLabelOneThread)) ns/label",
            "warm re-layout  \(f(warmMs, 3)) ms  \(f(warmNsPerLabel)) ns/label",
            "label store     \(bytesPerLabel) B/label (\(f(storeBytesPerLabel)) with cells and spare capacity)",
        ]
        if let allocationsPerLabel, let coldAllocationsPerLabel {
            lines.append("allocations     warm \(f(allocationsPerLabel, 4))/label, cold \(f(coldAllocationsPerLabel, 4))/label (\(allocationCounter))")
        } else {
            lines.append("allocations     not counted (preload libMallocInterposerSwift.so to count)")
        }
        if let nt = newTestament { lines.append(contentsOf: nt.textLines) }
        return lines.joined(separator: "\n")
    }
}
