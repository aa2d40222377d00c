#if canImport(Glibc)
import Glibc
#endif

/// Whether a session keeps what it computed for the next process, and where: the persisted shape cache (and any
/// other cache that outlives the process) lives in one folder. The commands that lay out a chapter use `.user`
/// unless `--no-cache` is given; a session made without a policy (tests, benchmarks) uses `.off`, so nothing
/// measures or depends on what an earlier run left behind unless it asks to.
public enum CachePolicy: Sendable, Equatable {
    /// Neither read nor write any cache file: every run starts cold and leaves nothing behind (`--no-cache`).
    case off
    /// The user's cache folder: `$XDG_CACHE_HOME/interlinear`, else `~/.cache/interlinear` (tests point
    /// `XDG_CACHE_HOME` into a temporary folder).
    case user
    /// This folder (tests that hold the folder themselves).
    case folder(String)

    /// The folder this policy reads and writes, or nil when it is off or there is no usable home folder. Read from
    /// the environment with `getenv` (no dictionary of the whole environment is built: this runs at every start).
    public var folder: String? {
        switch self {
        case .off: return nil
        case .folder(let path): return path.isEmpty ? nil : path
        case .user:
            // The XDG spec ignores a relative XDG_CACHE_HOME.
            if let xdg = Self.variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/interlinear" }
            guard let home = Self.variable("HOME"), home.hasPrefix("/") else { return nil }
            return home + "/.cache/interlinear"
        }
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
