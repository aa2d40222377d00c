import CHarfBuzz
import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// A frozen table of `texts` and their ids.
func frozenTable(_ texts: [String]) -> (StringTable, [TextID]) {
    let builder = StringTableBuilder()
    let ids = texts.map { builder.intern($0) }
    return (builder.freeze(), ids)
}

/// A fresh temporary folder for one test's cache files, removed afterwards.
func withCacheFolder<R>(_ body: (String) throws -> R) throws -> R {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shapes-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}

/// Bytes copied to 16-byte aligned memory (as a mapping is), for `ShapeFile` to read.
func withAligned<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    defer { memory.deallocate() }
    bytes.withUnsafeBytes { if let base = $0.baseAddress { memory.copyMemory(from: base, byteCount: $0.count) } }
    return try body(UnsafeRawBufferPointer(start: memory, count: bytes.count))
}

/// The persisted shape cache: what one cache saves, the next serves in place, without shaping, and identically;
/// what is damaged, foreign or out of date is never served.
@Suite struct PersistedShapeCacheTests {
    /// Greek, English, Hebrew with points and cantillation, a transliteration, Strong's and morphology, the empty
    /// string and a space, Greek with Hebrew (from a fallback font), and U+0378 (no font has it).
    static let texts = [
        "λόγος", "Ἐν ἀρχῇ ἦν ὁ λόγος", "word", "In the beginning was the Word", "בְּרֵאשִׁ֖ית",
        "bərēʾšît", "G3056", "V-AAI-3S", "", " ", "λόγος שלום", "a\u{0378}b",
    ]
    static let missingText = "a\u{0378}b"

    /// A run without its glyph position, and its glyphs.
    static func shaped(_ cache: ShapeCache, _ id: TextID, style: ShapingStyle? = nil) -> (ShapedRun, [ShapedGlyph]) {
        var run = style.map { cache.run(id, style: $0) } ?? cache.run(id)
        let glyphs = Array(cache.glyphs(of: run))
        run.glyphStart = 0
        return (run, glyphs)
    }

    /// A cache over `texts` keeping its file in `folder`, reading a file over `mappedLimit` bytes record by record.
    /// Files of at least 256 slots: small enough to copy hundreds of times.
    static func cache(
        _ texts: [String], folder: String?, slotCount: Int = 256, mappedLimit: Int = ShapeFileLayout.mappedLimit
    ) throws -> (ShapeCache, [TextID]) {
        let (strings, ids) = frozenTable(texts)
        let cache = ShapeCache(chain: try sharedFontChain(), strings: strings)
        if let folder { cache.persist(in: folder, slotCount: slotCount, mappedLimit: mappedLimit) }
        return (cache, ids)
    }

