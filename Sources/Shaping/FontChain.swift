import CFreeType
import Synchronization

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
        let candidates: [FontDescriptor]
        var loaded: [Int: Font]
        /// Scalar → index of the first fallback covering it (-1: none does). Filled only for scalars the primary
        /// lacks.
        var fallbackFor: [UInt32: Int] = [:]
    }
    private let state: Mutex<State>

    /// The chain index of the font Hebrew text is shaped with first (`hebrewFamily`), or nil when that family is
    /// not installed: Hebrew then falls back through fontconfig like any other script.
    public let hebrewFont: Int?

    /// The family Hebrew is shaped with by default: Ezra SIL (Debian `fonts-sil-ezra`), made for Biblical Hebrew
    /// with its vowel points and cantillation.
    public static let defaultHebrewFamily = "Ezra SIL"

    /// Finds `family` through fontconfig; throws `FontError` (naming the Debian package) when it is not installed.
    /// `hebrewFamily` is the font Hebrew text starts from; a missing one is no error (see `hebrewFont`).
    public init(family: String = "Gentium Plus", hebrewFamily: String? = FontChain.defaultHebrewFamily) throws {
        var list = try FontLocator.fallbackList(family: family)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError(family: family) }
        guard let primary = Font(list[0], library: library) else {
            FT_Done_FreeType(library)
            throw FontError(family: family)
        }
        var loaded = [0: primary]
        var hebrewIndex: Int?
        if let hebrewFamily, let found = try? FontLocator.fallbackList(family: hebrewFamily).first {
            let index = list.firstIndex { $0.path == found.path && $0.index == found.index } ?? list.count
            if index == list.count { list.append(found) }
            if index == 0 {
                hebrewIndex = 0
            } else if let font = Font(found, library: library) {
                loaded[index] = font
                hebrewIndex = index
            }
        }
        self.family = family
        self.primary = primary
        hebrewFont = hebrewIndex
        state = Mutex(State(library: library, candidates: list, loaded: loaded))
    }

    deinit { state.withLock { _ = FT_Done_FreeType($0.library) } }

    /// The font at `index` in the chain (0 is the primary).
    public func font(at index: Int) -> Font {
        index == 0 ? primary : state.withLock { $0.loaded[index] } ?? primary
    }

    /// The font file fontconfig put at `index` in the chain (0 is the primary), loaded or not; nil past the end.
    /// The persisted shape cache checks with it that a run shaped with fallback fonts still gets the same ones.
    public func descriptor(at index: Int) -> FontDescriptor? {
        if index == 0 { return primary.descriptor }
        return state.withLock { index > 0 && index < $0.candidates.count ? $0.candidates[index] : nil }
    }

    /// The index of the first font after the primary that covers `scalar`, or nil when no installed font does.
    func fallback(for scalar: UInt32) -> Int? {
        state.withLock { state in
            if let known = state.fallbackFor[scalar] { return known < 0 ? nil : known }
            var found = -1
            for index in 1..<max(state.candidates.count, 1) {
                if state.loaded[index] == nil, let font = Font(state.candidates[index], library: state.library) {
                    state.loaded[index] = font
                }
                if let font = state.loaded[index], font.covers(scalar) { found = index; break }
            }
            state.fallbackFor[scalar] = found
            return found < 0 ? nil : found
        }
    }
}
