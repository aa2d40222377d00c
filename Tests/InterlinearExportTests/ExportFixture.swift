import Foundation
import InterlinearTestSupport
import Testing

/// What the export tests share: output files, the chapter files read straight from the committed corpus, and the
/// validators — tidy, EPUBCheck and poppler from Debian, and the virtual environment scripts/setup makes (selenium
/// driving Debian's Chromium, axe-core 4.12 from axe-playwright-python's wheel, the PDF/UA checker pdfua).
enum ExportFixture {
    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs `interlinear` with `arguments` and `--output file`; fails the test on a non-zero status.
    @discardableResult
    static func interlinear(_ arguments: [String], to file: URL) throws -> Data {
        let result = try run(interlinearBinary, arguments + ["--output", file.path], directory: packageRoot)
        try #require(result.status == 0, "interlinear \(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        return try Data(contentsOf: file)
    }

    // MARK: The validators' virtual environment (scripts/setup)

    static var python: URL { Validators.python }

    /// axe-core 4.12, as scripts/setup takes it out of PyPI's axe-playwright-python 0.1.8 (`WebHarness.axeScript`).
    static var axeScript: URL? {
        FileManager.default.fileExists(atPath: WebHarness.axeScript.path) ? WebHarness.axeScript : nil
    }

    /// Whether the browser checks can run (under CI they run regardless, and fail without their tools).
    static var browserRequired: Bool {
        SystemTool.isCI
            || (SystemTool.find("chromium") != nil && SystemTool.find("chromedriver") != nil
                && axeScript != nil)
    }
    static let browserReason: Comment =
        "chromium, chromium-driver, selenium or axe-core 4.12 (the validators' virtual environment) is missing: run scripts/setup"

    // MARK: The browser

    /// What `Harness/browser_check.py` saw in Chromium.
    struct BrowserReport: Decodable {
        struct Violation: Decodable { let id: String; let help: String?; let nodes: [String]? }
        struct Heading: Decodable { let level: Int?; let name: String; let text: String? }
        struct Word: Decodable { let text: String; let lang: String?; let dir: String }
        let violations: [Violation]
        let axePasses: Int
        let headings: [Heading]
        let words: [Word]
        let spoken: Int
        let stacks: Int
        let exposedHiddenTiers: Int
        let overflow320: Bool
    }

    /// Loads `page` in headless Chromium, runs axe-core and reads the accessibility tree.
    static func browse(_ page: URL, screenshot: URL? = nil) throws -> BrowserReport {
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/browser_check.py")
        let axe = try #require(axeScript, "axe.min.js is not in \(Validators.venv.path): run scripts/setup")
        let result = try run(python, [script.path, page.path, axe.path] + (screenshot.map { [$0.path] } ?? []))
        try #require(result.status == 0, "browser_check.py: \(result.stderr)")
        return try JSONDecoder().decode(BrowserReport.self, from: result.stdout)
    }

    // MARK: The corpus, read straight from the chapter files

    /// A committed chapter file's verse numbers and source words ("w" lines' surface field), in file order.
    static func chapterFile(_ path: String) throws -> (verses: [Int], words: [String]) {
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(path)"), encoding: .utf8)
        var verses: [Int] = [], words: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == "v", fields.count > 2, let verse = Int(fields[1]) { verses.append(verse) }
            if fields.first == "w", fields.count > 2 { words.append(ChapterFileWord.printed(fields)) }
        }
        return (verses, words)
    }
}
