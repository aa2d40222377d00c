import ArgumentParser
import Foundation
import InterlinearCorpus

/// `interlinear`: typeset interlinear chapters, dump their accessibility tree, read them in a terminal.
public struct InterlinearCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "interlinear",
        abstract: "Typeset interlinear Greek–English chapters into positioned labels, accessibly.",
        subcommands: [ImportCommand.self, TypesetCommand.self, A11yCommand.self, RenderCommand.self, ViewCommand.self,
                      ReadCommand.self, BrailleCommand.self, SearchCommand.self, BenchCommand.self,
                      StoreBenchCommand.self])

    public init() {}
}

/// A failure reported as one line on stderr and a non-zero exit.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    init(_ error: any Error) { self.description = String(describing: error) }
}

/// Runs a command body, turning any error into one stderr line and exit status 1.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        FileHandle.standardError.write(Data("interlinear: error: \(error)\n".utf8))
        throw ExitCode(1)
    }
}

/// Writes command output to a file atomically (no partial file on failure), or to stdout.
func emit(_ data: Data, to path: String?) throws {
    guard let path else {
        FileHandle.standardOutput.write(data)
        return
    }
    let url = URL(fileURLWithPath: path)
    do { try AtomicFile.write(data, to: url) } catch {
        throw Failure("cannot write output file \(path): \(error.localizedDescription)")
    }
}

extension InterlinearCommand {
    /// Parses and runs; a usage error is one line on stderr (not the usage text) and exit status 64.
    public static func mainReportingOneLine(_ arguments: [String]? = nil) {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode { exit(withError: error) }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("interlinear: error: \(message)\n".utf8))
            exit(withError: ExitCode(64))
        }
    }
}
