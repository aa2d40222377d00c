import Foundation
import InterlinearAccessibility
import InterlinearReader
import InterlinearTestSupport
import Testing

/// `interlinear read --screen-reader` under a real terminal screen reader, Fenrir, at 80 columns: what it actually
/// says for each key, on John 1 and on Genesis 1. Exactly one utterance per key, the whole line (↑ and ↓ included,
/// which Fenrir reads with its shell-history rule: only the cursor's row), no Greek or Hebrew script, nothing cut
/// inside a word by a row end, nothing Fenrir's punctuation rules would name, and a Hebrew chapter never "Greek".
@Suite(
    "Reader under the Fenrir screen reader (tmux)", .serialized, .ownThread,
    .enabled(if: SystemTool.required("tmux", "fenrir"), SystemTool.reason("fenrir", package: "fenrir")))
struct FenrirEndToEndTests {
    /// A key to press, and whether the reader answers it with a line (a typed character only echoes).
    private enum Press {
        case key(String, Key)
        case typed(Character)
    }

    @Test("John 1: start-up, →, ←, ↓, ↑ (on a full screen), :14, / search, ?: one whole utterance each")
    func oneWholeUtterancePerKey() throws {
        // Enough → to fill the 12-row screen, so that ↑ and ↓ scroll it with the cursor on the bottom row, where
        // Fenrir's history rule reads only that row.
        var presses: [Press] = Array(repeating: .key("Right", .right), count: 10)
        presses += [.key("Left", .left), .key("Down", .down), .key("Up", .up), .key("Down", .down)]
        presses += [.key(":", .character(":")), .typed("1"), .typed("4"), .key("Enter", .enter)]
        presses += [.key("/", .character("/"))] + "logos".map { .typed($0) } + [.key("Enter", .enter)]
        presses += [.key("?", .character("?"))]
        try check("John 1", presses)
    }

    @Test("Genesis 1: →, ↓, R, d, / search, n: one whole utterance each, no Hebrew script, never \"Greek\"")
    func genesisOneWholeUtterancePerKey() throws {
        var presses: [Press] = Array(repeating: .key("Right", .right), count: 10)
        presses += [.key("Down", .down), .key("Right", .right), .key("R", .character("R")), .key("d", .character("d"))]
        presses += [.key("/", .character("/"))] + "light".map { .typed($0) } + [.key("Enter", .enter)]
        presses += [.key("n", .character("n")), .key("R", .character("R"))]
        try check("Genesis 1", presses)
    }

    /// The define key (issue 29) as Fenrir says it: over a store with the lexicon, `i` on John 1:1's first word (Ἐν,
    /// G1722) is one utterance that opens with the number and Strong's own transliteration (diatheke's `<orth>`, in
    /// plain letters), with no Greek script, and the key that gives the whole entry.
    @Test(
        "John 1 with the lexicon: i says the word's Strong's entry in one utterance, no Greek script",
        .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func defineKeyIsOneUtterance() throws {
        let store = try DefineCommandTests.store.get()
        let entry = try #require(try Diatheke.entry("StrongsGreek", 1722))
        let transliteration = try #require(
            Diatheke.element("<orth rend=\"bold\" type=\"trans\">", "</orth>", in: entry.markup))
        let session = try FenrirSession.started("read --screen-reader 'John 1'", columns: 80, rows: 12, corpus: store)
        defer { session.close() }
        let before = session.programUtterances.count
        try session.tmux.send("i")
        #expect(session.waitForUtterances(before + 1), "no utterance for i: \(session.programUtterances)")
        let said = try #require(session.programUtterances.dropFirst(before).first.map(FenrirSession.heard))
        #expect(said.hasPrefix("Strong's G1722, \(Diatheke.plainLetters(transliteration))"), "\(said)")
        #expect(said.hasSuffix("Press i again for the whole entry."), "\(said)")
        #expect(!containsGreek(said), "Greek reached the voice: \(said)")
        try session.tmux.send("q")
        #expect(try session.tmux.waitForExit())
    }

    /// Presses the keys in Fenrir's pane and checks what it said against the lines the same line mode prints
    /// in-process: one whole utterance per key, ↑ and ↓ within the cursor's row and checked on the bottom row.
    private func check(_ reference: String, _ presses: [Press]) throws {
        let columns = 80, rows = 12
        _ = try requiredTool("tmux", package: "tmux")
        let session = try FenrirSession.started("read '\(reference)' --screen-reader", columns: columns, rows: rows)
        defer { session.close() }

        // What the reader prints for each key, from the same line mode in-process.
        let chapter = try readerChapter(reference)
        var mode = LineMode(narration: ChapterNarration(chapter: chapter), columns: columns)
        var expected = [mode.openingLine.text + " " + mode.focusLine().text]
        // Without a first utterance every key below would wait its whole bound: stop here, saying why.
        try #require(
            session.programUtterances.count >= 1,
            "Fenrir said nothing of the program at start-up: \(session.utterances); \(session.diagnosis)")
        var verseMoves = 0, bottomRowChecked = false
        for press in presses {
            switch press {
            case .key(let name, let key):
                guard case .line(let line) = mode.handle(key) else { Issue.record("\(name) printed no line"); continue }
                expected.append(line.text)
                if key == .up || key == .down {
                    verseMoves += 1
                    // The whole line fits the cursor's row…
                    #expect(CellWidth.of(line.text) < columns, "\(name): \(line.text)")
                    // …and the cursor is on the bottom row when the key arrives (once the screen is full).
                    if try session.tmux.cursor.y == rows - 1 { bottomRowChecked = true }
                }
                try session.tmux.send(name)
                #expect(
                    session.waitForUtterances(expected.count), "no utterance for \(name): \(session.programUtterances)")
            case .typed(let character):
                _ = mode.handle(.character(character))
                // Typed one at a time, as a person types: wait for the echo before the next character.
                try session.tmux.type(String(character))
                let echoed = session.tmux.wait {
                    (try? session.tmux.rows().last { !$0.trimmingTrailingSpaces().isEmpty })?
                        .trimmingTrailingSpaces().hasSuffix(String(character)) == true
                }
                #expect(echoed, "\(character) was not echoed")
            }
        }
        #expect(verseMoves == 0 || bottomRowChecked, "↑/↓ never ran on a full screen")

        // A last key, so that anything still owed for the keys above has been said by the time its line is.
        guard case .line(let last) = mode.handle(.character(" ")) else { Issue.record("space printed no line"); return }
        expected.append(last.text)
        try session.tmux.send("Space")
        #expect(session.waitForUtterances(expected.count))

        let heard = session.programUtterances.map(FenrirSession.heard)
        #expect(heard.count == expected.count, "utterances:\n\(heard.joined(separator: "\n"))")
        for (said, line) in zip(heard, expected) {
            #expect(said == line.split(separator: " ").joined(separator: " "))
        }
        for utterance in session.programUtterances {
            #expect(!containsGreek(utterance), "Greek reached the voice: \(utterance)")
            #expect(
                !utterance.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) },
                "Hebrew script reached the voice: \(utterance)")
            if chapter.language == .hebrew { #expect(!utterance.contains("Greek"), "called Greek: \(utterance)") }
            for named in ["dash", "star", "tilde", "slash", "colon", "left bracket", "plus"] {
                #expect(!utterance.contains(" \(named) "), "Fenrir named a mark: \(utterance)")
            }
        }
        try session.tmux.send("q")
        let exited = try session.tmux.waitForExit()
        let screen = try session.tmux.lines().joined(separator: "\n")
        #expect(exited, "screen after q:\n\(screen)")
    }
}
