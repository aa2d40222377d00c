import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

/// Verse indices, chapter-wide word indices and in-verse offsets are different types, converted in one place each.
@Suite struct ChapterIndexTests {
    let chapter: Chapter

    init() throws {
        chapter = try ChapterFile.parse(ChapterFileTests.sample, path: "x.tsv", strings: StringTableBuilder())
    }

    @Test func verseOfWordIsFoundForEveryWord() {
        for verse in chapter.verses.indices {
            for word in chapter.verses[verse].words {
                #expect(chapter.verseIndex(ofWord: word) == verse)
            }
        }
        #expect(chapter.verseIndex(ofWord: 2) == 1)
    }

    @Test func offsetsAndIndicesConvertBothWays() {
        let second = chapter.verses[1]
        #expect(second.word(at: 0) == 2)
        #expect(second.offset(of: 2) == 0)
        #expect(second.offset(of: 1) == nil, "word 1 is in the first verse")
        #expect(chapter.verses[0].token(at: 5) == 5)
        #expect(second.token(at: 0) == 6)
        #expect(chapter.verseIndex(number: 2) == 1)
        #expect(chapter.verseIndex(number: 3) == nil)
        // Any Int a node id can carry (`a11y --from John.1.<Int.min>`): the lookup once computed `number - 1` and trapped on Int.min.
        for number in [Int.min, Int.min + 1, -1, 0, Int.max] { #expect(chapter.verseIndex(number: number) == nil) }
    }

    @Test func offsetsHoldSixteenBitsAndTheLimitsSaySo() {
        #expect(WordOffset(exactly: Verse.maxWords - 1) != nil)
        #expect(WordOffset(exactly: Verse.maxWords) == nil)
        #expect(TokenOffset(exactly: -1) == nil)
        #expect(Verse.maxWords == 65_536 && Verse.maxTranslationTokens == 65_536)
    }

    @Test func eachBlockTierReadsItsOwnField() {
        let word = chapter.words[1]
        #expect(word.text(.source) == word.surface)
        #expect(word.text(.transliteration) == word.transliteration)
        #expect(word.text(.strongs) == word.strongs)
        #expect(word.text(.morphology) == word.morphology)
        #expect(word.text(.gloss) == word.gloss)
        #expect(word.text(.verse) == nil && word.text(.translation) == nil)
        #expect(Tier.allCases.filter(\.isBlockTier) == Tier.blockTiers)
    }
}
