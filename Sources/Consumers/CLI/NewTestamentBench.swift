import Dispatch
import Foundation
import InterlinearCorpus
import InterlinearShaping
import InterlinearTypesetting

/// Typesets every chapter in the corpus cold: on one thread (one string table, one shape cache: each distinct
/// string shaped once) and on two (two shards, each with its own table, cache and fonts; see `TypesettingShard`).
struct NewTestamentBench {
    let references: [ChapterReference]
    let single: TypesettingShard
    let shards: [TypesettingShard]
    let options: LayoutOptions
    let iterations: Int
    let loadMs: Double
    let threads = 2

    init(library: CorpusLibrary, font: String, options: LayoutOptions, iterations: Int) throws {
        references = library.availableChapters().filter { $0.book.testament == .new }
        guard references.count >= 260 else {
            throw Failure("--nt needs the whole New Testament in the corpus (found \(references.count) of 260 chapters); run `interlinear import` first")
        }
        self.options = options
        self.iterations = iterations
        let strings = StringTable()
        var chapters: [Chapter] = []
        let start = DispatchTime.now().uptimeNanoseconds
        for reference in references { chapters.append(try library.load(reference, strings: strings)) }
        loadMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // One thread means one: a shard shapes on one thread.
        single = TypesettingShard(
            chapters: chapters,
            typesetter: Typesetter(cache: ShapeCache(chain: try FontChain(family: font), strings: strings)))
        shards = try TypesettingShard.split(chapters, into: threads, from: library, font: font)
    }

    func measure() -> NewTestamentReport {
        var cold: [Double] = [], parallel: [Double] = [], warm: [Double] = []
        var labels = 0
        var warmOptions = options
        warmOptions.width = options.width + 37
        for _ in 0..<iterations {
            cold.append(nanoseconds { labels = single.layoutAll(options: options, cold: true) })
            warm.append(nanoseconds { labels = single.layoutAll(options: warmOptions, cold: false) })
            parallel.append(nanoseconds { _ = TypesettingShard.layoutConcurrently(shards, options: options, cold: true) })
        }
        let distinct = single.typesetter.cache.shapedCount
        let shardShaped = shards.reduce(0) { $0 + $1.typesetter.cache.shapedCount }
        let coldMs = median(cold) / 1e6, parallelMs = median(parallel) / 1e6
        return NewTestamentReport(
            chapters: references.count, labels: labels, distinctStrings: distinct, loadMs: loadMs, coldMs: coldMs,
            coldNsPerLabel: median(cold) / Double(max(labels, 1)), warmMs: median(warm) / 1e6,
            warmNsPerLabel: median(warm) / Double(max(labels, 1)), threads: threads, parallelColdMs: parallelMs,
            parallelSpeedup: parallelMs > 0 ? coldMs / parallelMs : 0, shardShapedStrings: shardShaped)
    }

    /// Every label of every chapter, for the peers.
    func labelRecords() -> String {
        labelLines(single.chapters.map { ($0, single.typesetter.layout($0, options: options)) },
                   font: single.typesetter.cache.chain.primary.descriptor)
    }
}

/// The whole-New-Testament part of `interlinear.bench/1`.
struct NewTestamentReport: Encodable {
    let chapters, labels, distinctStrings: Int
    let loadMs, coldMs, coldNsPerLabel, warmMs, warmNsPerLabel: Double
    let threads: Int
    let parallelColdMs, parallelSpeedup: Double
    /// Strings shaped by all shards together (a string two shards share is shaped twice).
    let shardShapedStrings: Int

    var textLines: [String] {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        return [
            "New Testament: \(chapters) chapters, \(labels) labels, \(distinctStrings) strings shaped",
            "  load          \(f(loadMs)) ms",
            "  cold typeset  \(f(coldMs)) ms  \(f(coldNsPerLabel)) ns/label (1 thread)",
            "  cold typeset  \(f(parallelColdMs)) ms on \(threads) threads (\(f(parallelSpeedup, 2))x; shards shaped \(shardShapedStrings) strings)",
            "  warm re-layout \(f(warmMs)) ms  \(f(warmNsPerLabel)) ns/label",
        ]
    }
}
