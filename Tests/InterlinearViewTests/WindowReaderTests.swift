import InterlinearAccessibility
import InterlinearCorpus
import InterlinearRender
import InterlinearTestSupport
import InterlinearView
import InterlinearWording
import Testing

/// The window as a reader, without a window: word details from a click or the focus, go anywhere, history,
/// search, zoom and themes. Expected values come from the committed chapter files read as text.
@Suite struct WindowReaderTests {
    /// The centre of word `offset` (0-based) of verse 1 in window points, from the layout's labels.
    func centre(ofWord offset: Int, in view: ChapterView) throws -> (x: Float, y: Float) {
        let labels = view.layout.labels(in: 0).filter { $0.tier == .source && Int($0.offset) == offset }
        let label = try #require(labels.first)
        return (label.x + label.width / 2, view.tree.table.origins[0] + label.y + label.height / 2 - view.scrollY)
    }

    /// `o` puts the Greek words in the running text a screen reader speaks and takes them out again, saying so in
    /// the status line; the scroll offset stays.
    @Test func oTurnsTheScriptInSpeechOnAndOff() throws {
        let view = try ViewFixture.view(screenReader: true)
        _ = view.scroll(to: 300)
        let scrollY = view.scrollY
        func hasGreek() -> Bool {
            view.tree.documentText().text.runs.contains { $0.language == "grc" }
        }
        #expect(!view.script.speech && view.script.braille && !hasGreek())
        #expect(ViewFixture.type(view, "o").contains(.layout))
        #expect(view.script.speech && hasGreek())
        #expect(view.statusLine.right == "Greek words on.")
        #expect(view.scrollY == scrollY)
        ViewFixture.type(view, "o")
        #expect(!view.script.speech && !hasGreek())
        #expect(view.statusLine.right == "Greek words off.")
    }

    /// `v` cycles how much a word's description says, as the terminal reader's `v` does (normal, the default, then
    /// full, brief, normal), saying the level in the status line; the focused word's description follows, worded by
    /// `WordSpeech` at that level. The levels are told apart by the chapter file's fields: full says the word's
    /// Strong's number, normal its dictionary form and no number, brief neither. The scroll offset stays.
    @Test func vCyclesTheVerbosityOfTheFocusedWordsDescription() throws {
        let view = try ViewFixture.view(screenReader: true)
        let rows = try WindowReaderFixture.rows("43-John/01.tsv").words.filter { $0.verse == 1 }
        let row = rows[2]  // ἦν: "G2258", from εἰμί
        _ = view.setFocus(ElementID(cell: 0, kind: .word(2)))
        let scrollY = view.scrollY
        let word = view.chapter.words[view.chapter.verses[0].word(at: 2)]
        #expect(view.chapter.text(word.surface) == row.surface && view.chapter.text(word.strongs) == row.strongs)
        let strongs = "Strong's G" + row.strongs.dropFirst().drop { $0 == "0" }
        let lemma =
            WordSpeech(verbosity: .full).line(word, in: view.chapter).text
            .components(separatedBy: ", from ").dropFirst().first?.components(separatedBy: ",").first ?? ""
        #expect(!lemma.isEmpty, "the full description names the dictionary form \(row.lemma)")
        func described() -> String { view.tree.utterance(of: ElementID(cell: 0, kind: .word(2)))?.description ?? "" }
        #expect(view.verbosity == .normal)
        for (level, said) in [
            (Verbosity.normal, ""), (.full, "Verbosity full."), (.brief, "Verbosity brief."),
            (.normal, "Verbosity normal."),
        ] {
            if !said.isEmpty {
                let change = ViewFixture.type(view, "v")
                #expect(change == .status && view.verbosity == level && view.message == said)
                #expect(view.spokenStatus == ReaderWording.verbosity(level).text)
            }
            let text = described()
            #expect(text == WordSpeech(verbosity: level).line(word, in: view.chapter).text, "\(level)")
            #expect(text.contains(Speakable.gloss(row.gloss)), "\(level): \(text)")
            #expect(text.contains(strongs) == (level == .full), "\(level): \(text)")
            #expect(text.contains("from \(lemma)") == (level != .brief), "\(level): \(text)")
        }
        #expect(view.scrollY == scrollY && view.focus == ElementID(cell: 0, kind: .word(2)))
        // Another chapter, and a new layout, keep the level.
        ViewFixture.type(view, "v")
        ViewFixture.press(view, .zoomIn)
        ViewFixture.type(view, "]")
        #expect(view.verbosity == .full && view.tree.verbosity == .full)
    }

