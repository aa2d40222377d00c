import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// `interlinear export --format html` as users meet it, checked by real tools: tidy, axe-core in headless Chromium,
/// and Chromium's own accessibility tree (DevTools `Accessibility.getFullAXTree`). Expected words and verses come
/// from the chapter files (or the downloaded SBLGNT table), not from the code under test.
@Suite("interlinear export: HTML")
struct HTMLExportTests {
    /// One page per chapter, written once for the suite.
    static func page(_ references: [String], extra: [String] = [], corpus: URL? = nil) throws -> URL {
        let dir = try ExportFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("page.html")
        try ExportFixture.interlinear(
            ["export"] + references + ["--format", "html"] + extra
                + (corpus.map { ["--corpus", $0.path] } ?? []), to: file)
        return file
    }

    static let johnOne = Result { try page(["John 1"]) }
    static let genesisOne = Result { try page(["Genesis 1"]) }

    @Test(
        .enabled(if: SystemTool.required("tidy"), SystemTool.reason("tidy", package: "tidy")),
        arguments: ["John 1", "Genesis 1"])
    func tidyFindsNothing(reference: String) throws {
        let file = try (reference == "John 1" ? Self.johnOne : Self.genesisOne).get()
        let tidy = try #require(SystemTool.find("tidy"))
        // -e: errors and warnings only; tidy exits 1 on a warning and 2 on an error.
        let result = try run(tidy, ["-q", "-e", "-utf8", file.path])
        #expect(result.status == 0, "tidy: \(result.stderr)")
        #expect(result.stderr.isEmpty, "tidy: \(result.stderr)")
    }

