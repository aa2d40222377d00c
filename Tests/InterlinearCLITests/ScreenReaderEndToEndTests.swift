import Foundation
import InterlinearReader
import InterlinearTestSupport
import Testing

/// `interlinear read --screen-reader`, driven in tmux: one line per key, the cursor on it, no repaint, no Greek
/// script unless asked.
@Suite(
    "Reader screen-reader mode end to end (tmux)", .ownThread,
    .enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux")))
struct ScreenReaderEndToEndTests {
    /// Checks the hardware cursor sits at the end of the last printed row.
    private func expectCursorOnLastLine(_ session: TmuxSession) throws {
        let rows = try session.rows()
        let last = try #require(rows.lastIndex { !$0.trimmingTrailingSpaces().isEmpty })
        let cursor = try session.cursor
        #expect(cursor.y == last)
        #expect(cursor.x >= rows[last].trimmingTrailingSpaces().count - 1)
    }

    /// The ESC bytes in a recording: any escape sequence at all, cursor positioning and clearing included.
    private func escapes(_ data: Data) -> Int { data.filter { $0 == 0x1B }.count }

    @Test("→ reads arkhay', beginning on one new line, ↓ moves to verse two; no Greek, no escape sequences; q restores")
    func wordAndVerse() throws {
        let session = try TmuxSession("read --screen-reader 'John 1'")
        defer { session.close() }
        try session.waitForLine("the opening line") { $0.hasPrefix("Screen reader mode on") }
        try session.waitForLine("the first word") { $0.hasPrefix("John one, verse one. En, In the, preposition") }
        #expect(try !session.alternateScreen)
        #expect(try session.lines().first?.hasPrefix("Screen reader mode on") == true)

        let recording = try session.startRecording()
        try session.send("Right")
        let right = session.recordedBytes(recording, from: 0) { String(decoding: $0, as: UTF8.self).contains("archē") }
        let rightText = String(decoding: right, as: UTF8.self)
        try session.waitForLine("the second word") { $0.hasPrefix("arkhay', beginning") }
        let line = try #require(try session.lines().last { !$0.isEmpty })
        #expect(line == "arkhay', beginning, noun, dative singular feminine")
        #expect(escapes(right) == 0, "bytes written for →: \(rightText.debugDescription)")
        #expect(rightText.hasPrefix("\r\n") && rightText.components(separatedBy: "\r\n").count == 2)
        try expectCursorOnLastLine(session)

        try session.send("Down")
        let down = session.recordedBytes(recording, from: right.count) {
            String(decoding: $0, as: UTF8.self).contains("verse two")
        }
        try session.waitForLine("verse 2") { $0.hasPrefix("John one, verse two") }
        #expect(escapes(down) == 0, "bytes written for ↓: \(String(decoding: down, as: UTF8.self).debugDescription)")
        #expect(String(decoding: down, as: UTF8.self).components(separatedBy: "\r\n").count == 2)
        try expectCursorOnLastLine(session)
        // Nothing on screen is Greek script: a screen reader with an English voice would spell it out.
        #expect(try !session.lines().contains(where: containsGreek))

        try session.send("q")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 0"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("--font, --font-size and --tiers are taken in screen-reader mode, which reads the chapter typeset with them")
    func layoutOptions() throws {
        let session = try TmuxSession(
            "read --screen-reader --font 'DejaVu Serif' --font-size 24 --tiers source,gloss 'John 1'")
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("John one, verse one. En, In the") }
        try session.send("Right")
        try session.waitForLine("the second word") { $0.hasPrefix("arkhay', beginning") }
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 0"))
    }

    @Test("ACCESSIBLE=1 turns the mode on; t reads the translation; kill -HUP restores the terminal")
    func environmentAndHangup() throws {
        let session = try TmuxSession("read 'John 1'", environment: "ACCESSIBLE=1")
        defer { session.close() }
        try session.waitForLine("the opening line") { $0.hasPrefix("Screen reader mode on") }
        try session.send("t")
        try session.waitForLine("the translation") { $0.hasPrefix("Translation: In the beginning was the Word") }
        try expectCursorOnLastLine(session)
        #expect(kill(try session.readerPID(), SIGHUP) == 0)
        #expect(try session.waitForExit())
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("Ctrl-C in line mode quits with 130 after restoring the terminal")
    func interrupt() throws {
        let session = try TmuxSession("read --screen-reader 'John 1'")
        defer { session.close() }
        try session.waitForLine("the opening line") { $0.hasPrefix("Screen reader mode on") }
        try session.send("C-c")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 130"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }
}

/// `--speak`: speech through speech-dispatcher's library, one connection, each span in its language. Each test has
/// its own server and terminal, so they may run side by side.
@Suite(
    "Reader speech through speech-dispatcher (tmux)", .ownThread,
    .enabled(
        if: SystemTool.required("tmux", "speech-dispatcher"),
        SystemTool.reason("speech-dispatcher", package: "speech-dispatcher")))
struct SpeechEndToEndTests {
    @Test("speech unavailable: said once, then silent; 30 presses of → leave no child process")
    func unavailable() throws {
        _ = try requiredTool("tmux", package: "tmux")
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent(
            "interlinear-no-speechd-\(UUID().uuidString)"
        ).path
        // No server at this address, and autospawn finds no program to start: speech-dispatcher is missing.
        let session = try TmuxSession(
            "read --speak 'John 1'",
            environment: "SPEECHD_ADDRESS='unix_socket:\(nowhere)/socket' SPEECHD_CMD='\(nowhere)/speech-dispatcher'")
        defer { session.close() }
        try session.waitForLine("the notice") { $0.hasPrefix("Speech is off: speech dispatcher is not running") }
        let reader = try session.readerPID()
        var mode = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")))
        _ = mode.focusLine()
        for _ in 1...30 {
            guard case .line(let line) = mode.handle(.right) else { Issue.record("→ printed no line"); return }
            try session.send("Right")
            // Each word is on screen (its last row at the bottom) before the next press.
            let last = LineWrap.rows(line.text, columns: 79).last ?? ""
            let shown = session.wait { (try? session.lines().last { !$0.isEmpty }) == last }
            #expect(shown, "never saw \(last)")
        }
        #expect(
            children(of: reader).isEmpty,
            "children of the reader: \(children(of: reader).map { processName($0) ?? "?" })")
        let history = try session.tmux(["capture-pane", "-p", "-J", "-S", "-200"])
        #expect(history.components(separatedBy: "Speech is off").count == 2, "the notice is said once")
        #expect(!containsGreek(history))
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(children(of: reader).isEmpty)
    }

    @Test(
        "--speak --greek: Greek goes to speech-dispatcher only as grc, English as en; the opening is queued, keys cancel"
    )
    func spansInTheirLanguages() throws {
        _ = try requiredTool("tmux", package: "tmux")
        let server = try SpeechDispatcherServer()
        defer { server.close() }
        let session = try TmuxSession(
            "read --speak --greek 'John 1'", environment: "SPEECHD_ADDRESS='\(server.address)'")
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("John one, verse one. Ἐν, En") }
        #expect(try !session.lines().contains { $0.hasPrefix("Speech is off") })
        try session.send("Right")
        try session.waitForLine("the second word") { $0.hasPrefix("ἀρχῇ, arkhay'") }
        try session.send("R")
        try session.waitForLine("the Greek verse") { $0.hasPrefix("Greek: Ἐν ἀρχῇ") }
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(session.wait { server.messages.contains { $0.text.hasPrefix("Ἐν ἀρχῇ ἦν") } }, "\(server.events)")
        #expect(
            try !session.tmux(["capture-pane", "-p", "-J", "-S", "-100"]).contains("Speech"), "speech worked throughout"
        )

        let messages = server.messages
        #expect(messages.first?.text.hasPrefix("Screen reader mode on: John one, 51 verses.") == true)
        for message in messages {
            // Greek script only ever in a message sent as Greek, and a Greek message holds nothing else.
            #expect(containsGreek(message.text) == (message.language == "grc"), "\(message)")
            #expect(["grc", "en"].contains(message.language))
            #expect(message.priority == "message")
        }
        #expect(messages.contains { $0.language == "grc" && $0.text == "ἀρχῇ," })
        #expect(messages.contains { $0.language == "en" && $0.text.hasPrefix("arkhay', beginning, noun") })
        // Start-up is queued whole (the opening, then the first word); each key cancels what is still being said.
        let events = server.events
        let firstCancel = try #require(events.firstIndex(of: .cancel))
        let startup = events[..<firstCancel].compactMap { if case .say(_, _, let text) = $0 { text } else { nil } }
        #expect(startup.first?.hasPrefix("Screen reader mode on") == true)
        #expect(startup.contains("Ἐν,") && startup.contains { $0.hasPrefix("En, In the, preposition") })
        #expect(events.filter { $0 == .cancel }.count == 2, "one cancel per key: \(events)")

        // What reached the voice (speech-dispatcher's generic module): Greek only in the grc voice.
        #expect(server.wait { server.voiced.contains { $0.text.hasPrefix("Ἐν ἀρχῇ ἦν") } }, "\(server.voiced)")
        let voiced = server.voiced
        #expect(voiced.first?.language == "en" && voiced.first?.text.hasPrefix("Screen reader mode on") == true)
        for message in voiced {
            #expect(containsGreek(message.text) == (message.language == "grc"), "\(message)")
        }
        // The first word's Greek may be cancelled by the next key before the voice reaches it (keys cancel stale
        // speech, and how far the voice got depends on the machine's load), so the Greek that must have been voiced
        // is the verse read last, which nothing cancels.
        #expect(voiced.contains { $0.language == "grc" && $0.text.hasPrefix("Ἐν ἀρχῇ ἦν") })
    }

    @Test("--speak without --greek sends no Greek script at all")
    func defaultSpeechHasNoGreek() throws {
        _ = try requiredTool("tmux", package: "tmux")
        let server = try SpeechDispatcherServer()
        defer { server.close() }
        let session = try TmuxSession("read --speak 'John 1'", environment: "SPEECHD_ADDRESS='\(server.address)'")
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("John one, verse one. En, In the") }
        for key in ["Right", "Right", "r", "t", "Down", "Right", "s"] { try session.send(key) }
        try session.waitForLine("the spelling") { $0.hasPrefix("hoo'tos spelled:") }
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(server.wait { server.messages.contains { $0.text.hasPrefix("hoo'tos spelled") } }, "\(server.events)")
        #expect(server.messages.count > 6)
        #expect(server.messages.allSatisfy { $0.language == "en" && !containsGreek($0.text) }, "\(server.messages)")
    }

    @Test("--speak --original on Genesis 1: Hebrew only to he, nothing Greek, the rest in English; --greek still works")
    func hebrewToTheHebrewVoice() throws {
        _ = try requiredTool("tmux", package: "tmux")
        let server = try SpeechDispatcherServer()
        defer { server.close() }
        let session = try TmuxSession(
            "read --speak --original 'Genesis 1'", environment: "SPEECHD_ADDRESS='\(server.address)'")
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("Genesis one, verse one. בְּרֵאשִׁ֖ית") }
        for key in ["Right", "R", "d", "o", "r"] { try session.send(key) }
        try session.waitForLine("the reading") { $0.hasPrefix("Reading: ") }
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(server.wait { server.messages.contains { $0.text.hasPrefix("Reading:") } }, "\(server.events)")
        let messages = server.messages
        #expect(messages.contains { $0.language == "he" && $0.text.hasPrefix("בְּרֵאשִׁ֖ית בָּרָ֣א") }, "\(messages)")
        for message in messages {
            let hebrew = message.text.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) }
            #expect(hebrew == (message.language == "he"), "\(message)")
            #expect(["he", "en"].contains(message.language), "\(message)")
            #expect(!containsGreek(message.text) && !message.text.contains("Greek"), "\(message)")
        }
        #expect(messages.contains { $0.language == "en" && $0.text == "Hebrew words off." })

        // The old flag name still turns the original script on.
        let old = try SpeechDispatcherServer()
        defer { old.close() }
        let greekFlag = try TmuxSession(
            "read --speak --greek 'Genesis 1'", environment: "SPEECHD_ADDRESS='\(old.address)'")
        defer { greekFlag.close() }
        try greekFlag.waitForLine("the first word") { $0.hasPrefix("Genesis one, verse one. בְּרֵאשִׁ֖ית") }
        try greekFlag.send("q")
        #expect(try greekFlag.waitForExit())
        #expect(old.wait { old.messages.contains { $0.language == "he" } }, "\(old.messages)")
    }
}
