import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear read` in grid mode, driven in a real terminal (tmux) through the built binary.
@Suite(
    "Reader grid mode end to end (tmux)", .ownThread,
    .enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux")))
struct GridEndToEndTests {
    /// The first visible row and the status row.
    private func topAndStatus(_ session: TmuxSession) throws -> (top: String, status: String) {
        let rows = try session.rows().filter { !$0.isEmpty }
        return (rows.first ?? "", rows.last ?? "")
    }

    @Test("starts at 1:1 in the alternate screen; G shows verse 51; :14 puts verse 14 at the top; q restores")
    func navigation() throws {
        let session = try TmuxSession("read 'John 1'")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        #expect(try session.alternateScreen)
        var screen = try topAndStatus(session)
        #expect(screen.top.hasPrefix("1 ") && screen.top.contains("Ἐν") && screen.top.contains("λόγος"))

        try session.send("G")
        try session.waitForLine("verse 51 on screen") { status($0, endsAt: 51) }
        #expect(try session.lines().contains { $0.contains("Son of Man") })

        try session.type(":14")
        try session.send("Enter")
        try session.waitForLine("verse 14 at the top") { status($0, startsAt: 14) }
        screen = try topAndStatus(session)
        #expect(screen.top.hasPrefix("14 ") && screen.top.contains("λόγος"))

        try session.send("q")
        #expect(try session.waitForExit())
        #expect(try !session.alternateScreen)
        #expect(try session.lines().contains("reader exited 0"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("/λόγος and /logos find John 1:1")
    func search() throws {
        let session = try TmuxSession("read 'John 1'")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        try session.type("/λόγος")
        try session.send("Enter")
        try session.waitForLine("the first match") { $0.contains("match 1 of") && $0.contains("1:1 lo'gos, Word") }
        #expect(try topAndStatus(session).top.hasPrefix("1 "))

        try session.send("G")
        try session.waitForLine("the end of the chapter") { status($0, endsAt: 51) && !$0.contains("match") }
        try session.type("/logos")
        try session.send("Enter")
        try session.waitForLine("the match after wrapping") {
            status($0, startsAt: 1) && $0.contains("match 1 of") && $0.contains("1:1 lo'gos, Word")
        }
        #expect(try topAndStatus(session).top.hasPrefix("1 "))
        try session.send("q")
        #expect(try session.waitForExit())
    }

    @Test("a resize re-lays out the grid and keeps the top verse")
    func resize() throws {
        let session = try TmuxSession("read 'John 1'")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        try session.type(":14")
        try session.send("Enter")
        try session.waitForLine("verse 14 at the top") { status($0, startsAt: 14) }
        try session.tmux(["resize-window", "-x", "60", "-y", "20"])
        let relaid = try session.wait {
            let rows = try session.rows()
            return rows.count == 20 && rows.allSatisfy { $0.count <= 60 }
                && rows.last.map { status($0, startsAt: 14) } == true
        }
        let screen = try session.rows().joined(separator: "\n")
        #expect(relaid, "screen after resize:\n\(screen)")
        #expect(try topAndStatus(session).top.hasPrefix("14 "))
        try session.send("q")
        #expect(try session.waitForExit())
    }

    @Test("works in a 20×5 terminal: a tall verse scrolls within itself")
    func tinyTerminal() throws {
        let session = try TmuxSession("read 'John 1'", columns: 20, rows: 5)
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        let first = try session.rows()
        #expect(first.count == 5 && first[0].hasPrefix("1 "))
        try session.send("j")
        try session.send("j")
        // Two rows further down the same verse: verse 1 still at the top, its first row gone.
        let moved = try session.wait { try session.rows().first != first.first }
        #expect(moved)
        #expect(try session.rows().last.map { status($0, startsAt: 1) } == true)
        try session.send("q")
        #expect(try session.waitForExit())
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("--tiers chooses the grid's rows: the source and its gloss, no transliteration, no translation")
    func tiers() throws {
        let session = try TmuxSession("read --tiers source,gloss 'John 1'")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        let rows = try session.rows()
        #expect(rows[0].hasPrefix("1 ") && rows[0].contains("Ἐν"))
        #expect(rows[1].contains("beginning"), "the gloss row follows the source row: \(rows[1])")
        #expect(!rows.contains { $0.contains("archēi") }, "no transliteration")
        #expect(!rows.contains { $0.contains("In the beginning was the Word") }, "no translation")
        try session.send("q")
        #expect(try session.waitForExit())
    }

    // SIGXFSZ is not among them: every command ignores it (a write past `ulimit -f` fails with EFBIG, exit 74).
    @Test(
        "every signal that ends a process by default restores the terminal and ends the reader with it",
        arguments: [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
            SIGSYS, SIGPWR, SIGSTKFLT, SIGIO, __libc_current_sigrtmin(), __libc_current_sigrtmax(),
        ])
    func signals(_ signal: Int32) throws {
        let session = try TmuxSession("read 'John 1'")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        #expect(try session.alternateScreen)
        let pid = try session.readerPID()
        #expect(kill(pid, signal) == 0)
        #expect(try session.waitForExit())
        #expect(try !session.alternateScreen)
        #expect(try session.lines().contains("reader exited \(128 + signal)"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("a crash (SIGSEGV, SIGABRT) still leaves the terminal restored", arguments: [SIGSEGV, SIGABRT])
    func crash(_ signal: Int32) throws {
        // No Swift backtrace: it would only slow the test down.
        let session = try TmuxSession("read 'John 1'", environment: "SWIFT_BACKTRACE=enable=no")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        #expect(kill(try session.readerPID(), signal) == 0)
        #expect(try session.waitForExit())
        #expect(try !session.alternateScreen)
        #expect(try session.lines().contains("reader exited \(128 + signal)"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("Ctrl-C quits with 130 after restoring the terminal; Ctrl-D quits with 0")
    func controlKeys() throws {
        for (key, exitStatus) in [("C-c", 130), ("C-d", 0)] {
            let session = try TmuxSession("read 'John 1'")
            defer { session.close() }
            try session.waitForLine("the status line") { status($0, startsAt: 1) }
            try session.send(key)
            #expect(try session.waitForExit())
            #expect(try !session.alternateScreen)
            #expect(try session.lines().contains("reader exited \(exitStatus)"), "\(key)")
            let stty = try session.sttySettings()
            #expect(stty.before == stty.after)
        }
    }

    /// With the Swift runtime's backtracer installed (the default), `kill -SEGV` used to restore the terminal and
    /// then let the reader carry on and exit 0: a signal sent from outside now ends it with the signal's status.
    @Test("kill -SEGV with the backtracer on ends the reader with 139, terminal restored")
    func sentCrashSignalEndsTheProcess() throws {
        let session = try TmuxSession("read 'John 1'")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        #expect(kill(try session.readerPID(), SIGSEGV) == 0)
        #expect(try session.waitForExit())
        #expect(try !session.alternateScreen)
        #expect(try session.lines().contains("reader exited \(128 + SIGSEGV)"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("Ctrl-Z stops the reader with the terminal restored (under a shell with job control)")
    func suspend() throws {
        let session = try TmuxSession("read 'John 1'", environment: "set -m;")
        defer { session.close() }
        try session.waitForLine("the status line") { status($0, startsAt: 1) }
        let pid = try session.readerPID()
        try session.send("C-z")
        #expect(try session.waitForExit())
        #expect(try !session.alternateScreen)
        #expect(try session.lines().contains("reader exited \(128 + SIGTSTP)"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
        kill(pid, SIGKILL)
    }

    @Test("TERM=dumb on a terminal prints the chapter as plain text and exits")
    func dumbTerminal() throws {
        // The wrapper waits for Enter, so the recording starts before the reader writes anything.
        let session = try TmuxSession("read 'John 1'", environment: "read -r _; TERM=dumb")
        defer { session.close() }
        let recording = try session.startRecording()
        try session.send("Enter")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 0"))
        #expect(try !session.alternateScreen)
        // The pane scrolled: the end of the chapter is on screen, written without a single escape sequence.
        #expect(try session.lines().contains { $0.hasPrefix("1:51 ") })
        let bytes = session.recordedBytes(recording, from: 0) {
            String(decoding: $0, as: UTF8.self).contains("READER-DONE")
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("1:1 Ἐν ἀρχῇ"))
        #expect(!bytes.contains(0x1B))
    }
}
