import InterlinearCorpus

/// The persisted part of one shape cache: where its file lives, the file mapped for this process (if there was a
/// usable one), and what lookups found out about it. `ShapeCache` owns one when its session keeps a cache folder.
final class PersistedShapes {
    let folder: CacheFolder
    let key: ShapeCacheKey
    /// The fewest slots of a file this process makes (`ShapeFileLayout.defaultSlotCount` unless a test asks for
    /// fewer); a file has as many as it needs (`ShapeFileLayout.slotCount(holding:least:)`).
    let slotCount: Int
    /// The file as it was when the cache was made (nil: there was none, or it was refused).
    let mapping: ShapeFileMapping?
    /// A lookup met an entry that failed its checks: the next save compacts the file without the damage.
    var damaged = false
    /// Whether the fonts record at an offset / 16 names the chain's fonts as they are now, checked once per record
    /// (a `stat` per font) on the first run that needs it.
    private var fontsHolding: [UInt32: Bool] = [:]

    var path: String { folder.path + "/" + key.fileName }

    init(folder: CacheFolder, key: ShapeCacheKey, slotCount: Int) {
        self.folder = folder
        self.key = key
        self.slotCount = slotCount
        mapping = ShapeFileMapping(folder: folder, name: key.fileName, key: key.hash)
    }

    /// Whether an entry of `file` that went through fallback fonts may be served: its fonts record names the
    /// chain's fonts 0…maxFont as they are installed now. True for an entry that used no fallback.
    func holds(_ entry: ShapeFile.Entry, in file: ShapeFile, chain: FontChain) -> Bool {
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
