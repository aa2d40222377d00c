import Foundation

/// Keeps SDL from starting a D-Bus session bus of its own. SDL's video start asks libdbus for the session bus (for
/// IBus text input and the screensaver), and when the environment names none, libdbus "autolaunches" one: it runs
/// `dbus-launch`, a forked process that starts a `dbus-daemon` which outlives the window. Nothing the window uses is
/// on such a bus: the screen-reader adapter finds the session bus only where the environment names it (sd-bus reads
/// the same two places), and IBus is reached through its own address file only after that bus answers.
enum SessionBusAutolaunch {
    /// An address libdbus parses but has no transport for: asking for the bus fails at once, without launching one.
    static let refusedAddress = "disabled:"

    /// Whether `environment` names a session bus where libdbus and sd-bus look for one before autolaunching:
    /// `DBUS_SESSION_BUS_ADDRESS`, else a socket at `$XDG_RUNTIME_DIR/bus`.
    static func sessionBusNamed(_ environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        var info = stat()
        return lstat(runtime + "/bus", &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    /// Runs `body` (SDL's start) with the session bus refused when `environment` names none and no IBus address
    /// is given either (`IBUS_ADDRESS`: SDL could reach IBus then, given any session bus). The variable is set
    /// only around `body`, before the window starts any thread of its own.
    static func refused<T>(in environment: [String: String], _ body: () throws -> T) rethrows -> T {
        guard !sessionBusNamed(environment), (environment["IBUS_ADDRESS"] ?? "").isEmpty else { return try body() }
        setenv("DBUS_SESSION_BUS_ADDRESS", refusedAddress, 1)
        defer { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        return try body()
    }
}
