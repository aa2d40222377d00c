import Foundation

/// A program that could not be started or waited for.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Starts `path` with `argv` (its first element included) and `environment`, its descriptors set up by `actions`;
/// returns its pid. Test threads block most signals and a child inherits the mask, so the child's mask is cleared
/// and every disposition reset: a pane's shell, the reader or a display server gets SIGINT, SIGTERM, SIGHUP and
/// SIGPIPE as it would from a terminal. With `newGroup` it leads a process group of its own (its pid), so a wrapper
/// (dbus-run-session) and everything it starts can be ended together.
public func spawnWithSignalsRestored(
    _ path: String, argv: [String], environment: [String: String],
    actions: inout posix_spawn_file_actions_t,
    newGroup: Bool = false
) throws -> pid_t {
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (cArgs + cEnv).forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t(), all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
        &attributes,
        Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
            | (newGroup ? Int16(POSIX_SPAWN_SETPGROUP) : 0))
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, &attributes, cArgs, cEnv)
    guard spawned == 0 else { throw SpawnFailure("cannot run \(path): error \(spawned)") }
    return pid
}

/// How a child ended: its exit status, or the signal that ended it.
public struct ChildExit: Equatable, Sendable {
    /// The exit status, or 128 + the signal (as a shell reports it).
    public let status: Int32
    /// The signal that ended it, if one did.
    public let signal: Int32?

    /// Waits for child `pid` to end.
    public init(waitingFor pid: pid_t) throws {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { throw SpawnFailure("waitpid failed: \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = raw & 0x7F
        self.signal = signal == 0 ? nil : signal
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}
