import Dispatch
import InterlinearCorpus

extension ShapeCache {
    /// Below this many unshaped strings, `prefetch` shapes on the calling thread: starting workers costs more than
    /// it saves (measured on John 1 with 2 cores; see Benchmarks/README.md).
    public static let parallelMinimum = 256

    /// Shapes, in parallel, the strings among `ids` that have no run yet, so that later `run(_:)` calls only look
    /// up. Each worker shapes with its own `hb_buffer` into its own arrays, reading the bytes straight from the
    /// frozen string table; the calling thread then appends them to the arena in worker order. Runs and glyphs are
    /// identical to serial shaping (only their arena positions differ). Work is split by UTF-8 length
    /// (`WorkSplit`) so the workers finish together. Duplicates in `ids` are fine. A concrete array, not a generic
    /// collection: unspecialized generic iteration across modules allocated once per element.
    public func prefetch(_ ids: [TextID], threads: Int) {
        growIndex()
        let t = tables
        let strings = self.strings  // read once: each read of the property retains and releases the table's arrays
        // Reserved up front: a cold layout then allocates a few dozen times in all, not once per growth step.
        var pending: [TextID] = []
        var lengths: [Int] = []
        pending.reserveCapacity(ids.count)
        lengths.reserveCapacity(ids.count)
        for id in ids {
            let i = Int(id)
            guard i < t.pointee.runIndex.count, t.pointee.runIndex[i] == Tables.notShaped else { continue }
            // The persisted file serves what it holds; only the rest is shaped.
            if let served = persistedRun(id, in: strings) {
                recordServed(served, for: id)
                continue
            }
            t.pointee.runIndex[i] = Tables.queued  // skip its duplicates
            pending.append(id)
            lengths.append(strings.utf8Count(of: id))
        }
        guard !pending.isEmpty else { return }
        let workers = pending.count < Self.parallelMinimum ? 1 : max(1, min(threads, pending.count))
        if workers == 1 {
            for id in pending {
                record(strings.withUTF8(of: id) { shaper.shape(utf8: $0, into: &t.pointee.glyphs) }, for: id)
            }
            assert(invariantsHold())
            return
        }
        let bounds = WorkSplit.bounds(weights: lengths, parts: workers)
        let parts = UnsafeMutableBufferPointer<Part>.allocate(capacity: workers)
        parts.initialize(repeating: Part())
        defer { parts.deinitialize(); parts.deallocate() }
        while workerShapers.count < workers - 1 { workerShapers.append(RunShaper(chain: chain)) }
        let shapers = [shaper] + workerShapers[0..<(workers - 1)]
        let job = PrefetchJob(strings: strings, ids: pending, bounds: bounds, glyphEstimate: lengths,
                              shapers: shapers, parts: parts)
        DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0) }

        for w in 0..<workers {
            let offset = UInt32(t.pointee.glyphs.count)
            t.pointee.glyphs.append(contentsOf: parts[w].glyphs)
            for (k, var run) in parts[w].runs.enumerated() {
                run.glyphStart += offset
                record(run, for: pending[bounds[w] + k])
            }
        }
        assert(invariantsHold())
    }
}

/// One worker's output: runs with glyph starts relative to its own glyph array.
fileprivate struct Part {
    var runs: [ShapedRun] = []
    var glyphs: [ShapedGlyph] = []
}

/// What the workers read (the frozen table, the ids and their bounds, a shaper each) and where each writes (its
/// own `Part`). Unchecked only for the shapers and the parts pointer: worker `w` uses `shapers[w]` and `parts[w]`
/// alone, so nothing is shared that is written.
private struct PrefetchJob: @unchecked Sendable {
    let strings: StringTable
    let ids: [TextID]
    let bounds: [Int]
    /// UTF-8 length of each id: about a glyph per byte or fewer.
    let glyphEstimate: [Int]
    let shapers: [RunShaper]
    let parts: UnsafeMutableBufferPointer<Part>

    func run(worker w: Int) {
        var part = Part()
        let range = bounds[w]..<bounds[w + 1]
        part.runs.reserveCapacity(range.count)
        part.glyphs.reserveCapacity(glyphEstimate[range].reduce(0, +))
        for i in range {
            part.runs.append(strings.withUTF8(of: ids[i]) { shapers[w].shape(utf8: $0, into: &part.glyphs) })
        }
        parts[w] = part
    }
}
