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

    /// Like `write(_:)`, but standard output gets the output whole or nothing: `body` writes into an unnamed
    /// temporary file (`O_TMPFILE` in `$TMPDIR`, else a named one unlinked at once), copied out only when `body`
    /// has finished. For output made over minutes that can fail midway (`export --audio`: a book's synthesized
    /// audio), where a half-written book on standard output would look like a book. A file is whole already.
    func writeWhole(_ body: (ByteSink) throws -> Void) throws {
        guard case .standardOutput = self else { return try write(body) }
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var spool = open(folder, Self.unnamedTemporary | O_RDWR | O_CLOEXEC, 0o600)
        if spool < 0 {
            var template = Array("\(folder)/interlinear-XXXXXX".utf8CString)
            spool = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if spool >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        }
        guard spool >= 0 else {
            throw Failure(.cannotCreate, "cannot make a temporary file in \(folder): \(SystemError(code: errno))")
        }
        defer { close(spool) }
        do { try body(ByteSink(descriptor: spool)) } catch let error as SystemError {
            throw Failure(.ioError, "cannot write the temporary file in \(folder): \(error)")
        }
        guard lseek(spool, 0, SEEK_SET) == 0 else {
            throw Failure(.ioError, "cannot read the temporary file back: \(SystemError(code: errno))")
        }
        let sink = ByteSink(descriptor: STDOUT_FILENO)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        try chunk.withUnsafeMutableBytes { buffer in
            while true {
                let n = read(spool, buffer.baseAddress, buffer.count)
                if n < 0, errno == EINTR { continue }
                guard n >= 0 else {
                    throw Failure(.ioError, "cannot read the temporary file back: \(SystemError(code: errno))")
                }
                if n == 0 { return }
                do { try sink.write(UnsafeRawBufferPointer(rebasing: buffer[..<n])) } catch let error as SystemError {
                    throw Self.standardOutputFailure(error)
                }
            }
        }
    }

    /// Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY), which Swift does not import.
    private static let unnamedTemporary: Int32 = 0o20_000_000 | O_DIRECTORY

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
