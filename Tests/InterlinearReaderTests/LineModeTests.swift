import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearReader
import InterlinearShaping
import InterlinearTable
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// The line a key printed, or a recorded failure.
private func line(_ output: LineMode.Output, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard case .line(let line) = output else {
        Issue.record("expected a line, got \(output)", sourceLocation: sourceLocation)
        return ""
    }
    return line.text
}

@Suite("Reader screen-reader lines")
struct LineModeTests {
    @Test("word lines: transliteration, gloss, parsing in words, the reference in words when the verse changes")
    func wordLines() throws {
        var mode = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")))
        #expect(mode.openingLine.text.hasPrefix("Screen reader mode on: John one, 51 verses. "))
        #expect(mode.focusLine().text == "John one, verse one. En, In the, preposition")
        // The dictionary form ἀρχή sounds like the word: not said again.
        #expect(line(mode.handle(.right)) == "arkhay', beginning, noun, dative singular feminine")
        #expect(
            line(mode.handle(.character("l")))
                == "ayn, was, verb, imperfect active indicative, third person singular, from aymee'")
        #expect(line(mode.handle(.down)) == "John one, verse two, 7 Greek words")
        #expect(line(mode.handle(.left)) == "John one, verse one. lo'gos, Word, noun, nominative singular masculine")
        #expect(line(mode.handle(.up)) == "First verse. John one, verse one, 17 Greek words")
        #expect(mode.handle(.character("q")) == .quit)
    }

    @Test("verbosity: brief drops the reference's book and the lemma, full adds Strong's and the word's place")
    func verbosity() throws {
        var mode = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")), verbosity: .brief)
        #expect(mode.focusLine().text == "verse one. En, In the, preposition")
        #expect(line(mode.handle(.right)) == "arkhay', beginning, noun, dative singular feminine")
        #expect(line(mode.handle(.character("v"))) == "Verbosity normal.")
        #expect(line(mode.handle(.character("v"))) == "Verbosity full.")
        #expect(
            line(mode.handle(.right))
                == "ayn, was, verb, imperfect active indicative, third person singular, from aymee', Strong's G2258, word 3 of 17"
        )
        #expect(line(mode.handle(.character("v"))) == "Verbosity brief.")
    }

    @Test("Greek only when asked: o and --original add the Greek word as a grc span; R and d read it only then")
    func greekOnRequest() throws {
        var mode = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")))
        _ = mode.handle(.right)
        #expect(line(mode.handle(.character("o"))) == "Greek words on.")
        guard case .line(let word) = mode.handle(.right) else { Issue.record("no line"); return }
        #expect(word.text.hasPrefix("ἦν, ayn, was"))
        for span in word.spans { #expect(containsGreek(span.text) == (span.language == .greek), "\(span)") }
        #expect(word.spans.first == SpeechSpan("ἦν, ", .greek))
        guard case .line(let verse) = mode.handle(.character("R")) else { Issue.record("no line"); return }
        #expect(verse.text.hasPrefix("Greek: Ἐν ἀρχῇ ἦν ὁ λόγος"))
        #expect(verse.spans.filter { containsGreek($0.text) }.allSatisfy { $0.language == .greek })
        _ = mode.handle(.left)  // ἀρχῇ
        #expect(line(mode.handle(.character("d"))) == "Dictionary form: ἀρχή, arkhay'")
        #expect(line(mode.handle(.character("o"))) == "Greek words off.")
        // Off: R and d say the words respelled, never in Greek script.
        #expect(line(mode.handle(.character("R"))).hasPrefix("Greek: En arkhay' ayn ho lo'gos"))
        #expect(line(mode.handle(.character("d"))) == "Dictionary form: arkhay'")
        #expect(
            line(mode.handle(.character("s")))
                == "arkhay' spelled: alpha with smooth breathing, rho, chi, eta with circumflex and iota subscript")

        var greek = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")), original: true)
        #expect(greek.focusLine().text == "John one, verse one. Ἐν, En, In the, preposition")
    }

    /// Every key a user can press, at every word of every committed chapter: the default lines never hold Greek
    /// script, nor a mark a screen reader would name ("dash", "star", "tilde", "slash"), nor a control character.
    @Test(arguments: ["John 1", "Matthew 1", "Romans 8", "Revelation 22"])
    func defaultLinesAreSpeakable(reference: String) throws {
        let chapter = try readerChapter(reference)
        for verbosity in Verbosity.allCases {
            var mode = LineMode(narration: ChapterNarration(chapter: chapter), verbosity: verbosity)
            var lines = [mode.openingLine.text, mode.focusLine().text]
            for _ in 0..<chapter.words.count {
                for key: Key in [.right, .character("r"), .character("t"), .character("s"), .character(" ")] {
                    if case .line(let line) = mode.handle(key) { lines.append(line.text) }
                }
            }
            for key: Key in [.down, .up, .character("G"), .character("g"), .character("?"), .character("x")] {
                if case .line(let line) = mode.handle(key) { lines.append(line.text) }
            }
            for line in lines {
                #expect(!containsGreek(line), "\(reference): \(line)")
                #expect(!line.unicodeScalars.contains { Self.marks.contains($0) }, "\(reference): \(line)")
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
                #expect(!Self.hasDigitColonDigit(line), "\(reference): \(line)")
            }
        }
    }

    /// Marks a screen reader would name ("dash", "star", "tilde", "slash" …).
    static let marks = Set("-*~/[]\\@+$".unicodeScalars)

    /// Whether `text` holds a digit, a colon and a digit ("1:14", which a screen reader reads as a time): a scan
    /// rather than a regular expression, which is compiled anew for each of the test's 40,000 lines.
    static func hasDigitColonDigit(_ text: String) -> Bool {
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar?.properties.numericType == .decimal }
        var beforeLast: Unicode.Scalar?, last: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if last == ":" && isDigit(beforeLast) && isDigit(scalar) { return true }
            beforeLast = last
            last = scalar
        }
        return false
    }

    @Test(
        "↑ and ↓ lines fit one terminal row at every verse, so a screen reader reading the cursor's row reads them whole",
        arguments: [80, 40, 24])
    func verseLinesFitARow(columns: Int) throws {
        for reference in ["John 1", "Matthew 1", "Romans 8", "Revelation 22"] {
            let chapter = try readerChapter(reference)
            var mode = LineMode(narration: ChapterNarration(chapter: chapter), columns: columns)
            for key: Key in Array(repeating: .down, count: chapter.verses.count)
                + Array(repeating: .up, count: chapter.verses.count)
            {
                let text = line(mode.handle(key))
                #expect(CellWidth.of(text) <= columns - 1, "\(reference) at \(columns): \(text)")
            }
        }
    }

    @Test(":14 jumps, / searches and n wraps, ? lists keys; nothing carries a control character")
    func jumpAndSearch() throws {
        var mode = LineMode(narration: ChapterNarration(chapter: try readerChapter("John 1")))
        _ = mode.focusLine()
        #expect(line(mode.handle(.character(":"))) == "Go to verse: ")
        #expect(mode.handle(.character("1")) == .echo("1"))
        #expect(mode.handle(.character("4")) == .echo("4"))
        #expect(line(mode.handle(.enter)) == "John one, verse fourteen, 23 Greek words")
        _ = mode.handle(.character("/"))
        for c in "logos" { _ = mode.handle(.character(c)) }
        #expect(line(mode.handle(.enter)) == "Match 4 of 4. lo'gos, Word, noun, nominative singular masculine")
        #expect(
            line(mode.handle(.character("n")))
                == "Match 1 of 4. John one, verse one. lo'gos, Word, noun, nominative singular masculine")
        _ = mode.handle(.character(":"))
        for c in "99" { _ = mode.handle(.character(c)) }
        #expect(line(mode.handle(.enter)) == "No verse 99 in John one.")
        #expect(line(mode.handle(.character("?"))).hasPrefix("Keys: right and left arrows"))
    }

    @Test("speech hygiene: crasis, gloss markers, optional letters")
    func hygiene() throws {
        let john = try readerChapter("John 1")
        var mode = LineMode(narration: ChapterNarration(chapter: john))
        _ = mode.handle(.character(":")); _ = mode.handle(.character("3")); _ = mode.handle(.character("1"))
        _ = mode.handle(.enter)
        let kago = line(mode.handle(.right))  // κἀγὼ, P-1NS-K
        #expect(kago == "kagoh', And I, personal pronoun, first person nominative singular, crasis")
        #expect(!kago.contains("contracted"))

        // John 1:33 ἂν has the gloss "*": nothing of it is spoken.
        let an = try #require(john.words.firstIndex { john.text($0.gloss) == "*" })
        #expect(WordSpeech().line(john.words[an], in: john).text == "an, particle")
        #expect(WordSpeech(verbosity: .brief).line(john.words[an], in: john).text == "an, particle")

        let matthew = try readerChapter("Matthew 1")
        let houtos = try #require(matthew.words.first { matthew.text($0.lemma) == "οὕτω(ς)" })
        #expect(WordSpeech().line(houtos, in: matthew).text.hasSuffix("from hoo'toh or hoo'tohs"))
        #expect(Speakable.alternatives("houtō(s)") == "houtō or houtōs")
        #expect(Speakable.alternatives("logos") == "logos")
        // Only the first optional part is said both ways; later ones with their letters (2ⁿ forms otherwise).
        #expect(Speakable.alternatives("a(b)c(d)e") == "acde or abcde")
        let many = Speakable.alternatives(String(repeating: "a(b)", count: 40))
        #expect(many == "a" + String(repeating: "ab", count: 39) + " or " + String(repeating: "ab", count: 40))
        #expect(Speakable.gloss("~In [the]*") == "In the")
        #expect(Speakable.english("joint-heirs") == "joint heirs")
    }
}

