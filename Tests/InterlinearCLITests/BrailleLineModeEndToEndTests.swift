import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear read --braille`: every line on screen is Unicode braille, for a refreshable display.
@Suite(
    "Braille line mode end to end (tmux)", .ownThread,
    .enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux")))
struct BrailleLineModeEndToEndTests {
    @Test func readShowsBraille() throws {
        _ = try requiredTool("tmux", package: "tmux")
        let session = try TmuxSession("read --braille 'John 1'")
        defer { session.close() }
        let shown = session.wait { (try? session.lines().filter { !$0.isEmpty }.count) ?? 0 >= 3 }
        #expect(shown)
        try session.send("Right")
        let second = session.wait { (try? session.lines().filter { !$0.isEmpty }.count) ?? 0 >= 4 }
        #expect(second)
        let lines = try session.lines().filter { !$0.isEmpty }
        for line in lines {
            #expect(line.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) || $0 == " " }, "\(line)")
        }
        try session.send("q")
        #expect(try session.waitForExit())
    }
}
