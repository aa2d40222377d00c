import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearTable
import InterlinearTestSupport
import InterlinearTypesetting
import InterlinearView
import Testing

/// The window's model without a window: scrolling, the go-to-verse prompt, chapter steps, resizing.
@Suite struct ChapterViewTests {
    @Test func scrollingClampsToTheContent() throws {
        let view = try ViewFixture.view(height: 600)
        let limit = view.tree.table.maxScroll(viewportHeight: view.viewport.height)
        #expect(view.viewport.height == 600 - ChapterView.statusBarHeight)
        #expect(limit > 1000)
        #expect(ViewFixture.press(view, .up) == [], "already at the top: nothing changes, nothing to redraw")
        #expect(ViewFixture.press(view, .down) == .scrolled)
        #expect(view.scrollY == ChapterView.lineStep)
        ViewFixture.press(view, .pageDown)
        #expect(view.scrollY == ChapterView.lineStep + view.viewport.height - ChapterView.lineStep)
        #expect(view.scroll(by: -1e9) == .scrolled && view.scrollY == 0)
        ViewFixture.press(view, .end)
        #expect(view.scrollY == limit)
        #expect(ViewFixture.press(view, .down, .pageDown, .end) == [], "at the bottom nothing moves")
        #expect(view.scroll(by: .infinity) == .scrolled && view.scrollY == 0, "a non-finite offset goes to the top")
        ViewFixture.press(view, .end, .pageUp)
        #expect(view.scrollY == limit - view.pageStep)
        ViewFixture.press(view, .home)
        #expect(view.scrollY == 0)
        // The start option is clamped the same way.
        #expect(try ViewFixture.view(scrollY: 1e7).scrollY == limit)
        #expect(try ViewFixture.view(scrollY: -50).scrollY == 0)
    }

    @Test func scrollingWithTheReaderOffDoesNoAccessibilityWork() throws {
        let view = try ViewFixture.view(height: 500)
        for i in 0..<1000 {
            ViewFixture.press(view, i % 3 == 0 ? .pageDown : .down)
            if view.scrollY == view.tree.table.maxScroll(viewportHeight: view.viewport.height) {
                ViewFixture.press(view, .home)
            }
            _ = view.visibleCells
            _ = view.statusLine
        }
        #expect(view.tree.stats == AccessibilityTree.Stats())
        #expect(view.tree.layout.cells.indices.allSatisfy { !view.tree.isBuilt(cell: $0) })
    }

    @Test func goToVersePrompt() throws {
        let view = try ViewFixture.view(height: 600)
        #expect(ViewFixture.type(view, ":") == .status)
        #expect(view.prompt != nil && view.statusLine.right == "Go to: ")
        ViewFixture.type(view, "129")
        #expect(view.statusLine.right == "Go to: 129")
        ViewFixture.press(view, .backspace, .backspace)
        #expect(view.statusLine.right == "Go to: 1")
        ViewFixture.type(view, "4")
        let change = ViewFixture.press(view, .enter)
        #expect(change.isSuperset(of: [.scrolled, .focus, .status]))
        #expect(view.prompt == nil)
        #expect(ViewFixture.topVerse(view) == 14)
        #expect(view.scrollY == view.tree.table.origins[13])
        #expect(ViewFixture.focusID(view) == "John.1.14.v")

        // Near the end the offset is clamped (the last verse is shorter than this viewport); it is focused.
        _ = view.resize(width: 390, height: 800)
        ViewFixture.type(view, ":51")
        ViewFixture.press(view, .enter)
        let limit = view.tree.table.maxScroll(viewportHeight: view.viewport.height)
        #expect(view.tree.table.origins[50] > limit)
        #expect(view.scrollY == limit)
        #expect(view.visibleCells.contains(50) && ViewFixture.focusID(view) == "John.1.51.v")

        // An unknown verse says so and moves nothing; Esc closes the prompt without quitting.
        let before = view.scrollY
        ViewFixture.type(view, ":99")
        ViewFixture.press(view, .enter)
        #expect(view.message == "John 1 has no verse 99 (verses 1–51)" && view.scrollY == before)
        ViewFixture.type(view, ":7")
        #expect(ViewFixture.press(view, .escape) == .status && view.prompt == nil && view.scrollY == before)
        ViewFixture.type(view, ":")
        #expect(ViewFixture.press(view, .enter) == .status && view.scrollY == before, "an empty prompt goes nowhere")
        #expect(view.tree.stats == AccessibilityTree.Stats())
    }