@Suite("Speakable words")
struct SpeakableTests {
    @Test func numbersAndReferencesInWords() throws {
        #expect(Speakable.number(0) == "zero")
        #expect(Speakable.number(14) == "fourteen")
        #expect(Speakable.number(51) == "fifty one")
        #expect(Speakable.number(100) == "one hundred")
        #expect(Speakable.number(105) == "one hundred and five")
        #expect(Speakable.number(150) == "one hundred and fifty")
        #expect(Speakable.number(2258) == "two thousand two hundred and fifty eight")
        #expect(Speakable.number(3000) == "three thousand")
        #expect(Speakable.number(-3) == "minus three")
        #expect(!(0...2000).map(Speakable.number).contains { $0.contains("-") })
        let ref = try #require(ChapterReference(parsing: "1 John 2"))
        #expect(Speakable.reference(ref, verse: 14) == "First John two, verse fourteen")
        #expect(Speakable.reference(try #require(ChapterReference(parsing: "John 1"))) == "John one")
    }

    @Test func greekSpelledWithItsMarks() {
        #expect(GreekSpelling.spell("Ἐν") == "capital epsilon with smooth breathing, nu")
        #expect(
            GreekSpelling.spell("ἀρχῇ")
                == "alpha with smooth breathing, rho, chi, eta with circumflex and iota subscript")
        #expect(GreekSpelling.spell("ὅς") == "omicron with rough breathing and acute, final sigma")
        // Decomposed input spells the same.
        #expect(GreekSpelling.spell("ἀρχῇ".decomposedStringWithCanonicalMapping) == GreekSpelling.spell("ἀρχῇ"))
        #expect(GreekSpelling.spell("δι’") == "delta, iota, apostrophe")
        #expect(!containsGreek(GreekSpelling.spell("Ἰωάννης ῥῆμα ϝ")))
    }
}

