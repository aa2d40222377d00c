import Foundation
import InterlinearTestSupport
import Testing

/// The window as a reader under Xvfb, driven with xdotool: a click on a word shows its details, `:` goes to any
/// reference, Alt+← comes back, `/` searches the store, Ctrl+plus zooms without anything past the window's edge.
/// The view reads a store of the committed chapters (`WindowReaderFixture`), as a user's view reads theirs.
@Suite(
    "interlinear view as a reader under Xvfb", .serialized, .ownThread,
    .enabled(if: SystemTool.required("Xvfb", "xdotool"), SystemTool.reason("Xvfb and xdotool", package: "xvfb xdotool"))
)
struct WindowReaderEndToEndTests {
    let windows = ViewWindowEndToEndTests()

    /// Where λόγος (word offset 4 of John 1:1) is at 390 points wide, from `interlinear typeset --json`: the
    /// typesetter's own output, not the window's.
    func logosCentre() throws -> (x: Int, y: Int) {
        let result = try interlinear("typeset", "John 1", "--width", "390", "--corpus", corpusDirectory.path)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let cells = try #require(document["cells"] as? [[String: Any]])
        let first = try #require(cells.first { $0["verse"] as? Int == 1 })
        let labels = try #require(first["labels"] as? [[String: Any]])
        let label = try #require(labels.first { $0["tier"] as? String == "source" && $0["word"] as? Int == 4 })
        #expect(label["text"] as? String == "λόγος,", "the word as printed, the SBLGNT's comma after it")
        let x = try #require(label["x"] as? Double) + (try #require(label["width"] as? Double)) / 2
        let y =
            try #require(first["y"] as? Double) + (try #require(label["y"] as? Double))
            + (try #require(label["height"] as? Double)) / 2
        return (Int(x), Int(y))
    }

    /// Pixels darker than any rule or background in a rectangle: text.
    func darkPixels(_ image: PNGImage, x: Int, y: Int, width: Int, height: Int) -> Int {
        var n = 0
        for py in max(y, 0)..<min(y + height, image.height) {
            for px in max(x, 0)..<min(x + width, image.width) {
                let p = image.pixel(px, py)
                if max(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) < 0xB0 { n += 1 }
            }
        }
        return n
    }

    /// The lines of text between two rows of a picture: bands of rows holding dark pixels.
    func textLines(_ image: PNGImage, top: Int, bottom: Int) -> Int {
        var bands = 0, inBand = false
        for y in top..<bottom {
            let dark = darkPixels(image, x: 0, y: y, width: image.width, height: 1) > 0
            if dark && !inBand { bands += 1 }
            inBand = dark
        }
        return bands
    }

    /// How many of the details' fields are not empty (a row each in the pane).
    func fieldCount(_ details: [String: Any]) -> Int {
        ["transliteration", "lemma", "strongs", "parsing", "gloss"].filter { !(details[$0] as? String ?? "").isEmpty }
            .count + ((details["english"] as? [String])?.isEmpty == false ? 1 : 0)
    }

    @Test func clickGoSearchAndZoom() throws {
        let folder = try WindowReaderFixture.storeFolder.get()
        let (_, words) = try WindowReaderFixture.rows("43-John/01.tsv")
        let logos = words.filter { $0.verse == 1 }[4]
        let point = try logosCentre()
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let view = try ViewProcess(
            on: display, ["John 1", "--width", "390", "--height", "844", "--screen-reader", "off"],
            corpus: folder)
        defer { view.terminate() }
        let window = try windows.window(display, view, title: "interlinear — John 1")
        let (start, startImage) = try windows.snapshot(view, display, 1)
        #expect(start["pane"] is NSNull && start["details"] is NSNull)

        // A click on λόγος: its details in the pane below, in the JSON and on screen.
        try display.xdotool("mousemove", "--window", window, "\(point.x)", "\(point.y)", "click", "1")
        let (clicked, clickedImage) = try windows.snapshot(view, display, 2)
        #expect(clicked["focus"] as? String == "John.1.1.w5")
        let details = try #require(clicked["details"] as? [String: Any], "\(clicked)")
        #expect(details["surface"] as? String == logos.surface && details["lemma"] as? String == logos.lemma)
        #expect(details["strongs"] as? String == logos.strongs && details["morphology"] as? String == logos.morphology)
        #expect(
            details["transliteration"] as? String == logos.transliteration && details["gloss"] as? String == logos.gloss
        )
        #expect(details["parsing"] as? String == "noun, nominative singular masculine")
        // The committed chapters' store has no lexicon: no entries, and the pane shows none.
        #expect((details["definitions"] as? [Any])?.isEmpty == true, "\(details)")
        let pane = try #require(clicked["pane"] as? [String: Any])
        if let size = pane["size"] as? Double, let table = clicked["viewportHeight"] as? Double {
            // The pane's lines: the word, its place and a line a field.
            let lines = textLines(clickedImage, top: Int(table) + 2, bottom: Int(table + size) - 2)
            #expect(lines == 2 + fieldCount(details), "\(lines) lines of text in the pane")
        }
        #expect(pane["placement"] as? String == "below")
        let tableHeight = try #require(clicked["viewportHeight"] as? Double)
        let paneHeight = try #require(pane["size"] as? Double)
        // The status bar: 18 points a line (12-point text) and 6 of margin; at 390 points its keys take two lines.
        let statusLines = try #require((clicked["status"] as? [String: Any])?["lines"] as? Int)
        #expect(statusLines == 2)
        #expect(abs(tableHeight + paneHeight + Double(statusLines * 18 + 6) - 844) < 0.01)
        // The pane's area: the bar colour fills it now, and it holds text (the word, its fields).
        let paneRect = (x: 0, y: Int(tableHeight) + 2, width: 390, height: Int(paneHeight) - 4)
        let barBefore = startImage.count(
            near: 0xECE8E1, tolerance: 2, x: paneRect.x, y: paneRect.y,
            width: paneRect.width, height: paneRect.height)
        let barAfter = clickedImage.count(
            near: 0xECE8E1, tolerance: 2, x: paneRect.x, y: paneRect.y,
            width: paneRect.width, height: paneRect.height)
        #expect(
            barBefore == 0 && barAfter > paneRect.width * paneRect.height / 2, "pane fill: \(barBefore) → \(barAfter)")
        #expect(
            darkPixels(clickedImage, x: paneRect.x, y: paneRect.y, width: paneRect.width, height: paneRect.height) > 500
        )

        // `:Rom 8:28` Enter: Romans 8 at verse 28; Alt+Left comes back to John 1.
        try display.xdotool("type", "--delay", "40", ":Rom 8:28")
        let (romans, _) = try windows.snapshot(view, display, 3, after: "Return")
        #expect(romans["reference"] as? String == "Romans 8")
        #expect((romans["visibleVerses"] as? [String: Int])?["first"] == 28)
        #expect(romans["focus"] as? String == "Rom.8.28.v")
        #expect(try display.xdotool("getwindowname", window) == "interlinear — Romans 8\n")
        let (back, _) = try windows.snapshot(view, display, 4, after: "alt+Left")
        #expect(back["reference"] as? String == "John 1" && back["scrollY"] as? Double == 0)

        // `/λόγος` Enter: the chapter's hits listed, as many as the chapter file has words of that lemma.
        try display.xdotool("type", "--delay", "40", "/λόγος")
        let (searched, searchedImage) = try windows.snapshot(view, display, 5, after: "Return")
        let search = try #require(searched["search"] as? [String: Any], "\(searched["status"] ?? "")")
        let hits = try #require(search["hits"] as? [[String: Any]])
        let expected = words.filter { $0.lemma == "λόγος" }.map(\.verse)
        #expect(hits.map { $0["verse"] as? Int } == expected.map { Optional($0) })
        #expect(search["query"] as? String == "λόγος")
        // Outlined in view: verse 1's three λόγος at the top of the chapter.
        #expect(searchedImage.count(near: 0xB35C00, x: 0, y: 0, width: 390, height: Int(tableHeight)) > 100)

        // Esc closes the pane; Ctrl+plus three times: larger text, nothing past the window's right edge, the
        // status bar wrapped instead of cut.
        let (zoomed, zoomedImage) = try windows.snapshot(
            view, display, 6, after: "Escape", "ctrl+plus", "ctrl+plus",
            "ctrl+plus")
        #expect(zoomed["fontSize"] as? Double == 29.5)
        #expect(zoomed["pane"] is NSNull)
        let labelsRight = try #require(zoomed["labelsRight"] as? Double)
        #expect(labelsRight <= 390 && zoomed["tableWidth"] as? Double == 390)
        let zoomedTable = try #require(zoomed["viewportHeight"] as? Double)
        #expect(
            darkPixels(zoomedImage, x: 387, y: 0, width: 3, height: Int(zoomedTable)) == 0, "text at the right edge")
        #expect(
            darkPixels(zoomedImage, x: 0, y: 0, width: 390, height: Int(zoomedTable)) > 5_000, "the chapter is drawn")
        let status = try #require(zoomed["status"] as? [String: Any])
        #expect((status["lines"] as? Int ?? 0) >= 2, "the status bar wraps at this size: \(status)")
        #expect(abs(zoomedTable + 6 + Double(status["lines"] as? Int ?? 0) * 12 * 29.5 / 17 * 1.5 - 844) < 0.01)

        try display.xdotool("key", "q")
        #expect(view.waitForExit() == 0, "q quits with status 0; stderr: \(view.errors)")
    }

    /// The details pane gives the word's Strong's entry (issue 29's last step): over a store `interlinear import`
    /// built with SWORD's dictionaries, a click on λόγος gives its entry in the snapshot's details, compared with what
    /// diatheke prints for G3056, and the pane holds more text than without it.
    @Test(
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        .enabled(if: SharedStore.sourceMissing == nil || SystemTool.isCI, "the source data is missing (scripts/setup)"))
    func detailsGiveTheDictionaryEntry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-pane-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try interlinear("import", "John 1", "--corpus", folder.path)
        try #require(
            imported.status == 0 && imported.stdoutText.contains("lexicon entries"),
            "import: \(imported.stderr) \(imported.stdoutText)")
        let entry = try #require(try Diatheke.entry("StrongsGreek", 3056))
        let point = try logosCentre()
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let view = try ViewProcess(
            on: display, ["John 1", "--width", "390", "--height", "844", "--screen-reader", "off"], corpus: folder)
        defer { view.terminate() }
        let window = try windows.window(display, view, title: "interlinear — John 1")
        try display.xdotool("mousemove", "--window", window, "\(point.x)", "\(point.y)", "click", "1")
        let (clicked, image) = try windows.snapshot(view, display, 1)
        let details = try #require(clicked["details"] as? [String: Any], "\(clicked)")
        #expect(details["strongs"] as? String == "G3056")
        let definitions = try #require(details["definitions"] as? [[String: Any]], "\(details)")
        #expect(definitions.count == 1)
        let definition = try #require(definitions.first)
        #expect(definition["strongs"] as? String == "G3056")
        #expect(definition["text"] as? String == entry.text, "\(definition)\ndiatheke: \(entry.text)")
        #expect(definition["headword"] as? String == Diatheke.element("<orth>", "</orth>", in: entry.markup))
        #expect(
            definition["transliteration"] as? String
                == Diatheke.element("<orth rend=\"bold\" type=\"trans\">", "</orth>", in: entry.markup))
        // On screen: the pane's lines of text (bands of rows holding text) are the word, its place, each field the
        // snapshot gives, and at least one more: the entry's.
        let tableHeight = try #require(clicked["viewportHeight"] as? Double)
        let paneHeight = try #require((clicked["pane"] as? [String: Any])?["size"] as? Double)
        let bands = textLines(image, top: Int(tableHeight) + 2, bottom: Int(tableHeight + paneHeight) - 2)
        let fields = fieldCount(details)
        print("pane with the entry: \(bands) lines of text, \(fields) fields")
        #expect(bands >= 2 + fields + 1, "\(bands) lines of text in the pane for \(fields) fields and the entry")
        try display.xdotool("key", "Escape", "q")
        #expect(view.waitForExit() == 0, "stderr: \(view.errors)")
    }

    /// Where the reader was, the font size, the theme and the word order come back in the next window (`view.json`
    /// in the XDG config folder); a theme is drawn in its colours.
    @Test func settingsAreRememberedBetweenRuns() throws {
        let display = try XvfbDisplay()
        defer { display.shutDown() }
        let config = display.directory.appendingPathComponent("config-shared")
        let arguments = ["John 1", "--width", "390", "--height", "700", "--screen-reader", "off"]
        let first = try ViewProcess(on: display, arguments, environment: ["XDG_CONFIG_HOME": config.path])
        defer { first.terminate() }
        _ = try windows.window(display, first, title: "interlinear — John 1")
        try display.xdotool("type", "--delay", "40", ":Rom 8:28")
        let (before, _) = try windows.snapshot(first, display, 1, after: "Return", "ctrl+plus", "t", "3", "4", "e")
        #expect(before["theme"] as? String == "dark" && before["fontSize"] as? Double == 20.5)
        #expect(before["order"] as? String == "english", "e switched to English order")
        let top = try #require((before["visibleVerses"] as? [String: Int])?["first"])
        try display.xdotool("key", "q")
        #expect(first.waitForExit() == 0, "\(first.errors)")
        let saved = try Data(contentsOf: config.appendingPathComponent("interlinear/view.json"))
        let settings = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(settings["reference"] as? String == "Romans 8:\(top)")
        #expect(settings["fontSize"] as? Double == 20.5 && settings["theme"] as? String == "dark")
        #expect(settings["tiers"] as? String == "source,transliteration,gloss,translation")
        #expect(settings["order"] as? String == "english")

        let second = try ViewProcess(on: display, arguments, environment: ["XDG_CONFIG_HOME": config.path])
        defer { second.terminate() }
        _ = try windows.window(display, second, title: "interlinear — John 1")
        let (again, image) = try windows.snapshot(second, display, 1)
        #expect(again["theme"] as? String == "dark" && again["fontSize"] as? Double == 20.5)
        #expect(
            (again["status"] as? [String: Any])?["right"] as? String == "Last time: Romans 8:\(top) (Alt+← goes there)")
        #expect(image.pixel(2, 2) & 0xFF_FFFF == 0x1E1E1E, "the dark page")
        #expect(again["tiers"] as? String == "source,transliteration,gloss,translation")
        #expect(again["order"] as? String == "english", "the order the window was closed in")
        let (back, _) = try windows.snapshot(second, display, 2, after: "alt+Left")
        #expect(back["reference"] as? String == "Romans 8")
        #expect(back["focus"] as? String == "Rom.8.\(top).v")
        try display.xdotool("key", "q")
        #expect(second.waitForExit() == 0, "\(second.errors)")
    }
}
