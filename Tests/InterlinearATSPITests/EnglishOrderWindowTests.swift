import Foundation
import InterlinearTestSupport
import Testing

/// The reverse interlinear in the window (issue 43), as a screen reader meets it: `interlinear view "John 1" --order
/// english --translation KJV` in the headless harness, its whole tree compared with `a11y` in the same order (one
/// code path: the accessibility layer's), then pyatspi reading John 1:1 as `e` switches the order in place and back.
/// The expected words and their Strong's numbers come from diatheke's OSIS text of the KJV module; the Greek words'
/// numbers and respellings from `a11y` in the source's order, the interlinear's own tree.
@Suite(
    "AT-SPI: the window in English order, read back through pyatspi", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
    .serialized)
struct EnglishOrderWindowTests {
    /// John 1:1's Greek words in the source order's tree: each one's respelling (its description's first part)
    /// and Strong's number (its last).
    static func greekWords() throws -> [(respelled: String, number: Int)] {
        let result = try interlinear("a11y", "John 1", "--translation", "KJV", "--screen-reader", "on", "--all")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        return nodes.compactMap { node in
            guard let id = node["nodeId"] as? String, id.hasPrefix("John.1.1.w"),
                let parts = (node["description"] as? String)?.components(separatedBy: ", "),
                let first = parts.first, let last = parts.last, last.hasPrefix("Strong's G"),
                let number = Int(last.dropFirst("Strong's G".count))
            else { return nil }
            return (first, number)
        }
    }

    @Test(HarnessRun.windowOnly) func johnOneOneInTheKingJamesOrderAndBack() throws {
        let kjv = try #require(try Diatheke.kingJamesWords("John 1")[1])
        let greek = try Self.greekWords()
        #expect(greek.count == 17)
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-order-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let lines = try HarnessRun.runHarness(
            [
                "--app", "view", "--interlinear", interlinearBinary.path, "--workdir", workdir.path,
                "--reference", "John 1", "--order", "english", "--translation", "KJV", "--order-verse", "John.1.1",
                "--middle", "0", "--skip-orca",
            ], workdir: workdir)
        print(lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("ORDER") }.joined(separator: "\n"))
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        let tree = try #require(checks["tree-matches-dump-order"], "the tree check did not run: \(lines.suffix(5))")
        #expect(tree.passed, "\(tree.detail)")
        let records = try lines.filter { $0.hasPrefix("ORDER ") }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.dropFirst(6).utf8)) as? [String: Any])
        }
        #expect(records.count == 3)
        for (step, record) in records.enumerated() {
            #expect(checks["order-\(step)"]?.passed == true, "\(checks["order-\(step)"]?.detail ?? "did not run")")
            let elements = try #require(record["elements"] as? [[String: Any]])
            let ids = elements.compactMap { $0["id"] as? String }
            if record["english"] as? Bool == true {
                try expectEnglishOrder(elements, kjv: kjv, greek: greek)
                if step > 0 {
                    #expect(
                        record["announced"] as? String
                            == "English order: the translation's words, each with the Greek under it.")
                }
            } else {
                // The interlinear again: the Greek words, in their order, then the translation and its words.
                let words = ids.filter { $0.hasPrefix("John.1.1.w") }
                #expect(words == (1...greek.count).map { "John.1.1.w\($0)" }, "\(ids)")
                #expect(record["announced"] as? String == "Greek order: the Greek words.")
            }
        }
        if checks.values.allSatisfy(\.passed) { try? FileManager.default.removeItem(at: workdir) }
    }

    /// Verse 1 in English order: its number, the whole translation, then each KJV word in the module's order,
    /// counted n of m among them, described by the Greek words under it: "no Greek word" for a word that carries no
    /// number of the verse's Greek words, else "translation of" (or "ditto, translation of", where the words stood
    /// under an earlier English word) the respellings of Greek words carrying one of its numbers. No Greek word is an
    /// element of its own.
    func expectEnglishOrder(
        _ elements: [[String: Any]], kjv: [(text: String, numbers: Set<Int>)],
        greek: [(respelled: String, number: Int)]
    ) throws {
        let ids = elements.compactMap { $0["id"] as? String }
        #expect(!ids.contains { $0.contains(".w") }, "\(ids)")
        let english = elements.filter {
            ($0["id"] as? String)?.hasPrefix("John.1.1.t") == true && $0["id"] as? String != "John.1.1.t"
        }
        #expect(english.compactMap { $0["name"] as? String } == kjv.map(\.text))
        let inVerse = Set(greek.map(\.number))
        for (index, (element, word)) in zip(english, kjv).enumerated() {
            let description = element["description"] as? String ?? ""
            #expect(element["posinset"] as? String == "\(index + 1)" && element["setsize"] as? String == "\(kjv.count)")
            #expect(!containsGreek(description), "\(word.text): \(description)")
            if word.numbers.isDisjoint(with: inVerse) {
                #expect(description == "no Greek word", "\(word.text): \(description)")
                continue
            }
            let said = description.hasPrefix("ditto, ") ? String(description.dropFirst(7)) : description
            #expect(said.hasPrefix("translation of "), "\(word.text): \(description)")
            let named = said.dropFirst("translation of ".count).split(separator: " ").map(String.init)
            let carrying = Set(greek.filter { word.numbers.contains($0.number) }.map(\.respelled))
            #expect(!named.isEmpty && named.allSatisfy(carrying.contains), "\(word.text) (\(word.numbers)): \(said)")
        }
    }
}
