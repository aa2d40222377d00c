import Foundation
import InterlinearTestSupport
import Synchronization
import Testing

/// The headless AT-SPI harness (`Harness/harness.sh`): a private D-Bus session with Xvfb, at-spi-bus-launcher,
/// `interlinear view "John 1"`, pyatspi and Orca, run once for the whole suite; each test asserts on its checks.
///
/// Needs Xvfb, xdotool, dbus-run-session, at-spi2-core, python3-pyatspi and orca from Debian (scripts/setup):
/// skipped with the reason when one is missing, required under CI.
@Suite(
    "AT-SPI: pyatspi and Orca against the real window (headless)", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .serialized)
struct ScreenReaderHarnessTests {
    @Test("Absent from the registry while IsEnabled is false; appears when it turns true (late activation)")
    func lateActivation() throws {
        try HarnessRun.expect([
            "launcher-starts-disabled", "absent-while-disabled", "appears-after-enable", "roles",
            "window-origin",
        ])
    }

    @Test(
        "Every element of John 1 in reading order: names and bounds equal `interlinear a11y --all` at top, middle, end")
    func treeMatchesDump() throws {
        try HarnessRun.expect([
            "tree-matches-dump-middle", "tree-matches-dump-top", "tree-matches-dump-end",
            "end-is-the-end",
        ])
    }

    @Test("A scroll by Δ moves every extent by exactly Δ, with no bounds-changed event")
    func extentsFollowScroll() throws { try HarnessRun.expect(["extents-move-by-delta"]) }

    @Test("Nearest element on a miss; GetChildAtIndex(i).GetIndexInParent() == i for every container")
    func hitTestAndIndexes() throws { try HarnessRun.expect(["nearest-on-miss", "index-contract"]) }

    @Test("Text reads each element (word and character units, character extents); actions focus and find")
    func textAndActions() throws { try HarnessRun.expect(["text-interface", "actions"]) }

    @Test("Tab in the window is announced as focus events; Tab into an off-screen verse scrolls it into view")
    func focusEvents() throws { try HarnessRun.expect(["focus-events", "next-into-offscreen-verse"]) }

    @Test("IsEnabled false releases every element (their D-Bus objects are gone); true again gives the same tree")
    func release() throws { try HarnessRun.expect(["disable-releases", "reactivation-same-tree"]) }

    @Test(
        "Another chapter in the window (']') replaces the document; the old chapter's objects answer UnknownObject",
        HarnessRun.windowOnly)
    func chapterChange() throws {
        try HarnessRun.expect(["chapter-change"])
    }

    @Test(
        "Collection on the chapter (headings, paragraphs, level, count, order, traverse, states, interfaces) and its running Text (sentences, language runs) equal a full walk's"
    )
    func collectionAndText() throws {
        try HarnessRun.expect([
            "collection-headings-John1", "collection-paragraphs-John1",
            "collection-heading-level-John1", "collection-rules-John1", "document-text-John1",
        ])
    }

    @Test(
        "Orca 43 hears the window's keys: Where Am I (KP_Enter), Page Down, :99⏎, ]+Tab and say all (KP_Add) past verse 1",
        HarnessRun.windowOnly
    )
    func orcaCommands() throws {
        try HarnessRun.expect([
            "orca-hears-keys", "orca-where-am-i", "orca-hears-page-down", "orca-hears-no-verse-99",
            "orca-hears-next-chapter-tab", "orca-say-all", "status-bar",
            // The window's own keys for what Orca 43 lacks: h and k to the next and previous verse, i said once.
            "orca-hears-h-next-verse", "orca-hears-k-previous-verse", "orca-hears-i-define",
        ])
    }

    /// Psalm 119 (176 verses), which is not committed, from a store this test imports it into, as a user's
    /// `interlinear import "Ps 119"` would.
    @Test(
        "Collection and Text on an imported Psalm 119 equal a full walk's", HarnessRun.windowOnly,
        SharedStore.needsSourceData)
    func importedHebrewStructure() throws { try hebrewStructure(reference: "Psalm 119") }

