import Foundation
import InterlinearTestSupport
import Testing

/// The accessibility layer's "define" action in the window, as a screen reader meets it (issue 29): a chapter from a
/// store this test imports (with the Strong's dictionaries, read through libsword at import), `interlinear view` in
/// the headless harness, and pyatspi finding the word, doing the action named "define" through its Action interface
/// and reading the definition back — the word's description and the status line's notification. Both are compared
/// with what diatheke, SWORD's own front end, prints for the same number (markup stripped by `Diatheke`), and both go
/// to the screen reader's default voice (Orca 43 gives descriptions to it), so espeak-ng's English voice must spell
/// nothing in them and no Greek or Hebrew letter may be there. Orca 43 runs in the same session (focus on the word
/// first, as a user's Tab would put it): it must say the announced line itself.
@Suite(
    "AT-SPI: the define action of a word, read back through pyatspi", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")),
    .serialized)
struct DefineActionTests {
    /// diatheke's words with the King James list (after Strong's ":--" or the Hebrew module's "-") as the voice gets
    /// it: its word-fragment notation said as the words it stands for — expanded here by hand, for the two entries
    /// this test defines (docs/lexicon.md) — and, in a list that uses it, the Hebrew module's braces not said.
    static func kingJamesListSaid(_ words: [String], _ strongs: String) -> [String] {
        let byHand = [
            "G3056": ("say(-ing),", "say, saying,"),
            "H430": ("God (gods) ({-dess} {-ly})", "God (gods), Goddess, Godly"),
        ]
        guard let (printed, said) = byHand[strongs] else { return words }
        var text = words.joined(separator: " ")
        guard let list = text.range(of: " - ", options: .backwards) ?? text.range(of: ":--") else { return words }
        let tail = text[list.upperBound...].replacingOccurrences(of: printed, with: said)
        text = text[..<list.upperBound] + tail.filter { $0 != "{" && $0 != "}" }
        return text.split(separator: " ").map(String.init)
    }

    /// Genesis 1:1's third word, אֱלֹהִים (H430), and John 1:1's fifth, λόγος (G3056).
    @Test(
        HarnessRun.windowOnly, SharedStore.needsSourceData,
        arguments: [
            ("Genesis 1", "Gen.1.1.w3", "StrongsHebrew", "H430"),
            ("John 1", "John.1.1.w5", "StrongsGreek", "G3056"),
        ])
    func defineGivesTheEntryDiathekePrints(reference: String, node: String, module: String, strongs: String) throws {
        let number = try #require(Int(strongs.dropFirst()))
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
                workdir.path, "--reference", reference, "--define", "\(node):\(strongs)",
            ], workdir: workdir, environment: environment)
        print(
            lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("DEFINITION") || $0.hasPrefix("HEARD") }
                .joined(separator: "\n"))
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
        // The notification (spoken at once) is the brief entry: the number with its letter, as `define` takes it,
        // and Strong's transliteration in plain letters first; the description begins with it.
        let transliteration = try #require(
            Diatheke.element(
                "<orth rend=\"bold\" type=\"trans\">", "</orth>",
                in: entry.markup))
        let plain = Diatheke.plainLetters(transliteration)
        #expect(announced.hasPrefix("Strong's \(strongs), \(plain): "), "\(announced)")
        #expect(description.hasPrefix(announced + " "), "\(description)")
        // Then the whole entry as diatheke prints it, said for an English voice: every word outside the Greek or
        // Hebrew script in order, each script run respelled in plain letters (or left out: Strong's Hebrew
        // headwords are unpointed, and Strong's transliteration follows them), its Beta Code left out.
        let said = description.dropFirst(announced.count + 1).split(separator: " ").map(String.init)
        let expected = Self.kingJamesListSaid(Diatheke.voiceWords(entry.markup), strongs)
        var next = said.startIndex
        var respelled: [String] = []
        for (index, word) in expected.enumerated() {
            guard word == Diatheke.scriptRun else {
                #expect(next < said.endIndex && said[next] == word, "word \(index) \(word): \(said[next...].prefix(5))")
                next += 1
                continue
            }
            let following = index + 1 < expected.count ? expected[index + 1] : nil
            while next < said.endIndex, said[next] != following,
                said[next].allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "'") })
            {
                respelled.append(said[next])
                next += 1
            }
        }
        #expect(next == said.endIndex, "more than diatheke's entry: \(said[next...])")
        if module == "StrongsGreek" {
            // λόγος respelled: Strong's own transliteration's letters, the stress mark apart.
            #expect(respelled.first?.filter { $0 != "'" } == plain, "\(respelled)")
        }
        for (what, text) in [("description", description), ("announcement", announced)] {
            #expect(!containsGreek(text) && !containsHebrew(text), "script in the \(what): \(text)")
        }
        let voice = try EnglishVoice()
        let phonemes = try voice.phonemes([announced, description])
        #expect(!voice.isSpelled(phonemes[0]), "spelled: \(announced) → \(phonemes[0])")
        #expect(!voice.isSpelled(phonemes[1]), "spelled: \(description) → \(phonemes[1])")
        #expect(record["notificationRole"] as? String == "notification")
        // Orca 43 ran meanwhile: it said the announced line, and nothing from the action on that an English voice
        // spells or that holds Greek or Hebrew letters.
        let orca = try #require(HarnessRun.Output(status: 0, lines: lines).checks["orca-speaks-define"])
        #expect(orca.passed, "\(orca.detail)")
        let heard = try HarnessRun.heard(lines, action: "define")
        #expect(heard.announced == announced)
        try HarnessRun.expectSaidToTheEnglishVoice(heard)
        if check.passed && orca.passed { try? FileManager.default.removeItem(at: workdir) }
    }
}
