import Glibc

/// A folder of this process's own for a child's files (SWORD's corrected settings, WORDS' input and working folder):
/// made by `mkdtemp` (a new name, mode 0700) in `$TMPDIR` when that is absolute, else in /tmp, so nothing of another
/// user's, and no folder a link names, is written into.
enum PrivateFolder {
    /// Where the folders are made: `$TMPDIR` when absolute, else /tmp.
    static var base: String {
        let given = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return given.hasPrefix("/") ? given : "/tmp"
    }

    /// A new folder in `base` named `prefix` and six characters of `mkdtemp`'s; nil (with `errno` set) when it
    /// cannot be made.
    static func make(_ prefix: String) -> String? {
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        return mkdtemp(&template).map { String(cString: $0) }
    }

    /// The names `folder` holds, "." and ".." left out; none when it cannot be read.
    static func names(in folder: String) -> [String] {
        guard let listing = opendir(folder) else { return [] }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes all of `bytes` to `descriptor`; false (with `errno` set) when a write fails.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

/// A moment some seconds from now on the monotonic clock, for a wait on a child that must end in time.
struct Deadline {
    private var end = timespec()

    init(seconds: Int) {
        clock_gettime(CLOCK_MONOTONIC, &end)
        end.tv_sec += seconds
    }

    /// Milliseconds until the deadline; zero or less once it has passed.
    var millisecondsLeft: Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return (end.tv_sec - now.tv_sec) * 1000 + (end.tv_nsec - now.tv_nsec) / 1_000_000
    }
}
