import InterlinearCorpus
import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// The persisted part of one shape cache: where its file lives, the file mapped for this process or, when large,
/// read record by record (if there was a usable one), and what lookups found out about it. The shape cache's store (`ShapeStore`) when its session keeps
/// a cache folder (`ShapeCache.persist(in:)`).
final class PersistedShapes: ShapeStore {
    let folder: CacheFolder
    let key: ShapeCacheKey
    /// The fewest slots of a file this process makes (`ShapeFileLayout.defaultSlotCount` unless a test asks for
    /// fewer); a file has as many as it needs (`ShapeFileLayout.slotCount(holding:least:)`).
    let slotCount: Int
    /// The chain the runs are shaped with: a run through fallback fonts is served while they are the same files.
    let chain: FontChain
    /// The file as it was when the cache was made (nil: there was none, it was refused, or it is read by pieces).
    let mapping: ShapeFileMapping?
    /// Its file (a value over the mapping), read by lookups without retaining anything.
    private let file: ShapeFile?
    /// A file over the size a process maps whole (`mappedLimit`), read record by record, and the glyphs of the runs
    /// it served (nil: the file is mapped, or there was none).
    private let reader: ShapeFileReader<ShapeFileDescriptor>?
    private let arena: ShapeFileArena?
    /// A lookup met an entry that failed its checks: the next save compacts the file without the damage.
    var damaged = false
    /// Whether the fonts record at an offset / 16 names the chain's fonts as they are now, checked once per record
    /// (a `stat` per font) on the first run that needs it.
    private var fontsHolding: [UInt32: Bool] = [:]

    var path: String { folder.path + "/" + key.fileName }

    /// A file of at most `mappedLimit` bytes is mapped whole and read in place; a larger one is read record by
    /// record (`ShapeFileReader`), so that a process looking up one chapter's strings in the whole Bible's file
    /// costs the memory of what it reads, not of the file.
    init(folder: CacheFolder, key: ShapeCacheKey, slotCount: Int, chain: FontChain, mappedLimit: Int) {
        self.folder = folder
        self.key = key
        self.slotCount = slotCount
        self.chain = chain
        var mapping: ShapeFileMapping?
        var reader: ShapeFileReader<ShapeFileDescriptor>?
        var arena: ShapeFileArena?
        if let (fd, info) = folder.openFile(key.fileName) {
            let length = Int(info.st_size)
            if length > mappedLimit {
                // The reader closes the descriptor; a file it refuses is closed here.
                reader = ShapeFileReader(source: ShapeFileDescriptor(descriptor: fd), length: length, key: key.hash)
                if reader == nil { close(fd) }
                arena = reader == nil ? nil : ShapeFileArena(capacity: length / ShapeFileLayout.glyphSize)
                if arena == nil { reader = nil }
            } else {
                mapping = ShapeFileMapping(descriptor: fd, length: length, key: key.hash)
                close(fd)
            }
        }
        self.mapping = mapping
        file = mapping?.file
        self.reader = reader
        self.arena = arena
    }

    var glyphBase: UnsafePointer<ShapedGlyph>? { file?.glyphBase ?? arena.map { UnsafePointer($0.base) } }
    var glyphCount: UInt32 {
        if let file { return UInt32(file.glyphUnits) }
        return arena.map { UInt32($0.capacity) } ?? 0
    }

    /// The file's run of a string in `style`; nil when the file lacks it, or its entry failed its checks (then the
    /// next save compacts the file).
    func run(utf8: UnsafeBufferPointer<UInt8>, style: ShapingStyle) -> ShapedRun? {
        if let file { return mappedRun(utf8: utf8, style: style, file: file) }
        guard let reader, let arena else { return nil }
        return readRun(utf8: utf8, style: style, reader: reader, arena: arena)
    }

    /// `run(utf8:style:)` from the mapped file: the glyphs are served in place. The file is passed in, read once by a
    /// caller that loops.
    @inline(__always)
    private func mappedRun(utf8: UnsafeBufferPointer<UInt8>, style: ShapingStyle, file: ShapeFile) -> ShapedRun? {
        // `self` unretained: the closure runs only within this call, while the caller holds `self` (a retain and a
        // release around each lookup were a tenth of a warm lookup's own work, benchmark `typeset-warm`).
        let found = file.lookup(
            UnsafeRawBufferPointer(utf8), style: style.rawValue,
            accept: { [unowned(unsafe) self] in !$0.dependsOnFallbacks || self.holds($0, in: file) })
        return served(found, style: style) { UInt32($0.glyphStart) }
    }

