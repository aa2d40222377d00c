import InterlinearAccessibility
import InterlinearTable
import InterlinearView
import Testing

/// Keyboard focus: word by word across verses, scrolled into view, and the same with the screen reader off (from
/// the labels, building nothing) as on (from the accessibility tree).
@Suite struct ChapterViewFocusTests {
    /// One Tab press: where focus went, the ring's frame and the scroll offset after it.
    struct Step: Equatable {
        var id: ElementID
        var ring: Rect
        var scrollY: Float
    }

    /// Tabs from the top to the end of the chapter.
    func walk(_ view: ChapterView, key: Key = .tab) throws -> [Step] {
        var steps: [Step] = []
        while true {
            let change = view.handle(key)
            if view.message != nil { break }  // "End of John 1"
            #expect(change.contains(.focus))
            let id = try #require(view.focus)
            let ring = try #require(view.focusRing)
            steps.append(Step(id: id, ring: ring, scrollY: view.scrollY))
            if view.screenReaderEnabled {
                // The ring is exactly where the accessibility layer tells a screen reader the element is.
                #expect(try #require(view.tree.screenFrame(of: id)).bounds == ring)
            }
            if steps.count > 100_000 { Issue.record("focus never reached the end"); break }
        }
        return steps
    }

    @Test(arguments: ["John 1", "Romans 8"])
    func readerOffWalksTheTreesOrderWithoutBuildingIt(reference: String) throws {
        let off = try ViewFixture.view(reference, height: 500)
        let offSteps = try walk(off)
        #expect(off.tree.stats == AccessibilityTree.Stats(), "focus with the reader off built elements")
        #expect(off.message == "End of \(off.chapter.reference)")

        let on = try ViewFixture.view(reference, height: 500, screenReader: true)
        let onSteps = try walk(on)
        // The same elements in the same order, the same rings and the same scrolling as the accessibility tree.
        #expect(offSteps == onSteps)
        let all = ViewFixture.allElements(on.tree)
        #expect(offSteps.map(\.id) == all)
    }

    @Test func tabAndArrowsMoveWordByWordAcrossVerses() throws {
        let view = try ViewFixture.view()
        #expect(view.focus == nil && view.focusRing == nil)
        ViewFixture.press(view, .tab)
        #expect(ViewFixture.focusID(view) == "John.1.1.v")
        ViewFixture.press(view, .right)
        #expect(ViewFixture.focusID(view) == "John.1.1.w1")
        ViewFixture.press(view, .tab)
        #expect(ViewFixture.focusID(view) == "John.1.1.w2")
        ViewFixture.press(view, .left, .shiftTab)
        #expect(ViewFixture.focusID(view) == "John.1.1.v")
        // At the start, backwards says so and keeps focus.
        let change = ViewFixture.press(view, .shiftTab)
        #expect(change == .status && view.message == "Start of John 1")
        #expect(ViewFixture.focusID(view) == "John.1.1.v")

        // After the Greek words, the whole translation is one stop, then its words.
        let verse1 = view.chapter.verses[0]
        let translationCount = verse1.translation.count
        let wordCount = verse1.words.count
        for _ in 0..<wordCount { ViewFixture.press(view, .tab) }
        #expect(ViewFixture.focusID(view) == "John.1.1.w\(wordCount)")
        ViewFixture.press(view, .tab)
        #expect(ViewFixture.focusID(view) == "John.1.1.t")
        ViewFixture.press(view, .tab)
        #expect(ViewFixture.focusID(view) == "John.1.1.t1")
        // Across a verse boundary: the last element of verse 1 (its last translation word), then verse 2's number.
        for _ in 0..<(translationCount - 1) { ViewFixture.press(view, .tab) }
        #expect(ViewFixture.focusID(view) == "John.1.1.t\(translationCount)")
        ViewFixture.press(view, .tab)
        #expect(ViewFixture.focusID(view) == "John.1.2.v")
        ViewFixture.press(view, .left)
        #expect(ViewFixture.focusID(view) == "John.1.1.t\(translationCount)")
        #expect(view.tree.stats == AccessibilityTree.Stats())
    }

