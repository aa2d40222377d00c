import InterlinearCorpus

/// What `ShapeCache.savePersisted()` wrote.
public struct PersistedSave: Sendable, Equatable {
    /// The file written.
    public let path: String
    /// Its entries, and how many of them this process shaped (the rest it used from the old file or carried over).
    public let entries: Int
    public let newEntries: Int
    /// Its length in bytes (at most `ShapeCache.persistedSizeBound`).
    public let bytes: Int
}

extension ShapeCache {
    /// The most a persisted cache file may hold: 64 MB. John 1 takes about 0.2 MB, the whole New Testament about
    /// 6 MB, so the bound is met only after most of the Bible in several fonts. At the bound a save keeps every run
    /// the saving process used and then as many of the old file's entries as fit, in the file's order; the rest are
    /// dropped (and shaped again when next needed).
    public static let persistedSizeBound = ShapeFileLayout.maximumFileSize

    /// Keeps this cache across processes in `folder`: the file for this chain's key
    /// (`$folder/shapes-KEY.bin`, `ShapeCacheKey`) is mapped now, and strings it holds are served from it instead of
    /// being shaped; `savePersisted()` writes what was shaped back. A missing, foreign or damaged file is no error:
    /// the cache starts empty and the next save replaces it. Call before the first lookup. `sizeBound` (at most
    /// `persistedSizeBound`) is for tests of what happens at the bound.
    package func persist(in folder: String, sizeBound: Int = ShapeCache.persistedSizeBound) {
        precondition(tables.pointee.runs.isEmpty, "persist(in:) comes before the first lookup")
        detachPersisted()
        guard let key = ShapeCacheKey(chain: chain), let cacheFolder = CacheFolder.open(folder) else { return }
        let persisted = PersistedShapes(folder: cacheFolder, key: key, sizeBound: sizeBound)
        tables.pointee.persisted = persisted
        if let file = persisted.mapping?.file {
            tables.pointee.fileGlyphs = file.glyphBase
            tables.pointee.fileGlyphCount = UInt32(file.glyphCount)
        }
    }

    /// Stops using a persisted file (its runs are forgotten first: `reset()` calls this).
    func detachPersisted() {
        tables.pointee.persisted = nil
        tables.pointee.fileGlyphs = nil
        tables.pointee.fileGlyphCount = 0
        tables.pointee.servedFromFile = 0
    }

    /// The glyphs the persisted file holds: run glyph starts below this are in the file.
    public var persistedGlyphCount: Int { Int(tables.pointee.fileGlyphCount) }

    /// Runs served from the persisted file since creation or the last `reset()`; `shapedCount` minus this is how
    /// many strings HarfBuzz shaped.
    public var servedFromFile: Int { tables.pointee.servedFromFile }

    /// The persisted file's path (whether or not it exists yet), when this cache keeps one.
    public var persistedPath: String? { tables.pointee.persisted?.path }

    /// The run of `id` in `style` (its own by default) from the persisted file, counted as served; nil when there
    /// is no file or it does not hold that run. `table` is `strings`, read once by a caller that loops (reading
    /// the property copies the table's arrays: four retains and releases each time).
    @inline(__always)
    func persistedRun(_ id: TextID, style: ShapingStyle? = nil, in table: StringTable) -> ShapedRun? {
        guard let persisted = tables.pointee.persisted, persisted.mapping != nil else { return nil }
        let run = table.withUTF8(of: id) { utf8 in
            persisted.run(UnsafeRawBufferPointer(utf8), style: style ?? ShapingStyle.detect(utf8), chain: chain)
        }
        if run != nil { tables.pointee.servedFromFile += 1 }
        return run
    }

