import CHarfBuzz
import InterlinearCorpus

/// Shapes each distinct string once. Keyed by interned `TextID` (an array index, no hashing); runs are shaped at
/// units-per-em, so a cached run serves every font size. Glyphs live in one grow-only arena, after those of the
/// runs kept across processes when the session keeps them (`ShapeStore`, ShapeStore.swift; the shape cache file of
/// InterlinearCaches is one): a string the store holds is served from it — its glyphs read in place — instead of
/// being shaped.
/// Not thread-safe: one cache per thread (`prefetch` uses more threads inside one call, and merges on the caller's).
/// A session (`Interlinear`) makes it, with the session's string table.
package final class ShapeCache {
    package let chain: FontChain
    /// The frozen table the ids refer to: the session's latest, which extends every table its chapters hold.
    package private(set) var strings: StringTable
    /// The mutable tables live behind a pointer held in a `let`: Swift checks exclusivity dynamically
    /// (swift_beginAccess) on every access to a class's `var`, which cost more than the lookup itself.
    struct Tables {
        /// `runIndex` value of a string not shaped yet.
        static let notShaped: Int32 = -1
        /// `runIndex` value of a string `prefetch` has queued; only seen during the call.
        static let queued: Int32 = -2

        /// Run slot by TextID (≥ 0), or `notShaped` / `queued`.
        var runIndex: [Int32] = []
        var runs: [ShapedRun] = []
        var glyphs: [ShapedGlyph] = []
        /// Runs of strings shaped in a style other than their own (`run(_:style:)`), by id and style.
        var restyled: [RestyledKey: Int32] = [:]
        var shapedCount = 0
        var generation = 0
        /// Runs kept across processes (the shape cache file), when the session keeps them (`ShapeStore`).
        var store: (any ShapeStore)?
        /// The store again while it holds runs (it has a file): the one lookups ask.
        var fileStore: (any ShapeStore)?
        /// The store's glyphs, in place, and how many: run glyph starts below the count index them; the arena's
        /// glyphs come after (`glyphs[k]` is glyph `fileGlyphCount + k`).
        var fileGlyphs: UnsafePointer<ShapedGlyph>?
        var fileGlyphCount: UInt32 = 0
        /// Runs served from the file since creation or the last `reset()`.
        var servedFromFile = 0
    }

    /// The key of a run shaped in a style other than the one its text has.
    struct RestyledKey: Hashable {
        var id: TextID
        var style: ShapingStyle
    }
    let tables: UnsafeMutablePointer<Tables>
    /// Every shaped run, in shaping order.
    package var runs: [ShapedRun] { tables.pointee.runs }
    /// The arena of glyphs shaped in this process. Runs index it after the persisted file's glyphs
    /// (`persistedGlyphCount`); read a run's glyphs with `withGlyphs(of:_:)`, which knows where they are.
    package var glyphs: [ShapedGlyph] { tables.pointee.glyphs }
    /// Number of strings shaped since creation or the last `reset()`.
    package var shapedCount: Int { tables.pointee.shapedCount }
    /// Changes on every `reset()`, so callers can tell that what they knew was shaped no longer is.
    package var generation: Int { tables.pointee.generation }
    let shaper: RunShaper
    /// Shapers of `prefetch`'s extra threads, kept for the next call.
    var workerShapers: [RunShaper] = []

    package init(chain: FontChain, strings: StringTable) {
        self.chain = chain
        self.strings = strings
        shaper = RunShaper(chain: chain)
        tables = .allocate(capacity: 1)
        tables.initialize(to: Tables())
    }

    deinit {
        tables.deinitialize(count: 1)
        tables.deallocate()
    }

    /// Takes a later table of the same lineage (after more chapters were loaded); every run stays valid, since ids
    /// only get added. Traps in debug builds when `table` does not extend the current one.
    package func extend(to table: StringTable) {
        assert(table.extends(strings), "a shape cache only takes later tables of its own lineage")
        strings = table
    }

    /// Forgets every run (for cold measurements), and lets go of the store (a cold measurement shapes everything;
    /// a file stays on disk); fonts and the buffer stay.
    package func reset() {
        detachStore()
        tables.pointee.runIndex.removeAll(keepingCapacity: true)
        tables.pointee.runs.removeAll(keepingCapacity: true)
        tables.pointee.glyphs.removeAll(keepingCapacity: true)
        tables.pointee.restyled.removeAll(keepingCapacity: true)
        tables.pointee.shapedCount = 0
        tables.pointee.generation &+= 1
        assert(invariantsHold())
    }

    /// The shaped run of an interned string, shaping it on first use. Traps when `id` is not in `strings`.
    @inline(__always)
    package func run(_ id: TextID) -> ShapedRun {
        let i = Int(id)
        let t = tables
        if i < t.pointee.runIndex.count {
            let slot = t.pointee.runIndex[i]
            if slot >= 0 { return t.pointee.runs[Int(slot)] }
        }
        return shape(id)
    }

    /// The run of a string shaped in `style`: the cache's key is the string with its direction, script and language.
    /// The same run as `run(_:)` when `style` is the text's own (`ShapingStyle.detect`); otherwise a run of its own,
    /// shaped once (say, Hebrew letters in a Latin run, or a Latin string forced right to left).
    package func run(_ id: TextID, style: ShapingStyle) -> ShapedRun {
        let own = run(id)
        if own.style == style { return own }
        let key = RestyledKey(id: id, style: style)
        if let slot = tables.pointee.restyled[key] { return tables.pointee.runs[Int(slot)] }
        var run: ShapedRun
        if let served = persistedRun(id, style: style, in: strings) {
            run = served
        } else {
            run = strings.withUTF8(of: id) { shaper.shape(utf8: $0, style: style, into: &tables.pointee.glyphs) }
            run.glyphStart += tables.pointee.fileGlyphCount
        }
        tables.pointee.restyled[key] = Int32(tables.pointee.runs.count)
        tables.pointee.runs.append(run)
        tables.pointee.shapedCount += 1
        return run
    }

    /// The advance, in ems, of `text` shaped as `run(_:)` would shape it once interned, without interning it or
    /// keeping its run: for measuring what may never be drawn (the candidate lines of a paragraph being broken into
    /// lines), which would otherwise stay in the session's table and the shape cache file. Its glyphs go to the
    /// arena's end and are dropped, so the arena's capacity serves as the scratch space.
    package func advance(of text: String) -> Float32 {
        var text = text
        let end = tables.pointee.glyphs.count
        let run = text.withUTF8 { shaper.shape(utf8: $0, into: &tables.pointee.glyphs) }
        tables.pointee.glyphs.removeSubrange(end...)
        return run.advance
    }

    /// The glyphs of a run (a copy; `withGlyphs(of:_:)` reads them in place).
    package func glyphs(of run: ShapedRun) -> ArraySlice<ShapedGlyph> { withGlyphs(of: run) { ArraySlice($0) } }

    /// Calls `body` with a run's glyphs where they are: in the store (a file's mapping) or in the arena. The buffer
    /// is valid during the call only. Traps when `run` is not one of this cache's runs since its last `reset()`.
    @inline(__always)
    package func withGlyphs<R>(of run: ShapedRun, _ body: (UnsafeBufferPointer<ShapedGlyph>) throws -> R) rethrows -> R
    {
        let t = tables
        let fileCount = t.pointee.fileGlyphCount
        if run.glyphStart < fileCount, let file = t.pointee.fileGlyphs {
            precondition(run.glyphCount <= fileCount - run.glyphStart, "a run of another cache")
            return try body(UnsafeBufferPointer(start: file + Int(run.glyphStart), count: Int(run.glyphCount)))
        }
        let start = Int(run.glyphStart - fileCount)
        return try t.pointee.glyphs.withUnsafeBufferPointer { arena in
            try body(UnsafeBufferPointer(rebasing: arena[start..<start + Int(run.glyphCount)]))
        }
    }

    /// Grows the run index to cover every interned string.
    func growIndex() {
        let missingSlots = strings.count - tables.pointee.runIndex.count
        if missingSlots > 0 {
            tables.pointee.runIndex.append(contentsOf: repeatElement(Tables.notShaped, count: missingSlots))
        }
    }

    private func shape(_ id: TextID) -> ShapedRun {
        growIndex()
        let table = strings
        if let served = persistedRun(id, in: table) {
            recordServed(served, for: id)
            return served
        }
        let run = table.withUTF8(of: id) { shaper.shape(utf8: $0, into: &tables.pointee.glyphs) }
        return record(run, for: id)
    }

    /// Stores a run whose glyphs are already in the arena (its glyph start counted from the arena's first glyph);
    /// returns it as stored, its glyph start moved past the file's glyphs.
    @inline(__always) @discardableResult
    func record(_ run: ShapedRun, for id: TextID) -> ShapedRun {
        var run = run
        run.glyphStart += tables.pointee.fileGlyphCount
        recordServed(run, for: id)
        return run
    }

    /// Stores a run as it is (one the store served: its glyph start is already among the store's glyphs).
    @inline(__always)
    func recordServed(_ run: ShapedRun, for id: TextID) {
        tables.pointee.runIndex[Int(id)] = Int32(tables.pointee.runs.count)
        tables.pointee.runs.append(run)
        tables.pointee.shapedCount += 1
    }

    /// What must hold between calls: one run per shaped string, every run indexed once and inside the arena, and
    /// nothing left queued. Checked by `assert` (debug builds only: it walks every table).
    func invariantsHold() -> Bool {
        let t = tables.pointee
        guard t.runs.count == t.shapedCount, t.runIndex.count <= strings.count else { return false }
        var indexed = 0
        for slot in t.runIndex where slot != Tables.notShaped {
            guard slot >= 0, Int(slot) < t.runs.count else { return false }
            indexed += 1
        }
        for slot in t.restyled.values {
            guard slot >= 0, Int(slot) < t.runs.count else { return false }
            indexed += 1
        }
        let end = Int(t.fileGlyphCount) + t.glyphs.count
        return indexed == t.runs.count && t.runs.allSatisfy { Int($0.glyphStart) + Int($0.glyphCount) <= end }
    }
}
