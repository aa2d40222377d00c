import Foundation
import InterlinearTestSupport
import Testing

/// A private X display (Xvfb, no window manager) for end-to-end tests of `interlinear view`, driven with xdotool.
/// Xvfb picks a free display number itself (`-displayfd`) and reports it once it accepts clients, so parallel runs
/// never collide and nothing is polled. The server is stopped when the display is closed or freed.
final class XvfbDisplay {
    /// Xvfb and xdotool on PATH, if installed (Debian `xvfb`, `xdotool`; `scripts/setup` installs them). Without
    /// them the tests are skipped locally and fail under CI (`SystemTool.required`).
    static let xvfb = SystemTool.find("Xvfb")
    static let xdotool = SystemTool.find("xdotool")

    let number: Int
    let directory: URL
    private let pid: pid_t
    private var closed = false

    /// Starts `Xvfb -screen 0 1280x1024x24` (or another `screen`) on a free display.
    init(screen: String = "1280x1024x24") throws {
        let xvfb = try #require(Self.xvfb, "Xvfb is not installed")
        _ = try #require(Self.xdotool, "xdotool is not installed")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-view-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw DesktopFailure("pipe failed: \(errno)") }
        // Other children must not inherit the write end, or a dead Xvfb would never give EOF.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        pid = try spawn(
            xvfb.path, ["-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
            environment: ProcessInfo.processInfo.environment,
            stdout: directory.appendingPathComponent("xvfb.log").path,
            stderr: directory.appendingPathComponent("xvfb.log").path, extraFD: fds[1])
        Glibc.close(fds[1])
        // Xvfb writes "N\n" once it is ready; EOF means it died.
        var text = ""
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 0x0A { text.append(Character(UnicodeScalar(byte))) }
        Glibc.close(fds[0])
        guard let number = Int(text) else {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let log = (try? String(contentsOf: directory.appendingPathComponent("xvfb.log"), encoding: .utf8)) ?? ""
            throw DesktopFailure("Xvfb did not start: \(log)")
        }
        self.number = number
    }

    deinit { shutDown() }

    /// Stops the server.
    func shutDown() {
        guard !closed else { return }
        closed = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment of a client of this display (a UTF-8 locale, so window titles convert both ways).
    var environment: [String: String] {
        var environment = testEnvironment
        environment["DISPLAY"] = ":\(number)"
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANG"] = "C.UTF-8"
        environment["ACCESSIBLE"] = nil
        return environment
    }

    /// Runs xdotool on this display; returns its stdout, or throws with its stderr when it fails.
    @discardableResult
    func xdotool(_ arguments: String...) throws -> String { try xdotool(arguments) }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let tool = try #require(Self.xdotool)
        let out = directory.appendingPathComponent("xdotool.out"), err = directory.appendingPathComponent("xdotool.err")
        let pid = try spawn(
            tool.path, arguments, environment: environment, stdout: out.path, stderr: err.path,
            truncate: true)
        let status = try waitForExit(pid)
        let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            throw DesktopFailure("xdotool \(arguments.joined(separator: " ")) exited \(status): \(stderr)")
        }
        return stdout
    }
}

struct DesktopFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Starts a program in the background with stdin from /dev/null, stdout and stderr into files and, if given,
/// `extraFD` as its descriptor 3; returns its pid (signals restored in the child, `spawnWithSignalsRestored`).
func spawn(
    _ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String,
    extraFD: Int32? = nil, truncate: Bool = false, newGroup: Bool = false
) throws -> pid_t {
    let mode = O_WRONLY | O_CREAT | (truncate ? O_TRUNC : O_APPEND)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, mode, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, mode, 0o644)
    if let extraFD { posix_spawn_file_actions_adddup2(&actions, extraFD, 3) }
    return try spawnWithSignalsRestored(
        path, argv: [path] + arguments, environment: environment, actions: &actions,
        newGroup: newGroup)
}

/// Waits for a child to exit; its exit status, or 128 + the signal that ended it.
func waitForExit(_ pid: pid_t) throws -> Int32 { try ChildExit(waitingFor: pid).status }