    static func size(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// Both ways of reading the file: mapped whole, and record by record (as a file over the limit is).
    static let mappedLimits = [ShapeFileLayout.mappedLimit, 0]

    @Test(arguments: mappedLimits)
    func aSecondCacheServesWhatTheFirstSavedWithoutShaping(mappedLimit: Int) throws {
        try withCacheFolder { folder in
            let (cold, ids) = try Self.cache(Self.texts, folder: folder)
            let reference = ids.map { Self.shaped(cold, $0) }
            let forced = Self.shaped(cold, ids[2], style: .hebrew)  // "word" right to left: a run of its own
            #expect(cold.servedFromFile == 0)
            let saved = try #require(cold.savePersisted())
            #expect(
                saved.entries == Self.texts.count, "every run but the one with a missing glyph, plus the restyled one")
            #expect(saved.newEntries == saved.entries)
            #expect(saved.path == cold.persistedPath && FileManager.default.fileExists(atPath: saved.path))
            let name = URL(fileURLWithPath: saved.path).lastPathComponent
            #expect(name.hasPrefix("shapes-") && name.hasSuffix(".bin") && name.count == 27)

            let (warm, sameIDs) = try Self.cache(Self.texts, folder: folder, mappedLimit: mappedLimit)
            #expect(warm.persistedGlyphCount > 0)
            for (k, id) in sameIDs.enumerated() {
                let (run, glyphs) = Self.shaped(warm, id)
                #expect(run == reference[k].0, "\(Self.texts[k])")
                #expect(glyphs == reference[k].1, "\(Self.texts[k])")
                let served = warm.run(id).glyphStart < UInt32(warm.persistedGlyphCount)
                #expect(
                    served == (Self.texts[k] != Self.missingText), "served in place from the file: \(Self.texts[k])")
            }
            let again = Self.shaped(warm, sameIDs[2], style: .hebrew)
            #expect(again.0 == forced.0 && again.1 == forced.1)
            #expect(warm.servedFromFile == Self.texts.count, "all but the missing-glyph run, plus the restyled one")
            #expect(warm.shapedCount - warm.servedFromFile == 1, "only the run with a missing glyph is shaped")
            #expect(warm.glyphs.count == Int(warm.run(sameIDs.last!).glyphCount), "no glyph copied into the arena")
            #expect(warm.savePersisted() == nil, "nothing new: the file is not written again")
            #expect(warm.invariantsHold())
        }
    }

    /// A later run appends only what it shaped: the file grows by exactly the records it wrote, and what it
    /// wrote (records and their 4-byte slots) is far less than the file.
    @Test func aLaterRunAppendsOnlyItsNewStrings() throws {
        try withCacheFolder { folder in
            let (first, firstIDs) = try Self.cache(Array(Self.texts[0..<4]), folder: folder)
            firstIDs.forEach { _ = first.run($0) }
            let firstSave = try #require(first.savePersisted())
            #expect(firstSave.entries == 4 && !firstSave.compacted)
            let before = try Self.size(firstSave.path)
            let (second, ids) = try Self.cache(Self.texts, folder: folder)
            ids.forEach { _ = second.run($0) }
            #expect(second.servedFromFile == 4)
            let saved = try #require(second.savePersisted())
            #expect(saved.entries == Self.texts.count - 5 && saved.newEntries == saved.entries && !saved.compacted)
            let after = try Self.size(saved.path)
            #expect(after - before == saved.bytes - 4 * saved.entries, "the file grew by the records appended")
            #expect(saved.bytes < before, "a save writes its records, not the file")
            let (third, thirdIDs) = try Self.cache(Self.texts.reversed(), folder: folder)
            thirdIDs.forEach { _ = third.run($0) }
            #expect(third.servedFromFile == Self.texts.count - 1)
            #expect(third.savePersisted() == nil)
        }
    }

    /// A file is sized by what it holds: its slots (4 bytes each) and header come to at most half the bytes of its
    /// records (a file ≤ 1.5 × its entries), whether its first save made it or later saves grew it; a save that
    /// would fill more than half the slots writes the file again with more, and everything saved before is still
    /// served from it.
    @Test func theFileGrowsWithWhatItHolds() throws {
        try withCacheFolder { folder in
            let words = (0..<3_000).map { "w\($0)" }
            func slots(_ path: String) throws -> Int {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(ShapeFileLayout.headerSize))
                return Int(bytes[ShapeFileLayout.Header.slotCount]) | Int(bytes[ShapeFileLayout.Header.slotCount + 1])
                    << 8
                    | Int(bytes[ShapeFileLayout.Header.slotCount + 2]) << 16
            }
            func sizedByWhatItHolds(_ path: String) throws {
                let size = try Self.size(path), slotCount = try slots(path)
                let table = ShapeFileLayout.recordsStart(slotCount: slotCount)
                #expect(table * 2 <= size - table, "\(slotCount) slots beside \(size - table) bytes of records")
            }
            var path = ""
            for (step, end) in [100, 400, 3_000].enumerated() {
                let (cache, ids) = try Self.cache(Array(words[0..<end]), folder: folder, slotCount: 16)
                ids.forEach { _ = cache.run($0) }
                #expect(cache.servedFromFile == [0, 100, 400][step], "what earlier saves wrote is served")
                let saved = try #require(cache.savePersisted())
                #expect(saved.entries == end - [0, 100, 400][step])
                #expect(saved.compacted == (step > 0), "a save that would crowd the slots grows the file")
                path = saved.path
                try sizedByWhatItHolds(path)
            }
            let (all, ids) = try Self.cache(words, folder: folder, slotCount: 16)
            ids.forEach { _ = all.run($0) }
            #expect(all.servedFromFile == words.count)
            #expect(try slots(path) >= words.count * 2, "at most half full")
        }
    }

    /// Two caches opened on the same file before either saves (two processes at once): the second save appends
    /// only what the first did not, and a third cache is served everything either shaped.
    @Test func cachesSavingOneAfterTheOtherLoseNothing() throws {
        try withCacheFolder { folder in
            let left = Array(Self.texts[0..<7]), right = Array(Self.texts[3..<10])
            let (a, aIDs) = try Self.cache(left, folder: folder)
            let (b, bIDs) = try Self.cache(right, folder: folder)
            aIDs.forEach { _ = a.run($0) }
            bIDs.forEach { _ = b.run($0) }
            #expect(a.savePersisted()?.entries == 7)
            #expect(b.savePersisted()?.entries == 3, "the four strings the first save added are not written again")
            let (c, cIDs) = try Self.cache(Array(Self.texts[0..<10]), folder: folder)
            cIDs.forEach { _ = c.run($0) }
            #expect(c.servedFromFile == 10)
        }
    }

    /// A file that is not one this build wrote for this key, or is damaged, is never served from; the next save
    /// replaces it (a compaction) or, for a file cut short or left empty, appends what is missing. A torn tail
    /// (bytes past the last record) changes nothing.
    @Test(
        arguments: ["garbage", "empty", "truncated", "header", "glyph", "string", "another key", "grown"], mappedLimits)
    func aForeignTruncatedOrDamagedFileIsIgnoredAndRepaired(damage: String, mappedLimit: Int) throws {
        try withCacheFolder { folder in
            let (cold, ids) = try Self.cache(Self.texts, folder: folder)
            let reference = ids.map { Self.shaped(cold, $0) }
            let path = try #require(cold.savePersisted()).path
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let entries = withAligned(bytes) {
                ShapeFile(bytes: $0, key: (cold.tables.pointee.store as! PersistedShapes).key.hash)?.reachableEntries()
                    ?? []
            }
            #expect(entries.count == Self.texts.count - 1)
            switch damage {
            case "garbage":
                var generator = SplitMix64(seed: 7)
                bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            case "empty": bytes = []
            case "truncated": bytes.removeLast(bytes.count / 3)
            case "header": bytes[ShapeFileLayout.Header.slotCount] ^= 0x01
            case "glyph":
                let entry = try #require(entries.first { $0.glyphCount >= 3 })
                bytes[entry.offset + ShapeFileLayout.recordHeadSize + 2 * ShapeFileLayout.glyphSize + 5] ^= 0x40
            case "string":
                let entry = try #require(entries.first { $0.stringCount >= 2 })
                bytes[
                    entry.offset + ShapeFileLayout.recordHeadSize + entry.glyphCount * ShapeFileLayout.glyphSize + 1] ^=
                    0x01
            case "another key":
                var writer = ShapeFileWriter(key: 0x1234, slotCount: 16)
                let glyph = ShapedGlyph(glyph: 3, font: 0, advance: 0.5, xOffset: 0, yOffset: 0)
                let outcome = [glyph].withUnsafeBufferPointer { glyphs in
                    var text = "λόγος"
                    return text.withUTF8 {
                        writer.add(
                            string: UnsafeRawBufferPointer($0), style: ShapingStyle.greek.rawValue, advance: 0.5,
                            flags: 0, maxFont: 0, glyphs: glyphs)
                    }
                }
                #expect(outcome == .added)
                bytes = writer.encoded()
            case "grown": bytes += [0, 0, 0, 0]
            default: Issue.record("unknown damage \(damage)")
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let (warm, sameIDs) = try Self.cache(Self.texts, folder: folder, mappedLimit: mappedLimit)
            for (k, id) in sameIDs.enumerated() {
                let (run, glyphs) = Self.shaped(warm, id)
                #expect(run == reference[k].0 && glyphs == reference[k].1, "\(damage): \(Self.texts[k])")
            }
            if damage == "grown" {
                #expect(warm.servedFromFile == Self.texts.count - 1, "a torn tail is never read")
                #expect(warm.savePersisted() == nil)
                return
            }
            #expect(warm.servedFromFile < Self.texts.count - 1, "\(damage): something was shaped again")
            let saved = try #require(warm.savePersisted(), "\(damage): the file is repaired")
            #expect(saved.compacted == !["empty", "truncated"].contains(damage), "\(damage)")

            let (repaired, repairedIDs) = try Self.cache(Self.texts, folder: folder, mappedLimit: mappedLimit)
            repairedIDs.forEach { _ = repaired.run($0) }
            #expect(repaired.servedFromFile == Self.texts.count - 1, "\(damage): the file serves everything")
            #expect(repaired.savePersisted() == nil)
        }
    }

    /// Deterministic random damage (bytes flipped, cut off, added, zeroed, counts rewritten): whatever the reader
    /// accepts, every run it serves is exactly the freshly shaped one. Some damage must be refused, some caught by
    /// an entry's check, and some runs still served, or the test proves nothing. The reader that reads a file record
    /// by record (`ShapeFileReader`) answers every lookup as the mapped one does.
    @Test func randomMutationsNeverServeAWrongRun() throws {
        try withCacheFolder { folder in
            let texts = Self.texts + (0..<40).map { "ἐγένετο \($0)" }
            let (cold, ids) = try Self.cache(texts, folder: folder)
            let reference = ids.map { Self.shaped(cold, $0) }
            let path = try #require(cold.savePersisted()).path
            let key = try #require(cold.tables.pointee.store as? PersistedShapes).key.hash
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            var generator = SplitMix64(seed: 0x5A9E_CAC4_E000_0001)
            var refused = 0, damaged = 0, served = 0, wrong = 0, disagreed = 0
            for trial in 0..<600 {
                let bytes = mutate(original, &generator)
                withAligned(bytes) { buffer in
                    let reader = ShapeFileReader(source: ShapeFileBytes(bytes: buffer), length: buffer.count, key: key)
                    guard let file = ShapeFile(bytes: buffer, key: key) else {
                        refused += 1
                        if reader != nil { disagreed += 1 }
                        return
                    }
                    guard let reader else { disagreed += 1; return }
                    for (k, text) in texts.enumerated() where text != Self.missingText {
                        var utf8 = text
                        let style = reference[k].0.style.rawValue
                        let found = utf8.withUTF8 { file.lookup(UnsafeRawBufferPointer($0), style: style) }
                        let read = utf8.withUTF8 { reader.lookup(UnsafeRawBufferPointer($0), style: style) }
                        if read != found {
                            disagreed += 1
                        } else if case .found(let entry) = read,
                            reader.glyphs(of: entry).map(Array.init) != Array(file.glyphs(of: entry))
                        {
                            disagreed += 1
                        }
                        switch found {
                        case .found(let entry):
                            served += 1
                            if Array(file.glyphs(of: entry)) != reference[k].1
                                || entry.advance != reference[k].0.advance
                            {
                                wrong += 1
                            }
                        case .damaged: damaged += 1
                        case .absent: break
                        }
                    }
                    for entry in file.reachableEntries()
                    where file.fonts(atUnit: entry.fonts) != reader.fonts(atUnit: entry.fonts) {
                        disagreed += 1
                    }
                }
                // Every 30th damaged file goes through the whole cache, from disk, mapped and read by records.
                if trial % 30 == 0 {
                    try Data(bytes).write(to: URL(fileURLWithPath: path))
                    for mappedLimit in Self.mappedLimits {
                        let (warm, sameIDs) = try Self.cache(texts, folder: folder, mappedLimit: mappedLimit)
                        for (k, id) in sameIDs.enumerated() {
                            let (run, glyphs) = Self.shaped(warm, id)
                            if run != reference[k].0 || glyphs != reference[k].1 { wrong += 1 }
                        }
                    }
                }
            }
            #expect(wrong == 0)
            #expect(disagreed == 0, "the record-by-record reader answers as the mapped one")
            #expect(
                refused > 0 && damaged > 0 && served > 0, "refused \(refused), damaged \(damaged), served \(served)")
        }
    }

    /// One random mutation of a file's bytes.
    func mutate(_ original: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var bytes = original
        func position() -> Int { Int(generator.next() % UInt64(max(bytes.count, 1))) }
        switch generator.next() % 6 {
        case 0:
            for _ in 0..<(1 + generator.next() % 8) where !bytes.isEmpty {
                bytes[position()] ^= UInt8(truncatingIfNeeded: 1 + generator.next() % 255)
            }
        case 1: bytes.removeLast(Int(generator.next() % UInt64(bytes.count + 1)))
        case 2: bytes += (0..<(1 + generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        case 3:
            let start = position(), count = min(Int(generator.next() % 256), bytes.count - start)
            for i in start..<(start + count) { bytes[i] = 0 }
        case 4:
            // The slot count rewritten (header check left as is: it must catch this).
            let value = UInt32(truncatingIfNeeded: generator.next())
            let field = ShapeFileLayout.Header.slotCount
            if bytes.count >= field + 4 { withUnsafeBytes(of: value) { for i in 0..<4 { bytes[field + i] = $0[i] } } }
        default:
            // An entry or slot byte past the header: the part lookups read.
            let at =
                ShapeFileLayout.headerSize
                + Int(generator.next() % UInt64(max(bytes.count - ShapeFileLayout.headerSize, 1)))
            if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: generator.next()) }
        }
        return bytes
    }

    /// A run that went through fallback fonts is served only while the chain's fonts up to the highest it used are
    /// the files recorded with it.
    @Test(arguments: mappedLimits)
    func aRunThroughFallbackFontsIsServedOnlyWhileThoseFontsAreTheSame(mappedLimit: Int) throws {
        try withCacheFolder { folder in
            let (cold, ids) = try Self.cache(["λόγος שלום"], folder: folder)
            let (run, glyphs) = Self.shaped(cold, ids[0])
            let maxFont = try #require(glyphs.map(\.font).max())
            #expect(maxFont > 0, "the Hebrew letters come from a fallback font")
            let path = try #require(cold.savePersisted()).path
            let key = try #require(cold.tables.pointee.store as? PersistedShapes).key.hash
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            try withAligned(bytes) { buffer in
                let file = try #require(ShapeFile(bytes: buffer, key: key))
                let entry = try #require(file.reachableEntries().first)
                #expect(entry.dependsOnFallbacks && entry.maxFont == maxFont)
                #expect(
                    file.fonts(atUnit: entry.fonts)?.count == Int(maxFont) + 1,
                    "the chain's fonts 0…maxFont are recorded")
            }
            let chain = try sharedFontChain()
            for changed in [false, true] {
                var fonts = try (0...Int(maxFont)).map { index in
                    try #require(chain.descriptor(at: index).flatMap(ShapeFile.Font.identity(of:)))
                }
                if changed { fonts[Int(maxFont)].modifiedNanoseconds += 1 }  // as if the font was upgraded
                var writer = ShapeFileWriter(key: key, slotCount: 16)
                writer.setFonts(fonts)
                var text = "λόγος שלום"
                let outcome = text.withUTF8 { utf8 in
                    glyphs.withUnsafeBufferPointer {
                        writer.add(
                            string: UnsafeRawBufferPointer(utf8), style: run.style.rawValue, advance: run.advance,
                            flags: ShapeFileLayout.dependsOnFallbacks, maxFont: maxFont, glyphs: $0)
                    }
                }
                #expect(outcome == .added)
                try Data(writer.encoded()).write(to: URL(fileURLWithPath: path))
                let (warm, sameIDs) = try Self.cache(["λόγος שלום"], folder: folder, mappedLimit: mappedLimit)
                let (again, againGlyphs) = Self.shaped(warm, sameIDs[0])
                #expect(again == run && againGlyphs == glyphs)
                #expect(warm.servedFromFile == (changed ? 0 : 1), changed ? "a changed font is not trusted" : "served")
            }
        }
    }

    @Test func theKeyNamesHarfBuzzAndTheFontFiles() throws {
        let chain = try sharedFontChain()
        let key = try #require(ShapeCacheKey(chain: chain))
        #expect(key.text.contains("harfbuzz " + String(cString: hb_version_string())))
        #expect(key.text.contains(chain.primary.descriptor.path))
        #expect(key.text.contains("features none"))
        #expect(ShapeCacheKey(chain: chain)?.hash == key.hash, "the same fonts give the same key")
        #expect(key.fileName == "shapes-" + String(format: "%016llx", key.hash) + ".bin")
    }

    @Test func stableHashesDoNotChangeBetweenRuns() {
        func hash(_ text: String) -> UInt64 {
            var text = text
            return text.withUTF8 { StableHasher.hash(UnsafeRawBufferPointer($0)) }
        }
        // Pinned: a different value would orphan every cache file (and must bump the format version).
        #expect(hash("") == 0x1D82_C2BA_A4DC_F83A)
        #expect(hash("λόγος") == 0xDEBB_00D9_D51D_DD3B)
        var pieces = StableHasher(), whole = StableHasher()
        var a = "ab", b = "c", ab = "a", c = "bc"
        a.withUTF8 { pieces.combine(UnsafeRawBufferPointer($0)) }
        b.withUTF8 { pieces.combine(UnsafeRawBufferPointer($0)) }
        ab.withUTF8 { whole.combine(UnsafeRawBufferPointer($0)) }
        c.withUTF8 { whole.combine(UnsafeRawBufferPointer($0)) }
        #expect(pieces.finalize() != whole.finalize())
    }

    @Test func theWriterStopsAtItsBound() {
        var writer = ShapeFileWriter(key: 42, slotCount: 16, limit: 1024)
        let glyphs = (0..<4).map { ShapedGlyph(glyph: UInt16($0), font: 0, advance: 0.25, xOffset: 0, yOffset: 0) }
        var added: [String] = []
        for n in 0..<100 {
            var text = "word \(n)"
            let outcome = text.withUTF8 { utf8 in
                glyphs.withUnsafeBufferPointer {
                    writer.add(
                        string: UnsafeRawBufferPointer(utf8), style: 0, advance: 1, flags: 0, maxFont: 0,
                        glyphs: $0)
                }
            }
            if outcome == .full { break }
            #expect(outcome == .added)
            added.append(text)
        }
        let bytes = writer.encoded()
        #expect(bytes.count <= 1024 && added.count > 3 && added.count < 100)
        withAligned(bytes) { buffer in
            guard let file = ShapeFile(bytes: buffer, key: 42) else { Issue.record("refused its own file"); return }
            for text in added {
                var text = text
                let found = text.withUTF8 { file.lookup(UnsafeRawBufferPointer($0), style: 0) }
                guard case .found(let entry) = found else { Issue.record("\(text) not found"); continue }
                #expect(Array(file.glyphs(of: entry)) == glyphs)
            }
        }
    }
}
