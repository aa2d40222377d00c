import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes output files the way users expect of `--output`, so a failure never leaves a partial file and nothing
/// at the path is clobbered:
///
/// - **a regular file** is replaced atomically (a complete new file renamed over it), keeping its permission
///   bits and, where the system allows it, its owner and group; a read-only file is refused. A new file gets
///   0666 minus the umask. A hard-linked file is replaced at this path only.
/// - **a symbolic link** is followed (through chains, relative or absolute) and its target replaced; the link stays
///   a link. A dangling link creates its target.
/// - **a FIFO, a character or block device, a socket**, and anything under `/dev` or `/proc`, are opened and
///   written in place, never renamed over. `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` write
///   to that descriptor itself.
/// - **a folder** is an error (`OutputFileError.Kind.cannotCreate`), as is a missing parent folder unless
///   `createDirectories` is set.
///
/// The new contents are written to an *unnamed* temporary file (`O_TMPFILE`) in the target's folder, synced, then
/// linked into place; until then it has no name, so no failure, signal or `kill -9` can leave it behind. The one
/// step that needs a name (linking next to an existing file, then renaming over it) runs with signals blocked. On
/// file systems without `O_TMPFILE` a named `.NAME.PID.tmp` file is used instead, removed on any error and by
/// `TemporaryFileCleanup` on terminating signals. `INTERLINEAR_TEMP_FILES=named` forces that path (to test it).
public enum AtomicFile {
    /// Writes `data` to `url` as described above.
    public static func write(_ data: Data, to url: URL, createDirectories: Bool = false) throws {
        try write(to: url.path, createDirectories: createDirectories) { sink in
            try data.withUnsafeBytes { try sink.write($0) }
        }
    }

    /// Writes what `body` puts into the sink to `path`. A `SystemError` from the sink becomes an
    /// `OutputFileError` naming the path; any other error from `body` is rethrown as is. Either way nothing is left.
    public static func write(to path: String, createDirectories: Bool = false, _ body: (ByteSink) throws -> Void) throws
    {
        try write(to: path, createDirectories: createDirectories, namedTemporary: namedTemporaryFilesForced, body)
    }

