import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTestSupport
import Testing

/// Touch exploration: the element under the finger, else the nearest, never a random one.
@Suite struct HitTestTests {
    @Test(arguments: Granularity.allCases)
    func insideAnElementReturnsIt(granularity: Granularity) throws {
        let tree = try A11yFixture.tree(granularity: granularity, notes: [2])
        tree.scroll(to: 150)
        for cell in tree.visibleCells {
            for element in tree.container(at: cell)!.elements {
                let id = ElementID(cell: cell, kind: element.kind)
                let frame = try #require(tree.screenFrame(of: id))
                guard let clipped = frame.clipped, clipped.height > 1 else { continue }
                let hit = try #require(
                    tree.hitTest(x: clipped.x + clipped.width / 2, y: clipped.y + clipped.height / 2))
                if element.kind == .verseTranslation {
                    // The whole translation holds its words: a touch inside it selects the deepest element, a word
                    // of it (or the node itself between words), as assistive technologies hit-test.
                    #expect(
                        hit.id == id || tree.parent(of: hit.id) == id,
                        "\(tree.nodeID(of: id)) → \(tree.nodeID(of: hit.id))")
                    continue
                }
                #expect(hit.id == id, "\(tree.nodeID(of: id)) → \(tree.nodeID(of: hit.id))")
                #expect(hit.distance == 0)
            }
        }
    }

    @Test func aGapBetweenWordsReturnsTheNearer() throws {
        let tree = try A11yFixture.tree()
        let container = try #require(tree.container(at: 0))
        let w1 = try #require(tree.screenFrame(of: ElementID(cell: 0, kind: .word(0)))).bounds
        let w2 = try #require(tree.screenFrame(of: ElementID(cell: 0, kind: .word(1)))).bounds
        #expect(container.elementCount > 3)
        let gap = w2.x - w1.maxX
        #expect(gap > 2)
        let y = w1.y + 10
        let nearFirst = try #require(tree.hitTest(x: w1.maxX + gap * 0.25, y: y))
        #expect(nearFirst.id == ElementID(cell: 0, kind: .word(0)))
        #expect(abs(nearFirst.distance - gap * 0.25) < 0.001)
        let nearSecond = try #require(tree.hitTest(x: w1.maxX + gap * 0.75, y: y))
        #expect(nearSecond.id == ElementID(cell: 0, kind: .word(1)))
        #expect(abs(nearSecond.distance - gap * 0.25) < 0.001)
    }

    /// Against a brute-force search over every element of the chapter: the hit is always at the minimum distance.
    @Test(arguments: [Float(0), 777, 12_345])
    func missesReturnTheNearestElement(scroll: Float) throws {
        let tree = try A11yFixture.tree(notes: [5, 30])
        let all = A11yFixture.allElements(tree)
        tree.scroll(to: scroll)
        let frames = all.map { tree.screenFrame(of: $0)!.bounds }
        for y in stride(from: Float(-50), through: 900, by: 37) {
            for x in stride(from: Float(-20), through: 420, by: 23) {
                let hit = try #require(tree.hitTest(x: x, y: y))
                let best = frames.map { $0.distance(toX: x, y: y) }.min()!
                #expect(abs(hit.distance - best) < 0.001, "(\(x), \(y)) at scroll \(scroll)")
                let frame = try #require(tree.screenFrame(of: hit.id)).bounds
                #expect(abs(frame.distance(toX: x, y: y) - hit.distance) < 0.001)
            }
        }
    }

    @Test func farBelowTheContentFindsTheLastRow() throws {
        let tree = try A11yFixture.tree()
        let end = tree.table.maxScroll(viewportHeight: tree.viewport.height)
        tree.scroll(to: end)
        let hit = try #require(tree.hitTest(x: 20, y: 5000))
        #expect(hit.id.cell == VerseIndex(tree.cellCount - 1))
        #expect(hit.distance > 4000)
        #expect(tree.hitTest(x: .nan, y: 3) == nil)
    }
}
