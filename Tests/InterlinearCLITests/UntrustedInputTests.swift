import Foundation
import InterlinearTestSupport
import Testing

/// The messages issue 25 found wrong, each one line on stderr with the README's exit status and no output: negative
/// values are values, not "Missing value"; verses outside the reference; empty paths; names over the bounds the C
/// libraries get; a fontconfig configuration that is not there.
@Suite("Untrusted input: one line each") struct UntrustedInputTests {
    private func expectOneLine(
        _ result: ProcessResult, status: Int32, _ fragments: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectOneErrorLine(result, status: status, fragments, sourceLocation: sourceLocation)
    }

    @Test(
        "a negative value is refused with its range",
        arguments: [
            (["render", "John 1", "--scale", "-1"], "--scale must be between 0.25 and 8"),
            (["search", "--limit", "-1", "word"], "--limit must be between 0 and 1000000"),
            (["braille", "John 1", "--cells", "-1"], "--cells must be from"),
            (["braille", "John 1", "--lines", "-5"], "--lines must be from"),
            (["a11y", "John 1", "--viewport", "-390x844"], "malformed --viewport"),
            (["render", "John 1", "--from", "-3"], "--from must be a verse number"),
            (["view", "John 1", "--height", "-1"], "--height must be a whole number"),
            // Issue 39: these two still said "Missing value".
            (["a11y", "John 1", "--note", "-1"], "--note must be a verse number from 1 to 999, got -1"),
            (["braille", "John 1", "--grade", "-1"], "--grade must be 1 (uncontracted) or 2 (contracted), got -1"),
            (["braille", "John 1", "--grade", "3"], "--grade must be 1 (uncontracted) or 2 (contracted), got 3"),
        ])
    func negativeValues(arguments: [String], message: String) throws {
        expectOneLine(try run(interlinearBinary, arguments), status: 64, message)
    }

    /// Issue 39: "Acts 8 has no verse 37 (its verses are 1–40)" contradicted itself. The SBLGNT omits Acts 8:37
    /// (the source data has no row for it): the message says so and lists the verses with the gap. A verse past the
    /// end is said as before.
    @Test(
        "a verse the edition omits is said to be omitted",
        arguments: [
            (["typeset", "Acts 8:37"], "Acts 8 has no verse 37: the SBLGNT omits it (its verses are 1–36, 38–40)"),
            (["read", "Acts 8:37"], "Acts 8 has no verse 37: the SBLGNT omits it"),
            (["typeset", "Acts 8:41"], "Acts 8 has no verse 41 (its verses are 1–36, 38–40)"),
        ])
    func omittedVerse(arguments: [String], message: String) throws {
        guard let store = try? SharedStore.wholeNewTestament.get() else {
            if SystemTool.isCI { Issue.record("CI needs the source data: \(SharedStore.sourceMissing ?? "")") }
            return
        }
        let result = try run(interlinearBinary, arguments + ["--corpus", store.path], input: Data())
        expectOneLine(result, status: 66, message)
        #expect(!result.stderr.contains("(its verses are 1–40)"))
    }

    @Test(
        "--from/--to outside the reference's verses names the passage",
        arguments: [
            (["render", "John 1:3-5", "--from", "1"], "--from 1 is outside John 1:3–5; give a verse from 3 to 5"),
            (["render", "John 1:3-5", "--to", "9"], "--to 9 is outside John 1:3–5"),
        ])
    func outsideThePassage(arguments: [String], message: String) throws {
        expectOneLine(try run(interlinearBinary, arguments + ["--output", "/dev/null"]), status: 64, message)
    }

    @Test(
        "an empty path is refused, never the current folder",
        arguments: [
            (["import", "John 1", "--output", ""], "--output needs a path"),
            (["view", "John 1", "--snapshot", ""], "--snapshot needs a file name"),
        ])
    func emptyPaths(arguments: [String], message: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        expectOneLine(
            try InterlinearTestSupport.run(interlinearBinary, arguments, directory: folder), status: 64, message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written here")
    }

    @Test(
        "a 5,000-character braille table name is refused before liblouis sees it",
        arguments: ["--table", "--greek-table"])
    func longTableName(option: String) throws {
        let name = String(repeating: "a", count: 5_000)
        expectOneLine(
            try run(interlinearBinary, ["braille", "John 1", option, name]), status: 64,
            "\(option) is 5000 bytes long")
    }

    @Test("a font name over 255 bytes or with a control character is refused")
    func longFontName() throws {
        expectOneLine(
            try run(interlinearBinary, ["typeset", "John 1", "--font", String(repeating: "F", count: 5_000)]),
            status: 64, "--font must name a font family")
        expectOneLine(
            try run(interlinearBinary, ["typeset", "John 1", "--font", "Gentium\u{1B}Plus"]), status: 64, "--font")
    }

    @Test("FONTCONFIG_FILE naming no file is our one line, not fontconfig's")
    func missingFontconfigFile() throws {
        var environment = testEnvironment
        environment["FONTCONFIG_FILE"] = "/nonexistent/fonts.conf"
        let result = try run(interlinearBinary, ["typeset", "John 1", "--no-cache"], environment: environment)
        expectOneLine(result, status: 69, "FONTCONFIG_FILE=/nonexistent/fonts.conf: No such file or directory")
        #expect(!result.stderr.contains("Fontconfig error"))
    }
}
