#if canImport(Glibc)
import Glibc
#endif

/// Process set-up before any command runs, so output failures are errors to report, not surprises.
enum StandardStreams {
    /// - A closed stdin, stdout or stderr is given `/dev/null` (stdout read-only), so that no file opened later
    ///   (a chapter, an output file) takes its number, and a write to a closed stdout fails with EBADF, reported as
    ///   one line and exit 74, as it would have.
    /// - SIGXFSZ is ignored: exceeding the file-size limit (`ulimit -f`) makes `write` fail with EFBIG, reported
    ///   like any write error, instead of killing the process mid-file.
    /// - SIGPIPE is left as inherited (see `OutputTarget`).
    static func prepare() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == STDERR_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0, opened != fd {
                _ = dup2(opened, fd)
                _ = close(opened)
            }
        }
        _ = signal(SIGXFSZ, SIG_IGN)
    }
}
