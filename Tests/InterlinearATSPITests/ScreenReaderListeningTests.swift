import Foundation
import InterlinearTestSupport
import Testing

/// What a listener hears of the first verse under Orca 43.1 from the keyboard alone (`harness.sh listen`): a fresh
/// window over a store this test imports the chapter into (with the Strong's dictionaries), a fresh Orca, nothing
/// focused through pyatspi. Tab through verse 1, then the window's own keys — `h`, `k`, Tab to a word, `i`, `p`, a
/// search, `n` twice — and `o` (the script in the running text) for what Orca sends to a braille display.
///
/// Expected values come from the committed chapter file (the word, its Strong's numbers, the search's hits counted
/// there), the WLC source (a Hebrew word's parts) and espeak-ng (what an English voice spells, and how long it
/// takes to say each utterance at its default rate: the WAV files' durations, so the bounds are on synthesized
/// audio, not on the machine's speed).
@Suite(
    "AT-SPI: a verse under Orca 43 from the keyboard (headless)", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")),
    .serialized)
struct ScreenReaderListeningTests {
    struct Chapter: Sendable, CustomTestStringConvertible {
        let reference: String
        let file: String
        /// The word `i` and `p` ask about: its number in verse 1 (Tabs from the verse's number).
        let word: Int
        let query: String
        /// Issue 42's bound on the time to hear verse 1 by Tab, in seconds of synthesized speech.
        let bound: Double
        var hebrew: Bool { file.hasPrefix("01-") }
        var nodeID: String { "\(reference.split(separator: " ")[0].prefix(hebrew ? 3 : 4)).1.1.w\(word)" }
        var testDescription: String { reference }
    }

    static let chapters = [
        Chapter(reference: "John 1", file: "43-John/01.tsv", word: 5, query: "G3056", bound: 125),
        Chapter(reference: "Genesis 1", file: "01-Gen/01.tsv", word: 1, query: "H430", bound: 60),
    ]

