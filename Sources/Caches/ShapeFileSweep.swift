import InterlinearCorpus
import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// Shape cache files of earlier formats, which no process of this build reads again: their names are key hashes
/// with the format version in what is hashed (`ShapeCacheKey`), so a version-1 file (before the append-only file,
/// up to 64 MiB) or a version-2 one (chain indices before the Hebrew font was font 1, up to 160 MiB) would stay in
/// a user's cache folder for good. The process that makes a new shape file removes them: once per new key, so a
/// warm run pays nothing.
///
/// Only regular files of ours named `shapes-*.bin` whose first 12 bytes are the shape file's magic and a version
/// below this build's are removed; links are neither followed nor removed (`CacheFolder.fileNames`), and a file
/// of a later version (a newer build beside this one) is left alone. A name an old build still uses is never one
/// this build writes (another version, another hash), so removing it cannot take a current file.
enum ShapeFileSweep {
    /// Removes the earlier formats' files from `folder`; returns how many.
    @discardableResult
    static func removeEarlierFormats(in folder: CacheFolder) -> Int {
        var removed = 0
        for name in folder.fileNames(prefix: "shapes-", suffix: ".bin") {
            guard let (fd, _) = folder.openFile(name) else { continue }
            var head = [UInt8](repeating: 0, count: 12)
            let count = pread(fd, &head, head.count, 0)
            close(fd)
            guard count == head.count else { continue }
            let (magic, version) = head.withUnsafeBytes {
                ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            }
            if magic == ShapeFileLayout.magic, (1..<ShapeFileLayout.version).contains(version), folder.remove(name) {
                removed += 1
            }
        }
        return removed
    }
}
