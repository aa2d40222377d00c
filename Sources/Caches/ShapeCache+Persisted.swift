import InterlinearCorpus
import InterlinearShaping

extension ShapeCache {
    /// The most a persisted cache file may hold (`ShapeFileLayout.maximumFileSize`: 160 MiB). The whole Bible at
    /// every tier in one font chain takes 83 MB (docs/performance.md). At the bound nothing more is added; the
    /// strings that did not fit are shaped each time they are needed.
    package static let persistedSizeBound = ShapeFileLayout.maximumFileSize

    /// Keeps this cache across processes in `folder`: the file for this chain's key
    /// (`$folder/shapes-KEY.bin`, `ShapeCacheKey`) is mapped now, and strings it holds are served from it instead of
    /// being shaped; `savePersisted()` appends what was shaped. A missing, foreign or damaged file is no error:
    /// the cache starts empty and the next save makes or repairs it. Call before the first lookup. `slotCount` (a
    /// power of two, 16 or more) is the fewest slots of a file this process makes, for tests that want small files;
    /// a file over `mappedLimit` bytes is read record by record instead of mapped (`PersistedShapes`; tests pass 0).
    package func persist(
        in folder: String, slotCount: Int = ShapeFileLayout.defaultSlotCount,
        mappedLimit: Int = ShapeFileLayout.mappedLimit
    ) {
        precondition(runs.isEmpty, "persist(in:) comes before the first lookup")
        detachStore()
        guard let key = ShapeCacheKey(chain: chain), let cacheFolder = CacheFolder.open(folder) else { return }
        attach(
            PersistedShapes(
                folder: cacheFolder, key: key, slotCount: slotCount, chain: chain, mappedLimit: mappedLimit))
    }
}

extension PersistedShapes {
    /// Appends to the file the runs `cache` shaped that it lacks (`ShapeCache.forEachUnsavedRun`): O(runs) bytes, never
    /// the file (`ShapeFileAppender`, which also says when a damaged file is compacted). Concurrent processes take
    /// turns at a lock on the file; what another added meanwhile is not written again. Returns what was written;
    /// nil when there was nothing new, or the write failed (a cache never fails a command).
    func save(from cache: ShapeCache) -> PersistedSave? {
        // What this process's new runs depend on.
        var uses: [(depends: Bool, maxFont: UInt16)] = []
        cache.forEachUnsavedRun { _, _, _, run, glyphs in
            uses.append(PersistedShapes.fallbackUse(of: glyphs, style: run.style, chain: chain))
        }
        guard !uses.isEmpty || !wantedLists.isEmpty else { return nil }
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
        offsets.reserveCapacity(uses.count)
        var index = 0
        // Which new entry is each string's own run (-1: none), for the lists.
        var entryOfID = [Int32](repeating: -1, count: wantedLists.isEmpty ? 0 : cache.strings.count)
        cache.forEachUnsavedRun { id, own, utf8, run, glyphs in
            let use = uses[index]
            index += 1
            let string = UnsafeRawBufferPointer(utf8)
            guard !use.depends || !fonts.isEmpty,
                ShapeRecords.fits(glyphs: Int(run.glyphCount), stringBytes: string.count)
            else { return }
            if own, Int(id) < entryOfID.count { entryOfID[Int(id)] = Int32(offsets.count) }
            offsets.append(batch.end)
            _ = batch.appendEntry(
                keyHash: ShapeFileLayout.keyHash(string, style: run.style.rawValue), string: string,
                style: run.style.rawValue, advance: run.advance,
                flags: use.depends ? ShapeFileLayout.dependsOnFallbacks : 0,
                maxFont: use.depends ? use.maxFont : 0, fonts: 0, glyphs: glyphs)
        }
        let strings = cache.strings
        let lists = wantedLists.map { wanted in
            ShapeRunListDraft(
                digest: wanted.digest, strings: strings, ids: wanted.ids,
                batchEntry: wanted.ids.map { Int($0) < entryOfID.count ? entryOfID[Int($0)] : -1 }, found: wanted.units)
        }
        wantedLists = []
        guard !offsets.isEmpty || !lists.isEmpty else { return nil }
        let appender = ShapeFileAppender(folder: folder, name: key.fileName, key: key.hash, slotCount: slotCount)
        guard
            let outcome = appender.append(
                batch, entries: offsets, fonts: fonts, compact: damaged, holds: { self.holds($1, in: $0) },
                lists: lists)
        else { return nil }
        guard !offsets.isEmpty || outcome.bytesWritten > 0 else { return nil }
        return PersistedSave(
            path: path, entries: outcome.added, bytes: outcome.bytesWritten, compacted: outcome.compacted)
    }
}