    /// The rows of a committed chapter file of one kind (`w` words, `v` verses' translations), as fields.
    static func rows(_ file: String, kind: String) throws -> [[String]] {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Corpus/chapters/" + file), encoding: .utf8)
        var result: [[String]] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == kind { result.append(fields) }
        }
        return result
    }

    @Test(HarnessRun.windowOnly, SharedStore.needsSourceData, SourceColumns.needsHebrewSource, arguments: chapters)
    func verseHeardFromTheKeyboard(chapter: Chapter) throws {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "interlinear-listen-\(chapter.file.prefix(2))-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let store = workdir.appendingPathComponent("store")
        let imported = try run(interlinearBinary, ["import", chapter.reference, "--corpus", store.path])
        try #require(
            imported.status == 0 && imported.stdoutText.contains("lexicon entries"),
            "import: \(imported.stderr) \(imported.stdoutText)")
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = store.path
        // The window's settings (`o` turns the script on) stay in the test's folder.
        environment["XDG_CONFIG_HOME"] = workdir.appendingPathComponent("config").path
        var arguments = [
            "listen", "--interlinear", interlinearBinary.path, "--workdir", workdir.path, "--reference",
            chapter.reference, "--word", "\(chapter.word)", "--word-id", chapter.nodeID, "--query", chapter.query,
        ]
        if chapter.hebrew { arguments.append("--hebrew") }
        let lines = try HarnessRun.runHarness(arguments, workdir: workdir, environment: environment)
        print(lines.filter { !$0.hasPrefix("INFO") && !$0.hasPrefix("HEARD-VERSE") }.joined(separator: "\n"))
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        for name in [
            "orca-first-key-1", "orca-hears-verse-by-tab", "orca-hears-h", "orca-hears-k", "orca-hears-i",
            "orca-hears-p", "orca-hears-v", "orca-hears-search", "orca-hears-n-1", "orca-hears-n-2",
        ] {
            let check = try #require(checks[name], "\(name) did not run: \(lines.suffix(5))")
            #expect(check.passed, "\(name): \(check.detail)")
        }
        let rows = try Self.rows(chapter.file, kind: "w")
        let translation = try #require(try Self.rows(chapter.file, kind: "v").first { $0[1] == "1" }?[2])
        let verseOne = rows.filter { $0[1] == "1" }
        let word = verseOne[chapter.word - 1]
        let voice = try EnglishVoice()

        // Verse 1 by Tab, from Orca's start: no script, nothing spelled, and heard within the bound.
        let verse = try Self.record(lines, "HEARD-VERSE ")
        let said = try #require(verse["said"] as? [String])
        let seconds = try #require(verse["seconds"] as? [Double])
        let through = try #require(verse["throughTranslation"] as? Int, "the verse's translation was not reached")
        #expect(said.count == seconds.count && through <= said.count)
        #expect(said.prefix(through).contains { $0.hasPrefix(translation) }, "\(translation) not said: \(said)")
        try Self.expectEnglish(said, voice)
        let heard = seconds.prefix(through).reduce(0, +)
        print(
            "heard \(chapter.reference):1 by Tab through its translation in \(heard) s, every element in \(seconds.reduce(0, +)) s"
        )
        // At the window's default verbosity (normal: no Strong's number in a word's description; `i` says it).
        #expect(heard <= chapter.bound, "\(heard) s to hear \(chapter.reference):1 by Tab")

        // h and k: the next and the previous verse, their numbers said; what Orca reads on entering them is English.
        let h = try Self.heard(lines, "h")
        #expect(h.contains { $0.hasPrefix("Verse 2") }, "\(h)")
        let k = try Self.heard(lines, "k")
        #expect(k.contains { $0.hasPrefix("Verse 1") }, "\(k)")
        try Self.expectEnglish(h + k, voice)

        // i and p on the word, reached by Tab: its dictionary line (one of the chapter file's Strong's numbers for
        // it), and its parts (a Hebrew word's morphemes from the WLC source; a Greek word is not split), each once.
        // "G0746" is said "G746", "H871a" "H871a": the letter, then the number without its leading zeros.
        let strongs: [String] = word[5].split(separator: "-").map { number in
            let digits = number.dropFirst().drop { $0 == "0" }
            return "Strong's \(number.prefix(1))\(digits)"
        }
        let define = try Self.heard(lines, "i").filter { $0.hasPrefix("Strong's ") }
        #expect(define.count == 1, "\(define)")
        #expect(define.first.map { line in strongs.contains { line.hasPrefix($0) } } == true, "\(define) \(strongs)")
        let parts = try Self.heard(lines, "p").filter { $0 != "p " }
        #expect(parts.count == 1, "\(parts)")
        if chapter.hebrew {
            let source = try SourceColumns.hebrewWords(chapter: "01001")
            expectPartsOfSource(parts.first ?? "", source[chapter.word - 1], word: chapter.nodeID)
        } else {
            #expect(parts.first?.contains("not split") == true, "\(parts)")
        }
        try Self.expectEnglish(define + parts, voice)

        // The search says its count, counted in the chapter file; n twice says "hit 2 of" that count, once.
        let count = rows.filter { $0[5].split(separator: "-").contains(Substring(chapter.query)) }.count
        #expect(count > 1)
        let search = try Self.heard(lines, "search")
        #expect(
            search.filter { $0.hasPrefix("\(count) hits in \(chapter.reference),") }.count == 1, "\(count): \(search)")
        let second = try Self.heard(lines, "n", occurrence: 1)
        #expect(second.filter { $0.hasPrefix("hit 2 of \(count)") }.count == 1, "\(second)")

        // Braille: with the script in the running text (`o`), the line Orca 43 writes for a braille display on
        // entering verse 1 holds the word as the chapter file prints it, and so does the verse's Text.
        let braille = try Self.record(lines, "BRAILLE ")
        let brailleLines = try #require(braille["lines"] as? [String])
        #expect(brailleLines.contains { $0.contains(word[2]) }, "\(word[2]) not in \(brailleLines)")
        #expect((braille["verseText"] as? String)?.contains(word[2]) == true, "\(braille)")
        if lines.contains(where: { $0.hasPrefix("SUMMARY") && $0.contains(" 0 failed") }) {
            try? FileManager.default.removeItem(at: workdir)
        }
    }

    /// Say all (KP_Add) from John 1:1's first word to the end of the chapter: Orca reaches verse 51, and nothing it
    /// says holds Greek letters or is spelled by espeak-ng's English voice.
    @Test("Say all over John 1 gives Orca 43's English voice no script", HarnessRun.windowOnly)
    func sayAllOverJohn1() throws {
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-say-all-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        var environment = testEnvironment
        environment["XDG_CONFIG_HOME"] = workdir.appendingPathComponent("config").path
        environment["HARNESS_TIMEOUT"] = "1800"
        let lines = try HarnessRun.runHarness(
            ["listen", "--interlinear", interlinearBinary.path, "--workdir", workdir.path, "--say-all"],
            workdir: workdir, environment: environment)
        print(lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("NUMBER") }.joined(separator: "\n"))
        let check = try #require(HarnessRun.Output(status: 0, lines: lines).checks["orca-say-all-chapter"])
        #expect(check.passed, "\(check.detail)")
        let sayAll = try Self.record(lines, "SAY-ALL ")
        let said = try #require(sayAll["said"] as? [String])
        // John 1 has 51 verses (its chapter file's last `v` row): the last verse's translation is said.
        let last = try #require(try Self.rows("43-John/01.tsv", kind: "v").last)
        #expect(last[1] == "51" && said.contains(last[2]), "\(said.suffix(3))")
        try Self.expectEnglish(said, try EnglishVoice())
        if check.passed { try? FileManager.default.removeItem(at: workdir) }
    }

    /// Nothing holds Greek or Hebrew letters, and espeak-ng's English voice spells nothing.
    static func expectEnglish(
        _ said: [String], _ voice: EnglishVoice, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let script = said.filter { containsGreek($0) || containsHebrew($0) }
        #expect(script.isEmpty, "script said: \(script)", sourceLocation: sourceLocation)
        let spelled = zip(said, try voice.phonemes(said)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)", sourceLocation: sourceLocation)
    }

    static func record(_ lines: [String], _ prefix: String) throws -> [String: Any] {
        let line = try #require(lines.first { $0.hasPrefix(prefix) }, "no \(prefix)line")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst(prefix.count).utf8)) as? [String: Any])
    }

    /// What Orca said after a key (`HEARD` lines with that action; `occurrence` counts from 0).
    static func heard(_ lines: [String], _ action: String, occurrence: Int = 0) throws -> [String] {
        let records = try lines.filter { $0.hasPrefix("HEARD {") }.compactMap {
            try JSONSerialization.jsonObject(with: Data($0.dropFirst(6).utf8)) as? [String: Any]
        }
        .filter { $0["action"] as? String == action }
        try #require(records.count > occurrence, "no HEARD line \(occurrence) for \(action)")
        return try #require(records[occurrence]["said"] as? [String])
    }
}
