import Foundation
import InterlinearTestSupport
import Testing

/// Golden files: the layouts (typeset JSON) of the committed chapters and one rendering, byte for byte as
/// `interlinear` writes them today. A change to any of them is a change to an output contract: if it is meant,
/// `scripts/update-goldens` rewrites them (the one way they change) and the diff shows it in review.
///
/// Each is written from the committed chapter files (an empty data folder: no store), with caching off, so a store
/// or a cache on the machine cannot change what is compared.
@Suite struct GoldenFileTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Goldens")

    /// The manifest's entries: the golden file and the command's arguments ({out} is the file to write).
    static let entries: [(file: String, arguments: [String])] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("goldens.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], Array(fields.dropFirst()))
        }
    }()

    @Test func theManifestNamesEveryCommittedChapterAndOneRendering() throws {
        let chapters = try FileManager.default.subpathsOfDirectory(
            atPath: corpusDirectory.appendingPathComponent("chapters").path
        )
        .filter { $0.hasSuffix(".tsv") }
        let layouts = Self.entries.filter { $0.arguments.first == "typeset" }
        #expect(layouts.count == chapters.count, "\(chapters) vs \(layouts.map(\.file))")
        #expect(Self.entries.filter { $0.arguments.first == "render" }.count == 1)
    }

    @Test(arguments: GoldenFileTests.entries.map(\.file))
    func outputMatchesItsGoldenFile(file: String) throws {
        let entry = try #require(Self.entries.first { $0.file == file })
        let golden = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "interlinear-golden-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent)
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = folder.appendingPathComponent("no-store").path
        environment["INTERLINEAR_CACHE"] = "off"
        let result = try run(
            interlinearBinary, entry.arguments.map { $0 == "{out}" ? out.path : $0 },
            environment: environment, directory: packageRoot)
        try #require(result.status == 0, "\(entry.arguments): \(result.stderr)")
        let written = try Data(contentsOf: out)
        #expect(
            written == golden,
            """
            \(file) differs from what `interlinear \(entry.arguments.joined(separator: " "))` writes now \
            (\(written.count) bytes, golden \(golden.count)); if the change is meant, run scripts/update-goldens
            """)
    }
}
