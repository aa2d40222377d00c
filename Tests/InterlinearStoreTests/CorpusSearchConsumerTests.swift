import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearReader
import InterlinearSession
import InterlinearShaping
import InterlinearStore
import InterlinearTable
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

private func ref(_ text: String) throws -> ChapterReference { try #require(ChapterReference(parsing: text)) }

/// The accessibility action and the reader search through the store, as `interlinear search` does.
@Suite(.enabled(if: StoreFixture.wholeStoreRuns, "needs the bible-alignments source data (scripts/setup downloads it)"))
struct CorpusSearchConsumerTests {
    private func johnTree(_ store: CorpusStore) throws -> AccessibilityTree {
        let session = Interlinear(
            library: ChapterLibrary(
                storeURL: store.url, store: store,
                committed: CorpusLibrary(corpusDirectory: corpusDirectory)),
            fonts: try sharedFontChain())
        return session.accessibilityTree(for: try session.chapter(try ref("John 1")), screenReaderEnabled: true)
    }

    /// The store-backed chapter navigation the reader gets from the command line.
    private func catalog(_ url: URL) throws -> ChapterCatalog {
        let library = ChapterLibrary(
            storeURL: url, store: try CorpusStore(url: url), committed: CorpusLibrary(roots: []))
        return ChapterCatalog(session: Interlinear(library: library, fonts: try sharedFontChain()))
    }

    @Test func findOtherOccurrencesSearchesTheCorpus() throws {
        let url = try StoreFixture.wholeStore()
        let store = try CorpusStore(url: url)
        let tree = try johnTree(store)
        // John 1:1, word 5: λόγος.
        let logos = try #require(tree.target(parsing: "John.1.1.w5"))
        guard case .element(let id) = logos else { Issue.record("not an element"); return }
        let inChapter = tree.otherOccurrences(of: id, matching: .lemma)
        tree.occurrenceIndex = CorpusOccurrences(store: store)
        let corpus = tree.occurrencesInCorpus(of: id, matching: .lemma)
        let search = try StoreSearch(store: store).run(SearchQuery(text: "λόγος", kind: .lemma, limit: 10_000))
        #expect(corpus.count == search.total - 1, "every other λόγος in the corpus")
        #expect(Set(corpus.map(\.chapter.book.name)).count > 20)
        // The in-chapter list is the corpus search's hits in John 1.
        #expect(tree.otherOccurrences(of: id, matching: .lemma) == inChapter)
        guard case .found(let found)? = tree.perform(.findOtherOccurrences, on: id) else {
            Issue.record("no result"); return
        }
        #expect(found == inChapter)
        #expect(tree.occurrencesInCorpus(of: id, matching: .strongs).count == corpus.count)
    }

    @Test func readerSearchCrossesChaptersAndKeepsItAfterAMiss() throws {
        let url = try StoreFixture.wholeStore()
        let navigator = try catalog(url)
        var grid = GridMode(chapter: try navigator.load(try ref("John 1")), columns: 100, rows: 30, color: false)
        grid.navigator = navigator
        grid.find("G3056")
        let trail = try #require(grid.trail)
        #expect(trail.acrossBible && trail.hits.count == 330)
        #expect(trail.current == ReaderLocation(chapter: try ref("John 1"), verse: 1, word: 4))
        grid.find("zzzz-no-such-word")
        #expect(grid.trail == trail, "a failed search keeps the previous one")
        #expect(grid.statusText.contains("n and N still go through G3056"))
        // Past John 1's last λόγος, n asks for the next chapter with one.
        let inJohn1 = trail.hits.filter { $0.chapter.description == "John 1" }.count
        #expect(inJohn1 == 4)
        for _ in 0..<inJohn1 { _ = grid.handle(.character("n")) }
        #expect(grid.pending?.chapter.description == "John 2")
        // ] asks for the next chapter, [ at Matthew 1 says there is none before.
        var first = GridMode(chapter: try navigator.load(try ref("Matt 1")), columns: 100, rows: 30, color: false)
        first.navigator = navigator
        _ = first.handle(.character("["))
        #expect(first.pending == nil && first.statusText.contains("first chapter"))
        _ = first.handle(.character("]"))
        #expect(first.pending?.chapter.description == "Matthew 2")
        var jump = GridMode(chapter: try navigator.load(try ref("Matt 1")), columns: 100, rows: 30, color: false)
        jump.jump("Rom 8:28")
        #expect(jump.pending == ReaderLocation(chapter: try ref("Romans 8"), verse: 28))
    }

    @Test func lineModeTurnsChapters() throws {
        let url = try StoreFixture.wholeStore()
        let navigator = try catalog(url)
        var mode = LineMode(narration: ChapterNarration(chapter: try navigator.load(try ref("Mark 4"))))
        mode.navigator = navigator
        #expect(mode.handle(.character("]")) == .none)
        #expect(mode.pending?.chapter.description == "Mark 5")
        let target = try #require(mode.pending)
        var next = LineMode(narration: ChapterNarration(chapter: try navigator.load(target.chapter)))
        let line = next.open(at: target, trail: nil)
        // The chapter is named first, in words (issue 13: references spoken as words).
        #expect(line.text.hasPrefix("Mark five, verse one"), "\(line.text)")
    }

    /// A search step or a `:` jump into another chapter is one utterance: the key says nothing, the chapter opened
    /// says the match or verse (it was said twice: "Match 5 is in John two." and then the match again).
    @Test func lineModeCrossesChaptersWithOneUtterance() throws {
        let url = try StoreFixture.wholeStore()
        let navigator = try catalog(url)
        var mode = LineMode(narration: ChapterNarration(chapter: try navigator.load(try ref("John 1"))))
        mode.navigator = navigator
        _ = mode.handle(.character("/"))
        for character in "G3056" { _ = mode.handle(.character(character)) }
        guard case .line(let first) = mode.handle(.enter) else { Issue.record("the search said nothing"); return }
        #expect(first.text.hasPrefix("Match 1 of 4 in John one"), "\(first.text)")
        var steps = 0
        while mode.pending == nil, steps < 10 {
            guard case .line = mode.handle(.character("n")) else { break }
            steps += 1
        }
        #expect(steps == 3, "three more matches in John 1")
        #expect(mode.handle(.character("n")) == .none, "the step into the next chapter says nothing itself")
        let target = try #require(mode.pending)
        #expect(target.chapter.book.name == "John" && target.chapter.chapter > 1)
        var next = LineMode(narration: ChapterNarration(chapter: try navigator.load(target.chapter)))
        next.navigator = navigator
        let line = next.open(at: target, trail: mode.trail)
        #expect(line.text.hasPrefix("Match 1 of "), "\(line.text)")
        #expect(line.text.contains(Speakable.reference(target.chapter)), "\(line.text)")

        _ = next.handle(.character(":"))
        for character in "Rom 8:28" { _ = next.handle(.character(character)) }
        #expect(next.handle(.enter) == .none, "a jump to another chapter says nothing until it is open")
        #expect(next.pending == ReaderLocation(chapter: try ref("Romans 8"), verse: 28))
    }
}
