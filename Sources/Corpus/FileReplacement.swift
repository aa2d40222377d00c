#if canImport(Glibc)
import Glibc
#endif

/// The one way the program puts a file in place — outputs and settings (`AtomicFile`) and caches (`CacheFolder`):
/// a complete new file made in the folder, then given the name. The folder is an open descriptor and every step is
/// relative to it (`openat`, `linkat`, `renameat`), so nothing is written through a name in it: a link at the name is
/// replaced by the new file, never followed, and no folder is made.
///
/// The new contents go to an *unnamed* temporary file (`O_TMPFILE`) in the folder, which no failure, signal or
/// `kill -9` can leave behind; it is linked to the name when nothing is there, else linked to a temporary name and
/// renamed over the name, with signals blocked between the two. File systems without `O_TMPFILE` get a named
/// `.NAME.PID.N.tmp` file (`O_EXCL | O_NOFOLLOW`), removed on any error and by `TemporaryFileCleanup` on
/// terminating signals.
enum FileReplacement {
    /// How the new file is made.
    struct Options {
        /// The permission bits to set (`fchmod`) and the owner to keep where the system allows it: those of the file
        /// being replaced. Nil for a new file, which gets `createMode` minus the umask.
        var existing: stat?
        var createMode: mode_t = 0o666
        /// Synced before it is named (outputs, settings); a cache needs checks, not durability.
        var durable = true
        /// Take the fallback path of file systems without `O_TMPFILE` (to test it).
        var namedTemporary = false
    }

    /// Writes what `body` puts into the sink as the file `name` of the folder `folder` (an open descriptor; its path
    /// `folderPath` for the cleanup of a named temporary file). Throws a `SystemError` naming what failed, or what
    /// `body` threw; either way nothing is left and the name keeps what it held.
    static func replace(
        _ name: String, in folder: Int32, folderPath: String, _ options: Options,
        _ body: (ByteSink) throws -> Void
    ) throws {
        let mode: mode_t? = options.existing.map { $0.st_mode & 0o7777 }
        // The umask applies to a new file only: a replaced file is made private, then given the old file's bits.
        let createMode: mode_t = options.existing == nil ? options.createMode : 0o600
        let unnamed =
            options.namedTemporary || access("/proc/self/fd", X_OK) != 0
            ? -1 : openat(folder, ".", openTemporary | O_WRONLY | O_CLOEXEC, createMode)
        if unnamed < 0, !options.namedTemporary, ![EOPNOTSUPP, EISDIR, EINVAL, ENOENT].contains(errno) {
            throw SystemError(code: errno)
        }
        if unnamed >= 0 {
            defer { close(unnamed) }
            try body(ByteSink(descriptor: unnamed))
            try finish(unnamed, options, mode: mode)
            // Give it its name; with signals blocked, nothing can stop between the link and the rename.
            try withSignalsBlocked {
                let source = "/proc/self/fd/\(unnamed)"
                if options.existing == nil {
                    if linkat(AT_FDCWD, source, folder, name, AT_SYMLINK_FOLLOW) == 0 { return }
                    guard errno == EEXIST else { throw SystemError(code: errno) }  // made meanwhile: replace it
                }
                let temporary = temporaryName(for: name)
                guard linkat(AT_FDCWD, source, folder, temporary, AT_SYMLINK_FOLLOW) == 0 else {
                    throw SystemError(code: errno)
                }
                try rename(temporary, to: name, in: folder)
            }
            return
        }
        let temporary = temporaryName(for: name)
        try TemporaryFileCleanup.guarding(folderPath + "/" + temporary) {
            let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, createMode)
            guard fd >= 0 else { throw SystemError(code: errno) }
            do {
                try body(ByteSink(descriptor: fd))
                try finish(fd, options, mode: mode)
                guard close(fd) == 0 else { throw SystemError(code: errno) }
            } catch {
                unlinkat(folder, temporary, 0)
                throw error
            }
            try rename(temporary, to: name, in: folder)
        }
    }

    /// Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY), which Swift does not import.
    private static let openTemporary: Int32 = 0o20_000_000 | O_DIRECTORY

    private static func rename(_ temporary: String, to name: String, in folder: Int32) throws {
        guard renameat(folder, temporary, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw SystemError(code: code)
        }
    }

    /// Owner and mode of the file being replaced (the owner where allowed), then the data on disk.
    private static func finish(_ fd: Int32, _ options: Options, mode: mode_t?) throws {
        if let existing = options.existing, let mode {
            _ = fchown(fd, existing.st_uid, existing.st_gid)  // EPERM unless root: the file becomes ours
            guard fchmod(fd, mode) == 0 else { throw SystemError(code: errno) }
        }
        if options.durable, fsync(fd) != 0, errno != EINVAL { throw SystemError(code: errno) }
    }

    private static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
