import Foundation
import InterlinearTestSupport
import Testing

/// The accessibility layer's "define" action in the window, as a screen reader meets it (issue 29): a chapter from a
/// store this test imports (with the Strong's dictionaries, read through libsword at import), `interlinear view` in
/// the headless harness, and pyatspi finding the word, doing the action named "define" through its Action interface
/// and reading the definition back — the word's description and the status line's notification. Both are compared
/// with what diatheke, SWORD's own front end, prints for the same number (markup stripped by `Diatheke`).
@Suite(
    "AT-SPI: the define action of a word, read back through pyatspi", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
    .serialized)
struct DefineActionTests {
    /// Genesis 1:1's third word, אֱלֹהִים (H430), and John 1:1's fifth, λόγος (G3056).
    @Test(arguments: [
        ("Genesis 1", "Gen.1.1.w3", "StrongsHebrew", 430),
        ("John 1", "John.1.1.w5", "StrongsGreek", 3056),
    ])
    func defineGivesTheEntryDiathekePrints(reference: String, node: String, module: String, number: Int) throws {
        guard HarnessRun.app == "view" else { return }
        guard SharedStore.sourceMissing == nil else {
            if SystemTool.isCI { Issue.record("CI needs the source data") }
            return
        }
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-define-\(node)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let store = workdir.appendingPathComponent("store")
        let imported = try run(interlinearBinary, ["import", reference, "--corpus", store.path])
        try #require(
            imported.status == 0 && imported.stdoutText.contains("lexicon entries"),
            "import: \(imported.stderr) \(imported.stdoutText)")
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = store.path
        let lines = try HarnessRun.runHarness(
            [
                "--app", "view", "--interlinear", interlinearBinary.path, "--workdir",
                workdir.path, "--reference", reference, "--define", "\(node):\(number)",
                "--skip-orca",
            ], workdir: workdir, environment: environment)
        print(lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("DEFINITION") }.joined(separator: "\n"))
        let check = try #require(
            HarnessRun.Output(status: 0, lines: lines).checks["define-\(node)"],
            "the define check did not run: \(lines.suffix(5))")
        #expect(check.passed, "\(check.detail)")
        let line = try #require(lines.first { $0.hasPrefix("DEFINITION ") })
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst(11).utf8)) as? [String: Any])
        let description = try #require(record["description"] as? String)
        let announced = try #require(record["announced"] as? String)

        let entry = try #require(try Diatheke.entry(module, number))
        // The description ends with the whole entry, exactly diatheke's text without its markup.
        #expect(description.hasSuffix(" " + entry.text), "description: \(description)\ndiatheke: \(entry.text)")
        // The notification (spoken at once) is the brief entry: the number and Strong's transliteration first; the
        // description begins with it.
        let transliteration = try #require(
            Diatheke.element(
                "<orth rend=\"bold\" type=\"trans\">", "</orth>",
                in: entry.markup))
        #expect(announced.hasPrefix("Strong's \(number), \(transliteration): "), "\(announced)")
        #expect(description.hasPrefix(announced), "\(description)")
        #expect(record["notificationRole"] as? String == "notification")
        if check.passed { try? FileManager.default.removeItem(at: workdir) }
    }
}
