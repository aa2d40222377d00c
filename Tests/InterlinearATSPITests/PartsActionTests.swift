import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearATSPI

/// What the "parts" action gave a word, as a listener hears it, checked against the word's morphemes in the WLC
/// source (`SourceColumns.hebrewWords`): "N parts." (or "1 part."), then each part in order with the source's
/// gloss, part of speech and Strong's number; nothing in Hebrew script (it goes to the default English voice).
func expectPartsOfSource(_ said: String, _ source: [SourceColumns.HebrewMorpheme], word: String) {
    #expect(said.hasPrefix(source.count == 1 ? "1 part. " : "\(source.count) parts. "), "\(word): \(said)")
    let parts = said.split(separator: "Part ", omittingEmptySubsequences: false).dropFirst()
    #expect(parts.count == source.count, "\(word): \(said)")
    for (index, (part, morpheme)) in zip(parts, source).enumerated() {
        #expect(part.hasPrefix("\(index + 1): "), "\(word) part \(index + 1): \(part)")
        #expect(part.contains(", \(morpheme.pos),"), "\(word) part \(index + 1) is no \(morpheme.pos): \(part)")
        if !morpheme.gloss.isEmpty {
            #expect(part.contains(", \(morpheme.gloss), "), "\(word) part \(index + 1) not \(morpheme.gloss): \(part)")
        }
        let strongs = "Strong's \(morpheme.strongs)."
        #expect(part.hasSuffix(strongs) || part.hasSuffix(strongs + " "), "\(word) part \(index + 1): \(part)")
    }
    #expect(!containsHebrew(said) && !containsGreek(said), "script said to the English voice: \(said)")
}

/// The adapter's side of the "parts" action, without a bus: offered on a Hebrew chapter's words only, performed
/// through the host's chapter read with its morphemes, its line announced (the status line's notification) and made
/// the word's description; a host that cannot read it gets `DefinitionSpeech.partsUnavailable` said.
@Suite("AT-SPI: the parts action of a Hebrew word, through the adapter")
struct PartsActionAdapterTests {
    /// A window's part of the host: the tree shown, and the chapter with morphemes as `whole` gives it; its
    /// dictionary entries as `entries` gives them (none by default; `DefineRefusalTests` has them refused).
    final class Host: AccessibleHost {
        let accessibilityTree: AccessibilityTree
        let whole: () throws -> Chapter?
        let entries: (String) throws -> [LexiconEntry]
        private(set) var reads = 0
        init(
            _ tree: AccessibilityTree, entries: @escaping (String) throws -> [LexiconEntry] = { _ in [] },
            whole: @escaping () throws -> Chapter?
        ) {
            accessibilityTree = tree
            self.whole = whole
            self.entries = entries
        }
        var windowOrigin: (x: Int32, y: Int32) { (0, 0) }
        var windowTitle: String { "interlinear" }
        func focusRequested(_ id: ElementID) {}
        func chapterWithMorphemes() throws -> Chapter? {
            reads += 1
            return try whole()
        }
        func lexiconEntries(ofStrongs field: String) throws -> [LexiconEntry] { try entries(field) }
    }

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String { "the store could not be opened" }
    }

    @Test(arguments: Granularity.allCases)
    func offeredOnHebrewWordsOnly(granularity: Granularity) throws {
        for reference in ["Genesis 1", "John 1"] {
            let tree = try ObjectNodeTests.tree(reference, granularity: granularity)
            let host = EnglishNamesTests.Host(tree)  // the protocol's default chapterWithMorphemes
            let adapter = try AtspiAdapter(host: host, applicationName: "interlinear", mode: .off)
            host.accessibilityTree.screenReaderEnabled = true  // mode off turned it off
            let word: Element.Kind = granularity == .word ? .word(0) : .label(word: 0, tier: .gloss)
            let actions = adapter.actions(of: .element(ElementID(cell: 0, kind: word)))
            let parts = actions.first { $0.action == .parts }
            #expect(actions.map(\.name).contains("define"), "\(reference): \(actions.map(\.name))")
            if reference == "Genesis 1" {
                #expect(parts?.name == "parts")
                #expect(parts?.description == "Say the Hebrew word's parts one by one")
                #expect(actions.map(\.name).last == "parts", "\(actions.map(\.name))")
            } else {
                #expect(parts == nil, "a Greek word has no parts: \(actions.map(\.name))")
                #expect(!actions.map(\.name).contains("parts"))
            }
            #expect(
                !adapter.actions(of: .element(ElementID(cell: 0, kind: .verseNumber))).contains { $0.name == "parts" })
            withExtendedLifetime(host) {}
        }
    }

    @Test(SourceColumns.needsHebrewSource) func partsAreAnnouncedAndBecomeTheWordsDescription() throws {
        let source = try SourceColumns.hebrewWords(chapter: "01001")
        let session = try makeSession(options: LayoutOptions(width: 390))
        let reference = try #require(ChapterReference(parsing: "Genesis 1"))
        let shown = try session.chapter(reference)
        let tree = session.accessibilityTree(for: shown, granularity: .word, screenReaderEnabled: true)
        let whole = try session.chapters([reference], morphemes: true)[0]
        #expect(!whole.omitsMorphemes)
        let host = Host(tree) { whole }
        let adapter = try AtspiAdapter(host: host, applicationName: "interlinear", mode: .off)
        host.accessibilityTree.screenReaderEnabled = true  // mode off turned it off
        // Genesis 1:1's first, third and sixth words: בְּרֵאשִׁית (two parts), אֱלֹהִים (one), וְאֵת (two, the second
        // without a gloss).
        for offset: UInt16 in [0, 2, 5] {
            let id = ElementID(cell: 0, kind: .word(WordOffset(offset)))
            let before = adapter.utterance(of: .element(id)).description
            let entry = try #require(adapter.actions(of: .element(id)).first { $0.action == .parts })
            #expect(adapter.perform(entry, on: .element(id)))
            let said = adapter.statusMessage
            expectPartsOfSource(said, source[Int(offset)], word: "Gen.1.1.w\(offset + 1)")
            #expect(adapter.utterance(of: .element(id)).description == said)
            #expect(said != before)
        }
        // The host is asked each time; keeping what it read is the window's (ViewWindow.chapterWithMorphemes).
        #expect(host.reads == 3)
        withExtendedLifetime(host) {}
    }

    @Test func aChapterThatCannotBeReadIsSaidSo() throws {
        let tree = try ObjectNodeTests.tree("Genesis 1")
        let word = ObjectNode.element(ElementID(cell: 0, kind: .word(0)))
        let failing = Host(tree) { throw ReadFailure() }
        let absent = Host(tree) { nil }
        for (host, expected) in [
            (failing, "The word's parts could not be read: the store could not be opened."),
            (absent, "The word's parts could not be read."),
        ] {
            let adapter = try AtspiAdapter(host: host, applicationName: "interlinear", mode: .off)
            host.accessibilityTree.screenReaderEnabled = true  // mode off turned it off
            let before = adapter.utterance(of: word).description
            let entry = try #require(adapter.actions(of: word).first { $0.action == .parts })
            #expect(!adapter.perform(entry, on: word))
            #expect(adapter.statusMessage == expected)
            #expect(adapter.utterance(of: word).description == before)
        }
        // The default host reads nothing: a chapter loaded for showing has no morphemes to say (a store's), one that
        // holds them (a chapter file's) says them itself.
        let plain = EnglishNamesTests.Host(tree)  // the protocol's default chapterWithMorphemes
        let adapter = try AtspiAdapter(host: plain, applicationName: "interlinear", mode: .off)
        plain.accessibilityTree.screenReaderEnabled = true  // mode off turned it off
        let entry = try #require(adapter.actions(of: word).first { $0.action == .parts })
        let done = adapter.perform(entry, on: word)
        if tree.chapter.omitsMorphemes {
            #expect(!done && adapter.statusMessage == "The word's parts could not be read.")
        } else {
            #expect(done && adapter.statusMessage.hasPrefix("2 parts. Part 1: "), "\(adapter.statusMessage)")
        }
        withExtendedLifetime(plain) {}
        withExtendedLifetime([failing, absent]) {}
    }
}