    /// `run(utf8:style:)` from a file read by pieces: the entry's glyphs are copied into the arena. The reader and
    /// the arena are passed in, read once by a caller that loops (each read of the properties retains them).
    private func readRun(
        utf8: UnsafeBufferPointer<UInt8>, style: ShapingStyle, reader: ShapeFileReader<ShapeFileDescriptor>,
        arena: ShapeFileArena
    ) -> ShapedRun? {
        let found = reader.lookup(
            UnsafeRawBufferPointer(utf8), style: style.rawValue,
            accept: { entry in
                !entry.dependsOnFallbacks || holds(entry, remembered: true) { reader.fonts(atUnit: $0) }
            })
        return served(found, style: style) { entry in reader.glyphs(of: entry).flatMap { arena.append($0) } }
    }

    /// The run a lookup found, its glyphs starting at `glyphStart(entry)` (nil: not served); nil when it found none,
    /// and a damaged entry marks the file for compaction.
    @inline(__always)
    private func served(
        _ found: ShapeFile.Lookup, style: ShapingStyle, glyphStart: (ShapeFile.Entry) -> UInt32?
    ) -> ShapedRun? {
        switch found {
        case .absent:
            return nil
        case .damaged:
            damaged = true
            return nil
        case .found(let entry):
            // A run of no glyphs starts at 0: below the store's glyph count, as every served run's start must be (a
            // mapped file's last record's would be the count itself, and the run would look shaped in this process).
            var start: UInt32 = 0
            if entry.glyphCount > 0 {
                guard let first = glyphStart(entry) else { return nil }
                start = first
            }
            return ShapedRun(
                glyphStart: start, glyphCount: UInt32(entry.glyphCount), advance: entry.advance, missing: 0,
                style: style)
        }
    }

    /// The file's runs of `ids`, each in its string's own style: from the batch's run list when the file has one
    /// that holds (`ShapeRunList`), else string by string, and then the next save writes the list. A file read
    /// record by record is served so too (`readRuns`).
    func runs(
        of ids: UnsafeBufferPointer<TextID>, in strings: StringTable, into runs: UnsafeMutablePointer<ShapedRun>,
        served: UnsafeMutablePointer<Bool>
    ) {
        if let reader, let arena {
            readRuns(ids, in: strings, reader: reader, arena: arena, into: runs, served: served)
            return
        }
        guard ids.count <= ShapeFileLayout.maximumListCount else {
            if let file { lookUp(ids, in: strings, file: file, into: runs, served: served) }
            return
        }
        let digest = ShapeRunList.digest(of: ids)
        var found = [UInt32](repeating: 0, count: ids.count)
        if let file {
            switch Self.stylesInOrder ? file.runList(digest: digest, count: ids.count) : .absent {
            case .found(let offset):
                if servedList(at: offset, ids, in: strings, file: file, into: runs, served: served) { return }
                // A list that does not hold: looked up string by string, written again (a damaged entry it named
                // marks the file for compaction when a lookup meets it).
                for k in ids.indices { served[k] = false }
            case .damaged: damaged = true
            case .absent: break
            }
            found = lookUp(ids, in: strings, file: file, into: runs, served: served)
        }
        wantedLists.append(ShapeRunList.Wanted(digest: digest, ids: Array(ids), units: found))
    }

    /// Batches looked up string by string (or before there was a file): their lists are written by the next save.
    var wantedLists: [ShapeRunList.Wanted] = []

    /// Whether the styles' raw values are 0, 1, 2 in the order `listedStyle` reads them.
    static let stylesInOrder =
        ShapingStyle.allCases.map(\.rawValue) == [0, 1, 2] && ShapingStyle.latin.rawValue == 0
        && ShapingStyle.greek.rawValue == 1 && ShapingStyle.hebrew.rawValue == 2

    /// A listed entry's style from its stored byte; nil for none of ours. The raw values as numbers:
    /// `ShapingStyle.rawValue` is another module's call (`stylesInOrder`, checked before a list is looked up, says
    /// these are its values).
    @inline(__always) private static func listedStyle(_ stored: UInt8) -> ShapingStyle? {
        switch stored {
        case 0: .latin
        case 1: .greek
        case 2: .hebrew
        default: nil
        }
    }

    /// Whether a listed entry's key is the string `id` of `strings`, byte for byte.
    @inline(__always) private static func listed(_ id: TextID, in strings: StringTable, is key: UnsafeRawBufferPointer)
        -> Bool
    {
        strings.withUTF8(of: id) { utf8 in
            utf8.count == key.count && ShapeRunList.sameBytes(UnsafeRawBufferPointer(utf8), key)
        }
    }

