import Foundation
import InterlinearTestSupport
import Testing

/// The command line as a contract: every usage error is exit 64 and one line saying what is expected; `--version`
/// and `--help` print to stdout and exit 0.
@Suite struct CommandLineContractTests {
    @Test(arguments: [
        (["typeset", "John 1", "--width", "5"], "--width must be between 100 and 10000 points, got 5"),
        (["typeset", "John 1", "--width", "abc"], "The value 'abc' is invalid for '--width <width>'"),
        (["typeset", "John 1", "--width", "-1"], "--width must be between 100 and 10000 points, got -1"),
        (["typeset", "John 1", "--width", "nan"], "--width must be between 100 and 10000 points, got nan"),
        (["typeset", "John 1", "--font-size", "0"], "--font-size must be between 6 and 96 points, got 0"),
        (
            ["typeset", "John 1", "--tiers", "translation"],
            "--tiers needs at least one word tier (source, transliteration, strongs, morphology, gloss, lemma); got 'translation'"
        ),
        (
            ["typeset", "John 1", "--tiers", "source,bogus"],
            "unknown tier 'bogus'; tiers are source, transliteration, strongs, morphology, gloss, lemma, translation"
        ),
        (["typeset", "Hezekiah 1"], "unknown reference 'Hezekiah 1'; expected a book, a chapter and optional verses"),
        (["typeset", "John 22"], "John has 21 chapters; there is no John 22"),
        (["typeset", "Jude 2:1"], "Jude has 1 chapter; there is no Jude 2"),  // "Jude 2" is verse 2, as in print
        (["typeset", "John\u{1B}[2J 1"], "unknown reference 'John\\e[2J 1'; expected a book"),
        (["typeset"], "Missing expected argument '<reference>'"),
        (["typeset", "John 1", "--bogus"], "Unknown option '--bogus'"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
        (
            ["a11y", "John 1", "--granularity", "bogus"],
            "The value 'bogus' is invalid for '--granularity <granularity>'"
        ),
        (
            ["a11y", "John 1", "--screen-reader", "maybe"],
            "The value 'maybe' is invalid for '--screen-reader <screen-reader>'"
        ),
        (["a11y", "John 1", "--from", "John.1.1.w1"], "--from needs --move next or --move previous"),
        (["a11y", "John 1", "--move", "next"], "--move needs --from NODE_ID"),
        (
            ["a11y", "John 1", "--from", "John.1.1.w1", "--move", "sideways"],
            "The value 'sideways' is invalid for '--move <move>'"
        ),
        (
            ["a11y", "John 1", "--count", "0", "--from", "John.1.1.w1", "--move", "next"],
            "--count must be between 1 and 1000000, got 0"
        ),
        (
            ["a11y", "John 1", "--viewport", "10"],
            "malformed --viewport '10'; expected WIDTHxHEIGHT such as 390x844, optionally +X+Y"
        ),
        (
            ["a11y", "John 1", "--hit-test", "a,b"],
            "malformed --hit-test 'a,b'; expected screen coordinates X,Y such as 120,300"
        ),
        (["a11y", "John 1", "--scroll", "nan"], "--scroll must be a number of points, got nan"),
        (["bench", "John 1", "--iterations", "0"], "--iterations must be between 1 and 10000, got 0"),
        (["read", "John 22"], "John has 21 chapters; there is no John 22"),
        (["import", "John 99"], "John has 21 chapters; there is no John 99"),
    ])
    func usageErrorsExit64WithOneLine(arguments: [String], message: String) throws {
        let result = try run(interlinearBinary, arguments, directory: packageRoot)
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        // ArgumentParser's own messages may add a hint ("Did you mean …", "Please provide one of …") on the same line.
        #expect(
            result.stderr.hasPrefix("interlinear: error: \(message)") && result.stderr.filter { $0 == "\n" }.count == 1,
            "\(arguments): \(result.stderr)")
    }

    /// A verse the chapter lacks is known only once the chapter is read: missing input (66), as a missing chapter is.
    @Test func aVerseTheChapterLacksIsMissingInput() throws {
        for arguments in [["a11y", "John 1", "--note", "99"], ["read", "John 1:99"], ["typeset", "John 1:99"]] {
            let result = try run(interlinearBinary, arguments, directory: packageRoot)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("John 1 has no verse 99") && result.stderr.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func versionAndHelpGoToStandardOutput() throws {
        let version = try interlinear("--version")
        #expect(version.status == 0 && version.stderr.isEmpty)
        #expect(
            version.stdoutText.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil,
            "\(version.stdoutText)")
        // The version a user can name has its section in the CHANGELOG.
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let number = version.stdoutText.trimmingCharacters(in: .newlines)
        #expect(changelog.contains("\n## \(number) "), "CHANGELOG.md has no section for \(number)")
        let help = try interlinear("typeset", "--help")
        #expect(help.status == 0 && help.stdoutText.contains("--width") && help.stderr.isEmpty)
        let full = try spawnInterlinear(["--help"], stdout: .path("/dev/full"))
        #expect(full.status == 74 && full.stderrLines.count == 1)
    }

    /// The exit-status table is one table: the same numbers the README lists.
    @Test func theReadmeListsTheExitStatuses() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for code in ["0", "64", "65", "66", "69", "70", "73", "74", "130", "141"] {
            #expect(readme.contains("| \(code) |"), "README exit-status table lacks \(code)")
        }
    }
}
