import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTestSupport
import Testing

/// The screen-reader switch: off costs nothing, on builds only what is asked, late start equals early start.
@Suite struct ScreenReaderFlagTests {
    @Test func offBuildsNothingAtAnyScroll() throws {
        let tree = try A11yFixture.tree(notes: [1, 5], on: false)
        let end = tree.table.contentHeight
        for y in stride(from: Float(-100), through: end + 500, by: 97) {
            tree.scroll(to: y)
            #expect(!tree.visibleCells.isEmpty)
            #expect(tree.hitTest(x: 100, y: 300) == nil)
            #expect(tree.container(at: tree.visibleCells.lowerBound) == nil)
            #expect(tree.firstElement() == nil)
            #expect(tree.element(ElementID(cell: 0, kind: .verseNumber)) == nil)
            #expect(tree.stats == AccessibilityTree.Stats())
            #expect(!tree.isBuilt(cell: tree.visibleCells.lowerBound))
        }
    }

    @Test(arguments: Granularity.allCases)
    func onBuildsOnlyTheQueriedCells(granularity: Granularity) throws {
        let tree = try A11yFixture.tree(granularity: granularity)
        #expect(tree.stats.elementsBuilt == 0)
        let container = try #require(tree.container(at: 7))
        #expect(tree.stats.containersBuilt == 1)
        #expect(tree.stats.elementsBuilt == container.elementCount)
        for cell in tree.layout.cells.indices { #expect(tree.isBuilt(cell: cell) == (cell == 7)) }
        // Asking again builds nothing more.
        _ = tree.container(at: 7)
        _ = tree.element(ElementID(cell: 7, kind: .verseNumber))
        #expect(tree.stats.containersBuilt == 1)
        // A hit test builds the cell under the point and at most its neighbours.
        tree.scroll(to: tree.table.origins[20] + 10)
        _ = try #require(tree.hitTest(x: 120, y: 40))
        let built = tree.layout.cells.indices.filter { tree.isBuilt(cell: $0) && $0 != 7 }
        #expect(built.contains(20))
        #expect(built.allSatisfy { abs(Int($0) - 20) <= 1 }, "built \(built)")
    }

    @Test func scrollingDoesNoWork() throws {
        let tree = try A11yFixture.tree()
        for cell in tree.visibleCells { _ = tree.container(at: cell) }
        let before = tree.stats
        for y in stride(from: Float(0), through: tree.table.contentHeight, by: 33) { tree.scroll(to: y) }
        #expect(tree.stats == before)
    }

    @Test(arguments: Granularity.allCases)
    func boundsMoveByExactlyTheScrollDelta(granularity: Granularity) throws {
        let tree = try A11yFixture.tree(granularity: granularity, notes: [3])
        let ids = A11yFixture.allElements(tree)
        tree.scroll(to: 0)
        let base = ids.map { tree.screenFrame(of: $0)!.bounds }
        let maxScroll = tree.table.maxScroll(viewportHeight: tree.viewport.height)
        for offset in [Float(1), 100, 1234.5, 5000.25, maxScroll / 2, maxScroll] {
            let used = tree.scroll(to: offset).scrollY
            #expect(used == offset)
            for (id, start) in zip(ids, base) {
                let now = try #require(tree.screenFrame(of: id))
                #expect(now.bounds.x == start.x && now.bounds.width == start.width && now.bounds.height == start.height)
                // Float sums of ~20,000-point values: exact to within a few ulps.
                #expect(abs((start.y - now.bounds.y) - offset) <= 0.004, "\(tree.nodeID(of: id)) at \(offset)")
                let viewport = tree.viewport.screenRect
                let visible = now.bounds.maxY > viewport.y && now.bounds.y < viewport.maxY
                #expect(now.offscreen == !visible)
                if let clipped = now.clipped {
                    #expect(clipped.y >= viewport.y && clipped.maxY <= viewport.maxY)
                    #expect(clipped.height <= now.bounds.height + 0.001)
                }
            }
        }
    }

    /// What a screen reader sees of a tree at its current scroll: every visible element, fully described.
    private func snapshot(_ tree: AccessibilityTree) -> [String] {
        tree.visibleCells.flatMap { cell in
            (tree.container(at: cell)?.elements ?? []).map { element in
                let id = ElementID(cell: cell, kind: element.kind)
                let speech = tree.utterance(of: id)!
                let position = tree.position(of: id).map { "\($0)" } ?? "no position"
                return "\(tree.nodeID(of: id)) \(element.role) \(speech.name) | \(speech.description) "
                    + "\(speech.language) \(tree.screenFrame(of: id)!) \(position)"
            }
        }
    }

    @Test(arguments: Granularity.allCases)
    func lateStartEqualsStartAtLaunch(granularity: Granularity) throws {
        let early = try A11yFixture.tree(granularity: granularity, notes: [2, 40])
        let late = try A11yFixture.tree(granularity: granularity, notes: [2, 40], on: false)
        for y in stride(from: Float(0), through: late.table.contentHeight, by: 400) {
            late.scroll(to: y)
            _ = late.visibleCells
        }
        for offset in [Float(0), 2000, 9000.5] {
            early.scroll(to: offset)
            late.scroll(to: offset)
            late.screenReaderEnabled = true
            #expect(snapshot(late) == snapshot(early))
            #expect(late.stats == early.stats)
            #expect(late.firstElement() == early.firstElement())
            // Off again releases every element; on again rebuilds the same tree.
            late.screenReaderEnabled = false
            #expect(late.stats == AccessibilityTree.Stats())
            #expect(late.layout.cells.indices.allSatisfy { !late.isBuilt(cell: $0) })
            early.screenReaderEnabled = false
            early.screenReaderEnabled = true
        }
    }
}
