import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear export --format epub` checked by EPUBCheck (Debian `epubcheck`), and its page list checked against
/// the PDF `interlinear render --format pdf` prints with the same options (poppler's pdfinfo and pdftotext).
@Suite("interlinear export: EPUB")
struct EPUBExportTests {
    static func book(_ reference: String) throws -> URL {
        let dir = try ExportFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("book.epub")
        try ExportFixture.interlinear(["export", reference, "--format", "epub"], to: file)
        return file
    }

    static let johnOne = Result { try book("John 1") }

    /// A file of the book, read with Python's zipfile from the validators' environment (a reader independent of
    /// the exporter's own ZIP writer).
    static func entry(_ name: String, of book: URL) throws -> String {
        let result = try run(
            ExportFixture.python,
            [
                "-c",
                "import sys, zipfile; sys.stdout.buffer.write("
                    + "zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))", book.path, name,
            ])
        try #require(result.status == 0, "zipfile: \(result.stderr)")
        return result.stdoutText
    }

    /// The book's `dcterms:modified` is `$SOURCE_DATE_EPOCH` as Python's `datetime` writes it in UTC (leap days,
    /// the ends of a year and of the four-digit years), and every entry's CRC-32 is the one Python's zipfile
    /// computes (`testzip`).
    @Test(arguments: [0, 951_782_400, 951_868_799, 1_764_400_000, 4_102_444_799, 253_402_300_799])
    func modifiedIsTheSourceDate(seconds: Int) throws {
        let file = try ExportFixture.temporaryDirectory().appendingPathComponent("book.epub")
        let result = try run(
            interlinearBinary, ["export", "John 1", "--format", "epub", "--output", file.path],
            environment: testEnvironment.merging(["SOURCE_DATE_EPOCH": "\(seconds)"]) { $1 }, directory: packageRoot)
        try #require(result.status == 0, "export: \(result.stderr)")
        let python = try run(
            ExportFixture.python,
            [
                "-c",
                "import sys, zipfile, datetime; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; "
                    + "print(datetime.datetime.fromtimestamp(int(sys.argv[2]), datetime.timezone.utc)"
                    + ".strftime('%Y-%m-%dT%H:%M:%SZ'))", file.path, "\(seconds)",
            ])
        try #require(python.status == 0, "python: \(python.stderr)")
        let expected = python.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let opf = try Self.entry("EPUB/package.opf", of: file)
        #expect(opf.contains("<meta property=\"dcterms:modified\">\(expected)</meta>"), "\(expected)")
    }

    /// Debian's `epubcheck` is the jar itself (run through binfmt where that is set up): run it with java.
    static func epubcheck(_ file: URL) throws -> ProcessResult {
        let jar = try #require(SystemTool.find("epubcheck")).resolvingSymlinksInPath()
        let java = try #require(SystemTool.find("java"), "java is missing: apt-get install epubcheck")
        return try run(java, ["-jar", jar.path, file.path])
    }

    @Test(
        .enabled(if: SystemTool.required("epubcheck", "java"), SystemTool.reason("epubcheck", package: "epubcheck")),
        arguments: ["John 1", "Genesis 1"])
    func epubCheckFindsNothing(reference: String) throws {
        let file = try reference == "John 1" ? Self.johnOne.get() : Self.book(reference)
        let result = try Self.epubcheck(file)
        let output = result.stdoutText + result.stderr
        #expect(result.status == 0, "epubcheck: \(output)")
        #expect(output.contains("No errors or warnings detected"), "epubcheck: \(output)")
        #expect(!output.contains("WARNING") && !output.contains("ERROR"), "epubcheck: \(output)")
    }

    /// The book's palettes follow the preferences a reading system reports (no switch in a book): John 1's content
    /// document in Chromium with each preference emulated, axe-core 4.12 finds no text under 4.5:1 (AA) in any and
    /// none under 7:1 (AAA, `color-contrast-enhanced`) with more contrast asked; the page's colours are the light,
    /// dark and high-contrast themes' own backgrounds, as the browser computes them.
    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason))
    func palettesFollowTheReadingSystem() throws {
        let xhtml = try Self.entry("EPUB/John.1.xhtml", of: Self.johnOne.get())
        let page = try ExportFixture.temporaryDirectory().appendingPathComponent("John.1.xhtml")
        try xhtml.write(to: page, atomically: true, encoding: .utf8)
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/theme_check.py")
        let axe = try #require(ExportFixture.axeScript, "axe.min.js: run scripts/setup")
        let result = try run(ExportFixture.python, [script.path, page.path, axe.path, "--preferences-only"])
        try #require(result.status == 0, "theme_check.py: \(result.stderr)")
        struct Preference: Decodable { let colours: [String], aa: [String], aaa: [String] }
        let report = try JSONDecoder().decode([String: [String: Preference]].self, from: result.stdout)
        let preferences = try #require(report["preferences"])
        let backgrounds = [
            "none": "rgb(255, 255, 255)", "dark": "rgb(18, 18, 18)", "more": "rgb(255, 255, 255)",
            "more-dark": "rgb(0, 0, 0)",
        ]
        #expect(Set(preferences.keys) == Set(backgrounds.keys))
        for (name, preference) in preferences {
            #expect(preference.aa == [], "\(name) AA: \(preference.aa)")
            if name.hasPrefix("more") { #expect(preference.aaa == [], "\(name) AAA: \(preference.aaa)") }
            #expect(preference.colours.first == backgrounds[name], "\(name): \(preference.colours)")
        }
    }

    /// The accessibility metadata EPUB Accessibility 1.1 asks for.
    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason))
    func accessibilityMetadata() throws {
        let opf = try Self.entry("EPUB/package.opf", of: Self.johnOne.get())
        for property in [
            "schema:accessMode", "schema:accessModeSufficient", "schema:accessibilityFeature",
            "schema:accessibilityHazard", "schema:accessibilitySummary", "dcterms:conformsTo",
        ] {
            #expect(opf.contains("property=\"\(property)\""), "\(property)")
        }
        #expect(opf.contains("EPUB Accessibility 1.1 - WCAG 2.2 Level AA"))
    }

    /// The page list names the PDF's pages: as many, and page k of the list starts at the word that starts page k
    /// of the PDF (the first Greek word `pdftotext -raw` gives for that page).
    @Test(
        .enabled(
            if: ExportFixture.browserRequired && SystemTool.required("pdftotext", "pdfinfo"),
            ExportFixture.browserReason))
    func pageListMatchesThePDF() throws {
        let book = try Self.johnOne.get()
        let pdf = book.deletingLastPathComponent().appendingPathComponent("John-1.pdf")
        try ExportFixture.interlinear(["render", "John 1", "--format", "pdf"], to: pdf)
        let info = try run(try #require(SystemTool.find("pdfinfo")), [pdf.path]).stdoutText
        let printed = try #require(
            info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) })
        // The chapter's pages: the key to the codes follows them.
        let pdftotext = try #require(SystemTool.find("pdftotext"))
        let pages =
            try (1...printed).first { page in
                try run(pdftotext, ["-f", "\(page)", "-l", "\(page)", pdf.path, "-"]).stdoutText.hasPrefix(
                    "Key to the codes")
            }.map { $0 - 1 } ?? printed

        let navigation = try Self.entry("EPUB/nav.xhtml", of: book)
        let listed =
            try #require(navigation.components(separatedBy: "epub:type=\"page-list\"").last)
            .components(separatedBy: "</nav>")[0].components(separatedBy: "<li>").count - 1
        #expect(listed == pages)

        // In the content document: each page break's label and the first source word after it.
        let xhtml = try Self.entry("EPUB/John.1.xhtml", of: book)
        let marker = try Regex(#"aria-label="([0-9]+)"|<span class="src"[^>]*>([^<]*)</span>"#)
        var firstWords: [Int: String] = [:]
        var pending: [Int] = []
        for match in xhtml.matches(of: marker) {
            if let label = match.output[1].substring, let page = Int(label) {
                pending.append(page)
            } else if let word = match.output[2].substring {
                for page in pending { firstWords[page] = String(word) }
                pending = []
            }
        }
        #expect(firstWords.count == pages)
        for page in 1...pages {
            let text = try run(pdftotext, ["-raw", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"]).stdoutText
            let greek = text.split(whereSeparator: \.isWhitespace).first { token in
                token.unicodeScalars.contains {
                    (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
                }
            }
            #expect(firstWords[page] == greek.map(String.init), "page \(page)")
        }
    }
}
