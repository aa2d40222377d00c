import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The folder cache files live in, opened once per process and used only through its descriptor, so no cache file
/// is ever reached through a symbolic link and no folder is made outside it.
///
/// A cache file is the program's own business, not a user's choice the way `--output` is: anyone who can put a link
/// where a cache file goes (a shared `$INTERLINEAR_CACHE`, a planted `fonts-1.cache -> /etc/passwd`) must not get
/// the program to write through it. So:
/// - the folder is made when missing (its missing parents too), each with mode 0700; then it is opened with
///   `O_NOFOLLOW | O_DIRECTORY` and checked to be a real folder owned by this user and writable by no one else;
/// - files in it are opened with `openat(…, O_NOFOLLOW | O_NONBLOCK)` and checked to be regular files owned by this
///   user before a byte is read (a FIFO never blocks, a device is never read);
/// - files are replaced by a complete new file renamed over the name (`renameat`), which replaces a link rather
///   than its target; nothing is written in place and no folder is created through a name in it.
///
/// Anything else (the folder or a file in it is a link, a foreign owner, a FIFO, device or socket, the folder is not
/// a folder or is writable by others) turns caching off for the rest of the process with **one** warning on stderr.
/// A folder that cannot be made (a file on the way, a read-only home) or a folder at a file's name is bad luck,
/// not an attack: caching is quietly off (or that one file is), as before. Caches are an
/// optimisation: nothing else changes, the command's output is the same.
package final class CacheFolder: Sendable {
    /// The folder's path, for messages and for `PersistedSave`.
    package let path: String
    private let descriptor: Int32
    /// Set when a file in the folder was refused: the folder is no longer used (one warning, then silence).
    private let refused = Atomic<Bool>(false)

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The folders opened in this process with their paths (nil: refused), and whether the warning was given. A
    /// list, not a dictionary: a process opens one folder, and a first `[String: …]` made the Swift runtime scan
    /// every protocol conformance record for `String: Hashable` (benchmark `typeset-warm`).
    private static let opened = Mutex<(folders: [(path: String, folder: CacheFolder?)], warned: Bool)>(([], false))

    /// Where warnings go: one line on stderr.
    private static func warningSink(_ line: String) {
        try? ByteSink(descriptor: 2).write(Array(("interlinear: warning: " + line + "\n").utf8))
    }

    /// The cache folder at `path`, made (0700) when missing; nil, with one warning per process, when it cannot be
    /// used safely. Opened once per process: FontCache and ShapeCache share it.
    package static func open(_ path: String) -> CacheFolder? {
        opened.withLock { state in
            if let known = state.folders.first(where: { $0.path == path }) { return known.folder }
            let result: CacheFolder?
            switch make(path) {
            case .success(let fd): result = CacheFolder(path: path, descriptor: fd)
            case .failure(let problem):
                result = nil
                if !problem.silent {
                    warn(&state.warned, "the cache folder \(EscapedText.escaped(path, limit: 120)) \(problem.reason)")
                }
            }
            state.folders.append((path, result))
            return result
        }
    }

    private static func warn(_ warned: inout Bool, _ message: String) {
        guard !warned else { return }
        warned = true
        warningSink(
            message + "; caches are not used (run with INTERLINEAR_CACHE pointing at a folder of your own, "
                + "or --no-cache)")
    }

    /// Why the folder is not used. `silent`: it could not be made (a read-only home, a file in the way), which
    /// is no one's attack and would otherwise warn on every command; caches are simply off, as before.
    private struct Problem: Error {
        let reason: String
        var silent = false
    }

    /// Makes the folder and its missing parents (0700 each: mkdir never follows a link at the name it makes), then
    /// opens and checks it.
    private static func make(_ path: String) -> Result<Int32, Problem> {
        guard path.utf8.count < Int(PATH_MAX), !path.utf8.contains(0) else {
            return .failure(Problem(reason: "is not a path shorter than \(PATH_MAX) bytes"))
        }
        var fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            var made = path.hasPrefix("/") ? "" : "."  // a relative path is made from the current folder
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                made += "/" + part
                if mkdir(made, 0o700) != 0, errno != EEXIST {
                    return .failure(
                        Problem(reason: "cannot be created (\(systemMessage(errno)) at \(made))", silent: true))
                }
            }
            fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            let code = errno
            // O_NOFOLLOW on a link: ELOOP; O_DIRECTORY on something else: ENOTDIR.
            if code == ELOOP { return .failure(Problem(reason: "is a symbolic link")) }
            if code == ENOTDIR {
                // The path itself is something else, or a folder on the way is a file (nothing can be made: silent).
                var info = stat()
                let exists = lstat(path, &info) == 0
                return .failure(Problem(reason: "is not a folder", silent: !exists))
            }
            return .failure(Problem(reason: "cannot be opened (\(systemMessage(code)))"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return .failure(Problem(reason: "cannot be read (\(systemMessage(errno)))"))
        }
        if let reason = ownership(of: info, folder: true) {
            close(fd)
            return .failure(Problem(reason: reason))
        }
        return .success(fd)
    }

    /// Why a folder or file with this `stat` is not ours to use, or nil when it is.
    private static func ownership(of info: stat, folder: Bool) -> String? {
        if info.st_uid != geteuid() { return "belongs to another user (uid \(info.st_uid))" }
        if folder, info.st_mode & 0o022 != 0 {
            return "is writable by other users (mode \(String(info.st_mode & 0o777, radix: 8)); chmod 700 it)"
        }
        return nil
    }

    /// Gives up on the folder after a file in it was refused: one warning (the first in the process), no more use.
    private func refuse(_ name: String, _ reason: String) {
        refused.store(true, ordering: .relaxed)
        Self.opened.withLock { state in
            Self.warn(&state.warned, "the cache file \(EscapedText.escaped(path + "/" + name, limit: 120)) \(reason)")
        }
    }

    /// Whether the folder is still used (no file in it was refused).
    package var isUsable: Bool { !refused.load(ordering: .relaxed) }

    /// A descriptor for reading the regular file `name` in the folder, with its `stat`; nil when it does not exist
    /// (silently) or is refused (a link, not a regular file, a foreign owner: the folder is then given up, with the
    /// warning). The caller closes the descriptor. Never blocks: a FIFO is opened non-blocking, then refused.
    package func openFile(_ name: String) -> (descriptor: Int32, info: stat)? {
        open(name, O_RDONLY, quietly: [ENOENT])
    }

    /// A descriptor for reading and appending to the regular file `name` in the folder (made empty, mode 0600,
    /// when missing), with its `stat`; nil when it is refused as `openFile` refuses (the folder is then given up,
    /// with the warning) or cannot be opened for writing (a read-only file or file system: quietly). For the shape
    /// cache's append-only file: the caller locks it (`flock`) before writing, and checks with `isCurrent` that the
    /// name still leads to it (a compaction renames a new file over the name). The caller closes the descriptor.
    package func openForAppending(_ name: String) -> (descriptor: Int32, info: stat)? {
        open(name, O_RDWR | O_CREAT, quietly: [ENOENT, EISDIR, EACCES, EROFS, EPERM])
    }

    /// Opens `name` with `flags` (never following a link, never blocking) and checks it is a regular file of ours.
    /// An error in `quietly` is no one's attack: nil without a warning.
    private func open(_ name: String, _ flags: Int32, quietly: [Int32]) -> (descriptor: Int32, info: stat)? {
        guard isUsable, Self.isPlainName(name) else { return nil }
        let fd = openat(descriptor, name, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP {
                refuse(name, "is a symbolic link")
            } else if !quietly.contains(code) {
                refuse(name, "cannot be opened (\(systemMessage(code)))")
            }
            return nil
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        let type = info.st_mode & S_IFMT
        if type != S_IFREG {
            close(fd)
            // A folder at a file's name is bad luck, not a way to make us read or write elsewhere: no warning.
            if type != S_IFDIR { refuse(name, "is \(BoundedFile.fileTypeName(type)), not a regular file") }
            return nil
        }
        if let reason = Self.ownership(of: info, folder: false) {
            close(fd)
            refuse(name, reason)
            return nil
        }
        return (fd, info)
    }

    /// Whether the name `name` in the folder still leads to the file `info` describes (same device and inode).
    package func isCurrent(_ name: String, _ info: stat) -> Bool {
        var now = stat()
        guard Self.isPlainName(name), fstatat(descriptor, name, &now, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return now.st_dev == info.st_dev && now.st_ino == info.st_ino
    }

    /// The names in the folder that start with `prefix` and end with `suffix` and are regular files of ours, as
    /// `fstatat` sees them without following links (a link or anything else there is passed over, not refused:
    /// the caller did not ask for it by name).
    package func fileNames(prefix: String, suffix: String) -> [String] {
        guard isUsable else { return [] }
        let listing = dup(descriptor)
        guard listing >= 0, let directory = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return []
        }
        defer { closedir(directory) }
        return FolderEntries.names(directory).filter { name in
            var info = stat()
            return name.hasPrefix(prefix) && name.hasSuffix(suffix) && Self.isPlainName(name)
                && fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
                && Self.ownership(of: info, folder: false) == nil
        }
    }

    /// Removes the name `name` from the folder (`unlinkat`: a link is removed, never its target); false when
    /// nothing was removed.
    @discardableResult
    package func remove(_ name: String) -> Bool {
        isUsable && Self.isPlainName(name) && unlinkat(descriptor, name, 0) == 0
    }

    /// The bytes of the cache file `name`, at most `limit` of them; nil when it is missing, refused or larger.
    package func read(_ name: String, limit: Int) -> [UInt8]? {
        guard let (fd, info) = openFile(name) else { return nil }
        defer { close(fd) }
        guard info.st_size >= 0, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }  // an error, or the file shrank meanwhile: not the file it was
            count += n
        }
        return bytes
    }

    /// Replaces the cache file `name` with `bytes` (mode 0600): written to a temporary file in the folder, renamed
    /// over the name. Not synced: a cache needs checks, not durability (every reader checks what it reads, so a
    /// file a crash left incomplete is a miss, never a wrong answer), and an fsync costs a command 5–15 ms.
    /// A link, FIFO or foreign file at the name is refused (the folder is given up). False
    /// when nothing was written; failing to write a cache is never an error.
    @discardableResult
    package func write(_ name: String, _ bytes: [UInt8]) -> Bool {
        guard isUsable, Self.isPlainName(name) else { return false }
        var existing = stat()
        if fstatat(descriptor, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 {
            let type = existing.st_mode & S_IFMT
            if type != S_IFREG {
                if type != S_IFDIR { refuse(name, "is \(BoundedFile.fileTypeName(type)), not a regular file") }
                return false
            }
            if let reason = Self.ownership(of: existing, folder: false) {
                refuse(name, reason)
                return false
            }
        }
        // The program's one writer: a complete new file renamed over the name (never through it), mode 0600, not
        // synced.
        let options = FileReplacement.Options(createMode: 0o600, durable: false)
        return (try? FileReplacement.replace(name, in: descriptor, folderPath: path, options) { try $0.write(bytes) })
            != nil
    }

    /// A name directly in the folder: not empty, no slash, not `.` or `..`.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && name.utf8.count <= 255
    }
}

/// The names a folder lists (`readdir`), "." and ".." included.
package enum FolderEntries {
    /// Every name left in `directory` (an open `DIR`); the caller closes it.
    package static func names(_ directory: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                })
        }
        return names
    }
}
