import Foundation
import Testing
import InterlinearTestSupport

/// `interlinear read --screen-reader`, driven in tmux: one line per key, the cursor on it, no repaint.
@Suite("Reader screen-reader mode end to end (tmux)", .enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux")))
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

    @Test("→ reads ἀρχῇ, beginning on one new line, ↓ moves to 1:2; no escape sequences; q restores")
    func wordAndVerse() throws {
        let session = try TmuxSession("read --screen-reader 'John 1'")
        defer { session.close() }
        try session.waitForLine("the opening line") { $0.hasPrefix("Screen-reader mode on") }
        try session.waitForLine("the first word") { $0.hasPrefix("1:1 word 1 of") }
        #expect(try !session.alternateScreen)
        #expect(try session.lines().first?.hasPrefix("Screen-reader mode on") == true)

        let recording = try session.startRecording()
        try session.send("Right")
        let right = session.recordedBytes(recording, from: 0) { String(decoding: $0, as: UTF8.self).contains("Strong's") }
        let rightText = String(decoding: right, as: UTF8.self)
        try session.waitForLine("the second word") { $0.hasPrefix("1:1 word 2 of") }
        let line = try #require(try session.lines().last { !$0.isEmpty })
        #expect(line.contains("ἀρχῇ") && line.contains("beginning") && line.contains("dative singular feminine"))
        #expect(escapes(right) == 0, "bytes written for →: \(rightText.debugDescription)")
        #expect(rightText.hasPrefix("\r\n") && rightText.components(separatedBy: "\r\n").count == 2)
        try expectCursorOnLastLine(session)

        try session.send("Down")
        let down = session.recordedBytes(recording, from: right.count) { String(decoding: $0, as: UTF8.self).contains("1:2") }
        try session.waitForLine("verse 2") { $0.hasPrefix("1:2") }
        #expect(try session.lines().last { !$0.isEmpty }?.hasPrefix("1:2") == true)
        #expect(escapes(down) == 0, "bytes written for ↓: \(String(decoding: down, as: UTF8.self).debugDescription)")
        #expect(String(decoding: down, as: UTF8.self).components(separatedBy: "\r\n").count == 2)
        try expectCursorOnLastLine(session)

        try session.send("q")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 0"))
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("--font, --font-size and --tiers reach the typeset chapter the lines are read from")
    func layoutOptions() throws {
        let session = try TmuxSession("read --screen-reader --font 'DejaVu Serif' --font-size 24 --tiers source,gloss 'John 1'")
        defer { session.close() }
        try session.waitForLine("the first word") { $0.hasPrefix("1:1 word 1 of 17: Ἐν") }
        try session.send("Right")
        try session.waitForLine("the second word") { $0.hasPrefix("1:1 word 2 of 17: ἀρχῇ") && $0.contains("beginning") }
        try session.send("q")
        #expect(try session.waitForExit())
        #expect(try session.lines().contains("reader exited 0"))
    }

    @Test("ACCESSIBLE=1 turns the mode on; t reads the translation; kill -HUP restores the terminal")
    func environmentAndHangup() throws {
        let session = try TmuxSession("read 'John 1'", environment: "ACCESSIBLE=1")
        defer { session.close() }
        try session.waitForLine("the opening line") { $0.hasPrefix("Screen-reader mode on") }
        try session.send("t")
        try session.waitForLine("the translation") { $0.hasPrefix("1:1 translation: In the beginning was the Word") }
        try expectCursorOnLastLine(session)
        #expect(kill(try session.readerPID(), SIGHUP) == 0)
        #expect(try session.waitForExit())
        let stty = try session.sttySettings()
        #expect(stty.before == stty.after)
    }

    @Test("--speak sends each line to spd-say at priority text, and says so once when spd-say is missing")
    func speak() throws {
        // A stand-in spd-say that records its arguments.
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-speak-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let spoken = bin.appendingPathComponent("spoken")
        let fake = bin.appendingPathComponent("spd-say")
        try "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(spoken.path)'\n".write(to: fake, atomically: true, encoding: .utf8)
        #expect(chmod(fake.path, 0o755) == 0)

        let session = try TmuxSession("read --speak 'John 1'", environment: "PATH='\(bin.path)':\"$PATH\"")
        defer { session.close() }
        try session.waitForLine("the opening line") { $0.hasPrefix("Screen-reader mode on") }
        #expect(try !session.lines().contains { $0.contains("not installed") })
        try session.send("Right")
        let said = session.wait { ((try? String(contentsOf: spoken, encoding: .utf8)) ?? "").contains("ἀρχῇ") }
        #expect(said)
        let lines = ((try? String(contentsOf: spoken, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.first?.hasPrefix("--priority text Screen-reader mode on") == true)
        #expect(lines.contains { $0.hasPrefix("--priority text 1:1 word 2 of 17: ἀρχῇ") })
        try session.send("q")
        #expect(try session.waitForExit())

        let silent = try TmuxSession("read --speak 'John 1'", environment: "PATH=/nonexistent")
        defer { silent.close() }
        try silent.waitForLine("the notice") { $0.hasPrefix("Screen-reader mode on") && $0.contains("spd-say is not installed") }
        try silent.send("q")
        #expect(try silent.waitForExit())
    }
}