/// The "parts" action in the real window, as a screen reader meets it: Genesis 1 imported into a store of this test's
/// (so the window shows it without morphemes and reads them again on the first request), `interlinear view` in the
/// headless harness, and pyatspi doing the action named "parts" on three words of Genesis 1:1 and reading back the
/// word's description and the status line's notification. Both must be the word's morphemes as the WLC source gives
/// them, and both go to the screen reader's default voice: no Hebrew letter, nothing espeak-ng's English voice spells.
@Suite(
    "AT-SPI: the parts action of a Hebrew word, read back through pyatspi", .ownThreadUngated,
    .enabled(if: HarnessRun.toolsPresent, HarnessRun.missingReason),
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")),
    .serialized)
struct PartsActionHarnessTests {
    @Test(HarnessRun.windowOnly, SharedStore.needsSourceData) func partsOfGenesis1WordsAreTheSourcesMorphemes() throws {
        let source = try SourceColumns.hebrewWords(chapter: "01001")
        let workdir = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-parts-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workdir)
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        let store = workdir.appendingPathComponent("store")
        let imported = try run(interlinearBinary, ["import", "Genesis 1", "--corpus", store.path])
        try #require(imported.status == 0, "import: \(imported.stderr) \(imported.stdoutText)")
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = store.path
        let words = [1, 3, 6]
        let nodes = words.map { "Gen.1.1.w\($0)" }
        let lines = try HarnessRun.runHarness(
            [
                "--app", "view", "--interlinear", interlinearBinary.path, "--workdir", workdir.path,
                "--reference", "Genesis 1", "--parts", nodes.joined(separator: ","), "--skip-orca",
            ], workdir: workdir, environment: environment)
        print(lines.filter { $0.hasPrefix("CHECK") || $0.hasPrefix("PARTS") }.joined(separator: "\n"))
        let checks = HarnessRun.Output(status: 0, lines: lines).checks
        var said: [String] = []
        for (word, node) in zip(words, nodes) {
            let check = try #require(checks["parts-\(node)"], "the parts check did not run: \(lines.suffix(5))")
            #expect(check.passed, "\(check.detail)")
            let line = try #require(lines.first { $0.hasPrefix("PARTS ") && $0.contains("\"\(node)\"") })
            let record = try #require(
                try JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any])
            let announced = try #require(record["announced"] as? String)
            #expect(record["description"] as? String == announced)
            #expect(record["notificationRole"] as? String == "notification")
            #expect(record["partsDescription"] as? String == "Say the Hebrew word's parts one by one")
            expectPartsOfSource(announced, source[word - 1], word: node)
            said.append(announced)
        }
        let voice = try EnglishVoice()
        for (text, phonemes) in zip(said, try voice.phonemes(said)) {
            #expect(!voice.isSpelled(phonemes), "spelled: \(text) → \(phonemes)")
        }
        if checks.values.allSatisfy(\.passed) { try? FileManager.default.removeItem(at: workdir) }
    }
}
