import CHarfBuzz
import InterlinearCorpus

/// One positioned glyph of a shaped run, in ems (16 bytes).
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt16
    /// Index of the font in the chain: 0 is the primary, others are fallbacks.
    public var font: UInt16
    public var advance: Float32
    public var xOffset: Float32
    public var yOffset: Float32
}

/// A shaped string: a slice of the glyph arena plus its total advance in ems.
public struct ShapedRun: Sendable, Equatable {
    public var glyphStart: UInt32
    public var glyphCount: UInt32
    public var advance: Float32
    /// Characters no installed font could draw.
    public var missing: UInt16
    /// How it was shaped (direction, script, language): with `ShapeCache`'s id, the run's key.
    public var style: ShapingStyle = .latin
}

/// Shapes each distinct string once. Keyed by interned `TextID` (an array index, no hashing); runs are shaped at
/// units-per-em, so a cached run serves every font size. Glyphs live in one grow-only arena.
/// Not thread-safe: one cache per thread (`prefetch` uses more threads inside one call, and merges on the caller's).
/// A session (`Interlinear`) makes it, with the session's string table.
public final class ShapeCache {
    public let chain: FontChain
    /// The frozen table the ids refer to: the session's latest, which extends every table its chapters hold.
    public private(set) var strings: StringTable
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
    }

    /// The key of a run shaped in a style other than the one its text has.
    struct RestyledKey: Hashable {
        var id: TextID
        var style: ShapingStyle
    }
    let tables: UnsafeMutablePointer<Tables>
    /// Every shaped run, in shaping order.
    public var runs: [ShapedRun] { tables.pointee.runs }
    /// The glyph arena the runs slice.
    public var glyphs: [ShapedGlyph] { tables.pointee.glyphs }
    /// Number of strings shaped since creation or the last `reset()`.
    public var shapedCount: Int { tables.pointee.shapedCount }
    /// Changes on every `reset()`, so callers can tell that what they knew was shaped no longer is.
    public var generation: Int { tables.pointee.generation }
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

    /// Forgets every run (for cold measurements); fonts and the buffer stay.
    public func reset() {
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
    public func run(_ id: TextID) -> ShapedRun {
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
    public func run(_ id: TextID, style: ShapingStyle) -> ShapedRun {
        let own = run(id)
        if own.style == style { return own }
        let key = RestyledKey(id: id, style: style)
        if let slot = tables.pointee.restyled[key] { return tables.pointee.runs[Int(slot)] }
        let run = strings.withUTF8(of: id) { shaper.shape(utf8: $0, style: style, into: &tables.pointee.glyphs) }
        tables.pointee.restyled[key] = Int32(tables.pointee.runs.count)
        tables.pointee.runs.append(run)
        tables.pointee.shapedCount += 1
        return run
    }

    /// The glyphs of a run.
    public func glyphs(of run: ShapedRun) -> ArraySlice<ShapedGlyph> {
        tables.pointee.glyphs[Int(run.glyphStart)..<Int(run.glyphStart + run.glyphCount)]
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
        let run = strings.withUTF8(of: id) { shaper.shape(utf8: $0, into: &tables.pointee.glyphs) }
        record(run, for: id)
        return run
    }

    /// Stores a run whose glyphs are already in the arena.
    @inline(__always)
    func record(_ run: ShapedRun, for id: TextID) {
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
        return indexed == t.runs.count && t.runs.allSatisfy { Int($0.glyphStart + $0.glyphCount) <= t.glyphs.count }
    }
}