    /// Writes the run of the listed entry whose head is at `head` into `run`, its glyphs at `glyphStart`. Field by
    /// field: the run is a plain value, and its initializer is another module's call.
    @inline(__always) private static func place(
        _ run: UnsafeMutablePointer<ShapedRun>, glyphStart: UInt32, head: UnsafeRawPointer, style: ShapingStyle
    ) {
        typealias E = ShapeFileLayout.Entry
        run.pointee.glyphStart = glyphStart
        run.pointee.glyphCount = UInt32(head.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self))
        run.pointee.advance = Float32(bitPattern: head.loadUnaligned(fromByteOffset: E.advance, as: UInt32.self))
        run.pointee.missing = 0
        run.pointee.style = style
    }

    /// `runs(of:…)` from the list at `offset`: every run or none (false).
    private func servedList(
        at offset: Int, _ ids: UnsafeBufferPointer<TextID>, in strings: StringTable, file: ShapeFile,
        into runs: UnsafeMutablePointer<ShapedRun>, served: UnsafeMutablePointer<Bool>
    ) -> Bool {
        typealias E = ShapeFileLayout.Entry
        var styled = true
        let held = file.serveList(
            at: offset, count: ids.count,
            matches: { k, key in Self.listed(ids[k], in: strings, is: key) },
            accept: { [unowned(unsafe) self] in self.holds($0, in: file) },
            found: { k, head in
                guard let style = Self.listedStyle(head.load(fromByteOffset: E.style, as: UInt8.self)) else {
                    styled = false  // none of ours: the list is not served
                    return
                }
                let glyphCount = UInt32(head.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self))
                // A run of no glyphs starts at 0 (as `served` says why); a record's glyphs start 2 units after it.
                let unit = UInt32(truncatingIfNeeded: (head - file.bytes.baseAddress!) &>> 4)
                Self.place(runs + k, glyphStart: glyphCount > 0 ? unit &+ 2 : 0, head: head, style: style)
                served[k] = true
            })
        return held && styled
    }

    /// `runs(of:…)` from a file read record by record: from the batch's list when it has one that holds, its
    /// entries read where they are and their glyphs copied into the arena, else string by string (and the next
    /// save writes the list).
    private func readRuns(
        _ ids: UnsafeBufferPointer<TextID>, in strings: StringTable, reader: ShapeFileReader<ShapeFileDescriptor>,
        arena: ShapeFileArena, into runs: UnsafeMutablePointer<ShapedRun>, served: UnsafeMutablePointer<Bool>
    ) {
        let listed = ids.count <= ShapeFileLayout.maximumListCount
        let digest = listed ? ShapeRunList.digest(of: ids) : 0
        switch listed && Self.stylesInOrder ? reader.runList(digest: digest, count: ids.count) : .absent {
        case .found(let units, let contents):
            let kept = arena.count
            if readList(
                units, contents: contents, ids, in: strings, reader: reader, arena: arena, into: runs,
                served: served)
            {
                return
            }
            // Not served: its glyphs are let go of, and the batch is looked up string by string.
            arena.forget(from: kept)
            for k in ids.indices { served[k] = false }
        case .damaged: damaged = true
        case .absent: break
        }
        var found = [UInt32](repeating: 0, count: ids.count)
        for k in ids.indices {
            strings.withUTF8(of: ids[k]) { utf8 in
                let style = ShapingStyle.detect(utf8)
                let lookup = reader.lookup(
                    UnsafeRawBufferPointer(utf8), style: style.rawValue,
                    accept: { entry in
                        !entry.dependsOnFallbacks || holds(entry, remembered: true) { reader.fonts(atUnit: $0) }
                    })
                guard
                    let run = self.served(
                        lookup, style: style,
                        glyphStart: { entry in
                            reader.glyphs(of: entry).flatMap { arena.append($0) }
                        }),
                    case .found(let entry) = lookup
                else { return }
                runs[k] = run
                served[k] = true
                found[k] = UInt32(entry.offset / ShapeFileLayout.unit)
            }
        }
        if listed { wantedLists.append(ShapeRunList.Wanted(digest: digest, ids: Array(ids), units: found)) }
    }

    /// `readRuns` from the list `units` (`ShapeFileReader.runList`): every run or none (false).
    private func readList(
        _ units: [UInt32], contents: UInt64, _ ids: UnsafeBufferPointer<TextID>, in strings: StringTable,
        reader: ShapeFileReader<ShapeFileDescriptor>, arena: ShapeFileArena,
        into runs: UnsafeMutablePointer<ShapedRun>, served: UnsafeMutablePointer<Bool>
    ) -> Bool {
        typealias E = ShapeFileLayout.Entry
        var whole = true
        let held = reader.serveList(
            units: units, contents: contents,
            matches: { k, key in Self.listed(ids[k], in: strings, is: key) },
            accept: { entry in holds(entry, remembered: true) { reader.fonts(atUnit: $0) } },
            found: { k, head in
                let glyphCount = Int(head.loadUnaligned(fromByteOffset: E.glyphCount, as: UInt16.self))
                guard let style = Self.listedStyle(head.load(fromByteOffset: E.style, as: UInt8.self)) else {
                    whole = false  // none of ours: the list is not served
                    return
                }
                // A run of no glyphs starts at 0 (as `served` says why); the glyphs follow the record's head.
                var start: UInt32 = 0
                if glyphCount > 0 {
                    let glyphs = UnsafeBufferPointer(
                        start: (head + ShapeFileLayout.recordHeadSize).assumingMemoryBound(to: ShapedGlyph.self),
                        count: glyphCount)
                    guard let first = arena.append(glyphs) else {
                        whole = false
                        return
                    }
                    start = first
                }
                Self.place(runs + k, glyphStart: start, head: head, style: style)
                served[k] = true
            })
        return held && whole
    }

    /// `runs(of:…)` string by string from the mapped file; returns where each run's entry is (offset / 16; 0: none).
    @discardableResult
    private func lookUp(
        _ ids: UnsafeBufferPointer<TextID>, in strings: StringTable, file: ShapeFile,
        into runs: UnsafeMutablePointer<ShapedRun>, served: UnsafeMutablePointer<Bool>
    ) -> [UInt32] {
        var units = [UInt32](repeating: 0, count: ids.count)
        for k in ids.indices {
            strings.withUTF8(of: ids[k]) { utf8 in
                let style = ShapingStyle.detect(utf8)
                let found = file.lookup(
                    UnsafeRawBufferPointer(utf8), style: style.rawValue,
                    accept: { [unowned(unsafe) self] in !$0.dependsOnFallbacks || self.holds($0, in: file) })
                guard let run = self.served(found, style: style, glyphStart: { UInt32($0.glyphStart) }),
                    case .found(let entry) = found
                else { return }
                runs[k] = run
                served[k] = true
                units[k] = UInt32(entry.offset / ShapeFileLayout.unit)
            }
        }
        return units
    }

    /// Whether an entry of `file` that went through fallback fonts may be served: its fonts record names the
    /// chain's fonts 0…maxFont as they are installed now. True for an entry that used no fallback.
    func holds(_ entry: ShapeFile.Entry, in file: ShapeFile) -> Bool {
        guard entry.dependsOnFallbacks else { return true }
        let own = file.bytes.baseAddress == mapping?.file.bytes.baseAddress
        return holds(entry, remembered: own) { file.fonts(atUnit: $0) }
    }

    /// `holds(_:in:)` with the fonts records read by `fonts`; the answer is remembered by record when `remembered`
    /// (the records are this process's file's).
    private func holds(_ entry: ShapeFile.Entry, remembered: Bool, fonts: (UInt32) -> [ShapeFile.Font]?) -> Bool {
        if remembered, let known = fontsHolding[entry.fonts] { return known }
        let held = Self.fontsHold(fonts(entry.fonts), upTo: Int(entry.maxFont), chain: chain)
        if remembered { fontsHolding[entry.fonts] = held }
        return held
    }

    private static func fontsHold(_ recorded: [ShapeFile.Font]?, upTo maxFont: Int, chain: FontChain) -> Bool {
        guard let recorded, maxFont >= 1, maxFont < recorded.count else { return false }
        for index in 1...maxFont {
            guard let descriptor = chain.descriptor(at: index),
                ShapeFile.Font.identity(of: descriptor) == recorded[index]
            else { return false }
        }
        return true
    }

    /// Whether a run's glyphs depend on the chain's fallback fonts, and the highest font they use: a Hebrew run
    /// may use the primary and the Hebrew font, any other run the primary only, without consulting fontconfig's
    /// fallback order; any other font came from it.
    static func fallbackUse(
        of glyphs: UnsafeBufferPointer<ShapedGlyph>, style: ShapingStyle,
        chain: FontChain
    ) -> (depends: Bool, maxFont: UInt16) {
        let own = style == .hebrew ? chain.hebrewFont.map { UInt16(clamping: $0) } ?? 0 : 0
        var depends = false
        var maxFont: UInt16 = 0
        for glyph in glyphs {
            if glyph.font != 0 && glyph.font != own { depends = true }
            maxFont = max(maxFont, glyph.font)
        }
        return (depends, maxFont)
    }
}
