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

    /// What would fix it, when the library knows: a front end words the advice its users can follow (the command
    /// line says which script or command to run); the library's message never names one.
    public enum Remedy: Sendable, Equatable {
        /// The importer's source data is not downloaded, or only in part: download it (again).
        case downloadSourceData
        /// The chapter is not in the chapter files: import it (the reference as the user gave it).
        case importChapter(String)
        /// A chapter file in a format no longer read: import the chapter again into chapter files.
        case reimportChapterFile
    }

    public let file: String
    public let line: Int?
    public let kind: Kind
    public let message: String
    public let remedy: Remedy?

    public init(file: String, line: Int?, kind: Kind = .malformed, _ message: String, remedy: Remedy? = nil) {
        self.file = file
        self.line = line
        self.kind = kind
        self.message = message
        self.remedy = remedy
    }

    /// `file:line: message`, with the file name escaped (a path can hold control characters too).
    public var description: String {
        if file.isEmpty { return message }
        let name = EscapedText.escaped(file, limit: 120)
        if let line { return "\(name):\(line): \(message)" }
        return "\(name): \(message)"
    }
}
