import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearCaches
@testable import InterlinearShaping

/// Shape files of earlier formats are removed by the process that makes a new shape file, and nothing else is:
/// not a later version's file, not a file that is not a shape file, not a link (nor what it leads to).
@Suite struct ShapeFileSweepTests {
    /// A file that starts as a shape file of `version` does ("ILSHAPES", the version), padded to 4 KiB.
    static func shapeFile(version: UInt32) -> Data {
        var bytes = Array("ILSHAPES".utf8) + withUnsafeBytes(of: version.littleEndian) { Array($0) }
        bytes += [UInt8](repeating: 0x5A, count: 4096 - bytes.count)
        return Data(bytes)
    }

    @Test func aNewShapeFileRemovesEarlierFormatsOnly() throws {
        try withCacheFolder { folder in
            let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: outside) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            let files: [String: Data] = [
                "shapes-0000000000000001.bin": Self.shapeFile(version: 1),
                "shapes-0000000000000002.bin": Self.shapeFile(version: 2),
                "shapes-00000000000000ff.bin": Self.shapeFile(version: ShapeFileLayout.version + 1),
                "shapes-0000000000000bad.bin": Data("not a shape file".utf8),
                "notes-1.bin": Self.shapeFile(version: 1),
            ]
            for (name, contents) in files { try contents.write(to: URL(fileURLWithPath: folder + "/" + name)) }
            let target = outside.appendingPathComponent("old.bin")
            try Self.shapeFile(version: 1).write(to: target)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/shapes-00000000000000aa.bin", withDestinationPath: target.path)

            let (cache, ids) = try PersistedShapeCacheTests.cache(["λόγος"], folder: folder)
            _ = cache.run(ids[0])
            let save = try #require(cache.savePersisted(), "a new file was made")
            let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
            #expect(
                left == [
                    "shapes-00000000000000ff.bin", "shapes-0000000000000bad.bin", "notes-1.bin",
                    "shapes-00000000000000aa.bin", (save.path as NSString).lastPathComponent,
                ])
            #expect(try Data(contentsOf: target) == Self.shapeFile(version: 1), "a link's target is untouched")

            // A run that appends to the file it finds removes nothing.
            try Self.shapeFile(version: 2).write(to: URL(fileURLWithPath: folder + "/shapes-0000000000000002.bin"))
            let (later, laterIDs) = try PersistedShapeCacheTests.cache(["λόγος", "word"], folder: folder)
            for id in laterIDs { _ = later.run(id) }
            #expect(later.savePersisted()?.entries == 1)
            #expect(FileManager.default.fileExists(atPath: folder + "/shapes-0000000000000002.bin"))
        }
    }
}