    /// `namedTemporary` takes the fallback path that file systems without `O_TMPFILE` get.
    static func write(
        to path: String, createDirectories: Bool, namedTemporary: Bool,
        _ body: (ByteSink) throws -> Void
    ) throws {
        guard !path.isEmpty else {
            throw OutputFileError(path: path, kind: .cannotCreate, reason: "the file name is empty")
        }
        switch try destination(of: path, createDirectories: createDirectories) {
        case .descriptor(let fd):
            try writing(path) { try body(ByteSink(descriptor: fd)) }
        case .inPlace(let target, let regular):
            let fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | (regular ? O_TRUNC : 0))
            guard fd >= 0 else { throw OutputFileError(path: path, kind: .cannotCreate, reason: systemMessage(errno)) }
            defer { close(fd) }
            try writing(path) { try body(ByteSink(descriptor: fd)) }
        case .replace(let target, let existing):
            try replace(target, existing: existing, path: path, namedTemporary: namedTemporary, body)
        }
    }

    /// What is at the path, once symbolic links are followed.
    private enum Destination {
        case descriptor(Int32)
        case inPlace(String, regular: Bool)
        case replace(String, existing: stat?)
    }

    private static func destination(of path: String, createDirectories: Bool) throws -> Destination {
        func refuse(_ reason: String) -> OutputFileError {
            OutputFileError(path: path, kind: .cannotCreate, reason: reason)
        }
        var current = path
        for _ in 0..<40 {
            if let fd = standardStream(current) { return .descriptor(fd) }
            var info = stat()
            if current.hasPrefix("/dev/") || current.hasPrefix("/proc/") {
                // Device nodes and the kernel's magic links: let the kernel follow them, never rename over them.
                if stat(current, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                    throw refuse("it is a folder; name a file inside it")
                }
                return .inPlace(current, regular: stat(current, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
            }
            guard lstat(current, &info) == 0 else {
                let code = errno
                guard code == ENOENT else { throw refuse(systemMessage(code)) }
                try checkFolder(of: current, create: createDirectories, refuse: refuse)
                return .replace(current, existing: nil)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n > 0 else { throw refuse("cannot read the symbolic link \(current): \(systemMessage(errno))") }
                let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
            case S_IFDIR:
                throw refuse("it is a folder; name a file inside it")
            case S_IFREG:
                guard access(current, W_OK) == 0 else {
                    throw refuse("the file is not writable (\(systemMessage(errno)))")
                }
                return .replace(current, existing: info)
            default:
                return .inPlace(current, regular: false)
            }
        }
        throw refuse("too many levels of symbolic links")
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the descriptor they name.
    private static func standardStream(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The folder a new file goes into must exist (or is made, with `create`).
    private static func checkFolder(of path: String, create: Bool, refuse: (String) -> OutputFileError) throws {
        let dir = folder(of: path)
        var info = stat()
        if stat(dir, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("\(dir) is not a folder") }
            return
        }
        guard create else { throw refuse("the folder \(dir) does not exist") }
        var made = ""
        for part in dir.split(separator: "/", omittingEmptySubsequences: true) {
            made += (made.isEmpty && !dir.hasPrefix("/") ? "" : "/") + part
            if mkdir(made, 0o777) != 0, errno != EEXIST {
                throw refuse("cannot create the folder \(made): \(systemMessage(errno))")
            }
        }
    }

    /// Runs a write into an already-open destination, naming the path in errors.
    private static func writing(_ path: String, _ body: () throws -> Void) throws {
        do { try body() } catch let error as SystemError {
            throw OutputFileError(path: path, kind: .writeFailed, reason: error.description)
        }
    }

    // Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY), which Swift does not import.
    private static let openTemporary: Int32 = 0o20_000_000 | O_DIRECTORY

    private static var namedTemporaryFilesForced: Bool {
        // getenv, not ProcessInfo's dictionary of the whole environment: this runs for every output file.
        getenv("INTERLINEAR_TEMP_FILES").map { String(cString: $0) } == "named"
    }

    /// Replaces (or creates) a regular file through a temporary file in its folder.
    private static func replace(
        _ target: String, existing: stat?, path: String, namedTemporary: Bool,
        _ body: (ByteSink) throws -> Void
    ) throws {
        let dir = folder(of: target)
        let mode: mode_t = existing.map { $0.st_mode & 0o7777 } ?? 0o666
        let createMode: mode_t = existing == nil ? 0o666 : 0o600  // the umask applies to a new file only
        func fail(_ kind: OutputFileError.Kind, _ code: Int32, _ doing: String = "") -> OutputFileError {
            OutputFileError(path: path, kind: kind, reason: doing + systemMessage(code))
        }
        let unnamed =
            namedTemporary || access("/proc/self/fd", X_OK) != 0
            ? -1 : open(dir, openTemporary | O_WRONLY | O_CLOEXEC, createMode)
        if unnamed < 0, !namedTemporary, ![EOPNOTSUPP, EISDIR, EINVAL, ENOENT].contains(errno) {
            throw fail(.cannotCreate, errno, "cannot create a file in \(dir): ")
        }
        if unnamed >= 0 {
            defer { close(unnamed) }
            try writing(path) {
                try body(ByteSink(descriptor: unnamed))
                try finish(unnamed, existing: existing, mode: mode)
            }
            // Give it its name; with signals blocked, nothing can stop between the link and the rename.
            try withSignalsBlocked {
                let source = "/proc/self/fd/\(unnamed)"
                if existing == nil {
                    if linkat(AT_FDCWD, source, AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0 { return }
                    guard errno == EEXIST else { throw fail(.cannotCreate, errno) }  // created meanwhile: replace it
                }
                let temporary = temporaryName(for: target)
                guard linkat(AT_FDCWD, source, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
                    throw fail(.cannotCreate, errno)
                }
                guard rename(temporary, target) == 0 else {
                    let code = errno
                    unlink(temporary)
                    throw fail(.writeFailed, code)
                }
            }
            return
        }
        let temporary = temporaryName(for: target)
        try TemporaryFileCleanup.guarding(temporary) {
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, createMode)
            guard fd >= 0 else { throw fail(.cannotCreate, errno, "cannot create a file in \(dir): ") }
            do {
                try writing(path) {
                    try body(ByteSink(descriptor: fd))
                    try finish(fd, existing: existing, mode: mode)
                    guard close(fd) == 0 else { throw SystemError(code: errno) }
                }
            } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw fail(.writeFailed, code)
            }
        }
    }

    /// Owner and mode of the file being replaced (the owner where allowed), then the data on disk.
    private static func finish(_ fd: Int32, existing: stat?, mode: mode_t) throws {
        if let existing {
            _ = fchown(fd, existing.st_uid, existing.st_gid)  // EPERM unless root: the file becomes ours
            guard fchmod(fd, mode) == 0 else { throw SystemError(code: errno) }
        }
        if fsync(fd) != 0, errno != EINVAL { throw SystemError(code: errno) }
    }

    private static func temporaryName(for target: String) -> String {
        let name = target.split(separator: "/").last.map(String.init) ?? "output"
        return "\(folder(of: target))/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    private static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}

/// An output file that could not be written: one line naming the path and why.
public struct OutputFileError: Error, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The file cannot be created where asked: a folder, a missing folder, no permission (exit 73).
        case cannotCreate
        /// Writing failed part-way: no space, file too large, an I/O error (exit 74).
        case writeFailed
    }

    public let path: String
    public let kind: Kind
    public let reason: String

    public init(path: String, kind: Kind, reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "cannot write output file \(EscapedText.escaped(path, limit: 120)): \(reason)" }
}
