import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear a11y` through the built binary: schema, laziness, late start, scrolling, moves, hit tests, errors.
@Suite struct A11yCommandTests {
    /// The environment without ACCESSIBLE, so "default" means default.
    static let quietEnvironment = testEnvironment.filter { $0.key != "ACCESSIBLE" }

    private func dump(_ arguments: [String], environment: [String: String] = quietEnvironment) throws -> (
        Data, [String: Any]
    ) {
        let result = try run(interlinearBinary, ["a11y"] + arguments, environment: environment, directory: packageRoot)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return (result.stdout, json)
    }

    private func nodes(_ json: [String: Any]) -> [[String: Any]] { json["nodes"] as? [[String: Any]] ?? [] }
    private func stats(_ json: [String: Any]) -> [String: Int] { json["stats"] as? [String: Int] ?? [:] }
    /// The verse containers (role group, role description "verse").
    private func verses(_ json: [String: Any]) -> [[String: Any]] {
        nodes(json).filter { $0["role"] as? String == "group" && $0["roleDescription"] as? String == "verse" }
    }
    /// Every element node: all but the document and the verse containers.
    private func elements(_ json: [String: Any]) -> [[String: Any]] {
        nodes(json).filter { $0["role"] as? String != "document" && $0["roleDescription"] as? String != "verse" }
    }

    @Test(arguments: [
        ["John 1", "--screen-reader", "on"],
        ["John 1", "--screen-reader", "off"],
        ["John 1", "--screen-reader", "on", "--granularity", "label", "--note", "3", "--note", "4"],
        [
            "Rev 22", "--screen-reader", "on", "--width", "768", "--viewport", "768x1024+10+20", "--scroll", "500",
            "--hit-test", "300,300", "--from", "Rev.22.3.w2", "--move", "next", "--count", "200",
        ],
        ["Rom 8", "--screen-reader", "on", "--scroll", "1e9", "--hit-test", "-5,-5"],
        ["Matt 1", "--toggle-late", "--from", "Matt.1.25.t1", "--move", "previous", "--count", "3"],
    ])
    func outputValidatesAgainstTheSchema(arguments: [String]) throws {
        let (data, json) = try dump(arguments)
        #expect(try schemaViolation(data, schema: "a11y-5") == nil)
        #expect(json["schema"] as? String == "interlinear.a11y/5")
        let ids = nodes(json).compactMap { $0["nodeId"] as? String }
        #expect(Set(ids).count == ids.count, "duplicate node ids")
        // Every parent is in the dump and lists the child.
        let byID = Dictionary(uniqueKeysWithValues: nodes(json).map { ($0["nodeId"] as! String, $0) })
        for node in nodes(json) {
            guard let parent = node["parentId"] as? String else { continue }
            #expect((byID[parent]?["childIds"] as? [String])?.contains(node["nodeId"] as! String) == true)
        }
    }

    @Test func offByDefaultBuildsNothing() throws {
        for scroll in ["0", "2500", "18000"] {
            let (_, json) = try dump(["John 1", "--scroll", scroll])
            #expect(json["screenReader"] as? Bool == false)
            #expect(elements(json).isEmpty)
            #expect(stats(json)["elementsBuilt"] == 0)
            #expect(stats(json)["containersBuilt"] == 0)
            #expect(stats(json)["cells"] == 51)
        }
        var environment = Self.quietEnvironment
        environment["ACCESSIBLE"] = "1"
        let (_, on) = try dump(["John 1"], environment: environment)
        #expect(on["screenReader"] as? Bool == true)
        #expect(!elements(on).isEmpty)
        let (_, off) = try dump(["John 1", "--screen-reader", "off"], environment: environment)
        #expect(off["screenReader"] as? Bool == false)
        // ACCESSIBLE=false is off, as it is for `read`.
        environment["ACCESSIBLE"] = "false"
        let (_, falseIsOff) = try dump(["John 1"], environment: environment)
        #expect(falseIsOff["screenReader"] as? Bool == false)
    }

    @Test func defaultDumpBuildsOnlyTheVisibleCells() throws {
        let (_, visible) = try dump(["John 1", "--screen-reader", "on", "--scroll", "3000"])
        let groups = verses(visible)
        #expect(groups.count >= 2 && groups.count < 51)
        #expect(stats(visible)["containersBuilt"] == groups.count)
        // Children of the verses and of their whole-translation nodes: every element, once.
        let children =
            elements(visible).map { ($0["childIds"] as? [String] ?? []).count }.reduce(0, +)
            + groups.map { ($0["childIds"] as? [String] ?? []).count }.reduce(0, +)
        #expect(stats(visible)["elementsBuilt"] == children)
        #expect(elements(visible).count == children)
        #expect(stats(visible)["framesComputed"] == groups.count + children)
        #expect(groups.contains { $0["offscreen"] as? Bool == false })

        let (_, all) = try dump(["John 1", "--screen-reader", "on", "--all"])
        #expect(verses(all).count == 51)
        #expect(stats(all)["containersBuilt"] == 51)
        #expect(stats(all)["elementsBuilt"] == elements(all).count)
        #expect(elements(all).count > 10 * children / groups.count)
        #expect(elements(all).contains { $0["offscreen"] as? Bool == true && $0["clippedBounds"] is NSNull })
    }

    @Test(arguments: [
        ["--scroll", "0"], ["--scroll", "3000"], ["--scroll", "99999"],
        ["--scroll", "700", "--granularity", "label", "--note", "5"],
        ["--scroll", "1200", "--hit-test", "100,400", "--from", "John.1.20.t2", "--move", "next", "--count", "9"],
    ])
    func lateStartDumpEqualsStartAtLaunch(extra: [String]) throws {
        let (early, _) = try dump(["John 1", "--screen-reader", "on"] + extra)
        let (late, json) = try dump(["John 1", "--toggle-late"] + extra)
        #expect(late == early)
        #expect(json["screenReader"] as? Bool == true)
        #expect(!elements(json).isEmpty)
    }

    @Test func boundsMoveByTheScrollDelta() throws {
        let (_, top) = try dump(["John 1", "--screen-reader", "on", "--all", "--note", "2"])
        for scroll in [250.5, 1000, 7777.25] {
            let (_, moved) = try dump([
                "John 1", "--screen-reader", "on", "--all", "--note", "2", "--scroll", "\(scroll)",
            ])
            #expect(moved["scrollY"] as? Double == scroll)
            let a = nodes(top), b = nodes(moved)
            #expect(a.count == b.count)
            for (n0, n1) in zip(a, b) {
                #expect(n0["nodeId"] as? String == n1["nodeId"] as? String)
                let b0 = n0["bounds"] as! [String: Double], b1 = n1["bounds"] as! [String: Double]
                #expect(b0["x"] == b1["x"] && b0["width"] == b1["width"] && b0["height"] == b1["height"])
                // Both dumps round to hundredths.
                #expect(abs(b0["y"]! - b1["y"]! - scroll) <= 0.011, "\(n0["nodeId"]!)")
            }
        }
    }

    @Test func scrollPastTheEndClampsAndSaysSo() throws {
        let (_, end) = try dump(["John 1", "--screen-reader", "on", "--scroll", "99999"])
        #expect(end["scrollClamped"] as? Bool == true)
        #expect(end["requestedScrollY"] as? Double == 99999)
        let content = try #require(end["contentHeight"] as? Double)
        #expect(abs((end["scrollY"] as? Double ?? 0) - (content - 844)) < 0.011)
        let (_, negative) = try dump(["John 1", "--screen-reader", "on", "--scroll", "-40"])
        #expect(negative["scrollClamped"] as? Bool == true && negative["scrollY"] as? Double == 0)
        let (_, inside) = try dump(["John 1", "--screen-reader", "on", "--scroll", "40"])
        #expect(inside["scrollClamped"] as? Bool == false)
    }

    @Test func movesCrossCellsAndRetrace() throws {
        let (_, forward) = try dump([
            "John 1", "--screen-reader", "on", "--from", "John.1.1.v", "--move", "next", "--count", "120",
        ])
        let moves = try #require(forward["moves"] as? [[String: Any]])
        #expect(moves.count == 120)
        #expect(moves.contains { $0["scrolled"] as? Bool == true })
        for move in moves {
            let scrolled = move["scrolled"] as? Bool == true
            #expect(
                scrolled
                    ? (move["announcement"] as? String)?.hasPrefix("Verse") == true : move["announcement"] is NSNull)
        }
        let path = ["John.1.1.v"] + moves.map { $0["to"] as! String }
        #expect(Set(path).count == path.count)
        #expect(Set(path.map { $0.split(separator: ".")[2] }).count > 2, "crossed several verses")
        let (_, backward) = try dump([
            "John 1", "--screen-reader", "on", "--from", path.last!, "--move", "previous", "--count", "120",
        ])
        let back = try #require(backward["moves"] as? [[String: Any]]).map { $0["to"] as! String }
        #expect(back == Array(path.dropLast().reversed()))
        // The dump is taken where focus ended: its cell is on screen.
        let cellID = path.last!.split(separator: ".").prefix(3).joined(separator: ".")
        #expect(nodes(forward).contains { $0["nodeId"] as? String == cellID && $0["offscreen"] as? Bool == false })

        let (_, end) = try dump([
            "John 1", "--screen-reader", "on", "--from", "John.1.51.v", "--move", "next", "--count", "100000",
        ])
        #expect(end["reachedEnd"] as? Bool == true)
        #expect((end["moves"] as? [Any])?.isEmpty == false)
    }

    @Test func hitTestInsideAndInAGap() throws {
        let (_, json) = try dump(["John 1", "--screen-reader", "on"])
        let w1 = try #require(nodes(json).first { $0["nodeId"] as? String == "John.1.1.w1" })
        let w2 = try #require(nodes(json).first { $0["nodeId"] as? String == "John.1.1.w2" })
        let b1 = w1["bounds"] as! [String: Double], b2 = w2["bounds"] as! [String: Double]
        let (_, inside) = try dump(["John 1", "--screen-reader", "on", "--hit-test", "\(b1["x"]! + 3),\(b1["y"]! + 3)"])
        let hit = try #require(inside["hit"] as? [String: Any])
        #expect(hit["nodeId"] as? String == "John.1.1.w1")
        #expect(hit["inside"] as? Bool == true && hit["distance"] as? Double == 0)
        let gapX = b1["x"]! + b1["width"]! + (b2["x"]! - b1["x"]! - b1["width"]!) * 0.8
        let (_, gap) = try dump(["John 1", "--screen-reader", "on", "--hit-test", "\(gapX),\(b1["y"]! + 3)"])
        let near = try #require(gap["hit"] as? [String: Any])
        #expect(near["nodeId"] as? String == "John.1.1.w2")
        #expect(near["inside"] as? Bool == false)
        #expect((near["distance"] as? Double ?? 0) > 0)
        let (_, off) = try dump(["John 1", "--screen-reader", "off", "--hit-test", "10,10"])
        #expect(off["hit"] is NSNull)
    }

    @Test(arguments: [
        ["--viewport", "390"], ["--viewport", "390x"], ["--viewport", "x844"], ["--viewport", "0x844"],
        ["--viewport", "390x844+1"], ["--viewport", "abcxdef"], ["--viewport", "390x-5"],
        ["--hit-test", "1"], ["--hit-test", "a,b"], ["--hit-test", "1,2,3"], ["--hit-test", "nan,4"],
        ["--screen-reader", "on", "--from", "John.1.99.w1", "--move", "next"],
        ["--screen-reader", "on", "--from", "John.1.1.w999", "--move", "next"],
        ["--screen-reader", "on", "--from", "John.1.\(Int.min)", "--move", "next"],  // once exit 132
        ["--screen-reader", "on", "--from", "John.1.\(Int.min).w1", "--move", "next"],
        ["--screen-reader", "on", "--from", "Matt.1.1.v", "--move", "next"],
        ["--screen-reader", "on", "--from", "John.1.1", "--move", "next"],
        ["--screen-reader", "on", "--from", "John.1.1.v", "--move", "sideways"],
        ["--screen-reader", "on", "--from", "John.1.1.v"],
        ["--screen-reader", "on", "--move", "next"],
        ["--screen-reader", "on", "--from", "John.1.1.v", "--move", "next", "--count", "0"],
        ["--screen-reader", "off", "--from", "John.1.1.v", "--move", "next"],
        ["--screen-reader", "maybe"], ["--granularity", "letter"], ["--note", "52"],
        ["--toggle-late", "--screen-reader", "off"], ["--scroll", "nan"], ["--width", "390", "--viewport", "nanx844"],
    ])
    func badInputFailsWithOneLine(extra: [String]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.json")
        let result = try run(
            interlinearBinary, ["a11y", "John 1", "--output", file.path] + extra,
            environment: Self.quietEnvironment, directory: packageRoot)
        // A verse the chapter lacks is missing input (66); every other case is a usage error.
        #expect(result.status == (extra == ["--note", "52"] ? 66 : 64), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("interlinear: error: "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no partial output")
    }
}

/// What `interlinear.a11y/2` changed: standard roles, positions among the verse's Greek words, heading level, the
/// whole translation as one node, a language per name and description, no internal counts.
@Suite struct A11yStandardsTests {
    private func node(_ id: String, in nodes: [[String: Any]]) throws -> [String: Any] {
        try #require(nodes.first { $0["nodeId"] as? String == id }, "no node \(id)")
    }

    @Test func nodesAreWhatAssistiveTechnologiesExpect() throws {
        let result = try interlinear(
            "a11y", "John 1", "--screen-reader", "on", environment: A11yCommandTests.quietEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "a11y-5") == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let nodes = try #require(json["nodes"] as? [[String: Any]])

        let w1 = try node("John.1.1.w1", in: nodes)
        #expect(w1["posInSet"] as? Int == 1 && w1["setSize"] as? Int == 17)
        #expect(w1["role"] as? String == "term" && w1["roleDescription"] as? String == "Greek word")
        #expect(w1["name"] as? String == "Ἐν" && w1["language"] as? String == "grc")
        #expect(w1["descriptionLanguage"] as? String == "en")
        let w17 = try node("John.1.1.w17", in: nodes)
        #expect(w17["posInSet"] as? Int == 17 && w17["setSize"] as? Int == 17)
        let w3 = try node("John.1.1.w3", in: nodes)
        #expect(
            w3["description"] as? String
                == "ayn, was, verb, imperfect active indicative, third person singular, from aymee', Strong's G2258")

        let heading = try node("John.1.1.v", in: nodes)
        #expect(heading["role"] as? String == "heading" && heading["headingLevel"] as? Int == 2)
        #expect(heading["posInSet"] is NSNull)

        let verse = try node("John.1.1", in: nodes)
        #expect(verse["description"] as? String == "17 Greek words")
        #expect(!(verse["childIds"] as? [String] ?? []).contains("John.1.1.t1"))
        #expect((verse["childIds"] as? [String] ?? []).contains("John.1.1.t"))
        let translation = try node("John.1.1.t", in: nodes)
        #expect(
            translation["name"] as? String
                == "In the beginning was the Word, and the Word was with God, and the Word was God.")
        #expect(translation["role"] as? String == "group" && translation["roleDescription"] as? String == "translation")
        let words = try #require(translation["childIds"] as? [String])
        #expect(words.first == "John.1.1.t1" && words.count == 17)
        let t1 = try node("John.1.1.t1", in: nodes)
        #expect(t1["parentId"] as? String == "John.1.1.t" && t1["posInSet"] as? Int == 1 && t1["setSize"] as? Int == 17)

        for node in nodes {
            let description = node["description"] as? String ?? ""
            #expect(!description.contains("element"), "\(node["nodeId"]!): \(description)")
            #expect(
                ["document", "group", "heading", "term", "button", "static"].contains(node["role"] as? String ?? ""))
        }
    }
}
