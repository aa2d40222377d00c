import InterlinearCorpus
import InterlinearShaping

/// The persisted part of one shape cache: where its file lives, the file mapped for this process (if there was a
/// usable one), and what lookups found out about it. The shape cache's store (`ShapeStore`) when its session keeps
/// a cache folder (`ShapeCache.persist(in:)`).
final class PersistedShapes: ShapeStore {
    let folder: CacheFolder
    let key: ShapeCacheKey
    /// The fewest slots of a file this process makes (`ShapeFileLayout.defaultSlotCount` unless a test asks for
    /// fewer); a file has as many as it needs (`ShapeFileLayout.slotCount(holding:least:)`).
    let slotCount: Int
    /// The chain the runs are shaped with: a run through fallback fonts is served while they are the same files.
    let chain: FontChain
    /// The file as it was when the cache was made (nil: there was none, or it was refused).
    let mapping: ShapeFileMapping?
    /// Its file (a value over the mapping), read by lookups without retaining anything.
    private let file: ShapeFile?
    /// A lookup met an entry that failed its checks: the next save compacts the file without the damage.
    var damaged = false
    /// Whether the fonts record at an offset / 16 names the chain's fonts as they are now, checked once per record
    /// (a `stat` per font) on the first run that needs it.
    private var fontsHolding: [UInt32: Bool] = [:]

    var path: String { folder.path + "/" + key.fileName }

    init(folder: CacheFolder, key: ShapeCacheKey, slotCount: Int, chain: FontChain) {
        self.folder = folder
        self.key = key
        self.slotCount = slotCount
        self.chain = chain
        mapping = ShapeFileMapping(folder: folder, name: key.fileName, key: key.hash)
        file = mapping?.file
    }

    var glyphBase: UnsafePointer<ShapedGlyph>? { file?.glyphBase }
    var glyphCount: UInt32 { file.map { UInt32($0.glyphUnits) } ?? 0 }

    /// The file's run of a string in `style`; nil when the file lacks it, or its entry failed its checks (then the
    /// next save compacts the file).
    @inline(__always)
    func run(utf8: UnsafeBufferPointer<UInt8>, style: ShapingStyle) -> ShapedRun? {
        guard let file else { return nil }
        let found = file.lookup(
            UnsafeRawBufferPointer(utf8), style: style.rawValue,
            accept: { !$0.dependsOnFallbacks || holds($0, in: file) })
        switch found {
        case .absent:
            return nil
        case .damaged:
            damaged = true
            return nil
        case .found(let entry):
            // A run of no glyphs starts at 0: below the file's glyph count, as every served run's start must be
            // (the last record's would be the count itself, and the run would look shaped in this process).
            return ShapedRun(
                glyphStart: entry.glyphCount == 0 ? 0 : UInt32(entry.glyphStart),
                glyphCount: UInt32(entry.glyphCount), advance: entry.advance, missing: 0, style: style)
        }
    }

    /// The file's runs of `ids`, each in its string's own style, handed to `found` in order.
    func runs(of ids: UnsafeBufferPointer<TextID>, in strings: StringTable, found: (Int, ShapedRun) -> Void) {
        guard file != nil else { return }
        for k in ids.indices {
            let stored = strings.withUTF8(of: ids[k]) { utf8 in run(utf8: utf8, style: ShapingStyle.detect(utf8)) }
            if let stored { found(k, stored) }
        }
    }

    /// Whether an entry of `file` that went through fallback fonts may be served: its fonts record names the
    /// chain's fonts 0…maxFont as they are installed now. True for an entry that used no fallback.
    func holds(_ entry: ShapeFile.Entry, in file: ShapeFile) -> Bool {
        guard entry.dependsOnFallbacks else { return true }
        if file.bytes.baseAddress == mapping?.file.bytes.baseAddress, let known = fontsHolding[entry.fonts] {
            return known
        }
        let held = Self.fontsHold(file.fonts(atUnit: entry.fonts), upTo: Int(entry.maxFont), chain: chain)
        if file.bytes.baseAddress == mapping?.file.bytes.baseAddress { fontsHolding[entry.fonts] = held }
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
