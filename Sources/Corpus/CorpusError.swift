/// A problem with corpus data, naming the file and line.
public struct CorpusError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, as the command line's exit status reports it.
    public enum Kind: Sendable, Equatable {
        /// The data is malformed or exceeds a limit (exit 65).
        case malformed
        /// The chapter or file does not exist (exit 66).
        case missing
        /// The file exists but cannot be read as a regular file (exit 66).
        case unreadable
    }

    public let file: String
    public let line: Int?
    public let kind: Kind
    public let message: String

    public init(file: String, line: Int?, kind: Kind = .malformed, _ message: String) {
        self.file = file
        self.line = line
        self.kind = kind
        self.message = message
    }

    /// `file:line: message`, with the file name escaped (a path can hold control characters too).
    public var description: String {
        if file.isEmpty { return message }
        let name = EscapedText.escaped(file, limit: 120)
        if let line { return "\(name):\(line): \(message)" }
        return "\(name): \(message)"
    }
}