    /// Genesis 1 and Psalm 23 from the committed chapter files; Psalm 119 (176 verses), which is not committed, from a
    /// store this test imports it into, as a user's `interlinear import "Ps 119"` would.
    @Test(
        "Collection and Text on Hebrew chapters equal a full walk's", HarnessRun.windowOnly,
        arguments: ["Genesis 1", "Psalm 23"])
    func hebrewStructure(reference: String) throws {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "interlinear-atspi-\(reference.replacingOccurrences(of: " ", with: ""))-"
                    + "\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        var environment = testEnvironment
        if reference == "Psalm 119" {
            let store = workdir.appendingPathComponent("store")
            let imported = try run(interlinearBinary, ["import", "Ps 119", "--corpus", store.path])
            try #require(imported.status == 0, "\(imported.stderr)")
            environment["INTERLINEAR_DATA"] = store.path
        }
        // The source words are in the running text only with the script in speech on (`ScriptSetting`): this run
        // turns it on through the window's settings file, as a reader whose screen reader switches voices would.
        let config = workdir.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("interlinear"), withIntermediateDirectories: true)
        try Data(#"{"scriptInSpeech":true}"#.utf8).write(
            to: config.appendingPathComponent("interlinear/view.json"))
        environment["XDG_CONFIG_HOME"] = config.path
        let lines = try HarnessRun.runHarness(
            [
                "--app", "view", "--interlinear", interlinearBinary.path, "--workdir",
                workdir.path, "--reference", reference, "--structure-only",
                "--skip-orca",
            ], workdir: workdir, environment: environment)
        print(lines.filter { $0.hasPrefix("NUMBER") || $0.hasPrefix("CHECK") }.joined(separator: "\n"))
        let label = reference.replacingOccurrences(of: " ", with: "")
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        for name in [
            "collection-headings-", "collection-paragraphs-", "collection-heading-level-",
            "collection-rules-", "document-text-",
        ].map({ $0 + label }) {
            let check = try #require(checks[name], "\(name) did not run: \(lines.suffix(5))")
            #expect(check.passed, "\(name): \(check.detail)")
        }
        // The source words are a run of their own language: Hebrew.
        #expect(checks["document-text-" + label]?.detail.contains("hbo") == true)
        if lines.contains(where: { $0.hasPrefix("SUMMARY") && $0.contains(" 0 failed") }) {
            try? FileManager.default.removeItem(at: workdir)
        }
    }

    @Test("Orca 43 speaks the focused word after Tab in the window")
    func orcaSpeaks() throws {
        try HarnessRun.expect(["orca-speaks-focus"])
        // What Orca said after each Tab (not Where Am I's lines): the first word by its English description, and
        // nothing that espeak-ng's English voice, which Orca 43 uses for every name, spells letter by letter.
        let speech = try HarnessRun.result().lines.filter { $0.hasPrefix("SPEECH '") }
            .compactMap { line -> String? in
                guard let open = line.firstIndex(of: "'"), let close = line.lastIndex(of: "'"), open < close else {
                    return nil
                }
                return String(line[line.index(after: open)..<close])
            }
        #expect(speech.contains { $0.hasPrefix("En, In the") }, "\(speech)")
        let voice = try EnglishVoice()
        let spelled = zip(speech, try voice.phonemes(speech)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)")
    }

    /// With the script in speech off (the default), nothing Orca 43 said from its start through Tab ×3 on John 1
    /// (the window, the chapter's running text, the verse entered, the words) nor in say all up to verse 2 is
    /// anything espeak-ng's English voice spells; and no utterance holds a Greek or Hebrew letter.
    @Test("Orca 43 gives its English voice no script on entering John 1:1 and in say all", HarnessRun.windowOnly)
    func orcaHearsNoScript() throws {
        try HarnessRun.expect(["orca-speaks-focus", "orca-say-all"])
        let lines = try HarnessRun.result().lines
        let voice = try EnglishVoice()
        for prefix in ["SPEECH start ", "SPEECH say-all "] {
            let said = lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            #expect(!said.isEmpty, "no \(prefix)lines")
            let script = said.filter { line in
                line.unicodeScalars.contains {
                    (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
                        || (0x0590...0x05FF).contains($0.value)
                }
            }
            #expect(script.isEmpty, "\(prefix): script said: \(script)")
            let spelled = zip(said, try voice.phonemes(said)).filter { voice.isSpelled($0.1) }.map(\.0)
            #expect(spelled.isEmpty, "\(prefix): spelled by an English voice: \(spelled)")
        }
    }

    /// After `:Gen 1⏎` (Genesis 1 from its committed chapter file, which holds the morphemes), pyatspi does the
    /// "parts" action on its first word, בְּרֵאשִׁית, as Orca's action list would (Orca 43 has no key for an object's
    /// actions), with Orca 43 running.
    @Test(
        "Orca 43 speaks the parts action's line for Genesis 1:1's first word: its morphemes from the WLC source",
        HarnessRun.windowOnly, SourceColumns.needsHebrewSource)
    func orcaSpeaksParts() throws {
        try HarnessRun.expect(["parts-Gen.1.1.w1", "orca-speaks-parts"])
        let heard = try HarnessRun.heard(try HarnessRun.result().lines, action: "parts")
        let source = try SourceColumns.hebrewWords(chapter: "01001")
        expectPartsOfSource(heard.announced, source[0], word: "Gen.1.1.w1")
        try HarnessRun.expectSaidToTheEnglishVoice(heard)
    }
}