    /// `?` is heard: the help's key list, said in words (no arrow, no Greek), nothing espeak-ng's English voice spells.
    @Test(.enabled(if: SystemTool.find("espeak-ng") != nil, "espeak-ng is not installed (scripts/setup)"))
    func helpIsSpoken() throws {
        let view = try ViewFixture.view()
        #expect(view.spokenStatus == nil)
        ViewFixture.type(view, "?")
        let said = try #require(view.spokenStatus)
        for row in KeyHelp.rows {
            let plain = row.does.split(separator: "(")[0].trimmingCharacters(in: .whitespaces)
            #expect(said.contains(plain.prefix(8)), "\(row.does)")
        }
        #expect(said.contains("j k, h Shift+h: next, previous verse."))
        #expect(!said.unicodeScalars.contains { $0.value > 0x7F && $0 != "–" }, "\(said)")
        let voice = try EnglishVoice()
        #expect(!voice.isSpelled(try voice.phonemes([said])[0]), "\(said)")
        ViewFixture.type(view, "x")
        #expect(view.spokenStatus == nil)
    }

    /// j and h go to the next verse, k and Shift+h back, focusing its number at the top; the chapter's ends say so.
    @Test func verseKeysStepThroughTheVerses() throws {
        let view = try ViewFixture.view()
        ViewFixture.type(view, "h")
        #expect(ViewFixture.focusID(view) == "John.1.2.v")
        ViewFixture.type(view, "j")
        #expect(ViewFixture.focusID(view) == "John.1.3.v")
        #expect(view.scrollY == view.tree.table.origins[2])
        ViewFixture.type(view, "H")
        ViewFixture.type(view, "k")
        #expect(ViewFixture.focusID(view) == "John.1.1.v")
        ViewFixture.type(view, "k")
        #expect(view.message == "First verse." && ViewFixture.focusID(view) == "John.1.1.v")
        ViewFixture.type(view, ":51")
        ViewFixture.press(view, .enter)
        ViewFixture.type(view, "h")
        #expect(view.message == "Last verse." && ViewFixture.focusID(view) == "John.1.51.v")
    }

    /// i and p say the focused word's dictionary entry and a Hebrew word's parts in the status line, as the define and
    /// parts actions announce them; without a focused word they say how to get one.
    @Test func defineAndPartsKeys() throws {
        let view = try ViewFixture.view("Genesis 1")
        ViewFixture.type(view, "p")
        #expect(view.message == ReaderWording.noWordFocused.text)
        ViewFixture.press(view, .tab, .tab)
        #expect(ViewFixture.focusID(view) == "Gen.1.1.w1")
        ViewFixture.type(view, "p")
        // בְּרֵאשִׁית: the morphemes of Genesis 1's chapter file (H871a in, H7225 beginning).
        let parts = try #require(view.message)
        #expect(parts.hasPrefix("2 parts. Part 1: ") && parts.contains("H871a") && parts.contains("H7225"), "\(parts)")
        ViewFixture.type(view, "i")
        // The committed corpus has no store: the dictionary is missing, and the key says so.
        #expect(view.message == ReaderWording.noDictionary.text, "\(view.message ?? "")")
        let greek = try ViewFixture.view()
        ViewFixture.press(greek, .tab, .tab)
        ViewFixture.type(greek, "p")
        #expect(greek.message == "Greek words are not split into parts here.")
    }

