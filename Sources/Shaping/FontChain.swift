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

    /// Finds `family` through fontconfig; throws `FontError` (naming the Debian package) when it is not installed.
    public init(family: String = "Gentium Plus") throws {
        let list = try FontLocator.fallbackList(family: family)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError(family: family) }
        guard let primary = Font(list[0], library: library) else {
            FT_Done_FreeType(library)
            throw FontError(family: family)
        }
        self.family = family
        self.primary = primary
        state = Mutex(State(library: library, candidates: list, loaded: [0: primary]))
    }

    deinit { state.withLock { _ = FT_Done_FreeType($0.library) } }

    /// The font at `index` in the chain (0 is the primary).
    public func font(at index: Int) -> Font {
        index == 0 ? primary : state.withLock { $0.loaded[index] } ?? primary
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