    @Test func quitKeysAndSnapshot() throws {
        let view = try ViewFixture.view()
        #expect(ViewFixture.type(view, "q") == .quit)
        #expect(ViewFixture.press(view, .escape) == .quit)
        #expect(ViewFixture.press(view, .snapshot) == .snapshot)
        ViewFixture.type(view, ":")
        #expect(
            ViewFixture.type(view, "q") == .status && view.prompt?.typed == "q",
            "q inside the prompt is typed, not quit")
        #expect(ViewFixture.press(view, .snapshot) == .snapshot, "F12 works inside the prompt")
    }

    @Test func chapterSteppingFollowsTheCorpus() throws {
        let view = try ViewFixture.view(height: 500)
        #expect(
            view.catalog.chapters.map(\.description)
                == ["Genesis 1", "Psalm 23", "Isaiah 53", "Matthew 1", "John 1", "Romans 8", "Revelation 22"])
        ViewFixture.press(view, .pageDown, .tab)
        #expect(view.title == "interlinear — John 1")
        let change = ViewFixture.type(view, "]")
        #expect(change.isSuperset(of: [.chapter, .layout]))
        #expect(view.title == "interlinear — Romans 8")
        #expect(view.chapter.reference.description == "Romans 8" && view.scrollY == 0 && view.focus == nil)
        #expect(view.message == "John 2 is not in the corpus: showing Romans 8")
        ViewFixture.press(view, .nextChapter)
        #expect(view.title == "interlinear — Revelation 22")
        // At the end: said in the status line; nothing else changes.
        #expect(ViewFixture.type(view, "]") == .status)
        #expect(view.title == "interlinear — Revelation 22")
        #expect(view.message == "Revelation 22 is the last chapter")
        ViewFixture.press(view, .previousChapter)
        ViewFixture.type(view, "[")
        ViewFixture.type(view, "[")
        #expect(view.title == "interlinear — Matthew 1")
        // Across the testaments: Malachi 3 is not in the corpus, Isaiah 53 is.
        ViewFixture.type(view, "[")
        #expect(view.title == "interlinear — Isaiah 53")
        #expect(view.message == "Malachi 3 is not in the corpus: showing Isaiah 53")
        ViewFixture.type(view, "[")
        ViewFixture.type(view, "[")
        #expect(view.title == "interlinear — Genesis 1")
        #expect(ViewFixture.type(view, "[") == .status)
        #expect(view.message == "Genesis 1 is the first chapter")
        // The next key clears the message.
        #expect(ViewFixture.press(view, .down).contains(.status) && view.message == nil)
        #expect(view.layoutCount == 9, "the first layout and one per chapter shown")
        #expect(view.tree.stats == AccessibilityTree.Stats())
    }

    /// `--hebrew-marks` holds for every chapter the window turns to, not only the first: Psalm 23 after Genesis 1
    /// with consonants only has none of the Hebrew block's points and accents (U+0591–U+05BD, U+05BF, U+05C1–U+05C2,
    /// U+05C4–U+05C5, U+05C7: the Unicode Standard's Hebrew chart), where the fully marked Psalm 23 has them.
    @Test func turningThePageKeepsTheHebrewMarksShown() throws {
        func marks(_ chapter: Chapter) -> Int {
            chapter.words.reduce(0) { count, word in
                count
                    + chapter.text(word.printed).unicodeScalars.filter {
                        (0x0591...0x05BD).contains($0.value)
                            || [0x05BF, 0x05C1, 0x05C2, 0x05C4, 0x05C5, 0x05C7]
                                .contains($0.value)
                    }.count
            }
        }
        let session = try makeSession(options: LayoutOptions(width: 390))
        let catalog = ChapterCatalog(session: session, hebrewMarks: .none)
        let genesis = try catalog.load(try #require(ChapterReference(parsing: "Genesis 1")))
        let view = ChapterView(
            chapter: genesis, layout: session.layout(genesis), catalog: catalog, windowHeight: 600, scrollY: 0)
        #expect(marks(view.chapter) == 0)
        ViewFixture.type(view, "]")
        #expect(view.title == "interlinear — Psalm 23")
        #expect(marks(view.chapter) == 0)
        let marked = try ViewFixture.view("Psalm 23")
        #expect(marks(marked.chapter) > 0, "the fully marked psalm has points and accents")
    }

    @Test func theStatusLineNamesTheChapterTheCorpusLacks() throws {
        let view = try ViewFixture.view(chapters: ["John 1"])
        #expect(ViewFixture.type(view, "]") == .status)
        #expect(view.message == "John 2 is not in the corpus; John 1 is the last one in it")
        #expect(ViewFixture.type(view, "[") == .status)
        #expect(view.message == "Luke 24 is not in the corpus; John 1 is the first one in it")
        #expect(view.title == "interlinear — John 1")
    }

    @Test func neighboursCrossBooksAndStopAtTheEnds() throws {
        func ref(_ text: String) throws -> ChapterReference { try #require(ChapterReference(parsing: text)) }
        #expect(ChapterCatalog.neighbour(of: try ref("John 1"), forward: true) == (try ref("John 2")))
        #expect(ChapterCatalog.neighbour(of: try ref("John 21"), forward: true) == (try ref("Acts 1")))
        #expect(ChapterCatalog.neighbour(of: try ref("Acts 1"), forward: false) == (try ref("John 21")))
        #expect(ChapterCatalog.neighbour(of: try ref("Jude 1"), forward: true) == (try ref("Revelation 1")))
        #expect(ChapterCatalog.neighbour(of: try ref("Matthew 1"), forward: false) == (try ref("Malachi 3")))
        #expect(ChapterCatalog.neighbour(of: try ref("Genesis 1"), forward: false) == nil)
        #expect(ChapterCatalog.neighbour(of: try ref("Revelation 22"), forward: true) == nil)
    }

    @Test func catalogStepsFromAChapterItDoesNotList() throws {
        let session = Interlinear(library: ViewFixture.library, fonts: try sharedFontChain())
        let catalog = ChapterCatalog(session: session)
        func ref(_ text: String) throws -> ChapterReference { try #require(ChapterReference(parsing: text)) }
        #expect(catalog.chapter(1, from: try ref("John 1")) == (try ref("Romans 8")))
        #expect(catalog.chapter(-1, from: try ref("John 1")) == (try ref("Matthew 1")))
        #expect(catalog.chapter(1, from: try ref("Luke 3")) == (try ref("John 1")), "unlisted: the next one after it")
        #expect(catalog.chapter(-1, from: try ref("Luke 3")) == (try ref("Matthew 1")))
        #expect(catalog.chapter(2, from: try ref("Matthew 1")) == (try ref("Romans 8")))
        #expect(catalog.chapter(1, from: try ref("Revelation 22")) == nil)
        #expect(catalog.chapter(-1, from: try ref("Matthew 1")) == (try ref("Isaiah 53")))
        #expect(catalog.chapter(-1, from: try ref("Genesis 1")) == nil)
        let empty = ChapterCatalog(session: session, chapters: [])
        #expect(empty.chapter(1, from: try ref("John 1")) == nil)
    }

    @Test func resizeRelaysOutWarmAndKeepsTheTopVerse() throws {
        let view = try ViewFixture.view(width: 390, height: 600)
        ViewFixture.type(view, ":20")
        ViewFixture.press(view, .enter, .down)  // verse 20 at the top, scrolled 40 points into it
        let top = try #require(view.visibleCells.first)
        #expect(view.tree.verseNumber(ofCell: VerseIndex(top)) == 20)
        let into = view.scrollY - view.tree.table.origins[top]
        let fraction = into / (view.tree.table.origins[top + 1] - view.tree.table.origins[top])
        #expect(fraction > 0 && fraction < 1)
        let labels = view.layout.labels.count
        let shaped = view.catalog.session.cache.shapedCount

        let change = view.resize(width: 800, height: 600)
        #expect(change == [.layout, .scrolled])
        #expect(view.layout.options.width == 800 && view.viewport.width == 800 && view.layout.options.sideBySide)
        #expect(view.catalog.session.cache.shapedCount == shaped, "re-layout at another width shapes nothing")
        #expect(view.layout.labels.count == labels)
        #expect(ViewFixture.topVerse(view) == 20)
        let newTop = try #require(view.visibleCells.first)
        let newFraction =
            (view.scrollY - view.tree.table.origins[newTop])
            / (view.tree.table.origins[newTop + 1] - view.tree.table.origins[newTop])
        #expect(abs(newFraction - fraction) < 1e-4)
        #expect(ViewFixture.focusID(view) == "John.1.20.v", "focus survives the re-layout")

        // Only the height: no new layout.
        let layouts = view.layoutCount
        #expect(view.resize(width: 800, height: 700) == .viewport)
        #expect(view.layoutCount == layouts && view.viewport.height == 700 - ChapterView.statusBarHeight)
        #expect(view.resize(width: 800, height: 700) == [], "the same size changes nothing")

        // At the bottom, a narrower layout (taller content) stays at the bottom.
        ViewFixture.press(view, .end)
        #expect(view.resize(width: 390, height: 700).contains(.layout))
        #expect(view.scrollY == view.tree.table.maxScroll(viewportHeight: view.viewport.height))
        // Narrower than the layout's lower bound: laid out at the bound, the viewport as wide as the window.
        _ = view.resize(width: 60, height: 700)
        #expect(view.layout.options.width == ChapterView.minimumLayoutWidth && view.viewport.width == 60)
        #expect(view.resize(width: .nan, height: 10) == [])
        #expect(view.tree.stats == AccessibilityTree.Stats())
    }

    @Test func resizeWithTheReaderOnKeepsTheReaderOnAndBuildsNothing() throws {
        let view = try ViewFixture.view(width: 390, height: 600, screenReader: true)
        _ = view.tree.container(at: 0)
        #expect(view.tree.stats.containersBuilt == 1)
        _ = view.resize(width: 700, height: 600)
        #expect(view.screenReaderEnabled)
        #expect(view.tree.stats.containersBuilt == 0, "a new layout starts a new tree: built on request again")
    }

    @Test func statusLineNamesTheVisibleVerses() throws {
        let view = try ViewFixture.view(height: 600)
        let cells = view.visibleCells
        #expect(view.statusLine.left == "John 1 · verses 1–\(cells.upperBound) of 51")
        #expect(view.statusLine.right.contains("q quit"))
    }
}
