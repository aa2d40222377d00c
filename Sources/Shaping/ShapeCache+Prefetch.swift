import Dispatch
import InterlinearCorpus
import Synchronization

extension ShapeCache {
    /// Below this many unshaped strings, `prefetch` shapes on the calling thread: starting workers costs more than
    /// it saves (measured on John 1 with 2 cores; see Benchmarks/README.md).
    package static let parallelMinimum = 256
    /// Strings per chunk of parallel work. Small, so a worker that is slow (its core busy with something else)
    /// holds back at most one chunk (~50 µs of shaping) while the others take the rest; large enough that taking a
    /// chunk (one atomic add) costs nothing next to shaping it.
    package static let prefetchChunk = 16

    /// Shapes, in parallel, the strings among `ids` that have no run yet, so that later `run(_:)` calls only look
    /// up. The unshaped strings are cut into chunks of `prefetchChunk`; each worker takes the next chunk from an
    /// atomic counter until none is left, so an idle core does more and a busy one less, and nobody waits for a
    /// fixed share. Each worker shapes with its own `hb_buffer` into its own arrays, reading the bytes straight
    /// from the frozen string table; the calling thread then appends the chunks to the arena in chunk order, so
    /// runs, glyphs and their arena positions are exactly what serial shaping of the same ids leaves. Duplicates
    /// in `ids` are fine. A concrete array, not a generic collection: unspecialized generic iteration across
    /// modules allocated once per element. `threads` is asked for only when there is enough to shape in parallel
    /// (`Typesetter.threadsForIdleProcessors` reads Foundation's processor count: benchmark `typeset-warm`).
    package func prefetch(_ ids: [TextID], threads: @autoclosure () -> Int) {
        growIndex()
        let t = tables
        let strings = self.strings  // read once: each read of the property retains and releases the table's arrays
        // The queue, made at its largest size up front (a cold layout then allocates a few dozen times in all):
        // each id is read and marked through the index's buffer and written at most once (`pending` holds at most
        // every id), with no uniqueness or capacity check per id.
        var pending = [TextID](unsafeUninitializedCapacity: ids.count) { queue, count in
            var n = 0
            t.pointee.runIndex.withUnsafeMutableBufferPointer { index in
                for id in ids {
                    let i = Int(id)
                    guard i < index.count, index[i] == Tables.notShaped else { continue }
                    index[i] = Tables.queued  // skip its duplicates
                    queue[n] = id
                    n += 1
                }
            }
            count = n
        }
        // The store serves what it holds, asked once for them all (also without a file: it remembers the batch);
        // only the rest is shaped.
        if !pending.isEmpty, let store = t.pointee.store {
            // What it serves is written in place, gathered to the front, and made the runs (or appended to them) at
            // once (`recordServed` for each, without a capacity or uniqueness check per run).
            let first = t.pointee.runs.count
            let count = pending.count
            let isServed = UnsafeMutablePointer<Bool>.allocate(capacity: count)
            isServed.initialize(repeating: false, count: count)
            defer { isServed.deallocate() }
            let found = pending.withUnsafeBufferPointer { queued in
                [ShapedRun](unsafeUninitializedCapacity: count) { buffer, initialized in
                    store.runs(of: queued, in: strings, into: buffer.baseAddress!, served: isServed)
                    var served = 0
                    t.pointee.runIndex.withUnsafeMutableBufferPointer { index in
                        for k in 0..<count where isServed[k] {
                            // A trivial type: plain copies; `served` ≤ k, so nothing is overwritten before it is read.
                            buffer[served] = buffer[k]
                            index[Int(queued[k])] = Int32(truncatingIfNeeded: first + served)
                            served += 1
                        }
                    }
                    initialized = served
                }
            }
            let served = found.count
            if first == 0 { t.pointee.runs = found } else { t.pointee.runs.append(contentsOf: found) }
            t.pointee.shapedCount += served
            t.pointee.servedFromFile += served
            if served == count {
                pending.removeAll()
            } else if served > 0 {
                pending.removeAll { t.pointee.runIndex[Int($0)] != Tables.queued }
            }
        }
        guard !pending.isEmpty else { return }
        let chunks = (pending.count + Self.prefetchChunk - 1) / Self.prefetchChunk
        let workers = pending.count < Self.parallelMinimum ? 1 : max(1, min(threads(), chunks))
        if workers == 1 {
            for id in pending {
                record(strings.withUTF8(of: id) { shaper.shape(utf8: $0, into: &t.pointee.glyphs) }, for: id)
            }
            assert(invariantsHold())
            return
        }
        while workerShapers.count < workers - 1 { workerShapers.append(RunShaper(chain: chain)) }
        let bytes = pending.reduce(0) { $0 + strings.utf8Count(of: $1) }
        let job = PrefetchJob(
            strings: strings, ids: pending, chunks: chunks,
            shapers: [shaper] + workerShapers[0..<(workers - 1)], glyphEstimate: bytes)
        DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0) }

        t.pointee.glyphs.reserveCapacity(t.pointee.glyphs.count + job.parts.reduce(0) { $0 + $1.glyphs.count })
        for chunk in 0..<chunks {
            let span = job.spans[chunk]
            let base = UInt32(t.pointee.glyphs.count)
            job.parts[span.worker].glyphs.withUnsafeBufferPointer { glyphs in
                t.pointee.glyphs.append(contentsOf: UnsafeBufferPointer(rebasing: glyphs[span.glyphs]))
            }
            let first = chunk * Self.prefetchChunk
            for k in 0..<span.runs.count {
                var run = job.parts[span.worker].runs[span.runs.lowerBound + k]
                run.glyphStart = run.glyphStart - UInt32(span.glyphs.lowerBound) + base
                record(run, for: pending[first + k])
            }
        }
        assert(invariantsHold())
    }
}

