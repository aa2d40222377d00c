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

    /// The everyday commands in the simple grammar skip ArgumentParser's parse (`ArgumentShortcut`); the command
    /// they make holds every value ArgumentParser's would, defaults included.
    @Test(arguments: [
        ["typeset", "John 1"],
        ["typeset", "Genesis 1"],
        ["typeset", "John 1:14-18", "--width", "768", "--font-size", "20", "--tiers", "source,gloss", "--no-cache"],
        ["typeset", "--width=500", "John 1", "--font-size=12.5", "--font", "DejaVu Serif", "--corpus", "/tmp/store"],
        ["typeset", "Genesis 1", "--hebrew-marks", "points", "--output", "x.json"],
        ["typeset", "Genesis 1", "--hebrew-marks=none", "--output=x.json", "--width", "1e3"],
        ["typeset", "Genesis 1", "--translation", "KJV"],
        ["read", "John 1", "--translation=WEB"],
        ["a11y", "John 1"],
        ["a11y", "John 1", "--screen-reader", "on", "--all"],
        ["a11y", "John 1", "--screen-reader", "OFF", "--granularity", "Label", "--viewport", "390x844+0+20"],
        ["a11y", "John 1", "--from", "John.1.1.w1", "--move", "next", "--count", "3", "--screen-reader", "on"],
        ["a11y", "John 1", "--note", "3", "--note", "5", "--scroll", "40", "--hit-test", "120,300", "--toggle-late"],
        ["a11y", "John 1", "--output", "x.json", "--width", "600"],
        ["read", "John 1"],
        ["read", "Rom 8:28", "--font", "DejaVu Serif"],
        ["read", "John 1", "--screen-reader", "--speak", "--verbosity", "full", "--original", "--braille"],
        ["read", "John 1", "--greek", "--tiers", "source,gloss", "--no-cache"],
        ["render", "John 1"],
        ["render", "John 1", "--format", "pdf", "--output", "x.pdf", "--paper", "letter"],
        ["render", "John 1", "--format", "svg", "--scale", "1.5", "--from", "2", "--to", "5", "--overlay", "a11y"],
        ["define", "G3056"],
        ["define", "G3056", "H430", "λόγος", "John 1:1 w4", "--json", "--corpus", "/tmp/store"],
        ["define", "--json", "H871a"],
        ["search", "G3056"],
        ["search", "logos", "--lemma", "--in", "John", "--limit", "5", "--json"],
        ["search", "in the beginning", "--text", "--in=nt", "--limit=0", "--corpus", "/tmp/store"],
        ["search", "V-AAI-3S", "--morph"],
        ["export", "John 1"],
        ["export", "John 1", "--format", "epub", "--output", "John-1.epub"],
        ["export", "John 1", "--format", "epub", "--audio", "--output", "John-1.epub"],
        [
            "export", "John 1", "Genesis 1", "--format=html", "--paper", "letter", "--tiers", "source,gloss",
            "--no-cache",
        ],
        ["export", "Jude", "John 1-3", "--width", "600", "--font-size", "20", "--translation", "KJV"],
    ])
    func theShortcutMakesTheCommandArgumentParserMakes(arguments: [String]) throws {
        let shortcut = try #require(ArgumentShortcut.command(arguments), "\(arguments) take the shortcut")
        #expect(
            "command: \(described(shortcut))" == outcome { try InterlinearCommand.parseAsRoot(arguments) },
            "\(arguments)")
    }

    /// Everything outside the simple grammar, and every error, goes to ArgumentParser, which words the message.
    @Test(arguments: [
        ["typeset"], ["typeset", "John 1", "John 2"], ["typeset", "John 1", "--width", "5"],
        ["typeset", "John 1", "--width", "abc"], ["typeset", "John 1", "--width", "-1"],
        ["typeset", "John 1", "--bogus"],
        ["typeset", "John 1", "--bogus", "1"], ["typeset", "John 1", "--tiers", "translation"],
        ["typeset", "John 1", "--width", "400", "--width", "500"], ["typeset", "John 1", "--output"],
        ["typeset", "John 1", "--output", ""], ["typeset", "--", "John 1"], ["typeset", "John 1", "-w", "400"],
        ["typeset", "Nowhere 1"], ["typeset", "John 99"], ["typeset", "John 1", "--no-cache=true"],
        ["typeset", "John 1", "--help"], ["typeset", "help"], ["typeset", "John 1", "--version"],
        ["a11y", "John 1", "--granularity", "bogus"], ["a11y", "John 1", "--move", "next"],
        ["a11y", "John 1", "--scroll", "-40"], ["a11y", "John 1", "--count", "0"],
        ["a11y", "John 1", "--viewport", "1x"],
        ["read", "John 1", "extra"], ["read", "John 1", "--original", "--greek"], ["read", "John 1", "--all"],
        ["render", "John 1", "--format", "gif"], ["render", "John 1", "--from", "5", "--to", "2"],
        ["export"], ["export", "John 1", "--format", "pdf"], ["export", "Nowhere 1"], ["export", "John 1-99"],
        ["export", "John 1", "--paper", "a5"], ["export", "John 1", "--width", "5"], ["export", "John 1", "--all"],
        ["export", "John 1", "--audio"], ["export", "John 1", "--audio", "--format", "html"],
        [],
        ["define"], ["define", " "], ["define", "G3056", "--bogus"], ["define", "G3056", "--json=yes"],
        ["define", "Nowhere 1:1 w4"], ["define", "G3056", "--corpus"], ["define", "-G3056"],
        ["search"], ["search", "logos", "logos"], ["search", "logos", "--lemma", "--text"],
        ["search", "logos", "--limit", "-1"], ["search", "logos", "--limit", "abc"],
        ["search", "logos", "--in", "Nowhere"],
        ["search", "logos", "--limit", "5", "--limit", "6"], ["search", " "], ["search", "logos", "--help"],
    ])
    func argumentsOutsideTheGrammarGoToArgumentParser(arguments: [String]) {
        #expect(ArgumentShortcut.command(arguments) == nil, "\(arguments)")
        #expect(
            outcome { try InterlinearCommand.parse(arguments) }
                == outcome { try InterlinearCommand.parseAsRoot(arguments) },
            "\(arguments)")
    }

    /// Arguments the root answers itself (help, version, completion scripts) go through the root's parse.
    @Test func helpVersionAndCompletionGoToTheRoot() throws {
        for arguments in [
            ["typeset", "--help"], ["typeset", "John 1", "-h"], ["typeset", "--version"],
            ["help", "typeset"], ["typeset", "--generate-completion-script", "bash"],
        ] {
            #expect(InterlinearCommand.subcommandParsedOnItsOwn(arguments) == nil, "\(arguments)")
            #expect(
                outcome { try InterlinearCommand.parse(arguments) }
                    == outcome { try InterlinearCommand.parseAsRoot(arguments) },
                "\(arguments)")
        }
    }

    /// What a parse gave, as text: the command with its values, or the error's full message and exit code.
    private func outcome(_ parse: () throws -> Any) -> String {
        do {
            return "command: \(described(try parse()))"
        } catch {
            return
                "error \(InterlinearCommand.exitCode(for: error).rawValue): \(InterlinearCommand.fullMessage(for: error))"
        }
    }

    /// A parsed command's values: ArgumentParser's command unwrapped from `ParsedCommand`, and `typeset`'s,
    /// `define`'s and `search`'s as the plain values they run (which the shortcut makes without the wrappers).
    private func described(_ command: Any) -> String {
        switch command {
        case let parsed as ParsedCommand: return described(parsed.command)
        case let typeset as TypesetCommand: return String(reflecting: typeset.values)
        case let define as DefineCommand: return String(reflecting: define.values)
        case let search as SearchCommand: return String(reflecting: search.values)
        default: return String(reflecting: command)
        }
    }
}
