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
}

extension ShapeCache {
    /// The most a persisted cache file may hold (`ShapeFileLayout.maximumFileSize`: 160 MiB). The whole Bible at
    /// every tier in one font chain takes 83 MB (docs/performance.md). At the bound nothing more is added; the
    /// strings that did not fit are shaped each time they are needed.
    package static let persistedSizeBound = ShapeFileLayout.maximumFileSize

    /// Keeps this cache across processes in `folder`: the file for this chain's key
    /// (`$folder/shapes-KEY.bin`, `ShapeCacheKey`) is mapped now, and strings it holds are served from it instead of
    /// being shaped; `savePersisted()` appends what was shaped. A missing, foreign or damaged file is no error:
    /// the cache starts empty and the next save makes or repairs it. Call before the first lookup. `slotCount` (a
    /// power of two, 16 or more) is the fewest slots of a file this process makes, for tests that want small files.
    package func persist(in folder: String, slotCount: Int = ShapeFileLayout.defaultSlotCount) {
        precondition(tables.pointee.runs.isEmpty, "persist(in:) comes before the first lookup")
        detachPersisted()
        guard let key = ShapeCacheKey(chain: chain), let cacheFolder = CacheFolder.open(folder) else { return }
        let persisted = PersistedShapes(folder: cacheFolder, key: key, slotCount: slotCount)
        tables.pointee.persisted = persisted
        if let file = persisted.mapping?.file {
            tables.pointee.file = file
            tables.pointee.fileGlyphs = file.glyphBase
            tables.pointee.fileGlyphCount = UInt32(file.glyphUnits)
        }
    }

    /// Stops using a persisted file (its runs are forgotten first: `reset()` calls this).
    func detachPersisted() {
        tables.pointee.persisted = nil
        tables.pointee.file = nil
        tables.pointee.fileGlyphs = nil
        tables.pointee.fileGlyphCount = 0
        tables.pointee.servedFromFile = 0
    }

    /// The glyphs the persisted file holds: run glyph starts below this are in the file.
    package var persistedGlyphCount: Int { Int(tables.pointee.fileGlyphCount) }

    /// Runs served from the persisted file since creation or the last `reset()`; `shapedCount` minus this is how
    /// many strings HarfBuzz shaped.
    package var servedFromFile: Int { tables.pointee.servedFromFile }

    /// The persisted file's path (whether or not it exists yet), when this cache keeps one.
    package var persistedPath: String? { tables.pointee.persisted?.path }

    /// The run of `id` in `style` (its own by default) from the persisted file, counted as served; nil when there
    /// is no file or it does not hold that run. `table` is `strings`, read once by a caller that loops (reading
    /// the property copies the table's arrays: four retains and releases each time).
    @inline(__always)
    func persistedRun(_ id: TextID, style: ShapingStyle? = nil, in table: StringTable) -> ShapedRun? {
        guard let file = tables.pointee.file else { return nil }
        // Only `self` is captured: the persisted part and the chain are read for a run through fallback fonts (a
        // handful a chapter), so a lookup retains nothing (it took three retains and releases before).
        let run = table.withUTF8(of: id) { utf8 -> ShapedRun? in
            let style = style ?? ShapingStyle.detect(utf8)
            let found = file.lookup(
                UnsafeRawBufferPointer(utf8), style: style.rawValue,
                accept: { !$0.dependsOnFallbacks || fallbacksHold(for: $0, in: file) })
            switch found {
            case .absent:
                return nil
            case .damaged:
                tables.pointee.persisted?.damaged = true
                return nil
            case .found(let entry):
                // A run of no glyphs starts at 0: below the file's glyph count, as every served run's start must be
                // (the last record's would be the count itself, and the run would look shaped in this process).
                return ShapedRun(
                    glyphStart: entry.glyphCount == 0 ? 0 : UInt32(entry.glyphStart),
                    glyphCount: UInt32(entry.glyphCount), advance: entry.advance, missing: 0, style: style)
            }
        }
        if run != nil { tables.pointee.servedFromFile += 1 }
        return run
    }

