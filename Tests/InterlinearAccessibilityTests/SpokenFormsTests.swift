import InterlinearCorpus
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearAccessibility

/// Spoken text computed once per string (`SpokenForms`) is the text computed afresh: the same description for every
/// word line and every translation word of the committed chapters, in any order of asking.
@Suite struct SpokenFormsTests {
    /// Each translation word's description as the tree gave it before the alignment was kept per verse: the verse's
    /// words whose alignment holds the token, in word order.
    func describedAfresh(_ tree: AccessibilityTree, cell: VerseIndex, token: TokenOffset) -> String {
        let chapter = tree.chapter
        let verse = chapter.verses[cell]
        let sources = chapter.words[verse.words].filter { chapter.alignment(of: $0).contains(token) }
            .map {
                Respelling.spoken(
                    chapter.text(chapter.language == .hebrew ? $0.transliteration : $0.surface),
                    chapter.language)
            }
        return sources.isEmpty ? "translation" : "translation of " + sources.joined(separator: " ")
    }

    @Test(arguments: A11yFixture.references + ["Genesis 1"])
    func keptFormsSpeakAsFreshOnes(reference: String) throws {
        let tree = try A11yFixture.tree(reference)
        let chapter = tree.chapter
        let forms = SpokenForms()
        for speech in [
            WordSpeech.description, WordSpeech(), WordSpeech(verbosity: .brief),
            WordSpeech(verbosity: .full, greek: true),
        ] {
            // Twice over: the second pass reads every form back from the tables.
            for _ in 0..<2 {
                for word in chapter.words {
                    #expect(speech.line(word, in: chapter, forms: forms) == speech.line(word, in: chapter))
                }
            }
        }
        // Whole descriptions, kept per distinct word.
        for _ in 0..<2 {
            for word in chapter.words {
                #expect(forms.description(of: word, in: chapter) == WordSpeech.description.line(word, in: chapter).text)
            }
        }
        // Translation words, asked verse by verse and then out of order (last verse first, back and forth).
        let ids = A11yFixture.allElements(tree).filter { if case .translation = $0.kind { true } else { false } }
        for id in ids + ids.reversed() {
            guard case .translation(let t) = id.kind else { continue }
            #expect(tree.utterance(of: id)?.description == describedAfresh(tree, cell: id.cell, token: t))
        }
    }

    /// The forms are the functions' values, kept: a lemma's is `Respelling.spoken`'s.
    @Test func aLemmaIsTransliteratedOnceAndKept() throws {
        let tree = try A11yFixture.tree("John 1")
        let chapter = tree.chapter
        let forms = SpokenForms()
        let lemma = try #require(chapter.strings.id(of: "λόγος"))
        #expect(forms.kept(.lemma, lemma) == nil)
        for _ in 0..<3 {
            #expect(forms.value(.lemma, lemma, in: chapter) == "lo'gos")
            #expect(forms.kept(.lemma, lemma) == "lo'gos")
        }
        #expect(SpokenForms.Kind.lemma.form(of: lemma, in: chapter) == Respelling.spoken("λόγος", .greek))
    }

    /// Strong's numbers read from their bytes are what the character-by-character reading makes of them, for every
    /// word of the committed chapters and for awkward numbers.
    @Test(arguments: A11yFixture.references)
    func strongsFromBytesIsStrongsFromCharacters(reference: String) throws {
        let chapter = try A11yFixture.tree(reference).chapter
        let samples =
            chapter.words.map { chapter.text($0.strongs) }
            + ["", "G", "G0", "G000", "G0001a", "x12", "0", "12", "G12\r\n", "G-5", "G 7", "G1510 ", "H12", "Gé12"]
        for code in samples where !code.hasPrefix("H") {
            let bytes = Speakable.greekStrongsASCII(code)
            if code.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(bytes == .some(Speakable.greekStrongsByCharacter(code)), "\(code)")
            } else {
                #expect(bytes == nil, "\(code)")
            }
            #expect(Speakable.strongs(code) == Speakable.greekStrongsByCharacter(code), "\(code)")
        }
    }

    /// ASCII text made speakable from its bytes is what the character-by-character path makes of it.
    @Test func englishFromBytesIsEnglishFromCharacters() {
        var samples = [
            "In [the]", "joint-heirs", "  a \t b\r\nc  ", "*~+@$\\[]{}<>|^`#=", "a/b_c-d", "", "   ",
            "x\u{0B}y\u{0C}z", "Word", "the [one] who-is", "5,000 men; 12 baskets.",
        ]
        samples += (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        var random = UInt64(99)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(random % 12) {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.unicodeScalars.append(UnicodeScalar(UInt8(truncatingIfNeeded: random >> 33) & 0x7F))
            }
            samples.append(text)
        }
        for text in samples {
            #expect(Speakable.englishASCII(text) == Speakable.englishByCharacter(text), "\(text.debugDescription)")
        }
        #expect(Speakable.englishASCII("λόγος") == nil)
    }

    /// Neutral text (no letter, no digit) told from ASCII bytes agrees with the Unicode properties.
    @Test func neutralTextAgreesWithUnicodeProperties() {
        let samples =
            (0..<128).map { String(UnicodeScalar(UInt8($0))) } + [", ", "; ", " ", "λ", "3", "½", "Ⅻ", "—", "", "a, "]
        for text in samples {
            let byProperties = text.unicodeScalars.allSatisfy {
                !$0.properties.isAlphabetic && $0.properties.numericType == nil
            }
            #expect(SpokenLine.isNeutral(text) == byProperties, "\(text.debugDescription)")
        }
    }
}
