import InterlinearCorpus
import InterlinearInteraction
import Testing

/// The one search trail of the reader and the window: n and N step and wrap the same way in both (their own tests
/// drive it through their keys: CorpusSearchConsumerTests, WindowReaderTests).
@Suite struct SearchTrailTests {
    private func ref(_ text: String) throws -> ChapterReference { try #require(ChapterReference(parsing: text)) }

    @Test func theReaderStartsAtAHitAndWrapsBothWays() throws {
        let john1 = try ref("John 1")
        let hits = [1, 14, 18].map { ReaderLocation(chapter: john1, verse: $0) }
        var trail = SearchTrail(query: "logos", hits: hits, index: 1, chapter: john1)
        #expect(trail.current?.verse == 14)
        #expect(trail.step(1)?.verse == 18)
        #expect(trail.step(1)?.verse == 1, "past the last hit: the first")
        #expect(trail.step(-1)?.verse == 18, "before the first hit: the last")
        #expect(trail.step(-4)?.verse == 14, "a step longer than the trail wraps as often as it needs")
        #expect(!trail.acrossBible && trail.total == 3 && trail.position == "2 of 3")
    }

    @Test func theWindowStartsWithNoHitAndGoesToTheFirstOrLast() throws {
        let john1 = try ref("John 1")
        let fresh = SearchTrail(query: "G3056", hits: ["a", "b", "c"], chapter: john1, total: 330)
        #expect(fresh.current == nil && fresh.total == 330)
        var forward = fresh, backward = fresh
        #expect(forward.step(1) == "a" && forward.index == 0)
        #expect(backward.step(-1) == "c" && backward.index == 2)
        var empty = SearchTrail<String>(query: "zzzz", hits: [], chapter: john1)
        #expect(empty.step(1) == nil && empty.index == nil, "no hits: nothing to step to")
    }

    @Test func aTrailAcrossTheBibleCountsInTheChapterAndInTheCorpus() throws {
        let john1 = try ref("John 1"), john2 = try ref("John 2")
        let hits = [
            ReaderLocation(chapter: john1, verse: 1), ReaderLocation(chapter: john1, verse: 14),
            ReaderLocation(chapter: john2, verse: 22),
        ]
        var trail = SearchTrail(query: "G3056", hits: hits, index: 1, chapter: nil)
        #expect(trail.acrossBible)
        #expect(trail.position == "2 of 2 in John 1, 2 of 3 in the corpus")
        trail.step(1)
        #expect(
            trail.position(naming: { "\($0.book.name) chapter \($0.chapter)" })
                == "1 of 1 in John chapter 2, 3 of 3 in the corpus")
    }
}