/// Where one chunk's output lies: in which worker's arrays, and which runs and glyphs there.
struct PrefetchSpan {
    var worker = 0
    var runs = 0..<0
    var glyphs = 0..<0
}

/// One worker's output: runs with glyph starts relative to its own glyph array, chunk after chunk.
struct PrefetchPart {
    var runs: [ShapedRun] = []
    var glyphs: [ShapedGlyph] = []
}

/// What the workers read (the frozen table, the ids, a shaper each), the counter they take chunks from, and where
/// they write: worker `w` alone writes `parts[w]` and uses `shapers[w]`; a chunk's span is written by the one
/// worker whose atomic add returned that chunk. The calling thread reads them only after `concurrentPerform`
/// returns. Hence unchecked `Sendable`.
final class PrefetchJob: @unchecked Sendable {
    let strings: StringTable
    let ids: [TextID]
    let chunks: Int
    let shapers: [RunShaper]
    let glyphEstimate: Int
    let next = Atomic<Int>(0)
    let parts: UnsafeMutableBufferPointer<PrefetchPart>
    let spans: UnsafeMutableBufferPointer<PrefetchSpan>

    init(strings: StringTable, ids: [TextID], chunks: Int, shapers: [RunShaper], glyphEstimate: Int) {
        self.strings = strings
        self.ids = ids
        self.chunks = chunks
        self.shapers = shapers
        self.glyphEstimate = glyphEstimate
        parts = .allocate(capacity: shapers.count)
        parts.initialize(repeating: PrefetchPart())
        spans = .allocate(capacity: chunks)
        spans.initialize(repeating: PrefetchSpan())
    }

    deinit {
        parts.deinitialize()
        parts.deallocate()
        spans.deinitialize()
        spans.deallocate()
    }

    /// Takes chunks until none is left.
    func run(worker w: Int) {
        var part = PrefetchPart()
        // Room for about the whole job (a glyph per UTF-8 byte or fewer): the worker that gets the most chunks
        // should not regrow its arrays; the others' spare capacity is freed with the job.
        part.runs.reserveCapacity(ids.count / shapers.count + ShapeCache.prefetchChunk)
        part.glyphs.reserveCapacity(glyphEstimate / shapers.count + 64)
        let shaper = shapers[w]
        while true {
            let chunk = next.add(1, ordering: .relaxed).oldValue
            guard chunk < chunks else { break }
            let first = chunk * ShapeCache.prefetchChunk
            let runStart = part.runs.count, glyphStart = part.glyphs.count
            for i in first..<min(first + ShapeCache.prefetchChunk, ids.count) {
                part.runs.append(strings.withUTF8(of: ids[i]) { shaper.shape(utf8: $0, into: &part.glyphs) })
            }
            spans[chunk] = PrefetchSpan(
                worker: w, runs: runStart..<part.runs.count,
                glyphs: glyphStart..<part.glyphs.count)
        }
        parts[w] = part
    }
}
