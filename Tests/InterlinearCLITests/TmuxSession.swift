import Foundation
import InterlinearTestSupport
import Testing

/// A tmux server of its own (a unique socket, `-S` inside the session's temporary folder, so nothing is left behind) running one pane: a wrapper shell that records `stty -g`,
/// runs the reader, records `stty -g` again and prints a marker. Tests drive it with send-keys and read it
/// back with capture-pane, display and pipe-pane. The server is killed when the session is closed or freed.
final class TmuxSession {
    /// tmux on PATH, if installed. End-to-end tests are skipped without it locally and fail without it under CI
    /// (`SystemTool.required`).
    static let executable: URL? = SystemTool.find("tmux")

    let socket: String
    let directory: URL
    private var closed = false

    /// Marker the wrapper prints once the reader has exited and `stty -g` was recorded again.
    static let doneMarker = "READER-DONE"

    /// Starts `interlinear <arguments>` in a detached session of `columns`×`rows`.
    convenience init(_ arguments: String, columns: Int = 80, rows: Int = 24, environment extra: String = "") throws {
        try self.init(columns: columns, rows: rows) { dir in
            """
            cd '\(packageRoot.path)' && stty -g > '\(dir)/before'; \(extra) '\(interlinearBinary.path)' \(arguments); \
            echo "reader exited $?"; stty -g > '\(dir)/after'; echo \(Self.doneMarker); sleep 600
            """
        }
    }

    /// Starts the shell command `script(directory)` in a detached session; the command gets the session's own
    /// temporary folder, removed when the session closes.
    init(columns: Int, rows: Int, script: (String) throws -> String) throws {
        _ = try #require(Self.executable, "tmux is not installed")
        socket = "interlinear-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try self.tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", try script(directory.path)])
    }

    deinit { close() }

    /// Kills this session's tmux server and removes its files.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tmux command against this server; returns its stdout.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let tmux = try #require(Self.executable)
        var environment = testEnvironment
        environment["TMUX"] = nil
        environment["NO_COLOR"] = nil
        environment["ACCESSIBLE"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        // Output goes to files, not pipes: the tmux server forked by new-session inherits the client's
        // descriptors and would hold a pipe open for its whole life. posix_spawn and waitpid rather than
        // Foundation's Process, whose exit monitoring stalled when tests block the cooperative threads.
        let out = directory.appendingPathComponent("tmux.out"), err = directory.appendingPathComponent("tmux.err")
        let status = try spawnAndWait(
            tmux.path, ["-u", "-f", "/dev/null", "-S", directory.appendingPathComponent("socket").path] + arguments,
            environment: environment, stdout: out.path, stderr: err.path)
        let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        if status != 0, arguments.first != "kill-server" {
            let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            throw TmuxFailure(description: "tmux \(arguments.joined(separator: " ")): \(stderr)")
        }
        return stdout
    }

    /// Named keys (`Right`, `Enter`, `q`).
    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys) }
    /// Literal text, UTF-8 included (`/λόγος`).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

    /// The visible rows as displayed (a long line wraps onto several rows).
    func rows() throws -> [String] {
        try tmux(["capture-pane", "-p"]).dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// The visible text with wrapped lines joined back into the lines the program printed.
    func lines() throws -> [String] {
        try tmux(["capture-pane", "-p", "-J"]).dropLast().split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingSpaces() }
    }

    func display(_ format: String) throws -> String {
        try tmux(["display", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var cursor: (x: Int, y: Int) {
        get throws {
            let parts = try display("#{cursor_x},#{cursor_y}").split(separator: ",").compactMap { Int($0) }
            return (parts.first ?? -1, parts.last ?? -1)
        }
    }

    var alternateScreen: Bool { get throws { try display("#{alternate_on}") == "1" } }

    /// The reader's process: the child of the pane's wrapper shell.
    func readerPID() throws -> pid_t {
        let shell = try #require(pid_t(try display("#{pane_pid}")))
        guard let pid = children(of: shell).first(where: { processName($0) == "interlinear" }) else {
            throw TmuxFailure(description: "no interlinear process under pane shell \(shell)")
        }
        return pid
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass (a bound, not a measurement).
    @discardableResult
    func wait(timeout: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// Waits for some visible line to satisfy `predicate`; records the screen when it never does.
    func waitForLine(_ what: String, timeout: Double = 20, _ predicate: (String) -> Bool) throws {
        let found = try wait(timeout: timeout) { try lines().contains(where: predicate) }
        if !found { Issue.record("never saw \(what); screen:\n\(try lines().joined(separator: "\n"))") }
    }

    /// Waits for the wrapper's marker: the reader has exited and `stty -g` was recorded.
    func waitForExit() throws -> Bool {
        try wait { try lines().contains(Self.doneMarker) }
    }

    /// `stty -g` before and after the reader ran.
    func sttySettings() throws -> (before: String, after: String) {
        (
            try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8),
            try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
        )
    }

    /// Starts copying everything the program writes to a file.
    func startRecording() throws -> URL {
        let file = directory.appendingPathComponent("output")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw TmuxFailure(description: "cannot create the recording file \(file.path)")
        }
        try tmux(["pipe-pane", "-o", "cat >> '\(file.path)'"])
        return file
    }

    /// The bytes recorded since `offset`, once they stop growing (three quiet polls).
    func recordedBytes(_ file: URL, from offset: Int, until done: (Data) -> Bool) -> Data {
        var last = -1, quiet = 0
        var data = Data()
        wait {
            data = (try? Data(contentsOf: file)) ?? Data()
            let new = data.count > offset ? data.subdata(in: offset..<data.count) : Data()
            quiet = data.count == last ? quiet + 1 : 0
            last = data.count
            return done(new) && quiet >= 3
        }
        return data.count > offset ? data.subdata(in: offset..<data.count) : Data()
    }
}

/// Runs a program to completion with stdin from /dev/null and stdout, stderr into files; returns its exit status.
func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String)
    throws -> Int32
{
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    return try ChildExit(
        waitingFor: spawnWithSignalsRestored(
            path, argv: [path] + arguments, environment: environment,
            actions: &actions)
    ).status
}

/// The grid's status line starts with the verses on screen: "John 1:14" or "John 1:14–16".
func status(_ line: String, startsAt verse: Int) -> Bool {
    line.hasPrefix("John 1:\(verse) ") || line.hasPrefix("John 1:\(verse)–")
}

/// The grid's status line shows `verse` as the last verse on screen.
func status(_ line: String, endsAt verse: Int) -> Bool {
    line.hasPrefix("John 1:") && (line.hasPrefix("John 1:\(verse) ") || line.contains("–\(verse) "))
}

struct TmuxFailure: Error, CustomStringConvertible { let description: String }

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// The processes whose parent is `parent`, from /proc; with `includingExited` false, not those that have exited and
/// wait to be reaped (zombies).
func children(of parent: pid_t, includingExited: Bool = true) -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
        guard let pid = pid_t(name),
            let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's name: the state ("Z" for a child that exited and is not yet reaped), the parent.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, pid_t(fields[1]) == parent else { return nil }
        return includingExited || fields[0] != "Z" ? pid : nil
    }
}

/// A process's command name (`comm`), or nil when it is gone.
func processName(_ pid: pid_t) -> String? {
    (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The path of a program the test needs: present locally (the suite is enabled only then), or required under CI,
/// where its absence fails the test.
func requiredTool(_ name: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try #require(
        SystemTool.find(name), "\(name) is not installed (apt-get install \(package), or run scripts/setup)",
        sourceLocation: sourceLocation
    ).path
}
