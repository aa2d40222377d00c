import Foundation
import InterlinearTestSupport
import Testing

/// `read --order english` (issue 43) under a real terminal screen reader, Fenrir, at 80 columns: → steps through the
/// King James words in the module's order, and Fenrir says each one whole with the source words under it. The
/// expected words, their order and their Strong's numbers come from diatheke's OSIS output of the module
/// (`TranslationTests.taggedWords`); each verse's source numbers from the interlinear's own layout of the chapter
/// (the corpus's Strong's tier, as `ReverseInterlinearTests` takes them). Every utterance also goes through espeak-ng:
/// none is spelled out by an English voice.
@Suite(
    "Reader in English order under the Fenrir screen reader (tmux)", .serialized, .ownThread,
    .enabled(if: SystemTool.required("tmux", "fenrir"), SystemTool.reason("fenrir", package: "fenrir")),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")))
struct FenrirEnglishOrderTests {
    /// One KJV word as the listener is to hear it: its text, its place among the verse's words, and whether its
    /// Strong's numbers are those of a source word of the verse (plainly, or only as a lettered number).
    private struct Expected {
        var verse: Int
        var position: Int
        var count: Int
        var text: String
        var tagged: Bool
        var plainlyInVerse: Bool
        var anyInVerse: Bool
    }

    /// The first verses of John 1 and Genesis 1 in the KJV, word by word with →, at full verbosity (which says each
    /// word's place, "word n of m"): one utterance per key, each saying the module's next word, then "no Greek word"
    /// when none of the verse's source words carries its number, else "translation of" the source words under it —
    /// "ditto, translation of" words said under an earlier English word of the verse. No Greek or Hebrew script, no
    /// mark Fenrir names, nothing espeak-ng spells. Then `e` twice: the source's order and back, each said.
    @Test(arguments: [("John 1", "Greek", 3), ("Genesis 1", "Hebrew", 2)])
    func readsTheKingJamesWordsInTheirOrder(chapter: String, language: String, verses: Int) throws {
        let markup = try TranslationTests.diatheke(chapter, options: ["-o", "n", "-f", "OSIS"])
        let source = try ReverseInterlinearTests.cells("typeset", chapter, "--translation", "KJV")
        var expected: [Expected] = []
        for verse in 1...verses {
            var plain = Set<Int>(), lettered = Set<Int>()
            for label in source[verse] ?? [] where label["tier"] as? String == "strongs" {
                let numbers = ReverseInterlinearTests.numbers(label["text"] as? String ?? "")
                plain.formUnion(numbers.plain)
                lettered.formUnion(numbers.lettered)
            }
            let words = TranslationTests.taggedWords(try #require(markup[verse], "\(chapter):\(verse) from diatheke"))
            for (index, word) in words.enumerated() {
                expected.append(
                    Expected(
                        verse: verse, position: index + 1, count: words.count, text: word.text,
                        tagged: !word.numbers.isEmpty, plainlyInVerse: !word.numbers.isDisjoint(with: plain),
                        anyInVerse: !word.numbers.isDisjoint(with: plain.union(lettered))))
            }
        }

        let session = try FenrirSession.started(
            "read '\(chapter)' --screen-reader --order english --translation KJV --verbosity full", columns: 80,
            rows: 12)
        defer { session.close() }
        try #require(
            session.programUtterances.count >= 1,
            "Fenrir said nothing of the program at start-up: \(session.utterances); \(session.diagnosis)")
        for count in 2...expected.count {
            try session.tmux.send("Right")
            #expect(session.waitForUtterances(count), "no utterance for → \(count - 1): \(session.programUtterances)")
        }
        // `e` switches to the source's order and back, each time saying so with the focus kept on the same word.
        let switches = [("\(language) order: the \(language) words.", false), ("English order:", true)]
        for (index, (prefix, english)) in switches.enumerated() {
            try session.tmux.send("e")
            #expect(session.waitForUtterances(expected.count + index + 1), "no utterance for e")
            let said = session.programUtterances.last.map(FenrirSession.heard) ?? ""
            #expect(said.hasPrefix(prefix), "e: \(said)")
            #expect(said.contains("translation of") == english, "e: \(said)")
        }
        let spoken = Array(session.programUtterances.prefix(expected.count))
        let switched = session.programUtterances.dropFirst(expected.count)
        try session.tmux.send("q")
        #expect(try session.tmux.waitForExit())
        let heard = spoken.map(FenrirSession.heard)
        #expect(heard.count == expected.count, "utterances:\n\(heard.joined(separator: "\n"))")

        var named: [Int: [String]] = [:]  // the source words said so far in each verse
        var linked = 0, unaligned = 0, dittos = 0
        for (said, word) in zip(heard, expected) {
            let place = "\(chapter):\(word.verse) \(word.text) (\(said))"
            // Its place among the verse's English words, as a listener counts them.
            let suffix = ", word \(word.position) of \(word.count)"
            #expect(said.hasSuffix(suffix), "\(place): \(suffix)")
            let line = said.hasSuffix(suffix) ? String(said.dropLast(suffix.count)) : said
            let description: Substring
            if line.hasSuffix("no \(language) word") {
                description = line.suffix("no \(language) word".count)
            } else if let start = line.range(of: "ditto, translation of ") ?? line.range(of: "translation of ") {
                description = line[start.lowerBound...]
            } else {
                Issue.record("\(place): no description")
                continue
            }
            // The word itself, after the verse's reference on its first word; after its own punctuation ("Word,")
            // only a space.
            let head = String(line.dropLast(description.count))
            let said = word.text + (word.text.last?.isPunctuation == true ? " " : ", ")
            if word.position == 1 {
                #expect(head.hasSuffix(". " + said), "\(place): the reference, then the word")
            } else {
                #expect(head == said, "\(place): the module's next word")
            }
            if description.hasPrefix("no ") {
                // Only a word carrying none of the verse's numbers is said to translate nothing.
                #expect(!word.anyInVerse, "\(place): the word carries a number of the verse's \(language)")
                unaligned += 1
                continue
            }
            #expect(word.tagged && word.anyInVerse, "\(place): untagged or not the verse's, yet described by a word")
            let names =
                description.hasPrefix("ditto, ")
                ? description.dropFirst("ditto, translation of ".count) : description.dropFirst("translation of ".count)
            let words = names.split(separator: " ").map(String.init)
            if description.hasPrefix("ditto, ") {
                // The ditto mark refers back: each word it names was said under an earlier English word.
                #expect(words.allSatisfy { named[word.verse, default: []].contains($0) }, "\(place): said before")
                dittos += 1
            } else {
                linked += 1
            }
            named[word.verse, default: []] += words
        }
        // Every tagged word whose number a source word of the verse carries unlettered is said with a word.
        let plainlyTagged = expected.filter(\.plainlyInVerse).count
        #expect(linked + dittos >= plainlyTagged, "\(linked) linked, \(dittos) dittos, \(plainlyTagged) tagged")
        #expect(unaligned > 0 && linked > 0)
        if chapter == "John 1" {
            // John 1:3's last "made", tagged G1096 as the "made" before it, stands under the same γέγονεν.
            #expect(dittos > 0, "no ditto in John 1:1–3")
        }
        print("\(chapter) 1–\(verses) (KJV, English order): \(linked) linked, \(dittos) dittos, \(unaligned) unaligned")

        for utterance in spoken + switched {
            #expect(!containsGreek(utterance), "Greek reached the voice: \(utterance)")
            #expect(
                !utterance.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) },
                "Hebrew script reached the voice: \(utterance)")
            for named in ["dash", "star", "tilde", "slash", "colon", "left bracket", "plus"] {
                #expect(!utterance.contains(" \(named) "), "Fenrir named a mark: \(utterance)")
            }
        }
        let voice = try EnglishVoice()
        let all = heard + switched.map(FenrirSession.heard)
        let phonemes = try voice.phonemes(all)
        let spelled = zip(all, phonemes).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "espeak-ng spelled: \(spelled)")
    }
}
