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
        references = library.availableChapters()
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
        // One thread means one: no parallel prefetch inside the single pass or inside a shard.
        let singleTypesetter = Typesetter(cache: ShapeCache(chain: try FontChain(family: font), strings: strings))
        singleTypesetter.shapingThreads = 1
        single = TypesettingShard(chapters: chapters, typesetter: singleTypesetter)

        // Contiguous halves of about equal work, so each shard keeps whole books (and their shared vocabulary).
        let weights = chapters.map { $0.words.count * 5 + $0.translationTokens.count }
        let total = weights.reduce(0, +)
        var bounds = [0]
        var running = 0
        for (index, weight) in weights.enumerated() {
            running += weight
            if bounds.count < threads, running * threads >= total * bounds.count { bounds.append(index + 1) }
        }
        bounds.append(chapters.count)
        var shards: [TypesettingShard] = []
        for i in 0..<threads {
            let table = StringTable()
            let own = try references[bounds[i]..<bounds[i + 1]].map { try library.load($0, strings: table) }
            let typesetter = Typesetter(cache: ShapeCache(chain: try FontChain(family: font), strings: table))
            typesetter.shapingThreads = 1
            shards.append(TypesettingShard(chapters: own, typesetter: typesetter))
        }
        self.shards = shards
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
