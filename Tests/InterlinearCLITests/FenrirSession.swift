import Foundation
import InterlinearTestSupport
import Testing

/// Fenrir, a real terminal screen reader (Debian's `fenrir`), running `interlinear` in a tmux pane: its PTY screen
/// and keyboard drivers sit between tmux and the reader exactly as they sit between a console and a shell, and its
/// generic speech driver runs a small script that appends each utterance to a file instead of a synthesizer.
/// Everything else is Debian's own settings file (`/etc/fenrirscreenreader/settings/settings.conf`): punctuation
/// level, new-line pauses, the shell-history rule for ↑/↓.
final class FenrirSession {
    let tmux: TmuxSession
    let spoken: URL

    static let settingsFile = "/etc/fenrirscreenreader/settings/settings.conf"

    /// Starts Fenrir with `interlinear <arguments>` as the program it reads, in a pane of `columns`×`rows`, over
    /// `corpus` (a store, or by default the committed chapters).
    init(_ arguments: String, columns: Int = 80, rows: Int = 24, corpus: URL = corpusDirectory) throws {
        let fenrir = try requiredTool("fenrir", package: "fenrir")
        var spokenFile: URL?
        tmux = try TmuxSession(columns: columns, rows: rows) { dir in
            let say = "\(dir)/say"
            try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(dir)/spoken'\n".write(
                toFile: say, atomically: true, encoding: .utf8)
            guard chmod(say, 0o755) == 0 else { throw TmuxFailure(description: "cannot make \(say) executable") }
            let settings = try FenrirSession.settings(overrides: [
                "sound": ["enabled": "False"],
                "speech": [
                    "enabled": "True", "driver": "genericDriver", "genericSpeechCommand": "\(say) \"fenrirText\"",
                ],
                "screen": ["driver": "ptyDriver"],
                "keyboard": ["driver": "ptyDriver", "keyboardLayout": "pty"],
                "general": [
                    "shell": "'\(interlinearBinary.path)' \(arguments) --corpus '\(corpus.path)'",
                    "debugFile": "\(dir)/fenrir.log",
                ],
                "remote": ["enable": "False"],
            ])
            try settings.write(toFile: "\(dir)/settings.conf", atomically: true, encoding: .utf8)
            spokenFile = URL(fileURLWithPath: "\(dir)/spoken")
            return
                "cd '\(dir)' && '\(fenrir)' -s '\(dir)/settings.conf'; echo; echo \(TmuxSession.doneMarker); sleep 600"
        }
        spoken = try #require(spokenFile)
    }

    /// Starts Fenrir and waits until it has said the program's first line. Once on a freshly set-up machine Fenrir
    /// said nothing at all, not even its own "Start Fenrir", for the ten minutes the keys then waited; and once (in a
    /// clean-clone CI run, the program's opening on the pane) it said only its own "pychant is not installed". Neither
    /// came back in the runs after; and twice in one run beside two other builds (load average 10), where Fenrir
    /// had not said its "Start Fenrir" 20 s after the program's opening was on the pane. So the first utterance is
    /// waited for up to 60 s (a bound for a busy machine, not a measurement), and a start in which Fenrir says nothing
    /// of the program is ended, reported on stderr with what its pane and log showed, and made once more; a second
    /// such start fails the test.
    static func started(
        _ arguments: String, columns: Int = 80, rows: Int = 24,
        corpus: URL = corpusDirectory
    ) throws -> FenrirSession {
        let first = try FenrirSession(arguments, columns: columns, rows: rows, corpus: corpus)
        if first.waitForUtterances(1, timeout: 60) { return first }
        let note =
            "FenrirSession: Fenrir said nothing of the program at start-up (\(first.utterances)), starting it "
            + "again; \(first.diagnosis)\n"
        FileHandle.standardError.write(Data(note.utf8))
        first.close()
        let second = try FenrirSession(arguments, columns: columns, rows: rows, corpus: corpus)
        guard second.waitForUtterances(1, timeout: 60) else {
            defer { second.close() }
            throw TmuxFailure(
                description:
                    "Fenrir said nothing of the program at start-up, twice: \(second.utterances); \(second.diagnosis)")
        }
        return second
    }

    deinit { close() }

    func close() { tmux.close() }

    /// Debian's settings file with some keys replaced (and added where missing), section by section.
    static func settings(overrides: [String: [String: String]]) throws -> String {
        let original = try String(contentsOfFile: settingsFile, encoding: .utf8)
        var out: [String] = []
        var section = ""
        var pending = overrides
        func flush() {
            for (key, value) in pending[section] ?? [:] { out.append("\(key)=\(value)") }
            pending[section] = nil
        }
        for line in original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                flush()
                section = String(trimmed.dropFirst().dropLast())
                out.append(line)
                continue
            }
            if !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "="),
                let value = pending[section]?.removeValue(
                    forKey: trimmed[..<equals].trimmingCharacters(in: .whitespaces))
            {
                out.append("\(trimmed[..<equals])=\(value)")
                continue
            }
            out.append(line)
        }
        flush()
        for (name, keys) in pending where !keys.isEmpty {
            out.append("[\(name)]")
            for (key, value) in keys { out.append("\(key)=\(value)") }
        }
        return out.joined(separator: "\n")
    }

    /// Every utterance so far, one per speech call.
    var utterances: [String] {
        ((try? String(contentsOf: spoken, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The utterances after Fenrir's own "Start Fenrir": what it said about the program.
    var programUtterances: [String] {
        let all = utterances
        guard let start = all.firstIndex(of: "Start Fenrir") else { return [] }
        return Array(all[(start + 1)...])
    }

    /// Waits until `count` program utterances were recorded (a bound, not a measurement).
    @discardableResult
    func waitForUtterances(_ count: Int, timeout: Double = 20) -> Bool {
        tmux.wait(timeout: timeout) { programUtterances.count >= count }
    }

    /// Why Fenrir is silent, for a failure message: the pane (Fenrir's own errors, or the done marker when it
    /// exited) and the end of its debug log.
    var diagnosis: String {
        let pane = ((try? tmux.rows()) ?? []).map { $0.trimmingTrailingSpaces() }.filter { !$0.isEmpty }
        let log = (try? String(contentsOf: tmux.directory.appendingPathComponent("fenrir.log"), encoding: .utf8)) ?? ""
        let tail = log.split(separator: "\n").suffix(12).joined(separator: "\n")
        return "pane: \(pane.suffix(8).joined(separator: " | ")); fenrir.log: \(tail.isEmpty ? "(empty)" : tail)"
    }

    /// What a listener hears, as text: Fenrir joins the rows of new text with " , " (a pause) and pads with blank
    /// rows; this undoes only that, so any other change (a word cut at a row end, a dropped or named character, a
    /// tail-only read) still shows.
    static func heard(_ utterance: String) -> String {
        var text = utterance.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while text.contains(" , ") { text = text.replacingOccurrences(of: " , ", with: " ") }
        while text.hasSuffix(" ,") || text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
