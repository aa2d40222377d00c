/// `interlinear serve`'s options, as `interlinear` hands them to `interlinear-serve` (ServeCommand parses and
/// checks them for users first): `--host`, `--port`, `--corpus`, `--notes`.
public struct ServeOptions: Sendable {
    public var host = "127.0.0.1"
    /// 0 asks the system for a free port (the line printed on start says which).
    public var port = 8080
    public var corpus: String?
    /// The notes file; given, the notes pages are served on any host (else on this machine's loopback only).
    public var notes: String?

    public init(arguments: [String]) throws(ServeError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument, value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard ["--host", "--port", "--corpus", "--notes"].contains(name) else {
                throw .usage("unknown argument '\(argument)'; expected --host, --port, --corpus or --notes")
            }
            guard let given = value ?? rest.popFirst() else { throw .usage("\(name) needs a value") }
            switch name {
            case "--host":
                guard !given.isEmpty else { throw .usage("--host needs an address, such as 127.0.0.1") }
                host = given
            case "--port":
                guard let number = Int(given), (0...65535).contains(number) else {
                    throw .usage("--port must be a number from 0 to 65535 (0: any free port), got '\(given)'")
                }
                port = number
            case "--notes":
                guard !given.isEmpty else { throw .usage("--notes needs a file, such as ~/notes.sqlite") }
                notes = given
            default: corpus = given
            }
        }
    }

    /// Whether the host is this machine's loopback (127.0.0.0/8, ::1, localhost): nobody else reaches it.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
