import InterlinearCorpus

/// The persisted part of one shape cache: where its file lives, the file mapped for this process (if there was a
/// usable one), and what lookups found out about it. `ShapeCache` owns one when its session keeps a cache folder.
final class PersistedShapes {
    let folder: CacheFolder
    let key: ShapeCacheKey
    /// The most a saved file may hold (`ShapeCache.persistedSizeBound` unless a test asks for less).
    let sizeBound: Int
    /// The file as it was when the cache was made (nil: there was none, or it was refused).
    let mapping: ShapeFileMapping?
    /// A lookup met an entry that failed its checks. The next save still carries only verified entries over, so
    /// it writes the file anew without the damage.
    var damaged = false
    /// The chain's fallback fonts 1…`fontsHolding` are the ones the file recorded (runs depending on fonts up to it
    /// may be served); `fontsFailing` is the first known not to be (runs reaching it are shaped again).
    private var fontsHolding = 0
    private var fontsFailing = Int.max
    private var recordedFonts: [ShapeFile.Font]?

    var path: String { folder.path + "/" + key.fileName }

    init(folder: CacheFolder, key: ShapeCacheKey, sizeBound: Int) {
        self.folder = folder
        self.key = key
        self.sizeBound = sizeBound
        mapping = ShapeFileMapping(folder: folder, name: key.fileName, key: key.hash)
    }

    /// Whether the chain's fonts 1…`maxFont` are the files the mapped file recorded for its runs that went
    /// through fallback fonts. Checked once per font (a `stat` each), on the first run that needs it.
    func fallbacksHold(upTo maxFont: Int, chain: FontChain) -> Bool {
        if maxFont <= fontsHolding { return true }
        if maxFont >= fontsFailing { return false }
        if recordedFonts == nil { recordedFonts = mapping?.file.fonts() ?? [] }
        let recorded = recordedFonts ?? []
        for index in (fontsHolding + 1)...maxFont {
            guard index < recorded.count, let descriptor = chain.descriptor(at: index),
                  ShapeFile.Font.identity(of: descriptor) == recorded[index] else {
                fontsFailing = index
                return false
            }
            fontsHolding = index
        }
        return true
    }

    /// The run of `utf8` in `style` from the file, its glyph start the file's glyph index; nil when the file does
    /// not hold it, the entry is damaged (noted in `damaged`), it recorded missing glyphs, or it depends on
    /// fallback fonts that changed.
    func run(_ utf8: UnsafeRawBufferPointer, style: ShapingStyle, chain: FontChain) -> ShapedRun? {
        guard let file = mapping?.file else { return nil }
        switch file.lookup(utf8, style: style.rawValue) {
        case .absent:
            return nil
        case .damaged:
            damaged = true
            return nil
        case .found(_, let entry):
            guard entry.missing == 0, entry.style == style.rawValue else { return nil }
            if entry.dependsOnFallbacks && !fallbacksHold(upTo: Int(entry.maxFont), chain: chain) { return nil }
            return ShapedRun(glyphStart: UInt32(entry.glyphStart), glyphCount: UInt32(entry.glyphCount),
                             advance: entry.advance, missing: 0, style: style)
        }
    }

    /// Whether a run's glyphs depend on the chain's fallback fonts, and the highest font they use: a Hebrew run
    /// may use the primary and the Hebrew font, any other run the primary only, without consulting fontconfig's
    /// fallback order; any other font came from it.
    static func fallbackUse(of glyphs: UnsafeBufferPointer<ShapedGlyph>, style: ShapingStyle,
                            chain: FontChain) -> (depends: Bool, maxFont: UInt16) {
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
