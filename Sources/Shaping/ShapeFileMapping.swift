import InterlinearCorpus
#if canImport(Glibc)
import Glibc
#endif

/// A persisted shape cache file mapped read-only into memory for the life of this object, and checked
/// (`ShapeFile`). Writers never change a file in place — they rename a complete new one over it — so the pages
/// under a mapping stay what was checked, whatever other processes write meanwhile.
final class ShapeFileMapping {
    let file: ShapeFile
    private let address: UnsafeMutableRawPointer
    private let length: Int

    /// Maps the file `name` in the cache folder and checks its header for `key`; nil when there is no such regular
    /// file (`CacheFolder.openFile`: never through a link, never blocking on a FIFO), it is empty or over the size
    /// bound, it cannot be mapped, or it is not a file for this key (`ShapeFile.init`).
    init?(folder: CacheFolder, name: String, key: UInt64) {
        guard let (fd, info) = folder.openFile(name) else { return nil }
        defer { close(fd) }
        guard info.st_size > 0, info.st_size <= ShapeFileLayout.maximumFileSize else { return nil }
        let length = Int(info.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            return nil
        }
        guard let file = ShapeFile(bytes: UnsafeRawBufferPointer(start: address, count: length), key: key) else {
            munmap(address, length)
            return nil
        }
        self.file = file
        self.address = address
        self.length = length
    }

    deinit { munmap(address, length) }
}
