import InterlinearCorpus

/// An immutable snapshot of the shaped runs of a set of strings: each run with its glyphs copied out of the shape
/// cache into one contiguous array, and the frozen string table the ids refer to. Painters read runs from it, so a
/// render thread needs neither the session nor its shape cache (which is not thread-safe): a `Sendable` value any
/// number of threads read at once, since nothing in it can change. Made by `ShapeCache.snapshot(of:)`, which
/// shapes whatever the cache lacked first.
package struct ShapedRuns: Sendable {
    /// The table the ids refer to (the cache's when the snapshot was made).
    package let strings: StringTable
    /// Run slot + 1 by id; 0 for an id the snapshot does not hold. Ids past the end are not held either.
    private let slots: [UInt32]
    /// The runs, their glyph starts counted in `glyphs`.
    package let runs: [ShapedRun]
    /// Every run's glyphs, run after run.
    package let glyphs: [ShapedGlyph]

    init(strings: StringTable, slots: [UInt32], runs: [ShapedRun], glyphs: [ShapedGlyph]) {
        self.strings = strings
        self.slots = slots
        self.runs = runs
        self.glyphs = glyphs
    }

    /// Whether the snapshot holds the run of `id`.
    @inline(__always)
    package func contains(_ id: TextID) -> Bool { Int(id) < slots.count && slots[Int(id)] != 0 }

    /// The run of `id`. Traps when the snapshot does not hold it (`contains(_:)`): its ids are the ones it was made
    /// for, so another is a programming error.
    @inline(__always)
    package func run(_ id: TextID) -> ShapedRun {
        precondition(contains(id), "text \(id) is not in this snapshot of shaped runs")
        return runs[Int(slots[Int(id)]) - 1]
    }

    /// Calls `body` with a run's glyphs in place. Traps when `run` is not one of this snapshot's.
    @inline(__always)
    package func withGlyphs<R>(of run: ShapedRun, _ body: (UnsafeBufferPointer<ShapedGlyph>) throws -> R) rethrows -> R
    {
        let start = Int(run.glyphStart), end = start + Int(run.glyphCount)
        precondition(end <= glyphs.count, "a run of another snapshot")
        return try glyphs.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}

extension ShapeCache {
    /// A snapshot of the runs of `ids` (repeats are taken once), shaping those not shaped yet. Costs one pass over
    /// `ids` and a copy of their distinct runs' glyphs; the cache is untouched afterwards, and the snapshot does not
    /// see what the cache shapes later. Traps when an id is not in `strings`.
    package func snapshot(of ids: some Sequence<TextID>) -> ShapedRuns {
        var slots = [UInt32](repeating: 0, count: strings.count)
        var runs: [ShapedRun] = []
        var glyphs: [ShapedGlyph] = []
        for id in ids where slots[Int(id)] == 0 {
            var run = run(id)
            withGlyphs(of: run) { glyphs.append(contentsOf: $0) }
            run.glyphStart = UInt32(glyphs.count) - run.glyphCount
            runs.append(run)
            slots[Int(id)] = UInt32(runs.count)
        }
        return ShapedRuns(strings: strings, slots: slots, runs: runs, glyphs: glyphs)
    }
}
