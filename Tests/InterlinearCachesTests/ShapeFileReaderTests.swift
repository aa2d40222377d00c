import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// Bytes in memory read as a file is, counting the bytes asked for.
final class CountingSource: ShapeFileSource {
    let bytes: ShapeFileBytes
    private(set) var bytesRead = 0
    private(set) var reads = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = ShapeFileBytes(bytes: bytes) }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        bytesRead += buffer.count
        reads += 1
        return bytes.read(into: buffer, at: offset)
    }

    func release() {}
}

/// The reader for files too large to map (`ShapeFileReader`): it finds what the writer wrote, and reads the slots
/// and records its lookups need, not the file.
@Suite struct ShapeFileReaderTests {
    static let key: UInt64 = 0x0DDB_A11_5EED

    /// Glyphs of run `n`, made up: 1 to 9 of them, each a different glyph id.
    static func glyphs(_ n: Int) -> [ShapedGlyph] {
        (0..<(1 + n % 9)).map {
            ShapedGlyph(glyph: UInt16(truncatingIfNeeded: n &* 7 &+ $0), font: 0, advance: 0.5, xOffset: 0, yOffset: 0)
        }
    }

    /// A file of `count` runs "word N" in `slots` slots, as the writer encodes it.
    static func file(count: Int, slots: Int) -> [UInt8] {
        var writer = ShapeFileWriter(key: key, slotCount: slots)
        for n in 0..<count {
            var text = "word \(n)"
            let outcome = text.withUTF8 { utf8 in
                glyphs(n).withUnsafeBufferPointer {
                    writer.add(
                        string: UnsafeRawBufferPointer(utf8), style: ShapingStyle.latin.rawValue,
                        advance: Float($0.count) * 0.5, flags: 0, maxFont: 0, glyphs: $0)
                }
            }
            precondition(outcome == .added)
        }
        return writer.encoded()
    }

    @Test func aLookupReadsItsSlotsAndRecordsNotTheFile() throws {
        let bytes = Self.file(count: 4000, slots: 1 << 14)
        try withAligned(bytes) { buffer in
            let source = CountingSource(buffer)
            let reader = try #require(ShapeFileReader(source: source, length: buffer.count, key: Self.key))
            #expect(source.bytesRead == ShapeFileLayout.headerSize, "the header alone is read when it opens")
            #expect(reader.slotCount == 1 << 14)
            let lookups = Array(stride(from: 0, to: 4000, by: 400))
            for n in lookups {
                var text = "word \(n)"
                let found = text.withUTF8 {
                    reader.lookup(UnsafeRawBufferPointer($0), style: ShapingStyle.latin.rawValue)
                }
                guard case .found(let entry) = found else {
                    Issue.record("word \(n): \(found)")
                    continue
                }
                #expect(reader.glyphs(of: entry).map(Array.init) == Self.glyphs(n), "word \(n)")
                #expect(entry.advance == Float(Self.glyphs(n).count) * 0.5)
            }
            var missing = "word 4000"
            #expect(
                missing.withUTF8 { reader.lookup(UnsafeRawBufferPointer($0), style: ShapingStyle.latin.rawValue) }
                    == .absent)
            // A lookup reads a 64-byte window of slots and, for each record its probe meets, one read of at most
            // `recordRead` bytes; at a load of a quarter, a probe meets a record or two.
            let perLookup = Double(source.bytesRead - ShapeFileLayout.headerSize) / Double(lookups.count + 1)
            #expect(perLookup <= Double(4 * 64 + 3 * ShapeFileReader<CountingSource>.recordRead), "\(perLookup)")
            #expect(source.bytesRead * 50 < bytes.count, "\(source.bytesRead) of \(bytes.count) bytes read")
        }
    }

    /// A file cut short after it was opened (as another program could): lookups miss, nothing traps.
    @Test func aFileCutShortMeanwhileMisses() throws {
        let bytes = Self.file(count: 40, slots: 256)
        try withAligned(bytes) { buffer in
            let reader = try #require(
                ShapeFileReader(source: CountingSource(buffer), length: buffer.count, key: Self.key))
            let cut = UnsafeRawBufferPointer(rebasing: buffer[0..<ShapeFileLayout.recordsStart(slotCount: 256)])
            let shorter = try #require(
                ShapeFileReader(source: ShapeFileBytes(bytes: cut), length: buffer.count, key: Self.key))
            for n in 0..<40 {
                var text = "word \(n)"
                let style = ShapingStyle.latin.rawValue
                let whole = text.withUTF8 { reader.lookup(UnsafeRawBufferPointer($0), style: style) }
                guard case .found = whole else { Issue.record("word \(n): \(whole)"); continue }
                #expect(text.withUTF8 { shorter.lookup(UnsafeRawBufferPointer($0), style: style) } == .absent)
            }
        }
    }
}
