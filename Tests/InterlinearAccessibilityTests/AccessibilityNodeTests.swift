import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTestSupport
import Testing

/// The node view (`AccessibilityTree.node(_:)`, `elements(ofCell:)`) against the committed chapter file itself:
/// the expected words, translations and counts are read from `Corpus/chapters/43-John/01.tsv`, not from the engine.
@Suite struct AccessibilityNodeTests {
    /// One verse of the chapter file: its translation (the `v` record) and its words as printed (the `w` records:
    /// the surface with its punctuation, marks after it, or `_` standing for the word among marks before it).
    struct SourceVerse {
        var translation = ""
        var printed: [String] = []
    }

    /// The verses of John 1 as the chapter file has them, by verse number.
    static func sourceVerses() throws -> [Int: SourceVerse] {
        let file = corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv")
        let text = try String(contentsOf: file, encoding: .utf8)
        var verses: [Int: SourceVerse] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let number = Int(fields[1]) else { continue }
            if fields[0] == "v" { verses[number, default: SourceVerse()].translation = fields[2] }
            if fields[0] == "w", fields.count >= 10 {
                let marks = fields[9]
                let printed =
                    marks.contains("_") ? marks.replacingOccurrences(of: "_", with: fields[2]) : fields[2] + marks
                verses[number, default: SourceVerse()].printed.append(printed)
            }
        }
        return verses
    }

    @Test func aVersesNodesAreItsNumberWordsAndWholeTranslation() throws {
        let source = try #require(try Self.sourceVerses()[1])
        let tree = try A11yFixture.tree("John 1")
        let cell = try #require(tree.chapter.verseIndex(number: 1))
        let ids = tree.elements(ofCell: cell)
        // The verse number, one node per source word, then the translation group; its words are not the cell's.
        let words = source.printed.indices.map { ElementID(cell: cell, kind: .word(WordOffset(UInt16($0)))) }
        #expect(
            ids
                == [ElementID(cell: cell, kind: .verseNumber)] + words
                + [ElementID(cell: cell, kind: .verseTranslation)])
        for (id, printed) in zip(words, source.printed) {
            let node = try #require(tree.node(id))
            #expect(node.text == printed.precomposedStringWithCanonicalMapping)
            #expect(node.role == .word && node.children.isEmpty && !node.actions.isEmpty)
        }
        let number = try #require(tree.node(ids[0]))
        #expect(number.text == "1" && number.role == .heading)

        // The translation group shows and names the whole verse, and its children are its words, one per token.
        let group = try #require(tree.node(ElementID(cell: cell, kind: .verseTranslation)))
        #expect(group.text == source.translation)
        #expect(group.name == source.translation)
        #expect(group.nodeID == "John.1.1.t")
        let tokens = source.translation.split(separator: " ")
        #expect(group.children.map(\.kind) == tokens.indices.map { .translation(TokenOffset(UInt16($0))) })
        for (child, token) in zip(group.children, tokens) {
            #expect(tree.node(child)?.text == String(token))
        }
        #expect(group.actions.contains(.copy))
    }

    /// A node's frame is its screen frame now: scrolling by some amount moves it up by the same amount.
    @Test func aNodesFrameFollowsTheScroll() throws {
        let tree = try A11yFixture.tree("John 1")
        let id = ElementID(cell: VerseIndex(2), kind: .word(0))
        tree.scroll(to: 0)
        let before = try #require(tree.node(id)).frame.bounds
        tree.scroll(to: 120)
        let after = try #require(tree.node(id)).frame.bounds
        #expect(after.y == before.y - 120 && after.x == before.x && after.width == before.width)
    }

    /// The visible elements say what the nodes say: the translation group's text is the whole verse, not its first
    /// word.
    @Test func aVisibleTranslationGroupIsTheWholeVerse() throws {
        let source = try Self.sourceVerses()
        let tree = try A11yFixture.tree("John 1")
        let groups = tree.elements(atScrollOffset: 0).filter { $0.id.kind == .verseTranslation }
        #expect(!groups.isEmpty)
        for group in groups {
            #expect(group.text == source[tree.verseNumber(ofCell: group.id.cell)]?.translation)
        }
    }

    /// With the reader off there are no nodes, and asking for them builds nothing.
    @Test func theReaderOffHasNoNodesAndBuildsNothing() throws {
        let tree = try A11yFixture.tree("John 1", on: false)
        #expect(tree.node(ElementID(cell: 0, kind: .verseNumber)) == nil)
        #expect(tree.elements(ofCell: 0).isEmpty)
        #expect(tree.elements(ofCell: VerseIndex(10_000)).isEmpty)
        #expect(tree.stats.containersBuilt == 0)
    }
}
