import Testing
@testable import InterlinearCorpus
import InterlinearTestSupport

@Suite struct StringTableTests {
    @Test func internsOnceWithDenseIdsInFirstSeenOrder() {
        let table = StringTable()
        #expect(table.intern("λόγος") == 0)
        #expect(table.intern("ἦν") == 1)
        #expect(table.intern("λόγος") == 0)
        #expect(table.intern(Substring("xλόγοςx").dropFirst().dropLast()) == 0, "substrings find the same id")
        #expect(table.intern("") == 2)
        #expect(table.id(of: "") == 2)
        #expect(table.id(of: "θεός") == nil)
        #expect(table.count == 3)
        #expect(table[1] == "ἦν")
    }

    @Test func keepsEveryIdAcrossGrowth() {
        let table = StringTable()
        let words = (0..<5000).map { "λόγος\($0)" }
        let ids = words.map { table.intern($0) }
        #expect(ids == (0..<5000).map(TextID.init))
        #expect(words.allSatisfy { table.id(of: $0) == table.intern($0) })
        #expect(table.count == 5000)
        #expect(table.strings == words)
    }

    /// Keys are bytes: the corpus is NFC, so a decomposed spelling is a different string.
    @Test func comparesBytesNotCanonicalEquivalence() {
        let table = StringTable()
        let composed = "\u{1F10}", decomposed = "\u{03B5}\u{0313}"
        #expect(composed == decomposed, "Swift calls them equal")
        #expect(table.intern(composed) != table.intern(decomposed))
    }
}
