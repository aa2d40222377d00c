import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// The shape-file fuzz harness's seeds (Fuzz/seeds/shape-file): small valid files from the writer, kept in step
/// with the format. `INTERLINEAR_WRITE_FUZZ_SEEDS=1` writes them after a format change.
@Suite struct ShapeFileSeedTests {
    /// The key the harness reads with (Fuzz/shape-file/Harness.swift: seedKey).
    static let key: UInt64 = 0x5EED_5EED_5EED_5EED

    /// Empty; three runs in the three styles; a run through a fallback font with its fonts record; forty runs (in 64
    /// slots); three runs and a run list of them.
    static func seeds() -> [String: [UInt8]] {
        func glyphs(_ count: Int, font: UInt16 = 0) -> [ShapedGlyph] {
            (0..<count).map { ShapedGlyph(glyph: UInt16(3 + $0), font: font, advance: 0.5, xOffset: 0, yOffset: 0) }
        }
        func add(
            _ writer: inout ShapeFileWriter, _ text: String, style: ShapingStyle, glyphs run: [ShapedGlyph],
            flags: UInt8 = 0, maxFont: UInt16 = 0
        ) {
            var text = text
            _ = text.withUTF8 { utf8 in
                run.withUnsafeBufferPointer {
                    writer.add(
                        string: UnsafeRawBufferPointer(utf8), style: style.rawValue,
                        advance: Float(run.count) * 0.5, flags: flags, maxFont: maxFont, glyphs: $0)
                }
            }
        }
        var seeds: [String: [UInt8]] = [:]
        seeds["empty.bin"] = ShapeFileWriter(key: key, slotCount: 16).encoded()
        var three = ShapeFileWriter(key: key, slotCount: 16)
        add(&three, "λόγος", style: .greek, glyphs: glyphs(5))
        add(&three, "word", style: .latin, glyphs: glyphs(4))
        add(&three, "בְּרֵאשִׁית", style: .hebrew, glyphs: glyphs(9, font: 1))
        seeds["three.bin"] = three.encoded()
        var fallback = ShapeFileWriter(key: key, slotCount: 16)
        fallback.setFonts([
            ShapeFile.Font(
                path: Array("/usr/share/fonts/a.ttf".utf8), faceIndex: 0, size: 1000, modifiedSeconds: 1,
                modifiedNanoseconds: 2),
            ShapeFile.Font(
                path: Array("/usr/share/fonts/b.ttc".utf8), faceIndex: 1, size: 2000, modifiedSeconds: 3,
                modifiedNanoseconds: 4),
        ])
        add(
            &fallback, "λόγος שלום", style: .greek, glyphs: glyphs(5) + glyphs(4, font: 1),
            flags: ShapeFileLayout.dependsOnFallbacks, maxFont: 1)
        seeds["fallback.bin"] = fallback.encoded()
        var forty = ShapeFileWriter(key: key, slotCount: 64)
        for n in 0..<40 { add(&forty, "ἐγένετο \(n)", style: .greek, glyphs: glyphs(1 + n % 9)) }
        seeds["forty.bin"] = forty.encoded()
        // Three runs and the run list of a batch of them (and a string the file lacks).
        var listed = ShapeFileWriter(key: key, slotCount: 16)
        var units: [UInt32] = []
        for (text, style) in [("λόγος", ShapingStyle.greek), ("word", .latin), ("בְּרֵאשִׁית", .hebrew)] {
            add(&listed, text, style: style, glyphs: glyphs(text.utf8.count % 7 + 1))
            units.append(listed.lastUnit)
        }
        _ = listed.addList(digest: 0x0123_4567_89AB_CDEF, units: [units[1], 0, units[0], units[2]])
        seeds["list.bin"] = listed.encoded()
        return seeds
    }

    @Test func seedsAreTheWritersCurrentOutput() throws {
        let folder = packageRoot.appendingPathComponent("Fuzz/seeds/shape-file")
        let write = ProcessInfo.processInfo.environment["INTERLINEAR_WRITE_FUZZ_SEEDS"] == "1"
        if write { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for (name, bytes) in Self.seeds() {
            let url = folder.appendingPathComponent(name)
            if write { try Data(bytes).write(to: url) }
            #expect(try Data(contentsOf: url) == Data(bytes), "\(name) is out of date: INTERLINEAR_WRITE_FUZZ_SEEDS=1")
            // And each reads back with the harness's key.
            withAligned(bytes) { #expect(ShapeFile(bytes: $0, key: Self.key) != nil, "\(name)") }
        }
    }
}
