import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// The glyphs of the runs a `ShapeFileReader` served, one after another, where the shape cache reads them for the
/// life of the process (`ShapeStore.glyphBase`). A run's glyph start is its place here, not in the file. The
/// cache takes the store's glyph count once, when it attaches it, so the room is reserved up front for as many
/// glyphs as the file has glyph units (no run is served twice, so lookups never need more): an anonymous mapping
/// the kernel backs with memory only where glyphs are written.
final class ShapeFileArena {
    let base: UnsafeMutablePointer<ShapedGlyph>
    /// The glyphs it has room for.
    let capacity: Int
    /// The glyphs it holds.
    private(set) var count = 0

    /// Room for `capacity` glyphs (at least one); nil when the address space cannot be reserved.
    init?(capacity: Int) {
        let capacity = max(1, capacity)
        let bytes = capacity * MemoryLayout<ShapedGlyph>.stride
        guard
            let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            address != MAP_FAILED
        else { return nil }
        base = address.bindMemory(to: ShapedGlyph.self, capacity: capacity)
        self.capacity = capacity
    }

    deinit { munmap(base, capacity * MemoryLayout<ShapedGlyph>.stride) }

    /// Keeps `glyphs` after those it holds; returns where they start, nil when there is no room left (the run is
    /// then shaped instead).
    @inline(__always)
    func append(_ glyphs: UnsafeBufferPointer<ShapedGlyph>) -> UInt32? {
        guard glyphs.count <= capacity - count else { return nil }
        let start = count
        if let source = glyphs.baseAddress {
            // Bytes: `ShapedGlyph` is a plain 16-byte value (`ShapeFileLayout.glyphLayoutMatches`).
            UnsafeMutableRawPointer(base + start).copyMemory(
                from: source, byteCount: glyphs.count &* MemoryLayout<ShapedGlyph>.stride)
        }
        count += glyphs.count
        return UInt32(start)
    }

    /// Lets go of the glyphs from `count` on (a run list that did not hold had them copied): their room is used
    /// again, so the runs then looked up string by string still fit.
    func forget(from count: Int) {
        if count >= 0, count < self.count { self.count = count }
    }
}
