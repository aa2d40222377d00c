import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one writer of files in the user's folders (`FileReplacement` underneath, which `CacheFolder` shares): outputs
/// (`--output`, `--snapshot`, imported chapter files) and the window's settings. Never through a link it did not
/// make, never a folder through a dangling link, always a complete file:
///
/// - **a regular file** is replaced atomically (a complete new file renamed over it), keeping its permission
///   bits and, where the system allows it, its owner and group; a read-only file is refused. A new file gets
///   0666 minus the umask. A hard-linked file is replaced at this path only.
/// - **a symbolic link** is refused, and what it points to left alone: a link someone else planted (a shared folder,
///   `view.json -> /etc/passwd`) must not get the program to write there. Links in the folders above are the user's
///   own layout and are followed.
/// - **a FIFO, a character or block device, a socket** (`Target.output` only: a file the user named), and anything
///   under `/dev` or `/proc`, are opened and written in place, never renamed over; a FIFO no program reads is
///   refused after 10 s instead of waited on for ever. `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` write to that
///   descriptor itself. A file the program keeps (`Target.ownFile`) must be a regular file or nothing.
/// - **a folder** is an error (`OutputFileError.Kind.cannotCreate`), as is a missing parent folder unless
///   `createDirectories` is set; then the missing folders are made, but none through a link that leads nowhere.
///
/// `INTERLINEAR_TEMP_FILES=named` takes the path of file systems without `O_TMPFILE` (to test it).
package enum AtomicFile {
    /// What may be at the path besides a regular file.
    package enum Target: Sendable {
        /// A file the user named: a FIFO, a device or a socket is written in place.
        case output
        /// A file the program keeps for itself (the window's settings): a regular file or nothing.
        case ownFile
    }

    /// Writes `data` to `url` as described above.
    package static func write(
        _ data: Data, to url: URL, createDirectories: Bool = false, target: Target = .output
    ) throws {
        try write(to: url.path, createDirectories: createDirectories, target: target) { sink in
            try data.withUnsafeBytes { try sink.write($0) }
        }
    }

    /// Writes what `body` puts into the sink to `path`. A `SystemError` from the sink becomes an
    /// `OutputFileError` naming the path; any other error from `body` is rethrown as is. Either way nothing is left.
    package static func write(
        to path: String, createDirectories: Bool = false, target: Target = .output,
        _ body: (ByteSink) throws -> Void
    ) throws {
        try write(
            to: path, createDirectories: createDirectories, target: target, namedTemporary: namedTemporaryFilesForced,
            body)
    }

    /// `namedTemporary` takes the fallback path that file systems without `O_TMPFILE` get.
    static func write(
        to path: String, createDirectories: Bool, target: Target = .output, namedTemporary: Bool,
        _ body: (ByteSink) throws -> Void
    ) throws {
        guard !path.isEmpty else {
            throw OutputFileError(path: path, kind: .cannotCreate, reason: "the file name is empty")
        }
        switch try destination(of: path, createDirectories: createDirectories, target: target) {
        case .descriptor(let fd):
            try writing(path) { try body(ByteSink(descriptor: fd)) }
        case .inPlace(let regular, let special):
            let fd = try openInPlace(path, regular: regular, special: special)
            defer { close(fd) }
            try writing(path) { try body(ByteSink(descriptor: fd)) }
        case .replace(let existing):
            let folderPath = folder(of: path)
            let dir = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard dir >= 0 else {
                throw OutputFileError(path: path, kind: .cannotCreate, reason: systemMessage(errno))
            }
            defer { close(dir) }
            let options = FileReplacement.Options(existing: existing, namedTemporary: namedTemporary)
            do {
                try FileReplacement.replace(name(of: path), in: dir, folderPath: folderPath, options, body)
            } catch let error as SystemError {
                // Refused before a byte was written (no permission, no space for the file) or while writing.
                let kind: OutputFileError.Kind =
                    [EACCES, EPERM, EROFS, ENAMETOOLONG].contains(error.code)
                    ? .cannotCreate : .writeFailed
                throw OutputFileError(path: path, kind: kind, reason: error.description)
            }
        }
    }

    /// What is at the path.
    private enum Destination {
        case descriptor(Int32)
        /// A device, FIFO or socket (or a kernel path under /dev or /proc, which the kernel resolves).
        case inPlace(regular: Bool, special: Bool)
        case replace(existing: stat?)
    }

    private static func destination(of path: String, createDirectories: Bool, target: Target) throws -> Destination {
        func refuse(_ reason: String) -> OutputFileError {
            OutputFileError(path: path, kind: .cannotCreate, reason: reason)
        }
        var info = stat()
        if target == .output {
            if let fd = standardStream(path) { return .descriptor(fd) }
            if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") {
                // Device nodes and the kernel's magic links: let the kernel follow them, never rename over them.
                if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                    throw refuse("it is a folder; name a file inside it")
                }
                let exists = stat(path, &info) == 0
                return .inPlace(regular: exists && info.st_mode & S_IFMT == S_IFREG, special: true)
            }
        }
        guard lstat(path, &info) == 0 else {
            let code = errno
            guard code == ENOENT else { throw refuse(systemMessage(code)) }
            try checkFolder(of: path, create: createDirectories, refuse: refuse)
            return .replace(existing: nil)
        }
        let type = info.st_mode & S_IFMT
        switch type {
        case S_IFLNK:
            throw refuse(
                "it is a symbolic link, and interlinear never writes through a link it did not make; "
                    + (target == .output ? "name the file itself, or remove the link" : "remove the link"))
        case S_IFDIR:
            throw refuse("it is a folder; name a file inside it")
        case S_IFREG:
            guard access(path, W_OK) == 0 else {
                throw refuse("the file is not writable (\(systemMessage(errno)))")
            }
            return .replace(existing: info)
        default:
            guard target == .output else {
                throw refuse("it is \(BoundedFile.fileTypeName(type)), not a regular file; remove it")
            }
            return .inPlace(regular: false, special: false)
        }
    }

    /// Opens a device, FIFO or socket to write in place. Never blocks for ever: a FIFO no program opens for reading
    /// within `fifoWait` is refused (a blocking open would wait for a reader for ever; `mkfifo p; interlinear … -o p
    /// & cat p` may start the reader a moment later). `special` paths (under /dev, /proc) may be the kernel's links.
    private static func openInPlace(_ path: String, regular: Bool, special: Bool) throws -> Int32 {
        let flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK | (regular ? O_TRUNC : 0) | (special ? 0 : O_NOFOLLOW)
        var fd = open(path, flags)
        var waited = 0
        while fd < 0, errno == ENXIO, waited < fifoWait {
            usleep(10_000)
            waited += 1
            fd = open(path, flags)
        }
        guard fd >= 0 else {
            let code = errno
            let reason =
                code == ENXIO
                ? "it is a FIFO (named pipe) that no program opened for reading within \(fifoWait / 100) s; start "
                    + "the reader first"
                : code == ELOOP ? "it became a symbolic link" : systemMessage(code)
            throw OutputFileError(path: path, kind: .cannotCreate, reason: reason)
        }
        // Blocking writes from here on, as any output.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// How long a FIFO output waits for a reader, in hundredths of a second.
    private static let fifoWait = 1_000

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

    private static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
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
        if let problem = makeFolders(dir) { throw refuse(problem) }
    }

    /// Makes a folder and its missing parents, each in turn, but none through a symbolic link that leads nowhere
    /// (`mkdir` of the next one would follow it); a link to a folder on the way is the user's own layout (~/.config
    /// kept elsewhere). Nil when the folder is there; else what stood in the way.
    package static func makeFolders(_ dir: String) -> String? {
        var made = ""
        var info = stat()
        for part in dir.split(separator: "/", omittingEmptySubsequences: true) {
            made += (made.isEmpty && !dir.hasPrefix("/") ? "" : "/") + part
            if lstat(made, &info) == 0 {
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR { continue }
                guard type == S_IFLNK, stat(made, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    return type == S_IFLNK
                        ? "\(made) is a symbolic link to nothing; interlinear makes no folder through it"
                        : "\(made) is not a folder"
                }
                continue
            }
            if mkdir(made, 0o777) != 0, errno != EEXIST {
                return "cannot create the folder \(made): \(systemMessage(errno))"
            }
        }
        return nil
    }

    /// Runs a write into an already-open destination, naming the path in errors.
    private static func writing(_ path: String, _ body: () throws -> Void) throws {
        do { try body() } catch let error as SystemError {
            throw OutputFileError(path: path, kind: .writeFailed, reason: error.description)
        }
    }

    private static var namedTemporaryFilesForced: Bool {
        // getenv, not ProcessInfo's dictionary of the whole environment: this runs for every output file.
        getenv("INTERLINEAR_TEMP_FILES").map { String(cString: $0) } == "named"
    }
}

/// An output file that could not be written: one line naming the path and why.
package struct OutputFileError: Error, CustomStringConvertible {
    package enum Kind: Sendable {
        /// The file cannot be created where asked: a folder, a missing folder, no permission (exit 73).
        case cannotCreate
        /// Writing failed part-way: no space, file too large, an I/O error (exit 74).
        case writeFailed
    }

    package let path: String
    package let kind: Kind
    package let reason: String

    package init(path: String, kind: Kind, reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }

    package var description: String { "cannot write output file \(EscapedText.escaped(path, limit: 120)): \(reason)" }
}
