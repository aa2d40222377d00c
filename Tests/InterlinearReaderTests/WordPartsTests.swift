import Foundation
import InterlinearAccessibility
import InterlinearInteraction
import InterlinearReader
import InterlinearSession
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

/// The reader's `p`: a Hebrew word's parts one by one, each with the gloss, part of speech and Strong's number the
/// WLC source gives that morpheme (WLC-LEB.tsv, read here), in English words an English voice can say.
struct WordPartsTests {
    private static func said(_ output: LineMode.Output) -> String {
        guard case .line(let line) = output else { return "" }
        return line.text
    }

    @Test(SourceColumns.needsHebrewSource) func eachPartOfEveryWordOfGenesis1IsTheSourcesMorpheme() throws {
        let source = try SourceColumns.hebrewWords(chapter: "01001")
        let genesis = try readerChapter("Genesis 1")
        #expect(genesis.words.count == source.count)
        var mode = LineMode(narration: ChapterNarration(chapter: genesis))
        let first = Self.said(mode.handle(.character("p")))
        // Genesis 1:1's first word, בְּרֵאשִׁית: "in" (preposition, 0871a) and "beginning" (noun, 7225).
        #expect(first.hasPrefix("2 parts. Part 1: "), "\(first)")
        #expect(first.contains(", in, preposition, Strong's H871a. Part 2: "), "\(first)")
        #expect(first.hasSuffix(", beginning, noun, Strong's H7225."), "\(first)")
        var index = 0
        var said: [String] = []
        for verse in genesis.verses.indices {
            for offset in 0..<genesis.verses[verse].words.count {
                if index > 0 { _ = mode.handle(.right) }  // the next word, into the next verse at a verse's end
                let parts = Self.said(mode.handle(.character("p")))
                said.append(parts)
                let expected = source[index]
                #expect(
                    parts.hasPrefix(expected.count == 1 ? "1 part." : "\(expected.count) parts."),
                    "word \(index + 1): \(parts)")
                // Each part's Strong's number, in order, is the source's (the numbers are said as written).
                let numbers = parts.split(separator: "Strong's ").dropFirst().map { $0.prefix { $0 != "." } }
                #expect(numbers == expected.map { $0.strongs }.filter { !$0.isEmpty }.map { Substring($0) }, "\(parts)")
                #expect(!parts.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) }, "no Hebrew: \(parts)")
                index += 1
            }
        }
        #expect(index == source.count)
        // What an English voice does with them (espeak-ng's phonemes): nothing spelled letter by letter.
        let voice = try EnglishVoice()
        let unique = Array(Set(said)).sorted()
        let spelled = zip(unique, try voice.phonemes(unique)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "\(spelled.count) of \(unique.count) spelled, e.g. \(spelled.prefix(3))")
    }

    /// A chapter read without its morphemes (as the store serves one for showing) has its parts read again, once,
    /// through the navigator; without one, or for a Greek word, the reader says why there are none.
    @Test func partsOfAChapterReadWithoutMorphemesComeThroughTheNavigator() throws {
        let session = try makeSession()
        let whole = try readerChapter("Genesis 1")
        var shown = whole
        shown.morphemes = []
        for index in shown.words.indices { shown.words[index].morphemes = 0..<0 }
        shown.omitsMorphemes = true
        var direct = LineMode(narration: ChapterNarration(chapter: whole))
        var alone = LineMode(narration: ChapterNarration(chapter: shown))
        var navigated = LineMode(narration: ChapterNarration(chapter: shown))
        navigated.navigator = ChapterCatalog(session: session, numbering: nil)
        for key: Key in [.right, .right, .down, .right] {
            _ = direct.handle(key)
            _ = alone.handle(key)
            _ = navigated.handle(key)
        }
        let expected = Self.said(direct.handle(.character("p")))
        #expect(expected.contains(" parts. Part 1: "), "\(expected)")
        #expect(Self.said(navigated.handle(.character("p"))) == expected)
        #expect(Self.said(alone.handle(.character("p"))) == "The word's parts could not be read.")
        var greek = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")))
        #expect(Self.said(greek.handle(.character("p"))) == "Greek words are not split into parts here.")
        // The keys say p in a Hebrew chapter only.
        #expect(Self.said(direct.handle(.character("?"))).contains("p its parts one by one"))
        #expect(!Self.said(greek.handle(.character("?"))).contains("p its parts"))
    }
}
