import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// The shape file's run lists (`ShapeRunList`): a prefetch that a save wrote a list for is served whole from it on
/// the next run, identically to shaping; a list that does not hold — damaged, re-sealed over the wrong entry, naming
/// a damaged entry, another table's strings — is never served from, and the batch is looked up string by string.
@Suite struct ShapeRunListTests {
    typealias Shared = PersistedShapeCacheTests

    /// The batch: the persisted cache tests' strings (one has a glyph no font has, so it is never kept) and forty
    /// Greek ones, with duplicates, as a layout gathers them.
    static let texts = Shared.texts + (0..<40).map { "ἐγένετο \($0)" }
    static var batch: [Int] { Array(texts.indices) + [0, 3, 3, 14] }

    /// A cache over `texts` with its file in `folder`, prefetched with the batch; its store.
    static func prefetched(
        folder: String, texts: [String] = texts, slotCount: Int = 256, mappedLimit: Int = ShapeFileLayout.mappedLimit
    ) throws -> (ShapeCache, [TextID], PersistedShapes) {
        let (cache, ids) = try Shared.cache(texts, folder: folder, slotCount: slotCount, mappedLimit: mappedLimit)
        cache.prefetch(batch.map { ids[$0] }, threads: 1)
        return (cache, ids, try #require(cache.tables.pointee.store as? PersistedShapes))
    }

    /// Freshly shaped runs of `texts` (no cache folder), without their glyph positions, and their glyphs.
    static func reference() throws -> [(ShapedRun, [ShapedGlyph])] {
        let (cache, ids) = try Shared.cache(texts, folder: nil)
        return ids.map { Shared.shaped(cache, $0) }
    }

    /// Whether every run of `cache` is the fresh one.
    static func servesReference(_ cache: ShapeCache, _ ids: [TextID], _ reference: [(ShapedRun, [ShapedGlyph])])
        -> Bool
    {
        ids.indices.allSatisfy {
            let (run, glyphs) = Shared.shaped(cache, ids[$0])
            return run == reference[$0].0 && glyphs == reference[$0].1
        }
    }

    /// The file's bytes and the offset of its one list.
    static func fileAndList(_ path: String, key: UInt64) throws -> ([UInt8], Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let lists = withAligned(bytes) { ShapeFile(bytes: $0, key: key)?.reachableLists() ?? [] }
        #expect(lists.count == 1, "one batch, one list")
        return (bytes, try #require(lists.first))
    }

    @Test(arguments: Shared.mappedLimits)
    func aWarmPrefetchIsServedFromItsListAlone(mappedLimit: Int) throws {
        let reference = try Self.reference()
        try withCacheFolder { folder in
            let (cold, _, coldStore) = try Self.prefetched(folder: folder)
            #expect(cold.servedFromFile == 0 && coldStore.wantedLists.count == 1, "no file yet: the batch is kept")
            let saved = try #require(cold.savePersisted())
            #expect(saved.entries == Self.texts.count - 1, "every string but the one with a missing glyph")
            let (_, listOffset) = try Self.fileAndList(saved.path, key: coldStore.key.hash)
            #expect(listOffset > 0)

            let (warm, ids, store) = try Self.prefetched(folder: folder, mappedLimit: mappedLimit)
            #expect(warm.servedFromFile == Self.texts.count - 1)
            #expect(warm.shapedCount - warm.servedFromFile == 1, "only the string with a missing glyph is shaped")
            // A mapped file serves the list, and so does one read record by record: no string is looked up, so
            // no list is wanted.
            #expect(store.wantedLists.isEmpty)
            #expect(Self.servesReference(warm, ids, reference))
            #expect(warm.savePersisted() == nil, "the list was there: nothing to write")
            #expect(warm.invariantsHold())
        }
    }

    /// What a list must hold before it is served, broken one way at a time: each time every run is still the
    /// fresh one, the batch is looked up string by string, and the next save leaves a list that serves.
    @Test(
        arguments: ["list byte", "resealed wrong entry", "resealed zero", "entry glyph", "count", "marker"],
        Shared.mappedLimits)
    func aBadListIsNeverServed(damage: String, mappedLimit: Int) throws {
        let reference = try Self.reference()
        try withCacheFolder { folder in
            let (cold, _, coldStore) = try Self.prefetched(folder: folder)
            let path = try #require(cold.savePersisted()).path
            let key = coldStore.key.hash
            var (bytes, list) = try Self.fileAndList(path, key: key)
            typealias L = ShapeFileLayout.List
            let count = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: list + L.count, as: UInt32.self) })
            #expect(count == Self.texts.count, "one offset a distinct string")
            func unit(_ k: Int) -> UInt32 {
                bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: list + L.units + 4 * k, as: UInt32.self) }
            }
            func setUnit(_ k: Int, _ value: UInt32) {
                bytes.withUnsafeMutableBytes {
                    $0.storeBytes(of: value, toByteOffset: list + L.units + 4 * k, as: UInt32.self)
                }
            }
            /// The list's check recomputed, as if its writer had written it so.
            func reseal() {
                bytes.withUnsafeMutableBytes { raw in
                    let check = ShapeRunList.check(
                        raw.baseAddress! + list, length: ShapeFileLayout.listLength(count: count))
                    raw.storeBytes(of: check, toByteOffset: list + L.check, as: UInt64.self)
                }
            }
            switch damage {
            case "list byte": bytes[list + L.units + 5] ^= 0x10
            case "resealed wrong entry":
                // Two strings' entries swapped: each is a whole, checked entry, but not of that string.
                let first = unit(0), second = unit(2)
                setUnit(0, second)
                setUnit(2, first)
                reseal()
            case "resealed zero":
                // A string's offset taken out: the contents hash no longer covers what the list names.
                setUnit(1, 0)
                reseal()
            case "entry glyph":
                // A glyph of an entry the list names: the entry's own check and the list's contents hash fail.
                let entry = try #require(
                    withAligned(bytes) { ShapeFile(bytes: $0, key: key)?.entry(atUnit: unit(0)) })
                #expect(entry.glyphCount >= 1)
                bytes[entry.offset + ShapeFileLayout.recordHeadSize + 3] ^= 0x01
            case "count":
                bytes.withUnsafeMutableBytes {
                    $0.storeBytes(of: UInt32(count - 1), toByteOffset: list + L.count, as: UInt32.self)
                }
                reseal()
            case "marker": bytes[list] ^= 0xFF
            default: Issue.record("unknown damage \(damage)")
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let (warm, ids, store) = try Self.prefetched(folder: folder, mappedLimit: mappedLimit)
            #expect(Self.servesReference(warm, ids, reference), "\(damage)")
            #expect(store.wantedLists.count == 1, "\(damage): looked up string by string, and the list is wanted")
            if damage != "entry glyph" {
                #expect(warm.servedFromFile == Self.texts.count - 1, "\(damage): the entries themselves serve")
            }
            let saved = try #require(warm.savePersisted(), "\(damage): the list is written again")
            #expect(saved.bytes > 0)

            let (again, againIDs, againStore) = try Self.prefetched(folder: folder, mappedLimit: mappedLimit)
            #expect(againStore.wantedLists.isEmpty, "\(damage): the list written last serves")
            #expect(again.servedFromFile == Self.texts.count - 1)
            #expect(Self.servesReference(again, againIDs, reference))
            #expect(again.savePersisted() == nil)
        }
    }

    /// The same ids naming other strings (another store's table): the list is found by the ids, its keys are not
    /// the strings, so it is not served; the strings are looked up (shaped here), and the next save writes their list.
    @Test func anotherTablesStringsUnderTheSameIDsAreNotServedFromTheList() throws {
        try withCacheFolder { folder in
            let (cold, _, _) = try Self.prefetched(folder: folder)
            _ = try #require(cold.savePersisted())
            let others = Self.texts.map { $0 == "" || $0 == " " ? $0 : $0 + "x" }
            let (other, ids, store) = try Self.prefetched(folder: folder, texts: others)
            #expect(store.wantedLists.count == 1)
            let (fresh, freshIDs) = try Shared.cache(others, folder: nil)
            for (k, id) in ids.enumerated() {
                let (run, glyphs) = Shared.shaped(other, id)
                let (expected, expectedGlyphs) = Shared.shaped(fresh, freshIDs[k])
                #expect(run == expected && glyphs == expectedGlyphs, "\(others[k])")
            }
            _ = try #require(other.savePersisted())
            let (again, _, againStore) = try Self.prefetched(folder: folder, texts: others)
            #expect(againStore.wantedLists.isEmpty && again.shapedCount - again.servedFromFile == 1)
        }
    }

    /// A file that grows (is written again with more slots) carries the lists of what it held: every batch saved
    /// before is still served from its list, and the file stays sized by what it holds.
    @Test(arguments: Shared.mappedLimits)
    func aFileThatGrowsKeepsItsLists(mappedLimit: Int) throws {
        try withCacheFolder { folder in
            let batches = (0..<3).map { b in (0..<(60 * (b + 1))).map { "w\(b)-\($0)" } }
            var path = ""
            var compactions = 0
            for texts in batches {
                let (cache, ids) = try Shared.cache(texts, folder: folder, slotCount: 16)
                cache.prefetch(ids, threads: 1)
                let saved = try #require(cache.savePersisted())
                if saved.compacted { compactions += 1 }
                path = saved.path
            }
            #expect(compactions > 0, "a later batch crowded the slots: the file was written again")
            for texts in batches {
                let (cache, ids) = try Shared.cache(texts, folder: folder, slotCount: 16, mappedLimit: mappedLimit)
                cache.prefetch(ids, threads: 1)
                let store = try #require(cache.tables.pointee.store as? PersistedShapes)
                #expect(store.wantedLists.isEmpty && cache.servedFromFile == texts.count)
                #expect(cache.savePersisted() == nil)
            }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let slots = Int(
                bytes.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: ShapeFileLayout.Header.slotCount, as: UInt32.self)
                })
            let table = ShapeFileLayout.recordsStart(slotCount: slots)
            #expect(table * 2 <= bytes.count - table, "\(slots) slots beside \(bytes.count - table) bytes of records")
        }
    }

    /// Deterministic random damage to a file holding a list (bytes flipped, cut off, zeroed, counts rewritten):
    /// whatever a warm prefetch is served, from the list or string by string, is exactly the fresh run. Some files
    /// must still be served from their list, and some lists refused, or the test proves nothing.
    @Test(arguments: Shared.mappedLimits)
    func randomMutationsNeverServeAWrongRunFromAList(mappedLimit: Int) throws {
        let reference = try Self.reference()
        try withCacheFolder { folder in
            let (cold, _, _) = try Self.prefetched(folder: folder)
            let path = try #require(cold.savePersisted()).path
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            var generator = SplitMix64(seed: 0x11_57ED_0001)
            var fromList = 0, refused = 0, wrong = 0
            for _ in 0..<150 {
                try Data(PersistedShapeCacheTests().mutate(original, &generator)).write(to: URL(fileURLWithPath: path))
                let (warm, ids, store) = try Self.prefetched(folder: folder, mappedLimit: mappedLimit)
                if store.wantedLists.isEmpty && warm.servedFromFile > 0 { fromList += 1 } else { refused += 1 }
                if !Self.servesReference(warm, ids, reference) { wrong += 1 }
            }
            #expect(wrong == 0)
            #expect(fromList > 0 && refused > 0, "served from the list \(fromList), refused \(refused)")
        }
    }

    /// A file too large to map (read record by record) that lacks a batch's list: the batch is looked up string by
    /// string and its list is wanted; the save writes it (the appender maps the file), and the next prefetch is
    /// served from it alone, read record by record, identically to shaping. Among other batches' entries, as in
    /// the cache of a reader of many chapters.
    @Test func aFileReadByPiecesGetsItsListAndIsServedFromIt() throws {
        let reference = try Self.reference()
        try withCacheFolder { folder in
            // Another batch first: the file exists when this one is prefetched, and its entries are among others.
            let others = (0..<300).map { "ἄλλος \($0)" }
            let (first, firstIDs) = try Shared.cache(others, folder: folder, slotCount: 256, mappedLimit: 0)
            first.prefetch(firstIDs, threads: 1)
            _ = try #require(first.savePersisted())

            let (cold, coldIDs, coldStore) = try Self.prefetched(folder: folder, mappedLimit: 0)
            #expect(cold.servedFromFile == 0 && coldStore.wantedLists.count == 1)
            #expect(Self.servesReference(cold, coldIDs, reference))
            _ = try #require(cold.savePersisted())

            let (looked, lookedIDs, lookedStore) = try Self.prefetched(folder: folder, mappedLimit: 0)
            #expect(looked.servedFromFile == Self.texts.count - 1)
            #expect(lookedStore.wantedLists.isEmpty, "the cold save wrote the list")
            #expect(Self.servesReference(looked, lookedIDs, reference))

            // The list made another batch's (a byte of its digest changed): found by none, so the batch is looked
            // up and its list written again.
            let path = try #require(cold.persistedPath)
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let key = coldStore.key.hash
            let lists = withAligned(bytes) { ShapeFile(bytes: $0, key: key)?.reachableLists() ?? [] }
            #expect(lists.count == 2, "a list for each batch")
            for list in lists { bytes[list + ShapeFileLayout.List.digest] ^= 0x5A }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let (missing, missingIDs, missingStore) = try Self.prefetched(folder: folder, mappedLimit: 0)
            #expect(missingStore.wantedLists.count == 1, "no list: looked up string by string")
            #expect(missing.servedFromFile == Self.texts.count - 1, "each string is found on its own")
            #expect(Self.servesReference(missing, missingIDs, reference))
            let saved = try #require(missing.savePersisted(), "the list is written")
            #expect(saved.entries == 0 && saved.bytes > 0)

            let (warm, ids, store) = try Self.prefetched(folder: folder, mappedLimit: 0)
            #expect(store.wantedLists.isEmpty, "served from the list")
            #expect(warm.servedFromFile == Self.texts.count - 1)
            #expect(warm.shapedCount - warm.servedFromFile == 1, "only the string with a missing glyph is shaped")
            #expect(Self.servesReference(warm, ids, reference))
            #expect(warm.savePersisted() == nil)
            #expect(warm.invariantsHold())
        }
    }
}
