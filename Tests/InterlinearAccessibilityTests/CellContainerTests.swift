import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// The iOS container contract, counts including the non-label children, and stable node ids.
@Suite struct CellContainerTests {
    @Test(arguments: A11yFixture.references, Granularity.allCases)
    func indexAndElementAgreeBothWays(reference: String, granularity: Granularity) throws {
        let noted: Set<Int> = [1, 3, 8]
        let tree = try A11yFixture.tree(reference, granularity: granularity, notes: noted)
        for cell in tree.layout.cells.indices {
            let container = try #require(tree.container(at: cell))
            for i in 0..<container.elementCount {
                let element = try #require(container.element(at: i))
                #expect(container.index(of: element) == i)
                #expect(container.index(of: ElementID(cell: cell, kind: element.kind)) == i)
                #expect(container.index(of: ElementID(cell: cell + 1, kind: element.kind)) == nil)
                // Positions count items of a set: Greek words among the verse's words, translation words among
                // the translation's; the verse number, the note marker and the whole translation are in no set.
                let position = tree.position(of: ElementID(cell: cell, kind: element.kind))
                switch element.kind {
                case .word(let w), .label(let w, _):
                    #expect(position! == (Int(w) + 1, tree.chapter.verses[cell].words.count))
                case .translation(let t):
                    let words = container.elements.filter { if case .translation = $0.kind { true } else { false } }
                    #expect(position! == (Int(t) + 1, words.count))
                case .verseNumber, .note, .verseTranslation:
                    #expect(position == nil)
                }
            }
            #expect(container.element(at: container.elementCount) == nil)
            #expect(container.element(at: -1) == nil)

            // The verse-number button first, then the note marker where the verse has a note.
            let verse = tree.verseNumber(ofCell: cell)
            #expect(container.element(at: 0)?.kind == .verseNumber)
            #expect(container.element(at: 0)?.role == .heading)
            #expect(container.index(of: .note) == (noted.contains(verse) ? 1 : nil))

            // Counts: every label (or word block) plus the note marker, nothing lost, nothing doubled.
            let labels = tree.layout.labels(in: cell)
            let blocks = Set(labels.compactMap(\.word)).count
            let translation = labels.filter { $0.tier == .translation }.count
            let note = noted.contains(verse) ? 1 : 0
            // The whole translation is one more node, when the verse has a translation.
            let whole = translation > 0 ? 1 : 0
            let expected = granularity == .label ? labels.count + note + whole : 1 + note + blocks + translation + whole
            #expect(container.elementCount == expected)
            #expect(container.elements.filter { $0.role == .word }.count == (granularity == .word ? blocks : 0))
        }
    }

    @Test func nodeIDsSurviveRelayoutAtAnotherWidth() throws {
        let narrow = try A11yFixture.tree(width: 320, notes: [9])
        let wide = try A11yFixture.tree(width: 1024, notes: [9])
        let a = A11yFixture.allElements(narrow).map(narrow.nodeID(of:))
        let b = A11yFixture.allElements(wide).map(wide.nodeID(of:))
        #expect(a == b)
        #expect(narrow.layout.height != wide.layout.height)
    }

    @Test func elementsAreSmallValues() {
        // Stored by value in one array per container: a frame, an interned text, a kind and a role.
        #expect(MemoryLayout<Element>.stride <= 32)
    }

    @Test func wordBlocksHoldAllTheirLabels() throws {
        let tree = try A11yFixture.tree()
        for cell in [0, 13, 50] as [VerseIndex] {
            let container = try #require(tree.container(at: cell))
            for label in tree.layout.labels(in: cell) {
                guard let word = label.word else { continue }
                let block = container.elements[try #require(container.index(of: .word(word)))].frame
                #expect(block.x <= label.x && block.y <= label.y)
                #expect(block.maxX >= label.x + label.width && block.maxY >= label.y + label.height)
            }
        }
    }

    @Test(arguments: Granularity.allCases)
    func nodeIDsRoundTrip(granularity: Granularity) throws {
        let tree = try A11yFixture.tree("Romans 8", granularity: granularity, notes: [28])
        var seen = Set<String>()
        for id in A11yFixture.allElements(tree) {
            let text = tree.nodeID(of: id)
            #expect(seen.insert(text).inserted, "duplicate \(text)")
            #expect(tree.target(parsing: text) == .element(id))
            #expect(tree.target(parsing: text.lowercased()) == .element(id))
        }
        #expect(seen.contains("Rom.8.28.note"))
        #expect(seen.contains(granularity == .word ? "Rom.8.1.w1" : "Rom.8.1.w1.gloss"))
        #expect(tree.target(parsing: "Rom.8") == .chapter)
        #expect(tree.target(parsing: "rom.8.3") == .cell(2))
        for bad in [
            "", "John.1.1.w1", "Rom.8.99", "Rom.8.1.w0", "Rom.8.1.w", "Rom.8.1.x1", "Rom.8.1.w1.verse",
            "Rom.8.1.w1.gloss.x", "Rom.8.1.t-1", "Rom.9.1", "Rom.8.1.v2", "Rom.8.1.w99999999999",
            // Verse numbers at Int's ends: `Int.min - 1` once trapped in the verse lookup.
            "Rom.8.\(Int.min)", "Rom.8.\(Int.max)", "Rom.8.\(Int.min).w1", "Rom.8.0", "Rom.8.-1",
            "Rom.8.1.w\(Int.min)", "Rom.8.1.t\(Int.max)",
        ] {
            #expect(tree.target(parsing: bad) == nil, "\(bad)")
        }
        // Well-formed but absent: parses, but names no element.
        let absent = try #require(tree.target(parsing: "Rom.8.1.w999"))
        guard case .element(let id) = absent else { Issue.record("not an element"); return }
        #expect(tree.element(id) == nil)
    }
}
