import Foundation
import InterlinearTestSupport
import Testing

/// Text typed into the window's search prompt under Xvfb, driven with xdotool: a dead key and a Compose sequence
/// compose, and a Greek letter (a keysym beyond Latin-1) types itself. Once with `XMODIFIERS` naming no input method
/// (the window opens Xlib's method when the prompt opens: SDL starts without one) and once with `@im=none` (SDL opens
/// that method at its start, as before). What each sequence composes to is read from the system's Compose table for
/// the display's locale (C.UTF-8, which `compose.dir` maps to en_US.UTF-8's table), not from the window.
@Suite(
    "the window's prompt and its input method under Xvfb", .serialized, .ownThread,
    .enabled(if: SystemTool.required("Xvfb", "xdotool"), SystemTool.reason("Xvfb and xdotool", package: "xvfb xdotool"))
)
struct PromptTypingEndToEndTests {
    let windows = ViewWindowEndToEndTests()
    static let composeTable = "/usr/share/X11/locale/en_US.UTF-8/Compose"

    /// The text the Compose table gives `sequence` (its keysyms as the table writes them, "<dead_acute> <e>").
    static func composed(_ sequence: String) throws -> String {
        let table = try String(contentsOfFile: composeTable, encoding: .utf8)
        let line = try #require(
            table.split(separator: "\n").first {
                $0.hasPrefix(sequence) && $0.dropFirst(sequence.count).first.map { $0 == " " || $0 == "\t" } == true
            }, "no \(sequence) in \(composeTable)")
        let quoted = try #require(line.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first)
        return String(quoted)
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: PromptTypingEndToEndTests.composeTable),
            "the X11 locale data (libx11-data)"),
        arguments: ["", "@im=none"])
    func deadKeysComposeAndGreek(modifiers: String) throws {
        let acute = try Self.composed("<dead_acute> <e>"), umlaut = try Self.composed("<Multi_key> <o> <quotedbl>")
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let view = try ViewProcess(
            on: display, ["John 1", "--screen-reader", "off"], environment: ["XMODIFIERS": modifiers])
        defer { view.terminate() }
        _ = try windows.window(display, view, title: "interlinear — John 1")  // found and focused
        try display.xdotool("type", "--delay", "40", "/a")
        try display.xdotool("key", "--delay", "40", "dead_acute", "e", "Multi_key", "o", "quotedbl")
        try display.xdotool("type", "--delay", "40", "ω")
        let (typed, _) = try windows.snapshot(view, display, 1)
        let status = try #require(typed["status"] as? [String: Any])
        #expect(status["right"] as? String == "Search: a" + acute + umlaut + "ω", "XMODIFIERS=\(modifiers)")
        try display.xdotool("key", "Escape", "q")
        #expect(view.waitForExit() == 0, "stderr: \(view.errors)")
    }
}
