/// What a command built and the process needs until it ends. The process exits right after the command, so
/// freeing a chapter's strings, its layout and every accessibility element one by one (benchmarks `typeset-warm`,
/// `a11y-all-warm`) is work nobody needs: the system takes back the whole process's memory at once, as compilers do
/// with their own trees. Output, caches and files are finished before; only memory is left to the exit. Main thread
/// only (commands run there).
enum ProcessEnd {
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` alive until the process exits.
    static func keep(_ values: Any...) { kept.append(contentsOf: values) }
}
