import CFreeType
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A primary font and fontconfig's fallback fonts, loaded lazily the first time a character needs one.
/// Thread-safe: shaping threads share one chain; fallbacks load under its mutex.
///
/// Its indices (what a shaped glyph's `font` names): 0 the primary, 1 the Hebrew font when it is another file,
/// then fontconfig's other fonts for the family in its order. So the indices of the fonts a run starts from never
/// depend on fontconfig's fallback order, which only a full configuration gives; a character neither covers is
/// looked up in fontconfig's order all the same (the Hebrew font where fontconfig puts it, or last).
package final class FontChain: Sendable {
    package let family: String
    /// The requested family's font. Immutable once made, so shapers read it without the mutex.
    package let primary: Font

    /// Where the first fonts came from: the font cache file, fontconfig's stock configuration without its
    /// snippets (`StockFontConfiguration`), or fontconfig started in full.
    enum Source: Equatable { case fontCache, stockConfiguration, fontconfig }
    let source: Source

    /// What fallback lookups fill in, and the FreeType library that opens their files (FreeType libraries are not
    /// thread-safe, so it lives under the mutex too).
    private struct State {
        /// Made when a font is first opened with FreeType: a chain from the font cache opens none until a glyph is
        /// missing (its first fonts' metrics are in the cache).
        var library: FT_Library?
        /// The chain's fonts by index; nil until a glyph is first missing unless fontconfig was started in full to
        /// make the chain (its list is then at hand).
        var candidates: [FontDescriptor]?
        /// The indices a character the starting font lacks is looked up in, in fontconfig's order.
        var searchOrder: [Int]
        /// The fonts opened so far, by chain index (nil: not opened yet). A list, not a dictionary: a chain holds a
        /// handful of fonts, and an `[Int: Font]` cost a protocol-conformance scan at every start (`typeset-warm`).
        var loaded: [Font?]
        /// Scalar → index of the first fallback covering it (-1: none does). Filled only for scalars the primary
        /// lacks.
        var fallbackFor: [UInt32: Int] = [:]
    }
    private let state: Mutex<State>
    /// The font cache file the first fonts are remembered in, if any (removed if fontconfig's full answer later
    /// disagrees with them).
    private let cacheFile: String?
    private let hebrewFamily: String?
    /// The Hebrew family's file (whether or not it opened), to place it in fontconfig's list later.
    private let hebrewDescriptor: FontDescriptor?

    /// The chain index of the font Hebrew text is shaped with first (`hebrewFamily`): 0 when it is the primary's
    /// file, 1 otherwise, or nil when that family is not installed: Hebrew then falls back through fontconfig
    /// like any other script.
    package let hebrewFont: Int?

    /// HarfBuzz's version as the font cache remembered it with the library's file (`FontCache`), when the chain
    /// came from it.
    private let cachedShaperVersion: String?

    /// The version of the HarfBuzz this chain's runs are shaped with (what the shape cache's key names): the font
    /// cache's when the chain came from it, so HarfBuzz is not loaded to ask; else HarfBuzz's own answer.
    package var shaperVersion: String { cachedShaperVersion ?? ShaperLibrary.version }

    /// The family Hebrew is shaped with by default: Ezra SIL (Debian `fonts-sil-ezra`), made for Biblical Hebrew
    /// with its vowel points and cantillation.
    package static let defaultHebrewFamily = "Ezra SIL"

    /// Finds `family` through fontconfig; throws `FontError` (which knows the Debian package) when it is not installed.
    /// `hebrewFamily` is the font Hebrew text starts from; a missing one is no error (see `hebrewFont`).
    ///
    /// With a `cacheDirectory` (`CachePolicy.directory`), the files fontconfig chose are remembered there
    /// (`FontCache`): while nothing fontconfig depends on has changed, a later chain opens them directly and starts
    /// fontconfig only when a glyph is missing, to find the fallbacks. Without a usable cache file the first fonts
    /// come from fontconfig's stock configuration when nobody configured fontconfig (`StockFontConfiguration`),
    /// else from fontconfig in full. The chain is the same either way: the same files at the same indices,
    /// fallbacks in fontconfig's order.
    package convenience init(
        family: String = "Gentium Plus", hebrewFamily: String? = FontChain.defaultHebrewFamily,
        cacheDirectory: String? = nil
    ) throws {
        try self.init(family: family, hebrewFamily: hebrewFamily, cacheDirectory: cacheDirectory, stock: true)
    }

    /// `stock: false` never uses the stock configuration (tests compare both ways).
    init(family: String, hebrewFamily: String?, cacheDirectory: String?, stock: Bool) throws {
        let cacheFile = cacheDirectory.map { $0 + "/" + FontCache.fileName }
        self.family = family
        self.hebrewFamily = hebrewFamily
        self.cacheFile = cacheFile
        let first: (primary: Font, hebrew: FontDescriptor?, list: [FontDescriptor]?, source: Source)
        var configuration: StockFontConfiguration?
        var cachedShaperVersion: String?
        // FreeType is started only to open a font the cache does not describe.
        var library: FT_Library?
        var cachedHebrew: Font?
        if let cacheFile, let cached = FontCache.lookup(path: cacheFile, family: family, hebrewFamily: hebrewFamily) {
            let primary = Font(cached.chain.primary.descriptor, metrics: cached.chain.primary.metrics)
            first = (primary, cached.chain.hebrew?.descriptor, nil, .fontCache)
            cachedHebrew = cached.chain.hebrew.map { Font($0.descriptor, metrics: $0.metrics) }
            cachedShaperVersion = cached.shaperVersion
        } else {
            // Without a font cache this run shapes, and without HarfBuzz every glyph would come out missing; without
            // FreeType or fontconfig no font is found: say so in one line instead (a warm run may load none of them; a
            // cache naming a library that is gone is refused).
            if let missing = FontLibraries.unavailable ?? ShaperLibrary.unavailable {
                throw FontError(family: family, configuration: missing)
            }
            var started: FT_Library?
            guard FT_Init_FreeType(&started) == 0, let started else { throw FontError(family: family) }
            library = started
            if stock, let found = StockFontConfiguration(), let match = found.firstMatch(family: family),
                let font = Font(match, library: started)
            {
                configuration = found
                first = (font, hebrewFamily.flatMap { found.firstMatch(family: $0) }, nil, .stockConfiguration)
            } else {
                let list: [FontDescriptor]
                do { list = try FontLocator.fallbackList(family: family) } catch {
                    FT_Done_FreeType(started)
                    throw error
                }
                guard let font = Font(list[0], library: started) else {
                    FT_Done_FreeType(started)
                    throw FontError(family: family)
                }
                let hebrew = hebrewFamily.flatMap { try? FontLocator.fallbackList(family: $0).first }
                first = (font, hebrew, list, .fontconfig)
            }
        }
        let (primary, hebrew, list, source) = first
        var loaded: [Font?] = [primary]
        var hebrewIndex: Int?
        if let hebrew {
            if hebrew.isSameFace(as: primary.descriptor) {
                hebrewIndex = 0
            } else if let font = cachedHebrew ?? library.flatMap({ Font(hebrew, library: $0) }) {
                loaded.append(font)
                hebrewIndex = 1
            }
        }
        let arranged = list.map { Self.arrange($0, primary: primary.descriptor, hebrew: hebrew) }
        self.primary = primary
        self.source = source
        self.cachedShaperVersion = cachedShaperVersion
        hebrewDescriptor = hebrew
        hebrewFont = hebrewIndex
        state = Mutex(
            State(
                library: library, candidates: arranged?.candidates, searchOrder: arranged?.searchOrder ?? [],
                loaded: loaded))
        if let cacheFile, source != .fontCache {
            // The Hebrew font with the metrics of the face opened for it; one that did not open is not recorded.
            let hebrewRecord = hebrewIndex.flatMap { index in
                hebrew.map { FontCacheFile.FontRecord($0, metrics: loaded[index]!.metrics) }  // loaded[0...index]
            }
            FontCache.store(
                path: cacheFile,
                chain: FontCacheFile.Chain(
                    family: family, hebrewFamily: hebrewFamily, primary: FontCacheFile.FontRecord(primary),
                    hebrew: hebrewRecord, hebrewIndex: hebrewIndex == 1 ? 1 : 0),
                configuration: configuration)
        }
    }

    deinit {
        state.withLock { state in
            if let library = state.library { _ = FT_Done_FreeType(library) }
        }
    }

    /// FreeType, started the first time a font is opened with it.
    private static func freeType(_ state: inout State) -> FT_Library? {
        if let library = state.library { return library }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        state.library = library
        return library
    }

    /// The chain's fonts for fontconfig's sorted list of the family (`list[0]` its first match): the primary, the
    /// Hebrew font when it is another file, the list's other fonts; and the order fontconfig prefers them in for a
    /// character the primary lacks (the list's order after its first, the Hebrew font where it is in the list or
    /// last).
    static func arrange(_ list: [FontDescriptor], primary: FontDescriptor, hebrew: FontDescriptor?) -> (
        candidates: [FontDescriptor], searchOrder: [Int]
    ) {
        var candidates = [primary]
        let separateHebrew = hebrew.flatMap { $0.isSameFace(as: primary) ? nil : $0 }
        if let separateHebrew { candidates.append(separateHebrew) }
        var order: [Int] = []
        var hebrewPlaced = false
        for font in list.dropFirst() {
            if let separateHebrew, font.isSameFace(as: separateHebrew) {
                if !hebrewPlaced { order.append(1) }
                hebrewPlaced = true
            } else {
                candidates.append(font)
                order.append(candidates.count - 1)
            }
        }
        if separateHebrew != nil && !hebrewPlaced { order.append(1) }
        return (candidates, order)
    }

    /// The font at `index` in the chain (0 is the primary).
    package func font(at index: Int) -> Font {
        index == 0 ? primary : state.withLock { $0.loaded.at(index) } ?? primary
    }

    /// The font file at `index` in the chain (0 is the primary), loaded or not; nil past the end.
    /// The persisted shape cache checks with it that a run shaped with fallback fonts still gets the same ones. A
    /// font already loaded (the primary, the Hebrew font) is answered without fontconfig; any other index, on a
    /// chain made without fontconfig's full list, asks fontconfig for the list as a missing glyph would.
    package func descriptor(at index: Int) -> FontDescriptor? {
        if index == 0 { return primary.descriptor }
        guard index > 0 else { return nil }
        return state.withLock { state in
            if let font = state.loaded.at(index) { return font.descriptor }
            let candidates = fallbackList(&state)
            return index < candidates.count ? candidates[index] : nil
        }
    }

    /// Whether fontconfig's list of fallbacks has been made: from the start when fontconfig was started in full
    /// for the chain, otherwise only once a glyph was missing (tests check that a chain from the cache starts
    /// without it).
    var hasFallbackList: Bool { state.withLock { $0.candidates != nil } }

    /// The index of the first font after the primary that covers `scalar`, or nil when no installed font does.
    func fallback(for scalar: UInt32) -> Int? {
        state.withLock { state in
            if let known = state.fallbackFor[scalar] { return known < 0 ? nil : known }
            let candidates = fallbackList(&state)
            var found = -1
            for index in state.searchOrder {
                if state.loaded.at(index) == nil, let library = Self.freeType(&state),
                    let font = Font(candidates[index], library: library)
                {
                    if state.loaded.count <= index {
                        state.loaded += repeatElement(nil, count: index + 1 - state.loaded.count)
                    }
                    state.loaded[index] = font
                }
                if let font = state.loaded.at(index), font.covers(scalar) { found = index; break }
            }
            state.fallbackFor[scalar] = found
            return found < 0 ? nil : found
        }
    }

    /// The chain's fonts, asking fontconfig (in full) for the family's list the first time on a chain made
    /// without it. Should fontconfig's first matches now disagree with the fonts the chain started from (a change
    /// the cache's stamps could not see), those stay where they are, so runs already shaped keep their meaning,
    /// and the cache file is removed so the next process asks afresh.
    private func fallbackList(_ state: inout State) -> [FontDescriptor] {
        if let candidates = state.candidates { return candidates }
        let list = (try? FontLocator.fallbackList(family: family)) ?? []
        let hebrew = hebrewFamily.flatMap { try? FontLocator.fallbackList(family: $0).first }
        let agrees =
            list.first.map { $0.isSameFace(as: primary.descriptor) } ?? false
            && hebrew?.path == hebrewDescriptor?.path && hebrew?.index == hebrewDescriptor?.index
        if !agrees, let cacheFile { unlink(cacheFile) }
        let arranged = Self.arrange(list, primary: primary.descriptor, hebrew: hebrewDescriptor)
        state.candidates = arranged.candidates
        state.searchOrder = arranged.searchOrder
        return arranged.candidates
    }
}

extension [Font?] {
    /// The font opened at chain `index`, or nil when it is not (yet), including past the end.
    fileprivate func at(_ index: Int) -> Font? { index >= 0 && index < count ? self[index] : nil }
}

extension FontDescriptor {
    /// The same face of the same file (the family name fontconfig reports is not compared).
    func isSameFace(as other: FontDescriptor) -> Bool { path == other.path && index == other.index }
}

extension FontCacheFile.FontRecord {
    /// The record of an opened font: its file's state now, and the metrics FreeType read.
    init(_ font: Font) { self.init(font.descriptor, metrics: font.metrics) }

    /// The record of a font file with the metrics of its face: the file's state now.
    init(_ descriptor: FontDescriptor, metrics: FontCacheFile.Metrics) {
        self.init(
            path: Array(descriptor.path.utf8), index: descriptor.index, family: descriptor.family,
            file: FileStamp.state(of: descriptor.path), metrics: metrics)
    }

    /// The font as the chain opens it.
    var descriptor: FontDescriptor {
        FontDescriptor(path: String(decoding: path, as: UTF8.self), index: index, family: family)
    }
}