    @Test func aClickOnAWordOpensItsDetails() throws {
        let view = try ViewFixture.view(height: 844)
        let (verses, words) = try WindowReaderFixture.rows("43-John/01.tsv")
        // λόγος: the fifth word of John 1:1 (Ἐν ἀρχῇ ἦν ὁ λόγος), offset 4.
        let row = words.filter { $0.verse == 1 }[4]
        #expect(row.surface == "λόγος")
        let point = try centre(ofWord: 4, in: view)
        let heightBefore = view.viewport.height
        let change = view.click(x: point.x, y: point.y)
        #expect(change.contains(.focus))
        #expect(ViewFixture.focusID(view) == "John.1.1.w5")
        let details = try #require(view.details)
        #expect(details.surface == row.surface && details.transliteration == row.transliteration)
        #expect(details.lemma == row.lemma && details.strongs == row.strongs && details.morphology == row.morphology)
        #expect(details.gloss == row.gloss)
        #expect(details.parsing == "noun, nominative singular masculine", "Robinson's N-NSM in words")
        let tokens = try #require(verses[1]).split(separator: " ").map(String.init)
        #expect(details.english == row.alignment.map { tokens[$0] })
        #expect(details.reference == "John 1:1" && details.position == 5 && details.language == "grc")
        // 390 points wide: the pane is below the chapter, and the table is shorter by its height.
        let pane = try #require(view.pane)
        #expect(pane.placement == .below)
        #expect(view.viewport.height == heightBefore - pane.size)
        // The screen reader hears the same word through the accessibility layer: its element's description.
        #expect(
            ViewFixture.press(view, .escape).contains(.status) && view.pane == nil
                && view.viewport.height == heightBefore)
        #expect(ViewFixture.press(view, .escape) == .quit, "a second Esc quits")
    }

    @Test func aWideWindowPutsThePaneBesideAndRelaysOut() throws {
        let view = try ViewFixture.view(width: 1000, height: 700)
        #expect(view.viewport.width == 1000)
        ViewFixture.press(view, .tab, .tab)  // the verse number, then the first word
        let pane = try #require(view.pane)
        #expect(pane.placement == .beside)
        #expect(view.viewport.width == 1000 - pane.size && view.options.width == 1000 - pane.size)
        #expect(view.layout.labels.allSatisfy { $0.x + $0.width <= view.viewport.width + 0.01 })
        #expect(view.details?.position == 1)
    }

    @Test func colonTakesAnyReferenceAndHistoryGoesBack() throws {
        let view = try WindowReaderFixture.view("John 1")
        ViewFixture.type(view, ":Rom 8:28")
        let change = ViewFixture.press(view, .enter)
        #expect(change.contains(.chapter))
        #expect(view.chapter.reference.description == "Romans 8")
        #expect(ViewFixture.topVerse(view) == 28 && ViewFixture.focusID(view) == "Rom.8.28.v")
        ViewFixture.type(view, ":Ps 23")
        ViewFixture.press(view, .enter)
        #expect(view.chapter.reference.description == "Psalm 23" && view.scrollY == 0)
        ViewFixture.press(view, .back)
        #expect(view.chapter.reference.description == "Romans 8")
        #expect(
            view.scrollY == view.tree.table.origins[27]
                || view.scrollY == view.tree.table.maxScroll(viewportHeight: view.viewport.height))
        ViewFixture.press(view, .back)
        #expect(view.chapter.reference.description == "John 1" && view.scrollY == 0)
        #expect(ViewFixture.press(view, .back) == .status && view.message == "Nothing to go back to")
        ViewFixture.press(view, .forward, .forward)
        #expect(view.chapter.reference.description == "Psalm 23")
        // A bare number is a verse here; nonsense says so and stays.
        ViewFixture.type(view, ":5")
        ViewFixture.press(view, .enter)
        #expect(ViewFixture.focusID(view) == "Ps.23.5.v")
        ViewFixture.type(view, ":Hezekiah 3")
        ViewFixture.press(view, .enter)
        #expect(view.message?.hasPrefix("not a reference: Hezekiah 3") == true)
        #expect(view.chapter.reference.description == "Psalm 23")
        ViewFixture.type(view, ":Mark 4")
        ViewFixture.press(view, .enter)
        #expect(view.message?.hasPrefix("cannot open Mark 4") == true, "\(view.message ?? "")")
    }

    @Test func slashSearchesTheStoreAndNGoesThroughTheHits() throws {
        let view = try WindowReaderFixture.view("John 1")
        let (_, words) = try WindowReaderFixture.rows("43-John/01.tsv")
        // Expected: the words whose lemma is λόγος, in order, numbered within their verse from 1.
        var expected: [(verse: Int, word: Int)] = []
        var position: [Int: Int] = [:]
        for row in words {
            position[row.verse, default: 0] += 1
            if row.lemma == "λόγος" { expected.append((row.verse, position[row.verse]!)) }
        }
        #expect(expected.count == 4)
        ViewFixture.type(view, "/λόγος")
        #expect(view.statusLine.right == "Search: λόγος")
        ViewFixture.press(view, .enter)
        let search = try #require(view.search, "\(view.message ?? "")")
        #expect(search.hits.map(\.verse) == expected.map(\.verse))
        #expect(search.hits.map(\.word) == expected.map(\.word))
        // The store holds the committed chapters: the Bible-wide count is the words of that lemma in their files.
        let everywhere = try ["40-Matt/01.tsv", "43-John/01.tsv", "45-Rom/08.tsv", "66-Rev/22.tsv"].reduce(0) {
            $0 + (try WindowReaderFixture.rows($1).words.filter { $0.lemma == "λόγος" }.count)
        }
        #expect(search.total == everywhere && everywhere > expected.count)
        // The answer is said: the count here and in the Bible, then which hit each n or N reached.
        #expect(view.message == "4 hits in John 1, \(everywhere) in the Bible. n goes to the next.")
        #expect(view.pane != nil)
        ViewFixture.type(view, "n")
        #expect(ViewFixture.focusID(view) == "John.1.1.w\(expected[0].word)")
        #expect(view.message == "hit 1 of 4")
        ViewFixture.type(view, "n")
        #expect(view.message == "hit 2 of 4")
        ViewFixture.type(view, "NN")
        #expect(ViewFixture.focusID(view) == "John.1.14.w\(expected[3].word)", "N from the first wraps to the last")
        #expect(view.message == "hit 4 of 4")
        #expect(view.details?.lemma == "λόγος")
        ViewFixture.type(view, "/lemma:")
        ViewFixture.press(view, .enter)
        #expect(view.message?.hasPrefix("search:") == true || view.search?.hits.isEmpty == true)
    }

    @Test func searchWithoutAStoreSaysWhatToDo() throws {
        let view = try ViewFixture.view()
        ViewFixture.type(view, "/λόγος")
        ViewFixture.press(view, .enter)
        #expect(view.search == nil)
        #expect(view.message == "search: search reads the corpus store, and there is none: run `interlinear import`")
    }

    @Test func zoomReflowsEveryTierToTheWindowWidth() throws {
        let view = try ViewFixture.view(width: 390, height: 844)
        let before = view.layout.labels.count
        let sizes = Tier.allCases.map { view.options.size(of: $0) }
        for _ in 0..<3 { ViewFixture.press(view, .zoomIn) }
        #expect(view.options.fontSize == 29.5, "17 × 1.2 three times, each rounded to a half point")
        for (tier, size) in zip(Tier.allCases, sizes) {
            #expect(abs(view.options.size(of: tier) / size - 29.5 / 17) < 0.001, "\(tier) scales with the rest")
        }
        #expect(view.layout.labels.count == before)
        #expect(view.layout.labels.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 390.01 }, "no label past the window")
        for _ in 0..<20 { ViewFixture.press(view, .zoomIn) }
        #expect(view.options.fontSize == 48 && view.message == "Font size 48 pt is the largest")
        #expect(view.layout.labels.allSatisfy { $0.x + $0.width <= 390.01 })
        for _ in 0..<40 { ViewFixture.press(view, .zoomOut) }
        #expect(view.options.fontSize == 8)
    }

    @Test func helpAndThemeKeys() throws {
        let view = try ViewFixture.view()
        ViewFixture.type(view, "?")
        #expect(view.helpShown)
        #expect(ViewFixture.press(view, .down) == .status && !view.helpShown, "any key closes help, and only that")
        #expect(view.scrollY == 0)
        ViewFixture.press(view, .help)
        #expect(view.helpShown)
        ViewFixture.type(view, "x")
        ViewFixture.type(view, "t")
        #expect(view.theme == .dark)
        ViewFixture.type(view, "tt")
        #expect(view.theme == .light)
    }

    @Test func digitsShowAndHideTiers() throws {
        let view = try ViewFixture.view()
        #expect(view.tierList == "source,transliteration,strongs,morphology,gloss,translation")
        let layouts = view.layoutCount
        #expect(ViewFixture.type(view, "6").contains(.layout) && view.layoutCount == layouts + 1)
        #expect(view.message == "translation hidden")
        #expect(!view.layout.labels.contains { $0.tier == .translation })
        ViewFixture.type(view, "1234")
        #expect(view.tierList == "gloss")
        #expect(view.layout.labels.allSatisfy { $0.tier == .gloss || $0.tier == .verse })
        #expect(!ViewFixture.type(view, "5").contains(.layout) && view.tierList == "gloss", "one word tier stays")
        #expect(view.message == "gloss stays: one word tier at least is shown")
        ViewFixture.type(view, "61")
        #expect(view.tierList == "source,gloss,translation")
    }

    @Test func promptAndHistoryValues() throws {
        var prompt = CommandPrompt(.go)
        for c in "  Rom 8:28 " { _ = prompt.type(c) }
        #expect(prompt.trimmed == "Rom 8:28" && prompt.text == "Go to:   Rom 8:28 ")
        let typedBell = prompt.type("\u{7}")
        #expect(!typedBell, "a control character is not typed")
        for _ in 0..<500 { _ = prompt.type("x") }
        #expect(prompt.typed.count == CommandPrompt.maximumLength)
        var history = ReadingHistory()
        let john = ReadingHistory.Place(chapter: try #require(ChapterReference(parsing: "John 1")), scrollY: 10)
        let romans = ReadingHistory.Place(chapter: try #require(ChapterReference(parsing: "Romans 8")), scrollY: 0)
        for _ in 0..<(ReadingHistory.limit + 50) { history.leave(john); history.leave(romans) }
        #expect(history.back.count == ReadingHistory.limit)
        let back = history.goBack(from: john)
        #expect(back == romans && history.forward == [john])
        history.leave(john)
        #expect(history.forward.isEmpty, "going somewhere new forgets forward")
    }
}