    /// Whether an entry of the mapped file that went through fallback fonts may be served (`PersistedShapes.holds`).
    private func fallbacksHold(for entry: ShapeFile.Entry, in file: ShapeFile) -> Bool {
        tables.pointee.persisted?.holds(entry, in: file, chain: chain) ?? false
    }

    /// Appends to the persisted file the runs this process shaped that it lacks (except runs with missing glyphs,
    /// which a newly installed font could change): O(runs) bytes, never the file (`ShapeFileAppender`, which also
    /// says when a damaged file is compacted). Concurrent processes take turns at a lock on the file; what another
    /// added meanwhile is not written again. Returns what was written; nil when there was nothing new, no cache
    /// folder, or the write failed (a cache never fails a command).
    @discardableResult
    package func savePersisted() -> PersistedSave? {
        guard let persisted = tables.pointee.persisted else { return nil }
        let fileGlyphCount = tables.pointee.fileGlyphCount
        func isNew(_ slot: Int32) -> Bool {
            let run = tables.pointee.runs[Int(slot)]
            return run.glyphStart >= fileGlyphCount && run.missing == 0
        }
        // This process's new runs, by key, with what they depend on.
        var new: [(id: TextID, slot: Int32)] = []
        for (id, slot) in tables.pointee.runIndex.enumerated() where slot >= 0 && isNew(slot) {
            new.append((TextID(id), slot))
        }
        for (key, slot) in tables.pointee.restyled where isNew(slot) { new.append((key.id, slot)) }
        guard !new.isEmpty else { return nil }

        let uses = new.map { item in
            let run = tables.pointee.runs[Int(item.slot)]
            return withGlyphs(of: run) { PersistedShapes.fallbackUse(of: $0, style: run.style, chain: chain) }
        }
        // The fonts runs depending on fallbacks were shaped with: the chain's 0…n as they are now.
        var fonts: [ShapeFile.Font] = []
        if let maxFont = uses.lazy.filter({ $0.depends }).map({ $0.maxFont }).max() {
            for index in 0...Int(maxFont) {
                guard let descriptor = chain.descriptor(at: index), let font = ShapeFile.Font.identity(of: descriptor)
                else { fonts = []; break }
                fonts.append(font)
            }
        }
        var batch = ShapeRecords(start: 0)
        if !fonts.isEmpty { _ = batch.appendFonts(fonts) }
        var offsets: [Int] = []
        offsets.reserveCapacity(new.count)
        let strings = self.strings
        for (item, use) in zip(new, uses) where !use.depends || !fonts.isEmpty {
            let run = tables.pointee.runs[Int(item.slot)]
            strings.withUTF8(of: item.id) { utf8 in
                let string = UnsafeRawBufferPointer(utf8)
                guard ShapeRecords.fits(glyphs: Int(run.glyphCount), stringBytes: string.count) else { return }
                offsets.append(batch.end)
                withGlyphs(of: run) { glyphs in
                    _ = batch.appendEntry(
                        keyHash: ShapeFileLayout.keyHash(string, style: run.style.rawValue), string: string,
                        style: run.style.rawValue, advance: run.advance,
                        flags: use.depends ? ShapeFileLayout.dependsOnFallbacks : 0,
                        maxFont: use.depends ? use.maxFont : 0, fonts: 0, glyphs: glyphs)
                }
            }
        }
        guard !offsets.isEmpty else { return nil }
        let appender = ShapeFileAppender(
            folder: persisted.folder, name: persisted.key.fileName,
            key: persisted.key.hash, slotCount: persisted.slotCount)
        guard
            let outcome = appender.append(
                batch, entries: offsets, fonts: fonts, compact: persisted.damaged,
                holds: { persisted.holds($1, in: $0, chain: self.chain) })
        else { return nil }
        return PersistedSave(
            path: persisted.path, entries: outcome.added, newEntries: outcome.added,
            bytes: outcome.bytesWritten, compacted: outcome.compacted)
    }
}
