import Foundation
import InterlinearCorpus

/// Where a command's output goes: the one output path every command uses (`typeset`, `a11y`, `bench`, `import`,
/// `read` off a terminal, and any new command). Call `emit(data, to: output)` with the command's `--output` value,
/// or use `OutputTarget` directly to stream.
///
/// - `nil` or `-`: standard output, written completely (short writes continued, EINTR retried).
/// - a path: `AtomicFile` — a regular file replaced atomically keeping its mode (and owner where allowed), a
///   symbolic link's target replaced, a FIFO/device/`/dev/stdout` written in place, a folder refused, nothing left
///   behind on failure.
///
/// Every failure is a one-line error with an exit status below 128 (`ExitStatus`): 73 when the file cannot be
/// created there, 74 when writing fails (ENOSPC, EFBIG, EBADF for a closed stdout, EPIPE when SIGPIPE is ignored).
/// With SIGPIPE at its default, as shells leave it, a closed pipe (`| head`) ends the process quietly with 141,
/// like any filter. Nothing traps.
enum OutputTarget {
    case standardOutput
    case file(String)

    /// `--output PATH`; nil or "-" is standard output.
    init(_ path: String?) {
        if let path, path != "-" { self = .file(path) } else { self = .standardOutput }
    }

    /// Writes everything `body` puts into the sink.
    func write(_ body: (ByteSink) throws -> Void) throws {
        switch self {
        case .standardOutput:
            do { try body(ByteSink(descriptor: STDOUT_FILENO)) } catch let error as SystemError {
                throw Self.standardOutputFailure(error)
            }
        case .file(let path):
            try AtomicFile.write(to: path, body)
        }
    }

    func write(_ data: Data) throws { try write { sink in try data.withUnsafeBytes { try sink.write($0) } } }

    func write(_ bytes: [UInt8]) throws { try write { sink in try sink.write(bytes) } }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// The one message for a failed write to standard output.
    static func standardOutputFailure(_ error: SystemError) -> Failure {
        Failure(.ioError, "cannot write to standard output: \(error)")
    }
}

/// Writes command output to `path` (nil: standard output); see `OutputTarget`.
func emit(_ data: Data, to path: String?) throws {
    try OutputTarget(path).write(data)
}

/// Writes command output to `path` (nil: standard output); see `OutputTarget`.
func emit(_ bytes: [UInt8], to path: String?) throws {
    try OutputTarget(path).write(bytes)
}
