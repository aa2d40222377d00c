import ArgumentParser
import Foundation
import InterlinearCorpus

/// `interlinear`: typeset interlinear chapters, dump their accessibility tree, read them in a terminal.
public struct InterlinearCommand: ParsableCommand {
    /// The version `--version` prints.
    public static let version = "0.2.0"

    public static let configuration = CommandConfiguration(
        commandName: "interlinear",
        abstract: "Typeset interlinear Greek–English chapters into positioned labels, accessibly.",
        discussion: """
            Exit status: 0 done, 64 usage, 65 bad data, 66 missing input, 69 missing font, 70 internal error, \
            73 cannot create the output file, 74 output write failed, 130 interrupted (README: Exit status).
            """,
        version: version,
        subcommands: [ImportCommand.self, TypesetCommand.self, A11yCommand.self, RenderCommand.self, ViewCommand.self,
                      ReadCommand.self, BrailleCommand.self, SearchCommand.self, BenchCommand.self,
                      StoreBenchCommand.self])

    public init() {}
}

extension InterlinearCommand {
    /// Parses and runs, then exits. Every way out is one table (`ExitStatus`): a usage error is one line on stderr
    /// and 64; any other error is one line and its status; `--help` and `--version` print to stdout (a failed write
    /// there is an error too).
    public static func mainReportingOneLine(_ arguments: [String]? = nil) -> Never {
        StandardStreams.prepare()
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            Glibc.exit(finishParsing(error))
        }
        do {
            try command.run()
            Glibc.exit(ExitStatus.success.rawValue)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch where exitCode(for: error) == .success {
            Glibc.exit(finishParsing(error))  // --help: parsing hands back a command that throws the request
        } catch {
            reportError(String(describing: error))
            Glibc.exit(ExitStatus(for: error).rawValue)
        }
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
