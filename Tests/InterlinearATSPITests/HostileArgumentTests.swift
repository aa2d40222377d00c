import Foundation
import InterlinearTestSupport
import Testing

/// Issue 39: any program on the accessibility bus may call any method with any values. `harness.sh arguments`
/// starts `interlinear view "John 1"` in a private session and calls, through the real bus (Gio, as pyatspi does),
/// every method that takes an offset, index, count or coordinate on the chapter, a verse and a word with the extremes
/// of its types — first `Text.GetText(2147483647, -2147483647)`, which ended the window with SIGILL. The window must
/// answer each call, keep running, and answer as at-spi2-core's text objects do (offsets clamped into the text).
@Suite(
    "AT-SPI: hostile method arguments through the real bus", .ownThread,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason))
struct HostileArgumentTests {
    @Test(HarnessRun.windowOnly) func theWindowAnswersExtremeArguments() throws {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-atspi-arguments-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let lines = try HarnessRun.runHarness(
            ["arguments", "--interlinear", interlinearBinary.path, "--workdir", workdir.path], workdir: workdir)
        print(lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("SUMMARY") }.joined(separator: "\n"))
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        for name in [
            "get-text-extremes-chapter", "get-text-extremes-verse", "get-text-extremes-word", "get-text-clamped",
            "hostile-arguments-document-frame", "hostile-arguments-paragraph", "hostile-arguments-list-item",
        ] {
            let check = try #require(checks[name], "\(name) did not run: \(lines.suffix(8))")
            #expect(check.passed, "\(name): \(check.detail)")
        }
        if lines.contains(where: { $0.hasPrefix("SUMMARY") && $0.contains(" 0 failed") }) {
            try? FileManager.default.removeItem(at: workdir)
        }
    }
}
