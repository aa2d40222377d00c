import Synchronization

#if canImport(Glibc)
import Glibc
#endif

// The path the handler removes, in a buffer allocated once: a signal handler may only call async-signal-safe
// functions (unlink, signal, raise), so it cannot build a String.
nonisolated(unsafe) private var pendingPath = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
nonisolated(unsafe) private var pendingActive: Int32 = 0

private func removePendingAndDie(_ signal: Int32) {
    if pendingActive != 0 { _ = unlink(pendingPath) }
    pendingActive = 0
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
}

/// Keeps a named temporary file from outliving its process: while one exists, the terminating signals whose action
/// is the default (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ) first remove it, then end the process as they would
/// have. Only `AtomicFile`'s fallback for file systems without `O_TMPFILE` needs it (an unnamed temporary file
/// cannot outlive its process at all). SIGKILL cannot be caught: there the named fallback can leave a
/// `.NAME.PID.tmp` file behind, which the next write to the same path does not reuse.
enum TemporaryFileCleanup {
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ]
    private static let lock = Mutex(())

    /// Runs `body` with `path` removed by any of `signals`; one named temporary file at a time.
    static func guarding<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try lock.withLock { _ in
            let bytes = Array(path.utf8CString)
            guard bytes.count <= Int(PATH_MAX) + 1 else { return try body() }
            bytes.withUnsafeBufferPointer { pendingPath.update(from: $0.baseAddress!, count: $0.count) }
            pendingActive = 1
            var previous: [(Int32, sigaction)] = []
            for sig in signals {
                var current = sigaction()
                guard sigaction(sig, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil,
                    current.sa_flags & SA_SIGINFO == 0
                else { continue }  // not the default: leave it alone
                var action = sigaction()
                action.__sigaction_handler.sa_handler = removePendingAndDie
                sigemptyset(&action.sa_mask)
                if sigaction(sig, &action, nil) == 0 { previous.append((sig, current)) }
            }
            defer {
                pendingActive = 0
                for (sig, action) in previous {
                    var action = action
                    _ = sigaction(sig, &action, nil)
                }
            }
            return try body()
        }
    }

    /// Whether a handler for `signal` is installed now (for tests).
    static func isGuarding(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return pendingActive != 0 && current.__sigaction_handler.sa_handler != nil
    }
}
