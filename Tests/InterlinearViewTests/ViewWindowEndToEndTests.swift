import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear view` in a real X server (Xvfb, no window manager), driven with xdotool as a user would: keys go to
/// the window, F12 writes what it shows, and the PNGs are read back pixel by pixel.
@Suite(
    "interlinear view under Xvfb", .serialized, .ownThread,
    .enabled(if: SystemTool.required("Xvfb", "xdotool"), SystemTool.reason("Xvfb and xdotool", package: "xvfb xdotool"))
)
struct ViewWindowEndToEndTests {
    /// The focus ring's colour (`PaintStyle.standard.focus`).
    static let ringColour: UInt32 = 0x1A73E8

    /// Finds the window by its title (while the view runs: a view that failed to start ends the wait with its
    /// error) and gives it keyboard focus.
    func window(_ display: XvfbDisplay, _ view: ViewProcess, title: String) throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let found = (try? display.xdotool("search", "--name", "^\(title)$"))?
                .split(separator: "\n").first.map(String.init)
            if let window = found {
                try display.xdotool("windowfocus", "--sync", window)
                return window
            }
            guard view.isRunning else { throw DesktopFailure("the view exited: \(view.errors)") }
            usleep(50_000)
        }
        throw DesktopFailure("no window titled \(title) within 60 s; stderr: \(view.errors)")
    }

    /// Presses keys, then F12, and returns snapshot `n` (validated against its schema) with its picture.
    func snapshot(_ view: ViewProcess, _ display: XvfbDisplay, _ n: Int, after keys: String...) throws
        -> (record: [String: Any], image: PNGImage)
    {
        try display.xdotool(["key", "--delay", "20"] + keys + ["F12"])
        let record = try view.waitForSnapshot(n)
        let line = try #require(view.line(n))
        let violation = try schemaViolation(line, schema: "view-snapshot-4")
        #expect(violation == nil, "snapshot \(n): \(violation ?? "")")
        #expect(record["sequence"] as? Int == n)
        return (record, try PNGImage(contentsOf: view.snapshot))
    }

    /// Rows of the table area (above the status line) equal between two pictures scrolled `shift` pixels apart:
    /// `later` row y shows what `earlier` showed at row y + shift.
    func scrolledRows(_ earlier: PNGImage, _ later: PNGImage, shift: Int, tableHeight: Int) -> (same: Int, of: Int) {
        let rows = Array(0..<(tableHeight - shift))
        let same = rows.filter { later.row($0, equals: earlier, row: $0 + shift) }.count
        return (same, rows.count)
    }

    @Test func scrollsFocusesJumpsResizesAndStepsChapters() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let view = try ViewProcess(
            on: display,
            [
                "John 1", "--width", "600", "--height", "500", "--scroll", "100",
                "--screen-reader", "off",
            ])
        defer { view.terminate() }
        let window = try window(display, view, title: "interlinear — John 1")

        // The start options, and the window origin the view reports equals the X server's.
        let geometry = try display.xdotool("getwindowgeometry", "--shell", window)
        let values = Dictionary(
            uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
                let parts = line.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            })
        #expect(values["WIDTH"] == 600 && values["HEIGHT"] == 500)
        let (start, startImage) = try snapshot(view, display, 1)
        let frame = try #require(start["window"] as? [String: Any])
        #expect(frame["x"] as? Double == values["X"].map(Double.init))
        #expect(frame["y"] as? Double == values["Y"].map(Double.init))
        #expect(frame["width"] as? Double == 600 && frame["height"] as? Double == 500)
        #expect(startImage.width == 600 && startImage.height == 500)
        #expect(start["scrollY"] as? Double == 100)
        #expect(start["title"] as? String == "interlinear — John 1")
        #expect(start["screenReader"] as? Bool == false)
        #expect(start["focus"] is NSNull)
        let tableHeight = try #require(start["viewportHeight"] as? Double)
        #expect(tableHeight == 476)

        // Home: the content moves down by exactly the 100 points scrolled (1 pixel per point here).
        let (home, homeImage) = try snapshot(view, display, 2, after: "Home")
        #expect(home["scrollY"] as? Double == 0)
        let shifted = scrolledRows(homeImage, startImage, shift: 100, tableHeight: Int(tableHeight))
        #expect(shifted.same == shifted.of, "rows equal after a 100-point scroll: \(shifted.same) of \(shifted.of)")
        #expect(homeImage.ink(x: 0, y: 0, width: 600, height: Int(tableHeight)) > 5_000, "the chapter is drawn")

        // Down: one line (40 points).
        let (down, downImage) = try snapshot(view, display, 3, after: "Down")
        #expect(down["scrollY"] as? Double == 40)
        let line = scrolledRows(homeImage, downImage, shift: 40, tableHeight: Int(tableHeight))
        #expect(line.same == line.of, "rows equal after a 40-point scroll: \(line.same) of \(line.of)")

        // Page Down: a screen less one line. Only the visible verses are painted.
        let (page, pageImage) = try snapshot(view, display, 4, after: "Next")
        #expect(page["scrollY"] as? Double == 40 + tableHeight - 40)
        let verses = try #require(page["visibleVerses"] as? [String: Int])
        let visible = try #require(verses["last"]) - (try #require(verses["first"])) + 1
        #expect(page["cellsDrawn"] as? Int == visible && visible < 10)
        // Nothing changed: a second snapshot paints no new frame.
        let (again, _) = try snapshot(view, display, 5)
        #expect(again["framesDrawn"] as? Int == page["framesDrawn"] as? Int)

        // Tab: the focus ring appears around the first element wholly in view, exactly where the accessibility
        // layer puts that element for a screen reader.
        let (focused, focusImage) = try snapshot(view, display, 6, after: "Tab")
        let focus = try #require(focused["focus"] as? String)
        let ring = try #require(focused["focusFrame"] as? [String: Double])
        let (rx, ry) = (Int(try #require(ring["x"])), Int(try #require(ring["y"])))
        let (rw, rh) = (Int(try #require(ring["width"]).rounded(.up)), Int(try #require(ring["height"]).rounded(.up)))
        let around = (x: rx - 8, y: ry - 8, width: rw + 16, height: rh + 16)
        let before = pageImage.count(
            near: Self.ringColour, x: around.x, y: around.y, width: around.width, height: around.height)
        let after = focusImage.count(
            near: Self.ringColour, x: around.x, y: around.y, width: around.width, height: around.height)
        #expect(
            before == 0 && after > 2 * (rw + rh), "ring pixels around \(focus): \(before) before Tab, \(after) after")
        let dump = try interlinear(
            "a11y", "John 1", "--width", "600", "--viewport", "600x476", "--scroll",
            "\(Int(page["scrollY"] as? Double ?? 0))", "--screen-reader", "on")
        let nodes =
            try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])["nodes"]
            as? [[String: Any]]
        let node = try #require(nodes?.first { $0["nodeId"] as? String == focus }, "\(focus) is not in the a11y dump")
        let bounds = try #require(node["bounds"] as? [String: Double])
        for key in ["x", "y", "width", "height"] {
            #expect(abs((bounds[key] ?? .nan) - (ring[key] ?? .infinity)) < 0.01, "\(key) of \(focus)")
        }
        #expect(focused["scrollY"] as? Double == page["scrollY"] as? Double, "entering at the viewport does not scroll")

        // ':' 20 Enter: verse 20 at the top, its number focused.
        let (jump, _) = try snapshot(view, display, 7, after: "colon", "2", "0", "Return")
        #expect((jump["visibleVerses"] as? [String: Int])?["first"] == 20)
        #expect(jump["focus"] as? String == "John.1.20.v")

        // A wider window: laid out again at 800 points, verse 20 still at the top.
        try display.xdotool("windowsize", "--sync", window, "800", "500")
        let (wide, wideImage) = try snapshot(view, display, 8)
        #expect((wide["window"] as? [String: Any])?["width"] as? Double == 800)
        #expect(wideImage.width == 800)
        #expect(wide["layouts"] as? Int == 2)
        #expect((wide["visibleVerses"] as? [String: Int])?["first"] == 20)
        #expect(wide["focus"] as? String == "John.1.20.v")

        // ']': the next chapter in the corpus; the title follows.
        let (next, _) = try snapshot(view, display, 9, after: "bracketright")
        #expect(next["reference"] as? String == "Romans 8")
        #expect(try display.xdotool("getwindowname", window) == "interlinear — Romans 8\n")
        #expect(
            (next["status"] as? [String: Any])?["right"] as? String == "John 2 is not in the corpus: showing Romans 8")
        #expect(next["scrollY"] as? Double == 0 && next["focus"] is NSNull)

        // The reader was off all along: no element was ever built.
        for record in view.records() {
            #expect(
                (record["stats"] as? [String: Int]) == ["containersBuilt": 0, "elementsBuilt": 0, "framesComputed": 0])
        }

        try display.xdotool("key", "q")
        #expect(view.waitForExit() == 0, "q quits with status 0; stderr: \(view.errors)")
    }

    @Test func aReferenceWithAVerseOpensAtThatVerse() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let view = try ViewProcess(on: display, ["John 1:14", "--height", "500", "--screen-reader", "off"])
        defer { view.terminate() }
        _ = try window(display, view, title: "interlinear — John 1")
        let (record, image) = try snapshot(view, display, 1)
        #expect((record["visibleVerses"] as? [String: Int])?["first"] == 14)
        #expect(record["focus"] as? String == "John.1.14.v")
        #expect(
            image.count(near: Self.ringColour, x: 0, y: 0, width: 60, height: 40) > 0, "the ring on verse 14's number")
        try display.xdotool("key", "q")
        #expect(view.waitForExit() == 0)
    }

    /// On a 1280×800 screen the default window (844 points tall, a phone's height) is made as tall as the screen, so
    /// its status line with the key hint is on screen; a height the user gives is kept; on a taller screen the
    /// default is kept. The screen's size is Xvfb's (no window manager: no frame to leave room for).
    @Test(arguments: [
        ("1280x800x24", [String](), 800), ("1280x800x24", ["--height", "844"], 844), ("1280x1024x24", [], 844),
    ])
    func theFirstWindowFitsTheScreen(screen: String, height: [String], expected: Int) throws {
        let display = try XvfbDisplay(screen: screen)
        defer { display.shutDown() }
        let view = try ViewProcess(on: display, ["John 1", "--screen-reader", "off"] + height)
        defer { view.terminate() }
        _ = try window(display, view, title: "interlinear — John 1")
        let (record, image) = try snapshot(view, display, 1)
        let frame = try #require(record["window"] as? [String: Any])
        #expect(frame["height"] as? Double == Double(expected) && frame["width"] as? Double == 390, "\(frame)")
        #expect(image.height == expected)
        try display.xdotool("key", "q")
        #expect(view.waitForExit() == 0)
    }

    /// With `--screen-reader on` the AT-SPI adapter joins a private session's accessibility bus (started by D-Bus
    /// activation of at-spi-bus-launcher); the view's tree is then on, and keyboard focus builds only the verse it
    /// asks about. (The screen reader's side of this window is tested with pyatspi and Orca in InterlinearATSPITests.)
    @Test(
        .enabled(
            if: SystemTool.required("dbus-run-session", "/usr/libexec/at-spi-bus-launcher"),
            SystemTool.reason("dbus-run-session and at-spi-bus-launcher", package: "dbus at-spi2-core")))
    func screenReaderOnBuildsOnlyWhatFocusAsksFor() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let view = try ViewProcess(
            on: display, ["John 1", "--height", "600", "--screen-reader", "on"],
            wrapper: ["/usr/bin/dbus-run-session", "--"])
        defer { view.terminate() }
        _ = try window(display, view, title: "interlinear — John 1")
        let (record, _) = try snapshot(view, display, 1, after: "Tab", "Right")
        #expect(record["screenReader"] as? Bool == true, "stderr: \(view.errors)")
        // The reader's coming on focused verse 1's number (the reading position's first element): Tab goes to the
        // verse's first word, → to its second.
        #expect(record["focus"] as? String == "John.1.1.w2")
        let stats = try #require(record["stats"] as? [String: Int])
        let cells = try #require(record["cellsDrawn"] as? Int)
        #expect((1...cells).contains(stats["containersBuilt"] ?? 0), "only verses in view were asked about: \(stats)")
        #expect((stats["elementsBuilt"] ?? 0) > 0)
        // The first Esc closes the details pane the focused word opened; the second quits.
        try display.xdotool("key", "--delay", "40", "Escape", "Escape")
        #expect(view.waitForExit() == 0)
    }
}
