import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearTypesetting
import TypesettingShards

/// Typesets every chapter in the corpus cold: on one thread (one session: each distinct string shaped once) and
/// on two (two shards, each a session of its own; see `TypesettingShard`).
struct NewTestamentBench {
    let references: [ChapterReference]
    let single: TypesettingShard
    let shards: [TypesettingShard]
    let options = LayoutOptions()
    let iterations: Int
    let loadMs: Double
    let threads = 2

    init(library: any ChapterSource, font: String, iterations: Int) throws {
        references = library.availableChapters().filter { $0.book.testament == .new }
        guard references.count >= 260 else {
            throw PeerBenchError(
                "--nt needs the whole New Testament in the corpus (found \(references.count) of 260 chapters); run `interlinear import` first"
            )
        }
        self.iterations = iterations
        let start = DispatchTime.now().uptimeNanoseconds
        single = try TypesettingShard(loading: references, from: library, font: font)
        loadMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        shards = try TypesettingShard.split(single.chapters, into: threads, from: library, font: font)
    }

    /// Medians of cold (1 thread), warm (another width) and cold on the shards.
    func measure() -> [String: Any] {
        var cold: [Double] = [], parallel: [Double] = [], warm: [Double] = []
        var labels = 0
        var warmOptions = options
        warmOptions.width = options.width + 37
        for _ in 0..<iterations {
            cold.append(nanoseconds { labels = single.layoutAll(options: options, cold: true) })
            warm.append(nanoseconds { labels = single.layoutAll(options: warmOptions, cold: false) })
            parallel.append(
                nanoseconds { _ = TypesettingShard.layoutConcurrently(shards, options: options, cold: true) })
        }
        let coldMs = median(cold) / 1e6, parallelMs = median(parallel) / 1e6
        let perLabel = { (ns: Double) in ns / Double(max(labels, 1)) }
        return [
            "chapters": references.count, "labels": labels, "distinctStrings": single.session.cache.shapedCount,
            "loadMs": loadMs, "coldMs": coldMs, "coldNsPerLabel": perLabel(median(cold)),
            "warmMs": median(warm) / 1e6, "warmNsPerLabel": perLabel(median(warm)), "threads": threads,
            "parallelColdMs": parallelMs, "parallelSpeedup": parallelMs > 0 ? coldMs / parallelMs : 0,
            "shardShapedStrings": shards.reduce(0) { $0 + $1.session.cache.shapedCount },
        ]
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