@Suite("Reader line wrapping")
struct LineWrapTests {
    @Test(
        "rows fit the width, break only at spaces, and after a phrase's punctuation when phrases fit",
        arguments: [80, 40, 13])
    func rows(columns: Int) throws {
        var mode = LineMode(
            narration: ChapterNarration(chapter: try readerChapter("Romans 8")), verbosity: .full, original: true)
        for _ in 0..<200 {
            guard case .line(let line) = mode.handle(.right) else { continue }
            let rows = LineWrap.rows(line.text, columns: columns)
            #expect(rows.allSatisfy { CellWidth.of($0) <= columns })
            let words = line.text.split(separator: " ")
            // Only a word wider than a whole row is cut; otherwise rows end between words.
            if words.allSatisfy({ CellWidth.of($0) <= columns }) {
                #expect(rows.joined(separator: " ") == words.joined(separator: " "))
            }
            // Where every phrase (text between ", ", "; ", ": ", ". ") fits a row, every row but the last ends one:
            // a screen reader's pause at the row break falls where the voice pauses anyway.
            let phrases = line.text.split(separator: " ").reduce(into: [""]) { phrases, word in
                phrases[phrases.count - 1] += (phrases[phrases.count - 1].isEmpty ? "" : " ") + word
                if let last = word.last, ",;:.".contains(last) { phrases.append("") }
            }
            if phrases.allSatisfy({ CellWidth.of($0) <= columns }) {
                #expect(rows.dropLast().allSatisfy { ",;:.".contains($0.last ?? " ") }, "\(rows)")
            }
        }
        #expect(LineWrap.rows("short", columns: 80) == ["short"])
        #expect(LineWrap.rows("abcdefgh ij", columns: 3) == ["abc", "def", "gh", "ij"])
        #expect(LineWrap.rows("one two, three four, five", columns: 16) == ["one two,", "three four, five"])
    }
}

