import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearSword

/// `interlinear`: typeset interlinear chapters, dump their accessibility tree, read them in a terminal.
public struct InterlinearCommand: ParsableCommand {
    /// The version `--version` prints.
    public static let version = "0.9.0"

    /// The command's name, which each subcommand's usage starts with.
    static let name = "interlinear"

    public static let configuration = CommandConfiguration(
        commandName: name,
        abstract: "Typeset interlinear Greek–English chapters into positioned labels, accessibly.",
        discussion: """
            Exit status: 0 done, 64 usage, 65 bad data, 66 missing input, 69 missing font, 70 internal error, \
            73 cannot create the output file, 74 output write failed, 130 interrupted (README: Exit status).
            """,
        version: version,
        subcommands: [
            ImportCommand.self, TypesetCommand.self, A11yCommand.self, RenderCommand.self, ExportCommand.self,
            ViewCommand.self,
            ReadCommand.self, BrailleCommand.self, SearchCommand.self, DefineCommand.self, BenchCommand.self,
            StoreBenchCommand.self, AlignmentCommand.self, ServeCommand.self, NoteCommand.self, CommentaryCommand.self,
            TopicsCommand.self,
        ])

    public init() {}
}

extension InterlinearCommand {
    /// Parses and runs, then exits. Every way out is one table (`ExitStatus`): a usage error is one line on stderr
    /// and 64; any other error is one line and its status; `--help` and `--version` print to stdout (a failed write
    /// there is an error too).
    public static func mainReportingOneLine(_ arguments: [String]? = nil) -> Never {
        // SWORD's reader: this program started again to run libsword apart (`SwordProcess`).
        if arguments == nil { SwordChild.runIfAsked() }
        StandardStreams.prepare()
        var command: any CommandRun
        do {
            command = try parse(arguments ?? Array(CommandLine.arguments.dropFirst()))
        } catch {
            Glibc.exit(finishParsing(error))
        }
        do {
            try command.run()
            Glibc.exit(ExitStatus.success.rawValue)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch  where exitCode(for: error) == .success {
            Glibc.exit(finishParsing(error))  // --help: parsing hands back a command that throws the request
        } catch {
            reportError(ErrorAdvice.message(for: error))
            Glibc.exit(ExitStatus(for: error).rawValue)
        }
    }

    /// Parses the arguments of one run. A subcommand named first is parsed on its own, as the root of its own parse
    /// (its usage still reads "interlinear NAME": each subcommand's configuration names this command as its
    /// `_superCommandName`), unless an argument asks for what the root answers — help, the version, a completion
    /// script. The result is the same (`SubcommandParseTests` compare both parses); the work is not: the root's
    /// parse also reflects over the root command and parses the whole argument list twice more looking for
    /// `--generate-completion-script`: a visible part of a warm `typeset "John 1"` (benchmark `typeset-warm`).
    static func parse(_ arguments: [String]) throws -> any CommandRun {
        if let command = ArgumentShortcut.command(arguments) { return command }
        if let subcommand = subcommandParsedOnItsOwn(arguments),
            let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst()))
        {
            return ParsedCommand(command: command)
        }
        // Errors are worded by the root's parse (its hints name "interlinear NAME"); they are rare, so parsing
        // twice then costs nothing that matters.
        return ParsedCommand(command: try parseAsRoot(arguments))
    }

    /// The subcommand `parse` parses on its own for these arguments, or nil when the root's parse is needed.
    static func subcommandParsedOnItsOwn(_ arguments: [String]) -> (any ParsableCommand.Type)? {
        guard let name = arguments.first, !arguments.contains(where: answeredByRoot) else { return nil }
        return configuration.subcommands.first { $0.configuration.commandName == name }
    }

    /// An argument only the root's parse answers as users expect: help (`-h`, `-help`, `--help`, and `help` as a
    /// subcommand), `--version`, and ArgumentParser's completion and help-dump flags.
    static func answeredByRoot(_ argument: String) -> Bool {
        argument == "help" || argument.hasPrefix("-h") || argument == "--help" || argument == "--version"
            || argument.hasPrefix("--generate-completion") || argument.hasPrefix("--experimental")
    }

    /// Help and version text (exit 0), or a usage error (exit 64).
    private static func finishParsing(_ error: any Error) -> Int32 {
        if exitCode(for: error) == .success {
            do {
                try OutputTarget.standardOutput.write(fullMessage(for: error) + "\n")
                return ExitStatus.success.rawValue
            } catch {
                reportError(String(describing: error))
                return ExitStatus.ioError.rawValue
            }
        }
        let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        reportError(message)
        return ExitStatus.usage.rawValue
    }
}

/// What a command line asks for, ready to run: a command ArgumentParser parsed (`ParsedCommand`), or the values
/// `ArgumentShortcut` read without it (`TypesetRun`).
protocol CommandRun {
    func run() throws
}

/// A command ArgumentParser parsed.
struct ParsedCommand: CommandRun {
    let command: any ParsableCommand

    func run() throws {
        var command = command
        try command.run()
    }
}
