import CFreeType
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A primary font and fontconfig's fallback fonts, loaded lazily the first time a character needs one.
/// Thread-safe: shaping threads share one chain; fallbacks load under its mutex.
public final class FontChain: Sendable {
    public let family: String
    /// The requested family's font. Immutable once made, so shapers read it without the mutex.
    public let primary: Font

    /// What fallback lookups fill in, and the FreeType library that opens their files (FreeType libraries are not
    /// thread-safe, so it lives under the mutex too).
    private struct State {
        let library: FT_Library
        /// fontconfig's fonts for the family in its order of preference, the chain's indices; nil until a glyph is
        /// first missing when the chain came from the font cache (fontconfig is then started only for that).
        var candidates: [FontDescriptor]?
        var loaded: [Int: Font]
        /// Scalar → index of the first fallback covering it (-1: none does). Filled only for scalars the primary
        /// lacks.
        var fallbackFor: [UInt32: Int] = [:]
    }
    private let state: Mutex<State>
    /// The font cache file this chain came from, if any (dropped if fontconfig's list disagrees with it).
    private let cacheFile: String?

    /// The chain index of the font Hebrew text is shaped with first (`hebrewFamily`), or nil when that family is
    /// not installed: Hebrew then falls back through fontconfig like any other script.
    public let hebrewFont: Int?

    /// The family Hebrew is shaped with by default: Ezra SIL (Debian `fonts-sil-ezra`), made for Biblical Hebrew
    /// with its vowel points and cantillation.
    public static let defaultHebrewFamily = "Ezra SIL"

