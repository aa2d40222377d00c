import InterlinearCorpus

/// What `ShapeCache.savePersisted()` wrote.
package struct PersistedSave: Sendable, Equatable {
    /// The file written.
    package let path: String
    /// The entries this process added to the file: the runs it shaped, less those another process added
    /// meanwhile (`newEntries` is the same number; both names are kept for callers of the earlier format).
    package let entries: Int
    package let newEntries: Int
    /// Bytes this process wrote to the file: its new records and their slots (plus the header of a file it
    /// made), or the whole file when it compacted a damaged one.
    package let bytes: Int
    /// Whether the file was written whole (it was damaged, or not one this build writes).
    package let compacted: Bool

    package init(path: String, entries: Int, bytes: Int, compacted: Bool) {
        self.path = path
        self.entries = entries
        newEntries = entries
        self.bytes = bytes
        self.compacted = compacted
    }
}

/// Runs kept across processes, which a `ShapeCache` consults before it shapes a string and hands what it shaped
/// to keep. Shaping knows no file format: the shape cache file (InterlinearCaches' `PersistedShapes`) is one such
/// store, and the session attaches it (`ShapeCache.persist(in:)`) when its cache policy keeps a folder.
package protocol ShapeStore: AnyObject {
    /// The stored glyphs, in place and valid while the store lives; a stored run's glyph start below `glyphCount`
    /// indexes them. Nil when the store holds no runs (it has no file yet): then it is not asked for any.
    var glyphBase: UnsafePointer<ShapedGlyph>? { get }
    var glyphCount: UInt32 { get }
    /// Where the store keeps its runs (whether or not it exists yet), for messages.
    var path: String { get }
    /// The stored run of a string in `style`, its glyph start among the stored glyphs; nil when the store lacks it.
    func run(utf8: UnsafeBufferPointer<UInt8>, style: ShapingStyle) -> ShapedRun?
    /// Writes `runs[k]` and sets `served[k]` (false on entry) for each string `ids[k]` (of `strings`, in its own
    /// style: `ShapingStyle.detect`) the store holds: one call for a whole prefetch, so a lookup costs no dynamic
    /// dispatch and no reference counting. Asked also while the store holds no runs, so that it may remember the
    /// batch and keep its runs together when it saves (the shape file's run lists).
    func runs(
        of ids: UnsafeBufferPointer<TextID>, in strings: StringTable, into runs: UnsafeMutablePointer<ShapedRun>,
        served: UnsafeMutablePointer<Bool>)
    /// Keeps the runs `cache` shaped that the store lacks (`ShapeCache.forEachUnsavedRun`); returns what was written, nil
    /// when nothing was or the write failed (a cache never fails a command).
    func save(from cache: ShapeCache) -> PersistedSave?
}

extension ShapeCache {
    /// Serves runs from `store` from now on, and hands it what this cache shapes (`savePersisted()`). Call before
    /// the first lookup.
    package func attach(_ store: any ShapeStore) {
        precondition(tables.pointee.runs.isEmpty, "a store is attached before the first lookup")
        detachStore()
        tables.pointee.store = store
        tables.pointee.fileGlyphs = store.glyphBase
        tables.pointee.fileGlyphCount = store.glyphBase == nil ? 0 : store.glyphCount
        tables.pointee.fileStore = store.glyphBase == nil ? nil : store
    }

    /// Stops using the store (its runs are forgotten first: `reset()` calls this).
    package func detachStore() {
        tables.pointee.store = nil
        tables.pointee.fileStore = nil
        tables.pointee.fileGlyphs = nil
        tables.pointee.fileGlyphCount = 0
        tables.pointee.servedFromFile = 0
    }

    /// The glyphs the store holds: run glyph starts below this are in the store.
    package var persistedGlyphCount: Int { Int(tables.pointee.fileGlyphCount) }

    /// Runs served from the store since creation or the last `reset()`; `shapedCount` minus this is how many
    /// strings HarfBuzz shaped.
    package var servedFromFile: Int { tables.pointee.servedFromFile }

    /// The store's path (whether or not it exists yet), when this cache keeps one.
    package var persistedPath: String? { tables.pointee.store?.path }

    /// The run of `id` in `style` (its own by default) from the store, counted as served; nil when there is no
    /// store or it lacks that run. `table` is `strings`, read once by a caller that loops (reading the property
    /// copies the table's arrays: four retains and releases each time).
    @inline(__always)
    func persistedRun(_ id: TextID, style: ShapingStyle? = nil, in table: StringTable) -> ShapedRun? {
        guard let store = tables.pointee.fileStore else { return nil }
        let run = table.withUTF8(of: id) { utf8 in store.run(utf8: utf8, style: style ?? ShapingStyle.detect(utf8)) }
        if run != nil { tables.pointee.servedFromFile += 1 }
        return run
    }

    /// Calls `body` with each run this process shaped that the store lacks, except runs with missing glyphs (a newly
    /// installed font could change them), with its string's id and bytes, whether it is the string's own run (not a
    /// restyled one), and its glyphs (valid during the call): each string's own run in id order, then the restyled
    /// ones. Here, not in the store, so the glyphs are read by this module's specialized code.
    package func forEachUnsavedRun(
        _ body: (
            _ id: TextID, _ own: Bool, _ utf8: UnsafeBufferPointer<UInt8>, _ run: ShapedRun,
            _ glyphs: UnsafeBufferPointer<ShapedGlyph>
        ) -> Void
    ) {
        let t = tables
        let storedGlyphs = t.pointee.fileGlyphCount
        let strings = self.strings
        func visit(_ id: TextID, _ slot: Int32, own: Bool) {
            let run = t.pointee.runs[Int(slot)]
            guard run.glyphStart >= storedGlyphs && run.missing == 0 else { return }
            strings.withUTF8(of: id) { utf8 in withGlyphs(of: run) { body(id, own, utf8, run, $0) } }
        }
        for (id, slot) in t.pointee.runIndex.enumerated() where slot >= 0 { visit(TextID(id), slot, own: true) }
        for (key, slot) in t.pointee.restyled { visit(key.id, slot, own: false) }
    }

    /// Hands the store the runs this process shaped that it lacks (`ShapeStore.save(from:)`); returns what was
    /// written, nil when there is no store, nothing new, or the write failed.
    @discardableResult
    package func savePersisted() -> PersistedSave? { tables.pointee.store?.save(from: self) }
}
