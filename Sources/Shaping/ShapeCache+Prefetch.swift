import Dispatch
import InterlinearCorpus

extension ShapeCache {
    /// Below this many unshaped strings, `prefetch` shapes on the calling thread: starting workers costs more than
    /// it saves (measured on John 1 with 2 cores; see Benchmarks/README.md).
    public static let parallelMinimum = 256

    /// Shapes, in parallel, the strings among `ids` that have no run yet, so that later `run(_:)` calls only look
    /// up. Each worker shapes with its own `hb_buffer` into its own arrays; the calling thread then appends them to
    /// the arena in worker order. Runs and glyphs are identical to serial shaping (only their arena positions
    /// differ). Work is split by UTF-8 length so the workers finish together. Duplicates in `ids` are fine.
    /// A concrete array, not a generic collection: unspecialized generic iteration across modules allocated once
    /// per element.
    public func prefetch(_ ids: [TextID], threads: Int) {
        growIndex()
        let t = tables
        // Reserved up front: a cold layout then allocates a few dozen times in all, not once per growth step.
        var pending: [TextID] = []
        var texts: [String] = []
        pending.reserveCapacity(ids.count)
        texts.reserveCapacity(ids.count)
        var bytes = 0
        for id in ids {
            let i = Int(id)
            guard i < t.pointee.runIndex.count, t.pointee.runIndex[i] == -1 else { continue }
            t.pointee.runIndex[i] = -2  // queued: skip its duplicates
            pending.append(id)
            let text = strings[id]
            bytes += text.utf8.count
            texts.append(text)
        }
        guard !pending.isEmpty else { return }
        let workers = pending.count < Self.parallelMinimum ? 1 : max(1, min(threads, pending.count))
        if workers == 1 {
            for (id, text) in zip(pending, texts) {
                record(shaper.shape(text, into: &t.pointee.glyphs), for: id)
            }
            return
        }
        // Contiguous parts of about equal UTF-8 length.
        var bounds = [0]
        var running = 0
        for (index, text) in texts.enumerated() {
            running += text.utf8.count
            if bounds.count < workers, running * workers >= bytes * bounds.count { bounds.append(index + 1) }
        }
        while bounds.count <= workers { bounds.append(texts.count) }
        bounds[workers] = texts.count

        let parts = UnsafeMutableBufferPointer<Part>.allocate(capacity: workers)
        parts.initialize(repeating: Part())
        defer { parts.deinitialize(); parts.deallocate() }
        while workerShapers.count < workers - 1 { workerShapers.append(RunShaper(chain: chain)) }
        let shapers = [shaper] + workerShapers[0..<(workers - 1)]
        let job = PrefetchJob(texts: texts, bounds: bounds, shapers: shapers, parts: parts)
        DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0) }

        for w in 0..<workers {
            let offset = UInt32(t.pointee.glyphs.count)
            t.pointee.glyphs.append(contentsOf: parts[w].glyphs)
            for (k, var run) in parts[w].runs.enumerated() {
                run.glyphStart += offset
                record(run, for: pending[bounds[w] + k])
            }
        }
    }
}

/// One worker's output: runs with glyph starts relative to its own glyph array.
fileprivate struct Part {
    var runs: [ShapedRun] = []
    var glyphs: [ShapedGlyph] = []
}

/// What the workers read (texts, their bounds, a shaper each) and where each writes (its own `Part`, no sharing).
private struct PrefetchJob: @unchecked Sendable {
    let texts: [String]
    let bounds: [Int]
    let shapers: [RunShaper]
    let parts: UnsafeMutableBufferPointer<Part>

    func run(worker w: Int) {
        var part = Part()
        let range = bounds[w]..<bounds[w + 1]
        part.runs.reserveCapacity(range.count)
        part.glyphs.reserveCapacity(texts[range].reduce(0) { $0 + $1.utf8.count })  // about a glyph per byte or fewer
        for i in range { part.runs.append(shapers[w].shape(texts[i], into: &part.glyphs)) }
        parts[w] = part
    }
}