/// One run of the harness, shared by the tests above.
enum HarnessRun {
    static let harness = packageRoot.appendingPathComponent("Tests/InterlinearATSPITests/Harness/harness.sh")
    static let tools = [
        "Xvfb", "xdotool", "dbus-run-session", "gdbus", "/usr/libexec/at-spi-bus-launcher", "orca",
        "/usr/bin/python3",
    ]
    static let pyatspi = "/usr/lib/python3/dist-packages/pyatspi/__init__.py"

    static var toolsPresent: Bool {
        SystemTool.isCI
            || (tools.allSatisfy { SystemTool.find($0) != nil }
                && FileManager.default.fileExists(atPath: pyatspi))
    }

    static var missingReason: Comment {
        let missing =
            tools.filter { SystemTool.find($0) == nil }
            + (FileManager.default.fileExists(atPath: pyatspi) ? [] : ["pyatspi"])
        let text =
            "missing \(missing.joined(separator: ", ")) (scripts/setup installs xvfb xdotool dbus at-spi2-core "
            + "python3-pyatspi orca)"
        return Comment(rawValue: text)
    }

    struct Output: Sendable {
        let status: Int32
        let lines: [String]
        var checks: [String: (passed: Bool, detail: String)] {
            var result: [String: (Bool, String)] = [:]
            for line in lines where line.hasPrefix("CHECK ") {
                let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
                guard parts.count >= 3 else { continue }
                result[parts[1]] = (parts[2] == "PASS", parts.count > 3 ? parts[3] : "")
            }
            return result
        }
    }

    private static let cached = Mutex<Result<Output, any Error>?>(nil)

    /// Runs the harness once (the first caller waits for it; about two minutes).
    static func result() throws -> Output {
        try cached.withLock { cached in
            if let cached { return try cached.get() }
            let result = Result { try run() }
            cached = result
            return try result.get()
        }
    }

    /// The trait of a test of the window's own keys or prompts: skipped where the build has no window.
    static var windowOnly: ConditionTrait {
        .enabled(if: app == "view", "needs the window (`interlinear view`); this build runs the window-less host")
    }

    /// The real window when this build has `interlinear view` (listed among the subcommands), else the test host
    /// standing in for it.
    static var app: String {
        let help = (try? interlinear("--help").stdoutText) ?? ""
        let hasView = help.split(separator: "\n").contains {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("view ")
        }
        return hasView ? "view" : "host"
    }

    private static func run() throws -> Output {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-atspi-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let host = builtProduct("InterlinearATSPIHost")
        let lines = try runHarness(
            [
                "--app", app, "--interlinear", interlinearBinary.path, "--host", host.path,
                "--workdir", workdir.path,
            ], workdir: workdir)
        // Keep the record (checks, SPEECH lines, numbers) in the test log; keep the folder (logs of the app, the
        // launcher, Orca) only when something failed.
        print(lines.filter { !$0.hasPrefix("INFO") }.joined(separator: "\n"))
        let status = lastStatus.withLock { $0 }
        if status == 0 {
            try? FileManager.default.removeItem(at: workdir)
        } else {
            print("harness files: \(workdir.path)")
        }
        return Output(status: status, lines: lines)
    }

    private static let lastStatus = Mutex<Int32>(0)

