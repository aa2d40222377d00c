import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// Speakable names and descriptions, searches and custom actions.
@Suite struct SpeechTests {
    /// A number keeps its letter, as a user types it to `define` (G3056 and H3056 are different words), Greek and
    /// Hebrew alike; leading zeros go.
    @Test func strongsNumbersAreSpokenWithTheirLetter() {
        #expect(Speakable.strongs("G1510") == "Strong's G1510")
        #expect(Speakable.strongs("G0846") == "Strong's G846")
        #expect(Speakable.strongs("G2532a") == "Strong's G2532a")
        #expect(Speakable.strongs("H430") == "Strong's H430")
        #expect(Speakable.strongs("H871a-H7225") == "Strong's H871a, Strong's H7225")
        #expect(Speakable.strongs("") == nil)
        #expect(Speakable.strongs("G") == nil)
        #expect(Speakable.morphology("V-IAI-3S") == "verb, imperfect active indicative, third person singular")
        #expect(!Speakable.morphology("Q-QQQ").contains("Q"))
    }

    /// Every word of every committed chapter: morphology expands, and nothing raw is spoken.
    @Test(arguments: A11yFixture.references)
    func everyWordIsSpokenInWords(reference: String) throws {
        let tree = try A11yFixture.tree(reference)
        let chapter = tree.chapter
        for word in chapter.words {
            let code = chapter.text(word.morphology)
            #expect(Morphology.expand(code) != nil, "\(reference): \(code) does not expand")
        }
        for id in A11yFixture.allElements(tree) {
            let speech = try #require(tree.utterance(of: id))
            #expect(!speech.name.isEmpty)
            guard let w = id.kind.word else { continue }
            let word = chapter.words[chapter.verses[id.cell].word(at: w)]
            #expect(speech.name == chapter.text(word.surface))
            #expect(speech.language == "grc")
            let code = chapter.text(word.morphology)
            #expect(speech.description.contains(Morphology.expand(code)!))
            #expect(!speech.description.contains(code), "raw code in \(speech.description)")
            // The number only after "Strong's", never a bare code.
            #expect(
                speech.description.components(separatedBy: chapter.text(word.strongs)).dropLast()
                    .allSatisfy { $0.hasSuffix("Strong's ") }, "\(speech.description)")
            #expect(speech.description.contains(Speakable.strongs(chapter.text(word.strongs))!))
            #expect(speech.description.hasPrefix(Respelling.spoken(chapter.text(word.surface), .greek)))
        }
    }

    @Test func labelGranularitySpeaksEachTierInWords() throws {
        let tree = try A11yFixture.tree(granularity: .label)
        let verb = ElementID(cell: 0, kind: .label(word: 2, tier: .morphology))  // ἦν, V-IAI-3S
        let morph = try #require(tree.utterance(of: verb))
        #expect(morph.name == "verb, imperfect active indicative, third person singular")
        #expect(morph.language == "en")
        let strongs = try #require(tree.utterance(of: ElementID(cell: 0, kind: .label(word: 2, tier: .strongs))))
        #expect(strongs.name == "Strong's G2258")
        let translit = try #require(
            tree.utterance(of: ElementID(cell: 0, kind: .label(word: 2, tier: .transliteration))))
        #expect(translit.language == "grc-Latn")
        #expect(translit.name == "ayn")  // respelled for the English voice: the SBL "ēn" is spelled out
        let greek = try #require(tree.utterance(of: ElementID(cell: 0, kind: .label(word: 2, tier: .source))))
        #expect(greek.name == "ἦν" && greek.language == "grc")
    }

    @Test func translationAndVerseNumbers() throws {
        let tree = try A11yFixture.tree(notes: [1])
        let verse = try #require(tree.utterance(of: ElementID(cell: 0, kind: .verseNumber)))
        #expect(verse.name == "Verse 1")
        #expect(verse.description.contains("has a note"))
        let note = try #require(tree.utterance(of: ElementID(cell: 0, kind: .note)))
        #expect(note.name == "Note")
        let first = try #require(tree.utterance(of: ElementID(cell: 0, kind: .translation(0))))
        #expect(first.name == "In" && first.language == "en")
        #expect(first.description == "translation of En")
    }

    @Test(arguments: AccessibilityTree.Match.allCases)
    func otherOccurrencesMatchABruteForceSearch(match: AccessibilityTree.Match) throws {
        let tree = try A11yFixture.tree("John 1")
        let chapter = tree.chapter
        func key(_ id: ElementID) -> TextID {
            let word = chapter.words[chapter.verses[id.cell].word(at: id.kind.word ?? 0)]
            return match == .lemma ? word.lemma : word.strongs
        }
        let words = A11yFixture.allElements(tree).filter { $0.kind.word != nil }
        for (i, id) in words.enumerated() where i % 7 == 0 {
            let others = tree.otherOccurrences(of: id, matching: match)
            #expect(others == words.filter { $0 != id && key($0) == key(id) })
        }
        #expect(tree.otherOccurrences(of: ElementID(cell: 0, kind: .verseNumber), matching: match).isEmpty)
    }

    @Test func actions() throws {
        let tree = try A11yFixture.tree(notes: [4])

        let logos = ElementID(cell: 0, kind: .word(4))  // λόγος
        #expect(tree.perform(.copy, on: logos) == .copied("λόγος"))
        guard case .found(let others)? = tree.perform(.findOtherOccurrences, on: logos) else {
            Issue.record("no occurrences"); return
        }
        #expect(others.contains(ElementID(cell: 0, kind: .word(7))))
        #expect(!others.contains(logos))
        #expect(tree.perform(.activate, on: logos) == nil)
        let note = ElementID(cell: 3, kind: .note)
        #expect(tree.perform(.activate, on: note) == .activated(note))
        guard case .copied(let verse)? = tree.perform(.copy, on: ElementID(cell: 0, kind: .verseNumber)) else {
            Issue.record("verse not copied"); return
        }
        #expect(verse.hasPrefix("1 Ἐν ἀρχῇ"))
        #expect(verse.contains("In the beginning"))

        // "define" hands the front end the word's Strong's field to look up (λόγος is Strong's G3056), from its block
        // and from each of its labels; a verse number has no such action.
        #expect(tree.perform(.define, on: logos) == .define(strongs: "G3056"))
        #expect(tree.perform(.define, on: ElementID(cell: 0, kind: .verseNumber)) == nil)
        let labels = try A11yFixture.tree(granularity: .label)
        #expect(
            labels.perform(.define, on: ElementID(cell: 0, kind: .label(word: 4, tier: .gloss)))
                == .define(strongs: "G3056"))
    }

    /// "parts" is a Hebrew word's only (the source splits no Greek word): it hands the front end the word's place,
    /// which `WordSpeech.parts(ofWord:verse:in:)` finds in the chapter read with its morphemes — as the word itself.
    @Test func partsOfAHebrewWord() throws {
        let genesis = try A11yFixture.tree("Genesis 1")
        let john = try A11yFixture.tree("John 1")
        let word = ElementID(cell: 2, kind: .word(3))  // Genesis 1:3's fourth word
        #expect(genesis.element(word)?.actions(language: .hebrew).last == .parts)
        #expect(genesis.perform(.parts, on: word) == .parts(verse: 3, word: 3))
        #expect(genesis.perform(.parts, on: ElementID(cell: 2, kind: .verseNumber)) == nil)
        #expect(john.perform(.parts, on: ElementID(cell: 0, kind: .word(4))) == nil)
        #expect(john.element(ElementID(cell: 0, kind: .word(4)))?.actions(language: .greek).contains(.parts) == false)
        let labels = try A11yFixture.tree("Genesis 1", granularity: .label)
        #expect(
            labels.perform(.parts, on: ElementID(cell: 2, kind: .label(word: 3, tier: .gloss)))
                == .parts(verse: 3, word: 3))

        let session = try makeSession()
        let reference = try #require(ChapterReference(parsing: "Genesis 1"))
        let whole = try session.chapters([reference], morphemes: true)[0]
        let speech = WordSpeech.description
        let index = whole.verses[try #require(whole.verseIndex(number: 3))].word(at: 3)
        #expect(speech.parts(ofWord: 3, verse: 3, in: whole) == speech.parts(of: whole.words[index], in: whole))
        #expect(speech.parts(ofWord: 3, verse: 3, in: whole)?.text.hasPrefix("1 part. Part 1: ") == true)
        // No such verse, no such word, or a chapter read without its morphemes: nothing to say from it.
        #expect(speech.parts(ofWord: 3, verse: 99, in: whole) == nil)
        #expect(speech.parts(ofWord: 200, verse: 3, in: whole) == nil)
        let shown = try session.chapter(reference)
        #expect(!shown.omitsMorphemes || speech.parts(ofWord: 3, verse: 3, in: shown) == nil)
        #expect(ChapterWording(chapter: whole).partsAction == ("parts", "Say the Hebrew word's parts one by one"))
    }
}

/// Naming search results reads the layout: it builds no container beyond the one searched from.
@Suite struct SearchLazinessTests {
    @Test(arguments: Granularity.allCases)
    func searchingBuildsOnlyTheStartingCell(granularity: Granularity) throws {
        let tree = try A11yFixture.tree(granularity: granularity)
        let kind: Element.Kind = granularity == .word ? .word(3) : .label(word: 3, tier: .source)  // ὁ
        let others = tree.otherOccurrences(of: ElementID(cell: 0, kind: kind), matching: .lemma)
        #expect(others.count > 20)
        #expect(tree.stats.containersBuilt == 1)
        // Each result names a real element, and that element is the word's first in its container.
        for id in others {
            let container = try #require(tree.container(at: id.cell))
            let index = try #require(container.index(of: id.kind))
            #expect(index == container.elements.firstIndex { $0.kind.word == id.kind.word })
        }
        tree.screenReaderEnabled = false
        #expect(tree.elementID(ofWord: 0) == nil)
    }
}
