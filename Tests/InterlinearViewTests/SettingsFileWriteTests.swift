import Foundation
import InterlinearTestSupport
import Testing

/// Issue 39: the window writes its settings (`view.json`) when it quits, and must never write them through a link it
/// did not make: a link to another file left the other file replaced with the settings; a dangling link made the
/// folders it named; a FIFO would block the quit. Each case: `interlinear view` under Xvfb, quit with `q`, then the
/// file system looked at directly.
@Suite(
    "interlinear view: the settings file is never written through a link", .serialized, .ownThread,
    .enabled(if: SystemTool.required("Xvfb", "xdotool"), SystemTool.reason("Xvfb and xdotool", package: "xvfb xdotool"))
)
struct SettingsFileWriteTests {
    let windows = ViewWindowEndToEndTests()
    let arguments = ["John 1", "--width", "390", "--height", "700", "--screen-reader", "off"]

    /// Runs a window with its settings in `config` and quits it; returns its stderr.
    private func quitWindow(_ display: XvfbDisplay, config: URL) throws -> String {
        let view = try ViewProcess(on: display, arguments, environment: ["XDG_CONFIG_HOME": config.path])
        defer { view.terminate() }
        _ = try windows.window(display, view, title: "interlinear — John 1")
        try display.xdotool("key", "q")
        #expect(view.waitForExit() == 0, "the window quits (nothing blocks): \(view.errors)")
        return view.errors
    }

    private func folder(_ display: XvfbDisplay, _ name: String) throws -> (config: URL, settings: URL) {
        let config = display.directory.appendingPathComponent("config-\(name)-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("interlinear"), withIntermediateDirectories: true)
        return (config, config.appendingPathComponent("interlinear/view.json"))
    }

    private func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    @Test func aLinkToAnotherFileIsLeftAloneAndTheFileUnchanged() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let (config, settings) = try folder(display, "link")
        let victim = display.directory.appendingPathComponent("victim-\(UUID().uuidString.prefix(6))")
        let contents = Data("root:x:0:0:root:/root:/bin/sh\n".utf8)
        try contents.write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: settings.path, withDestinationPath: victim.path)
        let errors = try quitWindow(display, config: config)
        #expect(try Data(contentsOf: victim) == contents, "the file the link names is unchanged")
        #expect(isLink(settings), "the link is still a link")
        #expect(errors.contains("symbolic link"), "the window says why it did not remember: \(errors)")
    }

    @Test func aDanglingLinkMakesNoFolders() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let (config, settings) = try folder(display, "dangling")
        let nowhere = display.directory.appendingPathComponent("nowhere-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createSymbolicLink(
            atPath: settings.path, withDestinationPath: nowhere.appendingPathComponent("a/b/view.json").path)
        _ = try quitWindow(display, config: config)
        #expect(!FileManager.default.fileExists(atPath: nowhere.path), "no folder made where the link points")
        #expect(isLink(settings))
        // A dangling link as the settings folder itself: no folder made through it either.
        let (config2, _) = try folder(display, "dangling-folder")
        try FileManager.default.removeItem(at: config2.appendingPathComponent("interlinear"))
        try FileManager.default.createSymbolicLink(
            atPath: config2.appendingPathComponent("interlinear").path, withDestinationPath: nowhere.path)
        let errors = try quitWindow(display, config: config2)
        #expect(!FileManager.default.fileExists(atPath: nowhere.path), "no folder made through the link")
        #expect(errors.contains("makes no folder through it"), "\(errors)")
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let (config, settings) = try folder(display, "fifo")
        #expect(mkfifo(settings.path, 0o600) == 0)
        let errors = try quitWindow(display, config: config)
        var info = stat()
        #expect(lstat(settings.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is left as it was")
        #expect(errors.contains("FIFO"), "\(errors)")
    }

    @Test func aRegularFileIsReplacedAtomically() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let (config, settings) = try folder(display, "regular")
        try Data(#"{"fontSize": 20}"#.utf8).write(to: settings)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: settings.path)
        _ = try quitWindow(display, config: config)
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any])
        #expect(saved["fontSize"] as? Double == 20 && saved["theme"] as? String == "light", "\(saved)")
        let mode = try FileManager.default.attributesOfItem(atPath: settings.path)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the file keeps its permissions")
        let left = try FileManager.default.contentsOfDirectory(atPath: settings.deletingLastPathComponent().path)
        #expect(left == ["view.json"], "no temporary file left: \(left)")
    }
}
