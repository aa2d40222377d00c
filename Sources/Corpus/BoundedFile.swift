#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole data file, refusing what no corpus file can be: something that is not a regular file (a folder,
/// a FIFO that would block forever, a device that never ends) or a file larger than the limit. The size is checked
/// before reading, and the read stops one byte past the limit, so a file that grows meanwhile is refused too.
package enum BoundedFile {
    /// The file's bytes; `what` names the kind of file in messages ("a chapter file").
    package static func read(_ path: String, limit: Int, what: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw CorpusError(
                file: path, line: nil, kind: code == ENOENT || code == ENOTDIR ? .missing : .unreadable,
                "cannot open \(what): \(systemMessage(code))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw CorpusError(file: path, line: nil, kind: .unreadable, "cannot read \(what): \(systemMessage(errno))")
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw CorpusError(
                file: path, line: nil, kind: .unreadable,
                "is \(fileTypeName(type)), not a regular file; \(what) must be a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw CorpusError(
                file: path, line: nil, kind: .malformed,
                "is \(Int(info.st_size).grouped) bytes; \(what) holds at most \(limit.grouped)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(limit + 1 - count, 1 << 16)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CorpusError(
                    file: path, line: nil, kind: .unreadable, "cannot read \(what): \(systemMessage(errno))")
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else {
            throw CorpusError(
                file: path, line: nil, kind: .malformed, "grew past \(limit.grouped) bytes while being read")
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// "a folder", "a FIFO (named pipe)", … for messages.
    package static func fileTypeName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }
}

/// strerror's text for an errno value ("No space left on device").
package func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
