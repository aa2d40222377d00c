import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTestSupport
import Testing

/// Swiping through the whole chapter, across cells and off-screen.
@Suite struct NavigationTests {
    @Test(arguments: A11yFixture.references, Granularity.allCases)
    func nextVisitsEveryElementOnceAndPreviousRetraces(reference: String, granularity: Granularity) throws {
        let tree = try A11yFixture.tree(reference, granularity: granularity, notes: [2, 7])
        var forward: [ElementID] = []
        var current = tree.firstElement()
        while let id = current {
            forward.append(id)
            current = tree.next(after: id)
            #expect(forward.count <= 100_000)
        }
        // Exactly the containers' elements, in reading order: cell by cell, each in its container's order.
        let expected = A11yFixture.allElements(tree)
        #expect(forward == expected)
        #expect(Set(forward).count == forward.count)
        #expect(zip(forward, forward.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(forward.map(\.cell)) == Set(tree.layout.cells.indices))

        var backward: [ElementID] = []
        current = forward.last
        while let id = current {
            backward.append(id)
            current = tree.previous(before: id)
        }
        #expect(backward == forward.reversed())
    }

    @Test func movingFocusOffScreenScrollsItIntoView() throws {
        let tree = try A11yFixture.tree()
        var id = try #require(tree.firstElement())
        var scrolls = 0
        while let move = tree.move(.next, from: id) {
            let frame = try #require(tree.screenFrame(of: move.to))
            let viewport = tree.viewport.screenRect
            // Every focused element is fully on screen after the move (none is taller than the viewport).
            #expect(
                frame.bounds.y >= viewport.y - 0.01 && frame.bounds.maxY <= viewport.maxY + 0.01,
                "\(tree.nodeID(of: move.to)) at \(frame.bounds) scroll \(tree.viewport.scrollY)")
            if let offset = move.scrolledTo {
                scrolls += 1
                // The whole verse came into view when it fits.
                let cell = tree.screenFrame(ofCell: move.to.cell).bounds
                if cell.height <= viewport.height {
                    #expect(cell.y >= viewport.y - 0.01 && cell.maxY <= viewport.maxY + 0.01)
                }
                #expect(offset == tree.viewport.scrollY)
                #expect(offset >= 0 && offset <= tree.table.maxScroll(viewportHeight: tree.viewport.height))
            }
            id = move.to
        }
        #expect(tree.scrollAnnouncement().hasPrefix("Verse"))
        #expect(tree.scrollAnnouncement().hasSuffix("of 51"))
        // The chapter is ~22 screens tall: moving through it has to scroll, but not on every move.
        #expect(scrolls > 10)
        // The last element is in view: the chapter's end is at most its bottom padding below the viewport.
        #expect(tree.viewport.scrollY > tree.table.maxScroll(viewportHeight: tree.viewport.height) - 50)
        // And backwards from the end to the start.
        while let move = tree.move(.previous, from: id) { id = move.to }
        #expect(id == tree.firstElement())
        #expect(tree.viewport.scrollY <= tree.table.origins[0] + 5)
    }

    @Test func visibleElementsDoNotScroll() throws {
        let tree = try A11yFixture.tree()
        tree.scroll(to: 3000)
        let cell = tree.visibleCells.lowerBound + 1
        let id = ElementID(cell: cell, kind: .verseNumber)
        #expect(tree.screenFrame(of: id)?.offscreen == false)
        #expect(tree.scrollOffsetRevealing(id) == nil)
        #expect(tree.focus(id) == nil)
        #expect(tree.viewport.scrollY == 3000)
    }

    @Test func endsOfTheChapter() throws {
        let tree = try A11yFixture.tree()
        let first = try #require(tree.firstElement())
        let lastCell = VerseIndex(tree.cellCount - 1)
        let last = ElementID(cell: lastCell, kind: try #require(tree.container(at: lastCell)?.elements.last).kind)
        #expect(first == ElementID(cell: 0, kind: .verseNumber))
        #expect(tree.previous(before: first) == nil)
        #expect(tree.next(after: last) == nil)
        #expect(tree.move(.next, from: last) == nil)
        #expect(tree.next(after: ElementID(cell: 0, kind: .word(9999))) == nil)
    }
}
