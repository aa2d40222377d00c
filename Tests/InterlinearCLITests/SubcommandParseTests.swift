import ArgumentParser
import Testing
@testable import InterlinearCLI

/// `InterlinearCommand.parse` parses a subcommand named first on its own, skipping the root's extra passes; these
/// check that it gives what the root's parse gives — the same command with the same values, or the same error with
/// the same message, usage and exit code — so the shortcut changes only the work done.
@Suite struct SubcommandParseTests {
    @Test(arguments: [
        ["typeset", "John 1"],
        ["typeset", "John 1:14-18", "--width", "768", "--font-size", "20", "--tiers", "source,gloss", "--no-cache"],
        ["typeset", "Genesis 1", "--hebrew-marks", "points", "--output", "x.json"],
        ["a11y", "John 1", "--screen-reader", "on", "--all"],
        ["a11y", "John 1", "--from", "John.1.1.w1", "--move", "next", "--count", "3"],
        ["read", "Rom 8:28", "--font", "DejaVu Serif"],
        ["render", "John 1", "--format", "pdf", "--output", "x.pdf"],
        ["export", "Philemon 1", "Jude 1", "--format", "html", "--tiers", "source,gloss"],
        ["search", "logos"],
        ["braille", "John 1"],
        ["bench", "John 1", "--iterations", "3"],
        ["import", "John 1"],
        ["view", "John 1"],
        ["bench-store"],
        // Errors: the same message, usage line and exit code either way.
        ["typeset"],
        ["typeset", "John 1", "--width", "5"],
        ["typeset", "John 1", "--width", "abc"],
        ["typeset", "John 1", "--bogus"],
        ["typeset", "John 1", "--tiers", "translation"],
        ["a11y", "John 1", "--granularity", "bogus"],
        ["a11y", "John 1", "--move", "next"],
        ["read", "John 1", "extra"],
        ["render", "John 1", "--format", "gif"],
        ["export", "John 1", "--format", "pdf"],
        ["export"],
    ])
    func aSubcommandParsedOnItsOwnMatchesTheRootsParse(arguments: [String]) {
        #expect(InterlinearCommand.subcommandParsedOnItsOwn(arguments) != nil, "\(arguments) take the shortcut")
        let direct = outcome { try InterlinearCommand.parse(arguments) }
        let root = outcome { try InterlinearCommand.parseAsRoot(arguments) }
        #expect(direct == root, "\(arguments)")
    }

    /// Arguments the root answers itself (help, version, completion scripts) go through the root's parse.
    @Test func helpVersionAndCompletionGoToTheRoot() throws {
        for arguments in [["typeset", "--help"], ["typeset", "John 1", "-h"], ["typeset", "--version"],
                          ["help", "typeset"], ["typeset", "--generate-completion-script", "bash"]] {
            #expect(InterlinearCommand.subcommandParsedOnItsOwn(arguments) == nil, "\(arguments)")
            #expect(outcome { try InterlinearCommand.parse(arguments) } == outcome { try InterlinearCommand.parseAsRoot(arguments) },
                    "\(arguments)")
        }
    }

    /// What a parse gave, as text: the command with its values, or the error's full message and exit code.
    private func outcome(_ parse: () throws -> any ParsableCommand) -> String {
        do {
            return "command: \(String(reflecting: try parse()))"
        } catch {
            return "error \(InterlinearCommand.exitCode(for: error).rawValue): \(InterlinearCommand.fullMessage(for: error))"
        }
    }
}
