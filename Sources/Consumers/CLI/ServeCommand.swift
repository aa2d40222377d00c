import ArgumentParser
import Foundation

/// `interlinear serve`: the accessible web reader over the store. The server is its own executable,
/// `interlinear-serve`, beside this one, which this command checks the options for and then becomes (`execv`: the
/// same process, so a signal sent to it reaches the server); no other command links or starts the web server.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", _superCommandName: InterlinearCommand.name,
        abstract: "Serve the accessible web reader of the whole Bible (docs/web.md).",
        discussion: """
            Chapters with every tier, search, Strong's entries and a Hebrew word's parts, as web pages that work \
            with any screen reader and with JavaScript off. On 127.0.0.1 unless --host says otherwise (another \
            host shares the reader with the network, and a warning says so). On start one line says where: \
            "Serving STORE at http://127.0.0.1:8080/". SIGTERM or Ctrl-C stops it (exit 0). On this machine it \
            also keeps the reader's notes, bookmarks and highlights (/notes), in interlinear note's file.
            """)

    @Option(help: "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port; the line printed on start says which).")
    var port = 8080

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    @Option(
        help: """
            The notes file the notes pages read and write (default: interlinear note's). Notes are served on             127.0.0.1 only, unless this names a file to share with the network.
            """)
    var notes: String?

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be a number from 0 to 65535 (0: any free port), got \(port)")
        }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1") }
    }

    func run() throws {
        let server = Self.serverPath()
        var arguments = [server, "--host", host, "--port", String(port)]
        if let corpus { arguments += ["--corpus", corpus] }
        if let notes { arguments += ["--notes", notes] }
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        throw Failure(
            .unavailable,
            "cannot start the web server \(server): \(reason); it is built beside interlinear "
                + "(`swift build --product interlinear-serve`, or scripts/demo)")
    }

    /// `interlinear-serve` in this executable's folder.
    static func serverPath() -> String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("interlinear-serve").path
    }
}
