import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear view`'s errors: one line on stderr, 64 for usage errors, 1 when no window can open.
@Suite struct ViewCommandTests {
    @Test(arguments: [
        (["--screen-reader", "maybe"], "'maybe' is invalid for '--screen-reader"),
        (["--height", "50"], "--height must be a whole number of points between 100 and 10000"),
        (["--width", "390.5"], "--width is the window's width and must be a whole number of points"),
        (["--width", "20"], "--width must be between 100 and 10000 points"),
        (["--scroll", "nan"], "--scroll must be a number"),
        (["--snapshot", "/nonexistent-folder/x.png"], "--snapshot /nonexistent-folder/x.png: no folder"),
        (["--tiers", "nothing"], "unknown tier 'nothing'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try run(interlinearBinary, ["view", "John 1"] + arguments, directory: packageRoot)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("interlinear: error: ") == true)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func withoutADisplayItSaysSoInOneLine() throws {
        var environment = testEnvironment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = nil
        let result = try run(interlinearBinary, ["view", "John 1"], environment: environment, directory: packageRoot)
        #expect(result.status == 69)  // unavailable (README: Exit status)
        #expect(
            result.stderr
                == "interlinear: error: cannot open a window: no display (DISPLAY and WAYLAND_DISPLAY are not set)\n")
        // Bad references fail before any window: a chapter the book lacks is a usage error, a verse the chapter
        // lacks missing input (66), as a chapter missing from the corpus is.
        let chapter = try run(interlinearBinary, ["view", "John 99"], environment: environment, directory: packageRoot)
        #expect(
            chapter.status == 64 && chapter.stderr == "interlinear: error: John has 21 chapters; there is no John 99\n")
        let verse = try run(interlinearBinary, ["view", "John 1:99"], environment: environment, directory: packageRoot)
        #expect(
            verse.status == 66 && verse.stderr == "interlinear: error: John 1 has no verse 99 (its verses are 1–51)\n")
    }
}