    @Test func focusOffScreenScrollsIntoView() throws {
        // 500 points: once a word is focused the details pane below takes 194, leaving the table 282 (276 before
        // the pane existed), where every block and translation of John 1 fits.
        let view = try ViewFixture.view(height: 500)
        var scrolls = 0
        for _ in 0..<400 {
            let before = view.scrollY
            let change = ViewFixture.press(view, .tab)
            let ring = try #require(view.focusRing)
            // Whatever moved, the focused element is now wholly inside the viewport (John 1's blocks all fit).
            #expect(ring.y >= 0 && ring.maxY <= view.viewport.height, "ring \(ring) outside \(view.viewport)")
            #expect(change.contains(.scrolled) == (view.scrollY != before))
            // It scrolled exactly when the new focus was not wholly in view before the key.
            let top = ring.y + view.scrollY, bottom = ring.maxY + view.scrollY
            let wasInView = top >= before && bottom <= before + view.viewport.height
            #expect((view.scrollY != before) == !wasInView)
            if view.scrollY != before {
                scrolls += 1
                #expect(view.scrollY > before, "Tab only scrolls down")
            }
        }
        #expect(scrolls > 3, "400 Tabs through a \(view.viewport.height)-point viewport scrolled only \(scrolls) times")
        #expect(view.tree.stats == AccessibilityTree.Stats())

        // Backwards to the start scrolls back up, and the ring stays in view.
        while view.message == nil {
            ViewFixture.press(view, .shiftTab)
            let ring = try #require(view.focusRing)
            #expect(ring.y >= 0 && ring.maxY <= view.viewport.height)
        }
        #expect(ViewFixture.focusID(view) == "John.1.1.v")
        #expect(view.visibleCells.first == 0)
    }

    @Test func focusScrolledAwayReentersAtTheViewport() throws {
        let view = try ViewFixture.view(height: 400)
        ViewFixture.press(view, .tab, .tab)
        #expect(ViewFixture.focusID(view) == "John.1.1.w1")
        // The focused word scrolls out of view; Tab enters at the first element wholly in view, not back at verse 1.
        ViewFixture.press(view, .end)
        let end = view.scrollY
        ViewFixture.press(view, .tab)
        let id = try #require(view.focus)
        #expect(Int(id.cell) >= view.visibleCells.lowerBound)
        #expect(view.scrollY == end, "entering at the viewport must not scroll")
        let ring = try #require(view.focusRing)
        #expect(ring.y >= 0)
        // Shift-Tab from a focus scrolled away enters at the last element wholly in view.
        ViewFixture.press(view, .home)
        ViewFixture.press(view, .shiftTab)
        let back = try #require(view.focusRing)
        #expect(back.maxY <= view.viewport.height && view.scrollY == 0)
        #expect(try #require(view.focus).cell < 3)
    }

    @Test func screenReaderFocusRequestScrollsAndLateStartBuildsOnlyWhatIsAsked() throws {
        let view = try ViewFixture.view(height: 400)
        ViewFixture.press(view, .tab, .tab, .pageDown, .pageDown)
        #expect(view.tree.stats == AccessibilityTree.Stats())
        // The reader starts late; the focus id survives; an assistive technology asks to focus verse 30's word 2.
        view.screenReaderEnabled = true
        #expect(ViewFixture.focusID(view) == "John.1.1.w1")
        guard case .element(let target)? = view.tree.target(parsing: "John.1.30.w2") else {
            Issue.record("no John.1.30.w2")
            return
        }
        let change = view.setFocus(target)
        #expect(change == [.focus, .scrolled, .status], "the details pane shows the newly focused word")
        #expect(view.isInView(target))
        #expect(view.tree.stats.containersBuilt == 1, "only verse 30 was asked about")
        // An id naming nothing changes nothing.
        #expect(view.setFocus(ElementID(cell: 29, kind: .word(999))) == [])
        #expect(view.focus == target)
    }
}