    /// Runs harness.sh to completion and returns its output lines. Output goes to a file, not a pipe: we wait for
    /// the harness itself, never for whatever might inherit a pipe.
    static func runHarness(
        _ arguments: [String], workdir: URL,
        environment: [String: String] = testEnvironment
    ) throws -> [String] {
        let log = workdir.appendingPathComponent("harness.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = harness
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        lastStatus.withLock { $0 = process.terminationStatus }
        return String(decoding: try Data(contentsOf: log), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// What Orca said after an action (the harness's `HEARD <json>` line): the line the action announced through the
    /// status line's notification, and every utterance in Orca's log from the action on with the event Orca was
    /// presenting when it said it ("object:state-changed:showing notification").
    struct Heard {
        let announced: String
        let said: [String]
        let events: [String?]
    }

    static func heard(_ lines: [String], action: String) throws -> Heard {
        let line = try #require(
            lines.first { $0.hasPrefix("HEARD ") && $0.contains("\"action\": \"\(action)\"") },
            "no HEARD line for \(action)")
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any])
        let said = try #require(record["said"] as? [String])
        let events = try #require(record["events"] as? [Any]).map { $0 as? String }
        return Heard(announced: try #require(record["announced"] as? String), said: said, events: events)
    }

    /// Orca said the announced line as it is, presenting the status line's notification; nothing it said from the
    /// action on has Greek or Hebrew letters or anything espeak-ng's English voice (Orca 43's voice for every name,
    /// description and notification) spells.
    static func expectSaidToTheEnglishVoice(_ heard: Heard, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let notified = zip(heard.said, heard.events).contains {
            $0.0 == heard.announced && $0.1 == "object:state-changed:showing notification"
        }
        #expect(notified, "Orca said \(heard.said) for \(heard.events)", sourceLocation: sourceLocation)
        for text in heard.said {
            #expect(
                !containsGreek(text) && !containsHebrew(text), "script said: \(text)", sourceLocation: sourceLocation)
        }
        let voice = try EnglishVoice()
        let spelled = zip(heard.said, try voice.phonemes(heard.said)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)", sourceLocation: sourceLocation)
    }

    /// Expects each named check to have run and passed.
    static func expect(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = try result()
        let checks = output.checks
        for name in names {
            guard let check = checks[name] else {
                let failure = output.lines.last { $0.hasPrefix("CHECK") && $0.contains("FAIL") } ?? "no failure line"
                Issue.record(
                    "check \(name) did not run (harness exit \(output.status)): \(failure)",
                    sourceLocation: sourceLocation)
                continue
            }
            #expect(check.passed, "\(name): \(check.detail)", sourceLocation: sourceLocation)
        }
    }
}

/// `harness.sh bench`: two test hosts (John 1, 51 verses; a 180-verse chapter) in a private session. Asserts the
/// counted work — none while IsEnabled is false, however much one scrolls; exactly one frame and no container per
/// GetExtents whatever the chapter's size; every heading in one GetMatches, building no verse's elements — and
/// prints the medians (not asserted: timings are noisy).
@Suite(
    "AT-SPI: counted work with the screen reader off and per GetExtents", .ownThread,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason))
struct ScreenReaderWorkTests {
    @Test(
        "No accessibility work for 1,000 scrolls while IsEnabled is false; constant work per GetExtents (51 and 180 verses)"
    )
    func countedWork() throws {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-atspi-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let host = builtProduct("InterlinearATSPIHost")
        let lines = try HarnessRun.runHarness(
            [
                "bench", "--host", host.path, "--workdir", workdir.path,
                "--package", packageRoot.path, "--rounds", "300",
            ], workdir: workdir)
        print(lines.filter { $0.hasPrefix("NUMBER") || $0.hasPrefix("CHECK") }.joined(separator: "\n"))
        if lines.contains(where: { $0.hasPrefix("SUMMARY") && $0.contains(" 0 failed") }) {
            try? FileManager.default.removeItem(at: workdir)
        }
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        for name in [
            "reader-off-no-work-51", "reader-off-no-work-180", "lazy-per-verse-51", "lazy-per-verse-180",
            "constant-work-51", "constant-work-180", "getmatches-heading-51", "getmatches-heading-180",
        ] {
            let check = try #require(checks[name], "\(name) did not run: \(lines.suffix(5))")
            #expect(check.passed, "\(name): \(check.detail)")
        }
    }
}