    /// Finds `family` through fontconfig; throws `FontError` (which knows the Debian package) when it is not installed.
    /// `hebrewFamily` is the font Hebrew text starts from; a missing one is no error (see `hebrewFont`).
    ///
    /// With a `cacheDirectory` (`CachePolicy.directory`), the files fontconfig chose are remembered there
    /// (`FontCache`): while nothing fontconfig depends on has changed, a later chain opens them directly and starts
    /// fontconfig only when a glyph is missing, to find the fallbacks. The chain is the same either way: the same
    /// files at the same indices, fallbacks in fontconfig's order.
    public init(
        family: String = "Gentium Plus", hebrewFamily: String? = FontChain.defaultHebrewFamily,
        cacheDirectory: String? = nil
    ) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError(family: family) }
        let cacheFile = cacheDirectory.map { $0 + "/" + FontCache.fileName }
        self.family = family
        self.cacheFile = cacheFile
        if let cacheFile, let cached = FontCache.lookup(path: cacheFile, family: family, hebrewFamily: hebrewFamily),
            let primary = Font(cached.primary.descriptor, library: library)
        {
            var loaded = [0: primary]
            var hebrewIndex: Int?
            if let hebrew = cached.hebrew {
                let index = Int(cached.hebrewIndex)
                if index == 0 {
                    hebrewIndex = 0
                } else if let font = Font(hebrew.descriptor, library: library) {
                    loaded[index] = font
                    hebrewIndex = index
                }
            }
            self.primary = primary
            hebrewFont = hebrewIndex
            state = Mutex(State(library: library, candidates: nil, loaded: loaded))
            return
        }
        let list: [FontDescriptor]
        do { list = try FontLocator.fallbackList(family: family) } catch {
            FT_Done_FreeType(library)
            throw error
        }
        guard let primary = Font(list[0], library: library) else {
            FT_Done_FreeType(library)
            throw FontError(family: family)
        }
        var candidates = list
        var loaded = [0: primary]
        var hebrewIndex: Int?
        var hebrewRecord: (descriptor: FontDescriptor, index: Int)?
        if let hebrewFamily, let found = try? FontLocator.fallbackList(family: hebrewFamily).first {
            let index = candidates.firstIndex { $0.path == found.path && $0.index == found.index } ?? candidates.count
            if index == candidates.count { candidates.append(found) }
            hebrewRecord = (found, index)
            if index == 0 {
                hebrewIndex = 0
            } else if let font = Font(found, library: library) {
                loaded[index] = font
                hebrewIndex = index
            }
        }
        self.primary = primary
        hebrewFont = hebrewIndex
        state = Mutex(State(library: library, candidates: candidates, loaded: loaded))
        if let cacheFile {
            FontCache.store(
                path: cacheFile,
                chain: FontCacheFile.Chain(
                    family: family, hebrewFamily: hebrewFamily, primary: FontCacheFile.FontRecord(list[0]),
                    hebrew: hebrewRecord.map { FontCacheFile.FontRecord($0.descriptor) },
                    hebrewIndex: Int32(hebrewRecord?.index ?? 0)))
        }
    }

    deinit { state.withLock { _ = FT_Done_FreeType($0.library) } }

    /// The font at `index` in the chain (0 is the primary).
    public func font(at index: Int) -> Font {
        index == 0 ? primary : state.withLock { $0.loaded[index] } ?? primary
    }

    /// The font file fontconfig put at `index` in the chain (0 is the primary), loaded or not; nil past the end.
    /// The persisted shape cache checks with it that a run shaped with fallback fonts still gets the same ones. A
    /// font already loaded (the primary, the Hebrew font) is answered without fontconfig; any other index, on a
    /// chain that came from the font cache, asks fontconfig for the list as a missing glyph would.
    public func descriptor(at index: Int) -> FontDescriptor? {
        if index == 0 { return primary.descriptor }
        guard index > 0 else { return nil }
        return state.withLock { state in
            if let font = state.loaded[index] { return font.descriptor }
            let candidates = state.candidates ?? fontconfigCandidates(loaded: state.loaded)
            state.candidates = candidates
            return index < candidates.count ? candidates[index] : nil
        }
    }

    /// Whether fontconfig's list of fallbacks has been made: from the start without a font cache, and with one
    /// only once a glyph was missing (tests check that a chain from the cache starts without it).
    var hasFallbackList: Bool { state.withLock { $0.candidates != nil } }

    /// The index of the first font after the primary that covers `scalar`, or nil when no installed font does.
    func fallback(for scalar: UInt32) -> Int? {
        state.withLock { state in
            if let known = state.fallbackFor[scalar] { return known < 0 ? nil : known }
            let candidates = state.candidates ?? fontconfigCandidates(loaded: state.loaded)
            state.candidates = candidates
            var found = -1
            for index in 1..<max(candidates.count, 1) {
                if state.loaded[index] == nil, let font = Font(candidates[index], library: state.library) {
                    state.loaded[index] = font
                }
                if let font = state.loaded[index], font.covers(scalar) { found = index; break }
            }
            state.fallbackFor[scalar] = found
            return found < 0 ? nil : found
        }
    }

    /// fontconfig's list for the family, for a chain that came from the font cache, with the Hebrew font where the
    /// cache put it. Should fontconfig now disagree with the cache about the fonts already loaded (a change the
    /// cache's stamps could not see), those stay where they are, so runs already shaped keep their meaning, and
    /// the cache file is removed so the next process asks fontconfig afresh.
    private func fontconfigCandidates(loaded: [Int: Font]) -> [FontDescriptor] {
        var list = (try? FontLocator.fallbackList(family: family)) ?? []
        if let index = hebrewFont, index > 0, index == list.count, let hebrew = loaded[index] {
            list.append(hebrew.descriptor)
        }
        let agrees = loaded.allSatisfy { index, font in
            index < list.count && list[index].path == font.descriptor.path && list[index].index == font.descriptor.index
        }
        if !agrees, let cacheFile { unlink(cacheFile) }
        return list
    }
}

extension FontCacheFile.FontRecord {
    init(_ descriptor: FontDescriptor) {
        self.init(
            path: Array(descriptor.path.utf8), index: descriptor.index, family: descriptor.family,
            file: FileStamp.state(of: descriptor.path))
    }

    /// The font as the chain opens it.
    var descriptor: FontDescriptor {
        FontDescriptor(path: String(decoding: path, as: UTF8.self), index: index, family: family)
    }
}
