import Foundation
import InterlinearTestSupport
import Testing

/// Genesis 1 through the built binary: the layout JSON, the accessibility dump, the reader's grid and line modes.
@Suite struct HebrewCommandTests {
    @Test(arguments: ["320", "390", "768", "1024"])
    func typesetGenesisOne(width: String) throws {
        let result = try interlinear("typeset", "Genesis 1", "--width", width)
        #expect(result.status == 0, "\(result.stderr)")
        if width == "320" {  // the schema at one width: the others change numbers, not shape
            let violation = try schemaViolation(result.stdout, schema: "layout-4")
            #expect(violation == nil, "\(violation ?? "")")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["direction"] as? String == "rtl" && json["language"] as? String == "hbo")
        #expect(json["missingGlyphs"] as? Int == 0)
        let cells = try #require(json["cells"] as? [[String: Any]])
        #expect(cells.count == 31)
        #expect(cells.first?["id"] as? String == "Gen.1.1")
        let limit = try #require(Double(width))
        for cell in cells {
            let labels = (cell["labels"] as? [[String: Any]]) ?? []
            func d(_ l: [String: Any], _ k: String) -> Double { l[k] as? Double ?? .nan }
            #expect(labels.allSatisfy { d($0, "x") >= 0 && d($0, "x") + d($0, "width") <= limit + 0.01 })
            let sources = labels.filter { $0["tier"] as? String == "source" }
            for (a, b) in zip(sources, sources.dropFirst()) where d(a, "y") == d(b, "y") {
                #expect(d(b, "x") + d(b, "width") <= d(a, "x"), "\(cell["id"] ?? ""): blocks must run right to left")
            }
        }
    }

    @Test func greekKeepsItsDirection() throws {
        let result = try interlinear("typeset", "John 1")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["direction"] as? String == "ltr" && json["language"] as? String == "grc")
    }

    @Test(arguments: [
        ["Gen 1"], ["Ps 23", "--hebrew-marks", "points"], ["Isa 53", "--hebrew-marks", "none"], ["Song 2"],
    ])
    func otherReferencesAndSwitches(arguments: [String]) throws {
        let result = try run(interlinearBinary, ["typeset"] + arguments, directory: packageRoot)
        if arguments[0] == "Song 2" {
            // Not committed, and the tests' children have no store: one line naming the command that builds it.
            #expect(
                result.status == 66 && result.stderr.contains("`interlinear import` to build it"), "\(result.stderr)")
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdoutText
        if arguments.contains("none") {
            #expect(
                !text.unicodeScalars.contains {
                    (0x0591...0x05C7).contains($0.value) && $0.value != 0x05BE && $0.value != 0x05C0
                        && $0.value != 0x05C3
                })
        }
        if arguments.contains("points") {
            #expect(!text.unicodeScalars.contains { (0x0591...0x05AF).contains($0.value) })
        }
    }

    @Test func badMarksSettingIsAUsageError() throws {
        let result = try interlinear("typeset", "Genesis 1", "--hebrew-marks", "some")
        #expect(result.status == 64 && result.stdout.isEmpty)
        #expect(result.stderr.contains("hebrew-marks"))
    }

    @Test func a11yListsWordsInHebrewReadingOrder() throws {
        let result = try interlinear("a11y", "Genesis 1", "--screen-reader", "on", "--all")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "a11y-5") == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let nodes = (json["nodes"] as? [[String: Any]]) ?? []
        let words = nodes.filter { $0["roleDescription"] as? String == "Hebrew word" }
        #expect(words.allSatisfy { $0["role"] as? String == "term" })
        #expect(words.count == 434)
        #expect(words.allSatisfy { $0["language"] as? String == "hbo" })
        // Every Hebrew word has its parts (a11y/5), said by the window's "parts" action; John 1's words have none.
        #expect(words.allSatisfy { ($0["actions"] as? [String])?.last == "parts" })
        let john = try interlinear("a11y", "John 1", "--screen-reader", "on", "--all")
        let johnJSON = try #require(try JSONSerialization.jsonObject(with: john.stdout) as? [String: Any])
        let johnActions = ((johnJSON["nodes"] as? [[String: Any]]) ?? []).flatMap { ($0["actions"] as? [String]) ?? [] }
        #expect(johnActions.contains("define") && !johnActions.contains("parts"))
        let verse1 = words.filter { ($0["parentId"] as? String) == "Gen.1.1" }
        #expect(verse1.compactMap { $0["nodeId"] as? String } == (1...7).map { "Gen.1.1.w\($0)" })
        #expect(verse1.first?["name"] as? String == "בְּרֵאשִׁ֖ית")
        #expect(
            (verse1.first?["description"] as? String)?.hasPrefix("beraysheet, in beginning, preposition, noun") == true)
        // Reading order runs leftwards on screen within a row.
        let x = verse1.map { (($0["bounds"] as? [String: Any])?["x"] as? Double) ?? 0 }
        #expect(x[1] < x[0] && x[2] < x[1])
        // next from the first word is the second, to its left.
        let move = try interlinear(
            "a11y", "Genesis 1", "--screen-reader", "on", "--from", "Gen.1.1.w1", "--move", "next")
        let moved = try #require(try JSONSerialization.jsonObject(with: move.stdout) as? [String: Any])
        let moves = (moved["moves"] as? [[String: Any]]) ?? []
        #expect(moves.first.map { "\($0)" }?.contains("Gen.1.1.w2") == true, "\(moves)")
        // A touch on the first word's block finds it.
        let hit = try interlinear("a11y", "Genesis 1", "--screen-reader", "on", "--hit-test", "\(Int(x[0]) + 5),20")
        let hitJSON = try #require(try JSONSerialization.jsonObject(with: hit.stdout) as? [String: Any])
        #expect("\(hitJSON["hit"] ?? "")".contains("Gen.1.1.w1"))
    }
}

@Suite(
    "Reader on Genesis 1 (tmux)", .ownThread,
    .enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux")))
struct HebrewReaderEndToEndTests {
    @Test("the grid shows the blocks right to left, the verse number on the right")
    func gridRightToLeft() throws {
        let session = try TmuxSession("read 'Genesis 1'", columns: 100, rows: 30)
        defer { session.close() }
        try session.waitForLine("the first verse") { $0.contains("bə-rēʾšît") }
        let rows = try session.rows()
        let transliteration = try #require(rows.first { $0.contains("bə-rēʾšît") })
        let first = try #require(transliteration.range(of: "bə-rēʾšît")),
            second = try #require(transliteration.range(of: "bārāʾ"))
        let third = try #require(transliteration.range(of: "ʾĕlōhîm"))
        #expect(second.upperBound < first.lowerBound && third.upperBound < second.lowerBound, "\(transliteration)")
        let top = try #require(rows.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(top.trimmingCharacters(in: .whitespaces).hasSuffix("1"), "verse number at the right: \(top)")
        #expect(rows.contains { $0.hasPrefix("In the beginning God created") }, "translation left to right")
        try session.send("q")
        #expect(try session.waitForExit())
    }

    @Test("line mode speaks the first word respelled with its gloss, then the next in Hebrew order")
    func lineMode() throws {
        let session = try TmuxSession("read --screen-reader 'Genesis 1'", columns: 120)
        defer { session.close() }
        try session.waitForLine("the first word") { $0.contains("Genesis one, verse one. beraysheet, in beginning") }
        try session.send("Right")
        try session.waitForLine("the second word") { $0.contains("bara, created, verb") }
        try session.send("q")
        #expect(try session.waitForExit())
    }
}