@Suite("Reader narration from accessibility elements")
struct ElementNarrationTests {
    @Test("element order visits exactly the chapter's words, both ways; both narrations describe words alike")
    func agreesWithChapter() throws {
        let session = try makeSession()
        let chapter = try session.chapter(#require(ChapterReference(parsing: "John 1")))
        let tree = session.accessibilityTree(for: chapter)
        #expect(!tree.screenReaderEnabled)
        let elements = ElementNarration(tree: tree)
        #expect(tree.screenReaderEnabled)
        let plain = ChapterNarration(chapter: chapter)

        var forward: [Focus] = [], focus = Focus(verse: 0, word: nil)
        while let next = elements.nextWord(after: focus) {
            #expect(plain.nextWord(after: focus) == next)
            forward.append(next)
            focus = next
        }
        #expect(forward.count == chapter.words.count)
        var backward: [Focus] = []
        while let previous = elements.previousWord(before: focus) {
            backward.append(previous)
            focus = previous
        }
        #expect(backward == Array(forward.reversed().dropFirst()))

        for speech in [WordSpeech(), WordSpeech(verbosity: .full, greek: true)] {
            for focus in forward.prefix(40) {
                #expect(
                    elements.describe(verse: focus.verse, word: focus.word!, speech: speech)
                        == plain.describe(verse: focus.verse, word: focus.word!, speech: speech))
            }
        }
        // The element's accessibility description is the same description, at full verbosity, English only.
        let id = ElementID(cell: 0, kind: .word(2))
        let utterance = try #require(tree.utterance(of: id))
        #expect(
            utterance.description
                == "ayn, was, verb, imperfect active indicative, third person singular, from aymee', Strong's G2258")
        var mode = LineMode(narration: elements)
        #expect(line(mode.handle(.right)) == "John one, verse one. arkhay', beginning, noun, dative singular feminine")
    }
}
