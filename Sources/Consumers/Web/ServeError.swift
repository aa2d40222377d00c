/// Why the server cannot start: one line on stderr, and the exit status of the README's table.
public enum ServeError: Error, CustomStringConvertible {
    /// No store at the path the options name (exit 66).
    case noStore(path: String)
    /// A bad option (exit 64).
    case usage(String)

    public var description: String {
        switch self {
        case .noStore(let path):
            "serve reads the corpus store, and there is none at \(path) yet; run `interlinear import` to build it"
        case .usage(let message): message
        }
    }

    /// The exit status (the README's table: 64 usage, 66 missing input).
    public var status: Int32 {
        switch self {
        case .noStore: 66
        case .usage: 64
        }
    }
}
