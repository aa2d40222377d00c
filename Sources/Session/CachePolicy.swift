#if canImport(Glibc)
import Glibc
#endif

/// Whether, and where, the engine keeps what it learned in one run for the next: the font file fontconfig chose
/// (`FontCache`) and anything else a session remembers across processes. One value, decided once from the
/// command line and the environment, and handed to the session; every cache follows it.
///
/// - `--no-cache` (`CachePolicy(noCache: true, …)`): nothing is read from or written to any cache file.
/// - `$INTERLINEAR_CACHE`: the folder to use instead of the user's (tests point it at a temporary folder); the value
///   `off` turns caching off as `--no-cache` does.
/// - else `$XDG_CACHE_HOME/interlinear` when `XDG_CACHE_HOME` is an absolute path (the XDG Base Directory rule),
///   else `$HOME/.cache/interlinear`; with neither, caching is off.
///
/// Cache files are untrusted input: each reader bounds, validates and ignores what it cannot use, and each writer
/// replaces its file atomically (temporary file + rename).
public struct CachePolicy: Sendable, Equatable {
    /// The folder cache files go in, or nil when caching is off. It may not exist yet (writers create it).
    public let directory: String?

    /// Caching off: nothing read, nothing written.
    public static let disabled = CachePolicy(directory: nil)

    /// The environment variable that overrides the folder (or, set to `off`, turns caching off).
    public static let environmentVariable = "INTERLINEAR_CACHE"

    public init(directory: String?) {
        self.directory = directory.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The policy for a command: off with `noCache`, else the folder the environment names (see the type's doc).
    public init(noCache: Bool, environment: [String: String]) {
        self.init(noCache: noCache) { environment[$0] }
    }

    /// The policy for this process: off with `noCache`, else from its environment (read with `getenv`, without
    /// copying the whole environment).
    public init(noCache: Bool) {
        self.init(noCache: noCache) { name in getenv(name).map { String(cString: $0) } }
    }

    private init(noCache: Bool, variable: (String) -> String?) {
        if noCache {
            self = .disabled
        } else if let override = variable(Self.environmentVariable), !override.isEmpty {
            self = override == "off" ? .disabled : CachePolicy(directory: override)
        } else if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            self = CachePolicy(directory: xdg + "/interlinear")
        } else if let home = variable("HOME"), home.hasPrefix("/") {
            self = CachePolicy(directory: home + "/.cache/interlinear")
        } else {
            self = .disabled
        }
    }

    /// Whether caches may be read and written.
    public var isEnabled: Bool { directory != nil }

    /// The path of a cache file named `name` in the folder, or nil when caching is off.
    public func file(_ name: String) -> String? { directory.map { $0 + "/" + name } }
}
