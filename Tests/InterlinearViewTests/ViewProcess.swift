import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear view` running on an `XvfbDisplay`, its stdout (the snapshot JSON lines) going to a file.
final class ViewProcess {
    let pid: pid_t
    let stdout: URL
    let stderr: URL
    let snapshot: URL
    private var exitStatus: Int32?

    /// Starts `interlinear view <arguments> --snapshot <file> --corpus <committed corpus>`, behind `wrapper`
    /// (a program and its arguments, e.g. `dbus-run-session --`) if given, in a process group of its own. `corpus` is
    /// a folder of chapter files or one holding a store; `environment` adds to the display's.
    init(
        on display: XvfbDisplay, _ arguments: [String], wrapper: [String] = [], corpus: URL = corpusDirectory,
        environment: [String: String] = [:]
    ) throws {
        let name = UUID().uuidString.prefix(8)
        stdout = display.directory.appendingPathComponent("view-\(name).out")
        stderr = display.directory.appendingPathComponent("view-\(name).err")
        snapshot = display.directory.appendingPathComponent("view-\(name).png")
        let command =
            [interlinearBinary.path, "view"] + arguments
            + ["--snapshot", snapshot.path, "--corpus", corpus.path]
        let argv = wrapper + command
        // Each view starts from the default settings and remembers its own (its own XDG config folder).
        var own = display.environment
        own["XDG_CONFIG_HOME"] = display.directory.appendingPathComponent("config-\(name)").path
        pid = try spawn(
            argv[0], Array(argv.dropFirst()), environment: own.merging(environment) { $1 },
            stdout: stdout.path,
            stderr: stderr.path, newGroup: true)
    }

    deinit { terminate() }

    /// The complete JSON lines written so far (a wrapper's daemons may print other lines to the same stdout).
    private func jsonLines() -> [Substring] {
        let text = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
        // Only newline-terminated lines: the last one may still be being written.
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { $0.hasPrefix("{") }
    }

    /// The snapshot records written so far, parsed.
    func records() -> [[String: Any]] {
        jsonLines().compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    /// The raw JSON line of snapshot `n` (1-based).
    func line(_ n: Int) -> Data? {
        let lines = jsonLines()
        return lines.count >= n ? Data(lines[n - 1].utf8) : nil
    }

    /// Waits for snapshot `n` (its PNG is in place once its line is written); throws if the process exits first
    /// or it never comes (a bound against hanging, not a measurement).
    func waitForSnapshot(_ n: Int, timeout: Double = 60) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let all = records()
            if all.count >= n { return all[n - 1] }
            if hasExited {
                throw DesktopFailure("the view exited (\(exitStatus ?? -1)) before snapshot \(n): \(errors)")
            }
            usleep(20_000)
        }
        throw DesktopFailure("no snapshot \(n) within \(timeout) s; stderr: \(errors)")
    }

    /// Waits for the process to exit; its status, or nil if it is still running after `timeout` seconds.
    func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if hasExited { return exitStatus }
            usleep(20_000)
        }
        return nil
    }

    var errors: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

    private var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return true
    }

    /// Whether the process still runs.
    var isRunning: Bool { !hasExited }

    /// Ends the process and its group (a wrapper's children too) if it still runs.
    func terminate() {
        guard !hasExited else {
            kill(-pid, SIGTERM)
            return
        }
        kill(-pid, SIGTERM)
        if waitForExit(timeout: 10) == nil {
            kill(-pid, SIGKILL)
            _ = waitForExit(timeout: 10)
        }
    }
}
