import Foundation
import InterlinearTestSupport
import Testing

/// Golden files: the layouts (typeset JSON) of the committed chapters, one rendering, and a page each of two
/// printed books as pdftoppm draws it, byte for byte as `interlinear` writes them today. A change to any of them is
/// a change to an output contract: if it is meant, `scripts/update-goldens` rewrites them (the one way they change)
/// and the diff shows it in review.
///
/// Each is written from the committed chapter files (an empty data folder: no store), or a book's pages from a
/// store of its chapters imported for the row alone, with caching off, so a store or a cache on the machine cannot
/// change what is compared.
@Suite struct GoldenFileTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Goldens")

    /// The manifest's entries: the golden file and the steps that write it, each the arguments of `interlinear` or
    /// of `pdftoppm` (steps are separated by a field ";"; {out} is the file to write).
    static let entries: [(file: String, steps: [[String]])] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("goldens.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], fields.dropFirst().split(separator: ";").map(Array.init))
        }
    }()

    /// Rows written from the committed chapters alone.
    static var outputs: [String] { entries.filter { $0.steps.count == 1 }.map(\.file) }
    /// Pages of printed books: imported, printed, rasterized.
    static var pages: [String] { entries.filter { $0.steps.count > 1 }.map(\.file) }

    @Test func theManifestNamesEveryCommittedChapterOneRenderingAndTwoPages() throws {
        let chapters = try FileManager.default.subpathsOfDirectory(
            atPath: corpusDirectory.appendingPathComponent("chapters").path
        )
        .filter { $0.hasSuffix(".tsv") }
        let layouts = Self.entries.filter { $0.steps.first?.first == "typeset" }
        #expect(layouts.count == chapters.count, "\(chapters) vs \(layouts.map(\.file))")
        #expect(Self.entries.filter { $0.steps.count == 1 && $0.steps[0].first == "render" }.count == 1)
        // Issue 45: a page of a book on US Letter and one on A4, each rasterized by pdftoppm.
        let pages = Self.entries.filter { $0.steps.count > 1 }
        #expect(pages.count == 2 && pages.allSatisfy { $0.steps.last?.first == "pdftoppm" })
        #expect(
            pages.contains { $0.steps[1].contains("letter") } && pages.contains { !$0.steps[1].contains("--paper") })
    }

    @Test(arguments: GoldenFileTests.outputs)
    func outputMatchesItsGoldenFile(file: String) throws {
        try compare(file)
    }

    /// A page of `render "Ruth" --format pdf --paper letter` and of `render "John" --format pdf` (A4) as pdftoppm
    /// draws it at 50 dpi (issue 45: pages look as specified), from a store of the book's chapters imported from
    /// the source data.
    @Test(
        SharedStore.needsSourceData,
        .enabled(if: SystemTool.required("pdftoppm"), SystemTool.reason("pdftoppm", package: "poppler-utils")),
        arguments: GoldenFileTests.pages)
    func pageMatchesItsGoldenRendering(file: String) throws {
        try compare(file)
    }

    /// Runs `file`'s steps as scripts/update-goldens does and compares what they write with the golden file.
    func compare(_ file: String) throws {
        let entry = try #require(Self.entries.first { $0.file == file })
        let golden = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "interlinear-golden-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent)
        let places = [
            "{out}": out.path, "{out-stem}": out.deletingPathExtension().path,
            "{pdf}": folder.appendingPathComponent("page.pdf").path,
            "{store}": folder.appendingPathComponent("store.sqlite").path,
        ]
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = folder.appendingPathComponent("no-store").path
        environment["INTERLINEAR_CACHE"] = "off"
        for step in entry.steps {
            let arguments = step.map { places[$0] ?? $0 }
            let result =
                arguments.first == "pdftoppm"
                ? try run(try #require(SystemTool.find("pdftoppm")), Array(arguments.dropFirst()))
                : try run(interlinearBinary, arguments, environment: environment, directory: packageRoot)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let written = try Data(contentsOf: out)
        let command = entry.steps.map { $0.joined(separator: " ") }.joined(separator: "; ")
        #expect(
            written == golden,
            """
            \(file) differs from what `\(command)` writes now (\(written.count) bytes, golden \(golden.count)); if \
            the change is meant, run scripts/update-goldens
            """)
    }
}
