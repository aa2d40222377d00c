import Foundation
import InterlinearTestSupport
import Testing

@Suite("interlinear render: input and output")
struct RenderCommandTests {
    /// Usage errors: one line on stderr, exit 64, no output file.
    @Test(arguments: [
        (["--format", "bmp"], "--format"),
        (["--scale", "0"], "--scale"),
        (["--scale", "nan"], "--scale"),
        (["--paper", "a5"], "--paper"),
        (["--overlay", "grid"], "--overlay"),
        (["--from", "5", "--to", "2"], "--from 5 comes after --to 2"),
        (["--from", "0"], "--from"),
        (["--width", "-5"], "--width"),
        (["--tiers", "source,bogus"], "unknown tier 'bogus'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        try expectUsageError(["render", "John 1"] + arguments, message: message)
    }

    @Test func unknownReferenceIsAUsageError() throws {
        try expectUsageError(["render", "Hezekiah 1"], message: "unknown reference")
    }

    /// A book or chapters draw only as PDF (one chapter per PNG or SVG), and --from/--to pick verses of one chapter.
    @Test(arguments: [
        (["render", "John"], "use --format pdf"),
        (["render", "John 1-3", "--format", "svg"], "use --format pdf"),
        (["render", "Jude", "--format", "png"], "name one (\"Jude 1\") or use --format pdf"),
        (["render", "Ruth", "--format", "pdf", "--from", "2"], "--from and --to pick verses of one chapter"),
        (["render", "John 1-99", "--format", "pdf"], "John has chapters 1–21"),
    ])
    func booksAreRefusedOutsidePDF(arguments: [String], message: String) throws {
        try expectUsageError(arguments, message: message, output: "out")
    }

    private func expectUsageError(_ arguments: [String], message: String, output: String = "out.png") throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(output)
        let result = try run(interlinearBinary, arguments + ["--output", file.path], directory: packageRoot)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("interlinear: error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no output file")
    }

    /// Other bad input: one line, the exit status of the table (README: Exit status), and no file, partial or
    /// temporary.
    @Test(arguments: [
        (["John 1", "--from", "99"], "John 1 has no verse 99", Int32(66)),
        (["John 1", "--font", "No Such Family"], "apt-get install", 69),
        (["John 1", "--width", "9000", "--scale", "8"], "wider than cairo's", 64),
    ])
    func failures(arguments: [String], message: String, status: Int32) throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.png")
        let result = try run(
            interlinearBinary, ["render"] + arguments + ["--output", file.path], directory: packageRoot)
        #expect(result.status == status, "\(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no output file")
    }

    /// An unwritable destination fails with one line and leaves nothing behind.
    @Test func unwritableOutput() throws {
        let result = try interlinear("render", "John 1", "--to", "1", "--output", "/nonexistent-dir/x.png")
        #expect(result.status == 73 && result.stderr.contains("cannot write output file"), "\(result.stderr)")
    }

    /// Output replaces the file atomically: an existing file is replaced whole, no temporary file remains.
    @Test func replacesAtomically() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("j.svg")
        try Data("old".utf8).write(to: file)
        let data = try RenderFixture.render(["John 1", "--format", "svg", "--to", "1"], to: file)
        #expect(data.starts(with: Data("<?xml".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["j.svg"])
    }

    /// A character no installed font has is drawn as a visible box (the missing-glyph red) and counted.
    @Test func missingGlyphsAreBoxedAndCounted() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chapter = dir.appendingPathComponent("corpus/chapters/43-John/01.tsv")
        try FileManager.default.createDirectory(
            at: chapter.deletingLastPathComponent(), withIntermediateDirectories: true)
        // U+10FFFD: a private-use character no font covers.
        try Data(
            "# interlinear corpus 2\n@\t43\t1\nv\t1\tIn the beginning\nw\t1\tἘν\u{10FFFD}\tEn\tἐν\tG1722\tPREP\tIn\t0\n$\t1\t1\n"
                .utf8
        ).write(to: chapter)
        let file = dir.appendingPathComponent("m.png")
        let result = try run(
            interlinearBinary,
            [
                "render", "John 1", "--corpus", dir.appendingPathComponent("corpus").path,
                "--output", file.path,
            ], directory: packageRoot)
        #expect(result.status == 0)
        #expect(result.stderr == "interlinear: warning: 1 glyphs no installed font has were drawn as boxes\n")
        let image = try RenderFixture.Image(contentsOf: file)
        var red = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (r, g, b) = image.rgb(x, y)
                if r > 180 && g < 60 && b < 80 { red += 1 }
            }
        }
        #expect(red > 10, "the box is drawn in the missing-glyph colour")
    }
}
