import InterlinearCorpus
import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// A persisted shape cache file mapped read-only into memory for the life of this object, and checked
/// (`ShapeFile`). Other processes append to the file meanwhile (`ShapeFileAppender`): the mapping keeps the length
/// it had, bytes past it are not read, and what they change inside it (empty slots filled) is checked as anything
/// read is. Nothing ever shrinks the file in place: a compaction renames a new file over the name, and this mapping
/// keeps the old one.
final class ShapeFileMapping {
    let file: ShapeFile
    private let address: UnsafeMutableRawPointer
    private let length: Int

    /// Maps the first `length` bytes of the open file `fd` (which the caller keeps or closes).
    init?(descriptor fd: Int32, length: Int, key: UInt64) {
        guard length > 0, length <= ShapeFileLayout.maximumFileSize,
            let address = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED
        else {
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
