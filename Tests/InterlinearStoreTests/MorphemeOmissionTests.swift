import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus
@testable import InterlinearStore

/// A chapter read for showing leaves a Hebrew chapter's morphemes in the store (`Chapter.omitsMorphemes`): every
/// word, tier, alignment and translation token is the one read with them, a damaged morpheme row is still refused,
/// and a translation aligns each word as its morphemes' Strong's numbers say.
@Suite struct MorphemeOmissionTests {
    static let hebrew = ["Genesis 1", "Psalm 23", "Isaiah 53"].compactMap { ChapterReference(parsing: $0) }

    @Test func aChapterForShowingHasEveryWordOfTheWholeChapter() throws {
        let store = try CorpusStore(url: try StoreFixture.committedBible.get(), upgrade: false)
        for reference in Self.hebrew + [ChapterReference(parsing: "John 1")!] {
            let whole = try #require(try store.load(reference, into: StringTableBuilder()))
            let shown = try #require(try store.load(reference, into: StringTableBuilder(), morphemes: false))
            let hebrew = reference.book.testament == .old
            #expect(whole.omitsMorphemes == false && shown.omitsMorphemes == hebrew, "\(reference)")
            #expect(shown.morphemes.isEmpty && whole.morphemes.isEmpty == !hebrew, "\(reference)")
            #expect(shown.words.allSatisfy { $0.morphemes.isEmpty })
            // The same chapter once the whole one's morphemes are set aside.
            var stripped = whole
            stripped.morphemes = []
            for index in stripped.words.indices { stripped.words[index].morphemes = 0..<0 }
            #expect(sameChapter(shown, stripped), "\(reference)")
            // A passage or another translation of it still omits them (written, it would lose them).
            let verses = try shown.selecting(Passage(parsing: "\(reference):2-3")!)
            #expect(verses.omitsMorphemes == hebrew && verses.verses.map(\.number) == [2, 3])
            let translated = shown.replacingTranslation([:], strings: StringTableBuilder()) { _ in true }.chapter
            #expect(translated.omitsMorphemes == hebrew)
        }
    }

    /// Morpheme bytes count towards the chapter's checksum whether or not they are read.
    @Test func aChangedMorphemeRowIsRefusedWhenMorphemesAreNotRead() throws {
        let url = try StoreFixture.copy(of: try StoreFixture.committedBible.get(), named: "interlinear.sqlite")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        // The last byte of Genesis 1:1's morphemes: a letter of the last morpheme's gloss.
        try database.execute(
            """
            UPDATE verse_words SET morphemes = substr(morphemes, 1, length(morphemes) - 1) || x'21'
            WHERE id = 1001001
            """)
        let genesis = try #require(ChapterReference(parsing: "Genesis 1"))
        #expect {
            try CorpusStore(url: url, upgrade: false).load(genesis, into: StringTableBuilder(), morphemes: false)
        } throws: {
            String(describing: $0).contains("has changed since it was imported")
        }
    }

    /// Each word of a chapter read without morphemes is aligned to exactly the translation words that carry a
    /// Strong's number of one of its morphemes — worked out here from the morphemes of the chapter read whole.
    @Test func aTranslationAlignsAWordByItsMorphemesNumbersWithoutReadingThem() throws {
        let store = try CorpusStore(url: try StoreFixture.committedBible.get(), upgrade: false)
        for reference in Self.hebrew {
            let whole = try #require(try store.load(reference, into: StringTableBuilder()))
            let strings = StringTableBuilder()
            let shown = try #require(try store.load(reference, into: strings, morphemes: false))
            // One translation word per morpheme that has a number, in order: "w3m1" carries word 3's second number.
            var translation: [Int: [TranslationWord]] = [:]
            var expected: [[TokenOffset]] = []
            for verse in whole.verses {
                var words: [TranslationWord] = []
                for (w, word) in whole.words[verse.words].enumerated() {
                    for (m, morpheme) in whole.morphemes(of: word).enumerated()
                    where !whole.text(morpheme.strongs).isEmpty {
                        words.append(TranslationWord(text: "w\(w)m\(m)", strongs: [whole.text(morpheme.strongs)]))
                    }
                }
                for word in whole.words[verse.words] {
                    let own = Set(whole.morphemes(of: word).compactMap { LexiconEntry.key(whole.text($0.strongs)) })
                    expected.append(
                        words.indices.filter { !own.isDisjoint(with: words[$0].strongs.compactMap(LexiconEntry.key)) }
                            .map { TokenOffset(UInt16($0)) })
                }
                translation[verse.number] = words
            }
            let translated = shown.replacingTranslation(translation, strings: strings) { _ in true }.chapter
            let aligned = translated.words.map { Array(translated.alignment(of: $0)) }
            #expect(aligned == expected, "\(reference)")
            #expect(aligned.filter { !$0.isEmpty }.count > shown.words.count / 2, "\(reference): most words aligned")
        }
    }
}
