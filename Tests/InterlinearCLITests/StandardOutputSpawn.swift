import Foundation
import InterlinearTestSupport
import Testing

/// What a spawned `interlinear` gets as standard output, for the tests of failing writes.
enum SpawnedStdout {
    /// A path opened write-only, e.g. `/dev/full` (a redirection: the device itself is never changed).
    case path(String)
    /// No descriptor 1 at all, as after `>&-`.
    case closed
    /// A pipe whose reading end is already closed, as after `| head` has exited.
    case brokenPipe
}

/// How a process ended: its exit status, or 128 + the signal that ended it (as a shell reports it).
struct SpawnedResult {
    let status: Int32
    let signal: Int32?
    let stderr: String
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs the built `interlinear` with `stdout` set up as asked, every signal at its default action except SIGPIPE,
/// which is ignored when `ignoreSIGPIPE` (through `sh`'s `trap '' PIPE`, which the exec'd program inherits).
func spawnInterlinear(_ arguments: [String], stdout: SpawnedStdout, ignoreSIGPIPE: Bool = false) throws -> SpawnedResult
{
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let stderrPath = scratch.appendingPathComponent("stderr").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var pipeEnds: [Int32] = [-1, -1]
    switch stdout {
    case .path(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
    case .closed: posix_spawn_file_actions_addclose(&actions, 1)
    case .brokenPipe:
        guard pipe(&pipeEnds) == 0 else { throw TmuxFailure(description: "pipe failed: \(errno)") }
        close(pipeEnds[0])  // nobody will ever read
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    }
    defer { if pipeEnds[1] >= 0 { close(pipeEnds[1]) } }

    let program = ignoreSIGPIPE ? "/bin/sh" : interlinearBinary.path
    let argv =
        (ignoreSIGPIPE ? ["sh", "-c", "trap '' PIPE; exec \"$0\" \"$@\"", interlinearBinary.path] : [program])
        + arguments
    let exit = try ChildExit(
        waitingFor: spawnWithSignalsRestored(
            program, argv: argv,
            environment: testEnvironment,
            actions: &actions))
    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    return SpawnedResult(status: exit.status, signal: exit.signal, stderr: stderr)
}

/// A scratch folder for one test, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init(_ name: String = "scratch") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
