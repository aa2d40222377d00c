import CFreeType
import Foundation

/// A primary font and fontconfig's fallback fonts, loaded lazily the first time a character needs one.
public final class FontChain: @unchecked Sendable {
    public let family: String
    public let primary: Font
    private let candidates: [FontDescriptor]
    private var loaded: [Int: Font] = [:]
    /// Scalar → index of the first fallback covering it (-1: none does). Filled only for scalars the primary lacks.
    private var fallbackFor: [UInt32: Int] = [:]
    private let lock = NSLock()
    private let library: FT_Library

    /// Finds `family` through fontconfig; throws `FontError` (naming the Debian package) when it is not installed.
    public init(family: String = "Gentium Plus") throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError(family: family) }
        let list = try FontLocator.fallbackList(family: family)
        guard let primary = Font(list[0], library: library) else { throw FontError(family: family) }
        self.library = library
        self.family = family
        self.primary = primary
        self.candidates = list
        loaded[0] = primary
    }

    deinit { FT_Done_FreeType(library) }

    /// The font at `index` in the chain (0 is the primary).
    public func font(at index: Int) -> Font {
        lock.lock()
        defer { lock.unlock() }
        return loaded[index] ?? primary
    }

    /// The index of the first font after the primary that covers `scalar`, or nil when no installed font does.
    func fallback(for scalar: UInt32) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if let known = fallbackFor[scalar] { return known < 0 ? nil : known }
        var found = -1
        for index in 1..<max(candidates.count, 1) {
            if loaded[index] == nil, let font = Font(candidates[index], library: library) { loaded[index] = font }
            if let font = loaded[index], font.covers(scalar) { found = index; break }
        }
        fallbackFor[scalar] = found
        return found < 0 ? nil : found
    }
}
