import Foundation
import InterlinearTestSupport
import Testing

/// A private, real speech-dispatcher server for one test: its own socket, its own log at level 5 (which records
/// every SSIP command and every line of text it receives), no timeout, and one output module, speech-dispatcher's
/// own generic module (`sd_generic`) whose synthesis command appends the language and text of each message to a
/// file instead of sounding it — so it works, begins and ends messages and obeys cancels on a machine without a
/// sound card (libao's null driver stands in for the audio device the module opens at start). The reader connects
/// to it through `SPEECHD_ADDRESS`, so the test sees exactly what the reader sent over SSIP — languages,
/// priorities, cancels and text — and what reached the voice. Closing kills the server and its output module
/// (processes this test started) and removes its folder.
final class SpeechDispatcherServer {
    let directory: URL
    let pid: pid_t
    private var closed = false

    /// The value of `SPEECHD_ADDRESS` that reaches this server.
    var address: String { "unix_socket:\(directory.path)/socket" }

    init() throws {
        let executable = try requiredTool("speech-dispatcher", package: "speech-dispatcher")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-speechd-\(getpid())-\(UUID().uuidString.prefix(8))")
        let dir = directory.path
        for folder in ["log", "conf/modules", "home"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: true)
        }
        try """
        AddModule "recorder" "sd_generic" "recorder.conf"
        DefaultModule recorder
        AudioOutputMethod "libao"

        """.write(toFile: "\(dir)/conf/speechd.conf", atomically: true, encoding: .utf8)
        try """
        GenericExecuteSynth "printf '%s|%s\\\\n' '$LANGUAGE' '$DATA' >> '\(dir)/voice'"
        GenericLanguage "en" "en" "utf-8"
        GenericLanguage "grc" "grc" "utf-8"
        GenericLanguage "he" "he" "utf-8"
        AddVoice "en" "MALE1" "en"
        AddVoice "grc" "MALE1" "grc"
        AddVoice "he" "MALE1" "he"

        """.write(toFile: "\(dir)/conf/modules/recorder.conf", atomically: true, encoding: .utf8)
        try "default_driver=null\n".write(toFile: "\(dir)/home/.libao", atomically: true, encoding: .utf8)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "\(dir)/stdout", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "\(dir)/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = [
            executable, "--run-single", "--timeout", "0", "--communication-method", "unix_socket",
            "--socket-path", "\(dir)/socket", "--log-level", "5", "--log-dir", "\(dir)/log",
            "--pid-file", "\(dir)/pid", "--config-dir", "\(dir)/conf",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        var variables = ProcessInfo.processInfo.environment
        variables["HOME"] = "\(dir)/home"  // for libao's configuration (~/.libao)
        let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var child = pid_t()
        let result = posix_spawn(&child, executable, &actions, nil, argv, environment)
        guard result == 0 else { throw TmuxFailure(description: "cannot start speech-dispatcher: error \(result)") }
        pid = child
        let socket = directory.appendingPathComponent("socket").path
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(50_000) }
        guard FileManager.default.fileExists(atPath: socket) else {
            close()
            throw TmuxFailure(description: "speech-dispatcher did not open its socket")
        }
    }

    deinit { close() }

    /// Polls `condition` every 50 ms until it holds or 20 seconds pass (a bound, not a measurement).
    func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func close() {
        guard !closed else { return }
        closed = true
        // Its output modules first, then the server, reaped here. A killed module has ended once it is a zombie:
        // waiting for the server to reap it cost five seconds a test (the server, stopped next, never did).
        for module in children(of: pid) { kill(module, SIGKILL) }
        let deadline = Date().addingTimeInterval(5)
        while !children(of: pid, includingExited: false).isEmpty, Date() < deadline { usleep(20_000) }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        try? FileManager.default.removeItem(at: directory)
    }

    /// What a client sent, in order: the text of each message with the language set when it was sent, and cancels.
    enum Event: Equatable {
        case say(language: String, priority: String, text: String)
        case cancel
    }

    /// The events the server logged (SSIP commands and message text, as received).
    var events: [Event] {
        let log =
            (try? String(contentsOf: directory.appendingPathComponent("log/speech-dispatcher.log"), encoding: .utf8))
            ?? ""
        var events: [Event] = []
        var language = "", priority = "text"
        var message: [String]?
        // SSIP lines end in CR LF, and the log keeps the CR: split at every line break, "\r\n" included.
        for line in log.split(whereSeparator: \.isNewline) {
            guard let marker = line.range(of: ":DATA:|") else { continue }
            let payload = String(line[marker.upperBound...])
            if var text = message {
                if payload == "." {
                    events.append(.say(language: language, priority: priority, text: text.joined(separator: "\n")))
                    message = nil
                } else {
                    text.append(payload.hasPrefix("..") ? String(payload.dropFirst()) : payload)
                    message = text
                }
                continue
            }
            let command = payload.uppercased()
            if command == "SPEAK" {
                message = []
            } else if command.hasPrefix("SET SELF LANGUAGE ") {
                language = String(payload.dropFirst("SET SELF LANGUAGE ".count))
            } else if command.hasPrefix("SET SELF PRIORITY ") {
                priority = String(payload.dropFirst("SET SELF PRIORITY ".count)).lowercased()
            } else if command.hasPrefix("CANCEL") {
                events.append(.cancel)
            }
        }
        return events
    }

    /// What reached the voice: each message's language and text, as the output module was asked to speak them.
    var voiced: [(language: String, text: String)] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("voice"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (line: Substring) -> (language: String, text: String)? in
            let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    /// Only the messages.
    var messages: [(language: String, priority: String, text: String)] {
        events.compactMap { if case .say(let l, let p, let t) = $0 { (l, p, t) } else { nil } }
    }
}