    /// John 1 in Chromium: no axe violation; headings the chapter and then every verse, in order; every Greek word
    /// exposed as text in `grc`, in reading order; a spoken form for every word stack and no hidden tier exposed;
    /// no sideways scrolling at 320 CSS px.
    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason))
    func johnOneInChromium() throws {
        let report = try ExportFixture.browse(try Self.johnOne.get())
        let corpus = try ExportFixture.chapterFile("43-John/01.tsv")
        #expect(corpus.words.count == 826)
        #expect(report.violations.isEmpty, "axe: \(report.violations.map { "\($0.id) \($0.nodes ?? [])" })")
        #expect(report.axePasses > 0, "axe ran its rules")
        #expect(report.headings.map(\.level) == [1] + Array(repeating: 2, count: corpus.verses.count))
        #expect(report.headings.first?.text == "John 1")
        #expect(report.headings.dropFirst().map(\.text) == corpus.verses.map(String.init))
        #expect(
            report.headings.dropFirst().allSatisfy { !$0.name.isEmpty && $0.name != $0.text },
            "verse headings are named as spoken")
        #expect(report.words.map(\.text) == corpus.words)
        #expect(report.words.allSatisfy { $0.lang == "grc" && $0.dir == "ltr" })
        #expect(report.stacks == corpus.words.count)
        #expect(report.spoken == corpus.words.count, "every word's spoken form is in the tree")
        #expect(report.exposedHiddenTiers == 0)
        #expect(!report.overflow320)
    }

    /// Genesis 1: every Hebrew word `hbo` and right to left, in reading order; the same checks otherwise.
    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason))
    func genesisOneInChromium() throws {
        let report = try ExportFixture.browse(try Self.genesisOne.get())
        let corpus = try ExportFixture.chapterFile("01-Gen/01.tsv")
        #expect(report.violations.isEmpty, "axe: \(report.violations.map { "\($0.id) \($0.nodes ?? [])" })")
        #expect(report.headings.map(\.level) == [1] + Array(repeating: 2, count: corpus.verses.count))
        #expect(report.headings.dropFirst().map(\.text) == corpus.verses.map(String.init))
        #expect(report.words.map(\.text) == corpus.words)
        #expect(report.words.allSatisfy { $0.lang == "hbo" && $0.dir == "rtl" })
        #expect(report.spoken == corpus.words.count)
        #expect(report.exposedHiddenTiers == 0)
        #expect(!report.overflow320)
    }

    /// Fewer tiers (`--tiers source,gloss`): still valid, still every word.
    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason))
    func chosenTiers() throws {
        let file = try Self.page(["John 1:1-5"], extra: ["--tiers", "source,gloss"])
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(!html.contains("class=\"st\"") && !html.contains("class=\"mo\"") && !html.contains("class=\"tl\""))
        #expect(html.contains("class=\"gl\""))
        let report = try ExportFixture.browse(file)
        #expect(report.violations.isEmpty, "axe: \(report.violations.map(\.id))")
        #expect(report.headings.count == 6)
    }

    /// Philemon 1 and Jude 1 from the whole-New-Testament store: one page, both chapters, words as the SBLGNT prints
    /// them (MorphGNT's text column in py-sblgnt, its text-critical signs left out, as the page leaves them out).
    @Test(.enabled(if: ExportFixture.browserRequired && SharedStore.sourceMissing == nil, ExportFixture.browserReason))
    func storeChaptersInOnePage() throws {
        let store = try SharedStore.wholeNewTestament.get()
        let file = try Self.page(["Philemon 1", "Jude 1"], corpus: store)
        let folder = SourceData.printedGreekDirectory().appendingPathComponent(SourceData.printedGreekFolder)
        var expected: [String] = []
        for (file, chapter) in [("78-Phm-morphgnt.txt", "1801"), ("86-Jud-morphgnt.txt", "2601")] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix(chapter) {
                let fields = line.split(separator: " ")
                expected.append(String(fields[4].filter { !("\u{2E00}"..."\u{2E05}").contains($0) }))
            }
        }
        let report = try ExportFixture.browse(file)
        #expect(report.violations.isEmpty, "axe: \(report.violations.map(\.id))")
        #expect(report.headings.filter { $0.level == 1 }.map(\.text) == ["Philemon 1", "Jude 1"])
        #expect(report.words.map(\.text) == expected)
        #expect(report.words.allSatisfy { $0.lang == "grc" })
    }

    /// Bad input: one line, usage status, no output file.
    @Test func refusesUnknownReferenceAndTier() throws {
        let dir = try ExportFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("x.html")
        for arguments in [
            ["export", "John 22"], ["export", "John 1", "--tiers", "nope"], ["export", "John 3-1"],
            ["export", "John 1", "--format", "pdf"],
        ] {
            let result = try run(interlinearBinary, arguments + ["--output", file.path], directory: packageRoot)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    /// A verse selected in Chromium copies what is printed and nothing a screen reader alone is given: no line of
    /// the copy is a word's spoken form, and its Greek or Hebrew lines are the verse's words as the chapter file
    /// prints them, in order (Harness/copy_check.py selects each verse's section and reads the selection's text).
    @Test(.enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason), arguments: ["John 1", "Genesis 1"])
    func aSelectedVerseCopiesOnlyThePrintedTiers(reference: String) throws {
        let page = try (reference == "John 1" ? Self.johnOne : Self.genesisOne).get()
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/copy_check.py")
        let result = try run(ExportFixture.python, [script.path, page.absoluteString, "--verses", "3"])
        try #require(result.status == 0, "copy_check.py: \(result.stderr)")
        struct Verse: Decodable { let id: String?, copied: String, spoken: [String] }
        struct Report: Decodable { let verses: [Verse] }
        let verses = try JSONDecoder().decode(Report.self, from: result.stdout).verses
        #expect(verses.count == 3)
        let file = reference == "John 1" ? "43-John/01.tsv" : "01-Gen/01.tsv"
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(file)"), encoding: .utf8)
        var words: [Int: [String]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == "w", fields.count > 2, let verse = Int(fields[1]) {
                words[verse, default: []].append(ChapterFileWord.printed(fields))
            }
        }
        for (index, verse) in verses.enumerated() {
            let lines = verse.copied.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!verse.spoken.isEmpty, "\(verse.id ?? "?"): the page gives screen readers spoken forms")
            let spoken = Set(verse.spoken.map { $0.trimmingCharacters(in: .whitespaces) })
            let leaked = lines.filter { spoken.contains($0) || $0.contains("Strong's") }
            #expect(leaked.isEmpty, "\(verse.id ?? "?") copied spoken text: \(leaked)")
            let script = lines.filter { line in
                line.unicodeScalars.contains {
                    (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
                        || (0x05D0...0x05EA).contains($0.value)
                }
            }
            #expect(script == words[index + 1], "\(verse.id ?? "?")")
        }
    }
}
