import Foundation

/// Where the user's folders are, by the one rule the product, scripts/setup and the tests all follow (XDG base
/// directories): `$XDG_CACHE_HOME`, `$XDG_DATA_HOME` or `$XDG_CONFIG_HOME` when it is absolute (the specification
/// ignores a relative one), else `~/.cache`, `~/.local/share` or `~/.config` under `$HOME` — the password database's
/// home only when `HOME` is unset or empty. A CI workspace, `sudo -E` or a container sets `HOME` elsewhere than the
/// password database says, and everything must then be looked for where setup put it.
package enum UserFolders {
    /// `$HOME`, else the password database's home.
    package static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory())
    }

    /// `$XDG_CACHE_HOME`, else `$HOME/.cache`.
    package static func cache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base("XDG_CACHE_HOME", ".cache", environment)
    }

    /// `$XDG_DATA_HOME`, else `$HOME/.local/share`.
    package static func data(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base("XDG_DATA_HOME", ".local/share", environment)
    }

    private static func base(_ variable: String, _ underHome: String, _ environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return home(environment: environment).appendingPathComponent(underHome)
    }
}
