import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearShaping

/// `ShapeCache.prefetch` shapes on several threads; what it stores must be what serial shaping stores.
@Suite struct ShapeCachePrefetchTests {
    /// Enough distinct strings to take the parallel path: Greek, English, Hebrew (falls back from Gentium Plus to
    /// another installed font) and U+0378 (no font has it), in a mix so every worker gets some of each.
    static func texts() -> [String] {
        var texts: [String] = []
        for n in 0..<(ShapeCache.parallelMinimum / 2) {
            texts += ["λόγος\(n)", "word \(n)", "שלום \(n)", "a\u{0378}b\(n)", "ἐγένετο שלום \(n)"]
        }
        return texts
    }

    /// Runs (everything but the arena position) and glyphs of `id`.
    static func shaped(_ cache: ShapeCache, _ id: TextID) -> (ShapedRun, [ShapedGlyph]) {
        var run = cache.run(id)
        let glyphs = Array(cache.glyphs(of: run))
        run.glyphStart = 0
        return (run, glyphs)
    }

    @Test(arguments: [2, 3, 4])
    func parallelPrefetchEqualsSerialShaping(threads: Int) throws {
        let (strings, ids) = frozenTable(Self.texts())
        #expect(ids.count >= ShapeCache.parallelMinimum, "the test must take the parallel path")
        let serial = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        let parallel = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        parallel.prefetch(ids + ids.reversed(), threads: threads)  // duplicates are shaped once
        #expect(parallel.shapedCount == ids.count)
        #expect(parallel.runs.count == ids.count)
        var fellBack = 0, missing = 0
        for id in ids {
            let (a, glyphsA) = Self.shaped(serial, id)
            let (b, glyphsB) = Self.shaped(parallel, id)
            #expect(a == b, "\(strings[id])")
            #expect(glyphsA == glyphsB, "\(strings[id])")
            if glyphsB.contains(where: { $0.font != 0 }) { fellBack += 1 }
            missing += Int(b.missing)
        }
        #expect(parallel.shapedCount == ids.count, "run(_:) after prefetch shapes nothing more")
        #expect(fellBack > 0, "Hebrew must come from a fallback font")
        #expect(missing > 0, "U+0378 must be counted missing")
        // The arena holds each run's glyphs exactly once, runs back to back.
        #expect(parallel.glyphs.count == parallel.runs.reduce(0) { $0 + Int($1.glyphCount) })
        #expect(parallel.invariantsHold())
        // Chunks are merged in order, whichever worker shaped them: the arena and the runs, arena positions
        // included, are what shaping the same strings one by one in that order leaves.
        #expect(parallel.runs == serial.runs)
        #expect(parallel.glyphs == serial.glyphs)
    }

    /// Workers take chunks while there are any, so the split follows who is free, not a fixed share: with more
    /// workers than the machine has cores, and again and again, the result never changes.
    @Test func anySplitOfTheChunksGivesTheSameArena() throws {
        let (strings, ids) = frozenTable(Self.texts())
        #expect(ids.count / ShapeCache.prefetchChunk > 8, "enough chunks for the workers to share unevenly")
        let reference = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        reference.prefetch(ids, threads: 1)
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        for round in 0..<6 {
            cache.reset()
            cache.prefetch(ids, threads: 2 + round % 3)
            #expect(cache.runs == reference.runs, "round \(round)")
            #expect(cache.glyphs == reference.glyphs, "round \(round)")
        }
    }

    @Test func prefetchSkipsShapedStringsAndSmallBatchesStaySerial() throws {
        let (strings, ids) = frozenTable(Self.texts())
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        let first = cache.run(ids[0])
        cache.prefetch(Array(ids[0..<3]), threads: 2)
        #expect(cache.shapedCount == 3)
        #expect(cache.run(ids[0]) == first, "an existing run is kept, not re-shaped")
        cache.prefetch(ids, threads: 2)
        #expect(cache.shapedCount == ids.count)
        cache.prefetch(ids, threads: 2)
        #expect(cache.shapedCount == ids.count)
    }

    @Test func resetChangesTheGeneration() throws {
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: StringTableBuilder().freeze())
        let before = cache.generation
        cache.reset()
        #expect(cache.generation != before)
    }

}

/// The one even split: the prefetch's workers and the benchmarks' shards both use it.
@Suite struct WorkSplitTests {
    @Test func partsAreContiguousCoverEverythingAndWeighAboutTheSame() {
        let weights = (0..<1000).map { $0 % 7 + 1 }
        for parts in [1, 2, 3, 4, 7] {
            let bounds = WorkSplit.bounds(weights: weights, parts: parts)
            #expect(bounds.count == parts + 1 && bounds.first == 0 && bounds.last == weights.count)
            #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 <= $1 })
            let sums = (0..<parts).map { weights[bounds[$0]..<bounds[$0 + 1]].reduce(0, +) }
            let total = weights.reduce(0, +)
            #expect(sums.allSatisfy { abs($0 - total / parts) <= 8 }, "\(parts) parts: \(sums)")
        }
    }

    @Test func fewerItemsThanPartsLeavesTheLastPartsEmpty() {
        #expect(WorkSplit.bounds(weights: [5, 5], parts: 4) == [0, 1, 2, 2, 2])
        #expect(WorkSplit.bounds(weights: [], parts: 3) == [0, 0, 0, 0])
        #expect(WorkSplit.bounds(weights: [3], parts: 0) == [0, 1])
    }
}