    /// Writes the persisted file anew when this process shaped runs it lacks: every run this cache holds (except
    /// runs with missing glyphs, which a newly installed font could change), then the old file's other entries that
    /// still check out, up to `persistedSizeBound`. Written atomically (a complete file renamed over the old one),
    /// so a concurrent reader or writer sees the old file or a new one, never a mix; when two processes save at
    /// once, the last rename wins and the other's additions wait for a later run. Returns what was written; nil
    /// when there was nothing to write, no cache folder, or the write failed (a cache never fails a command).
    @discardableResult
    public func savePersisted() -> PersistedSave? {
        guard let persisted = tables.pointee.persisted else { return nil }
        let fileGlyphCount = tables.pointee.fileGlyphCount
        let shapedHere = tables.pointee.runs.contains { $0.glyphStart >= fileGlyphCount && $0.missing == 0 }
        guard shapedHere else { return nil }

        // This process's runs, by key, with what they depend on.
        struct Used {
            var id: TextID
            var run: ShapedRun
            var depends: Bool
            var maxFont: UInt16
        }
        var used: [Used] = []
        used.reserveCapacity(tables.pointee.runs.count)
        func take(_ id: TextID, _ slot: Int32) {
            let run = tables.pointee.runs[Int(slot)]
            guard run.missing == 0 else { return }
            let use = withGlyphs(of: run) { PersistedShapes.fallbackUse(of: $0, style: run.style, chain: chain) }
            used.append(Used(id: id, run: run, depends: use.depends, maxFont: use.maxFont))
        }
        let strings = self.strings
        for (id, slot) in tables.pointee.runIndex.enumerated() where slot >= 0 { take(TextID(id), slot) }
        for (key, slot) in tables.pointee.restyled { take(key.id, slot) }

        // The old file's entries that check out and whose fallback fonts are still the chain's.
        let file = persisted.mapping?.file
        var carried: [ShapeFile.Entry] = []
        if let file {
            carried.reserveCapacity(file.entryCount)
            for index in 0..<file.entryCount {
                guard let entry = file.entry(at: index), entry.missing == 0, file.verified(entry),
                      !entry.dependsOnFallbacks || persisted.fallbacksHold(upTo: Int(entry.maxFont), chain: chain)
                else { continue }
                carried.append(entry)
            }
        }

        // The fonts runs depending on fallbacks were shaped with: the chain's 0…n as they are now.
        let maxFont = max(used.lazy.filter(\.depends).map { Int($0.maxFont) }.max() ?? 0,
                          carried.lazy.filter(\.dependsOnFallbacks).map { Int($0.maxFont) }.max() ?? 0)
        var fonts: [ShapeFile.Font] = []
        var fontsKnown = true
        if used.contains(where: \.depends) || carried.contains(where: \.dependsOnFallbacks) {
            for index in 0...maxFont {
                guard let descriptor = chain.descriptor(at: index), let font = ShapeFile.Font.identity(of: descriptor)
                else { fontsKnown = false; break }
                fonts.append(font)
            }
        }
        var writer = ShapeFileWriter(key: persisted.key.hash, limit: persisted.sizeBound)
        writer.setFonts(fontsKnown ? fonts : [])
        writer.reserve(entries: used.count + carried.count,
                       glyphs: used.reduce(0) { $0 + Int($1.run.glyphCount) } + carried.reduce(0) { $0 + $1.glyphCount },
                       stringBytes: used.reduce(0) { $0 + strings.utf8Count(of: $1.id) }
                           + carried.reduce(0) { $0 + $1.stringCount })
        var newEntries = 0
        addUsed: for item in used where fontsKnown || !item.depends {
            let outcome = strings.withUTF8(of: item.id) { utf8 in
                withGlyphs(of: item.run) { glyphs in
                    writer.add(string: UnsafeRawBufferPointer(utf8), style: item.run.style.rawValue,
                               advance: item.run.advance, missing: 0,
                               flags: item.depends ? ShapeFileLayout.dependsOnFallbacks : 0,
                               maxFont: item.depends ? item.maxFont : 0, glyphs: glyphs)
                }
            }
            switch outcome {
            case .added: if item.run.glyphStart >= fileGlyphCount { newEntries += 1 }
            case .duplicate: continue
            case .full: break addUsed
            }
        }
        if let file {
            addCarried: for entry in carried where fontsKnown || !entry.dependsOnFallbacks {
                let outcome = writer.add(
                    string: file.string(of: entry), style: entry.style, advance: entry.advance, missing: 0,
                    flags: entry.flags, maxFont: entry.maxFont, glyphs: file.glyphs(of: entry),
                    keyHash: entry.keyHash, check: entry.check)
                if outcome == .full { break addCarried }
            }
        }
        let bytes = writer.encoded()
        guard persisted.folder.write(persisted.key.fileName, bytes) else { return nil }
        return PersistedSave(path: persisted.path, entries: writer.entryCount, newEntries: newEntries,
                             bytes: bytes.count)
    }
}
