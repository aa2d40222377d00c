import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearReader
import InterlinearTestSupport
import Testing

/// Every English-language utterance a listener hears for John 1, Genesis 1, Psalm 23 and Isaiah 53 — the line
/// mode's lines for every word and verse at every verbosity, and the names and descriptions of every element of
/// `interlinear a11y … --screen-reader on --all` (word and label granularity) — passed through espeak-ng's English
/// voice, which must spell none of them out letter by letter (`EnglishVoice` says how that is detected).
@Suite(
    "What an English voice says: nothing spelled letter by letter (espeak-ng)", .serialized,
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")))
struct EnglishVoiceSpellingTests {
    static let chapters = ["John 1", "Genesis 1", "Psalm 23", "Isaiah 53"]

    @Test("the detector: espeak's spelling of SBL letters and of unpronounceable words is found, English is not")
    func detector() throws {
        let voice = try EnglishVoice()
        let said = try voice.phonemes([
            "ʾĕlōhîm", "bdkl", "rēʾšît", "In the beginning God created the heavens and the earth.",
            "John one, verse one, 17 Greek words", "Strong's G1510, was, verb",
        ])
        #expect(said.map(voice.isSpelled) == [true, true, true, false, false, false], "\(said)")
    }

    @Test("line mode and a11y JSON: no English utterance spelled out", arguments: chapters)
    func nothingSpelled(_ reference: String) throws {
        let voice = try EnglishVoice()
        var utterances = try Self.lineModeUtterances(reference)
        let fromReader = utterances.count
        for granularity in ["word", "label"] {
            utterances += try Self.a11yUtterances(reference, granularity: granularity)
        }
        let unique = Array(Set(utterances.filter { !$0.isEmpty })).sorted()
        let phonemes = try voice.phonemes(unique)
        let spelled = zip(unique, phonemes).filter { voice.isSpelled($0.1) }
        print(
            "\(reference): \(spelled.count) of \(unique.count) distinct English utterances spelled out "
                + "(\(fromReader) from the line mode, \(utterances.count - fromReader) from the a11y JSON)")
        for (text, said) in spelled.prefix(5) { print("  spelled: \(text) → \(said.joined(separator: " | "))") }
        #expect(spelled.isEmpty, "\(spelled.count) spelled, e.g. \(spelled.prefix(3).map(\.0))")
    }

    /// The English messages of a line: its spans that go to the English voice, adjacent ones joined (as speech
    /// sends them).
    static func englishMessages(_ line: SpokenLine) -> [String] {
        var messages: [String] = []
        var previous: String?
        for span in line.spans {
            if span.language.voice == "en", previous == "en" {
                messages[messages.count - 1] += span.text
            } else if span.language.voice == "en" {
                messages.append(span.text)
            }
            previous = span.language.voice
        }
        return messages.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every line the line mode says for the chapter: → through every word, ↓ through every verse with r, R, t, and
    /// s and d on every word, at each verbosity; the opening, the key list and the switches.
    static func lineModeUtterances(_ reference: String) throws -> [String] {
        let chapter = try readerChapter(reference)
        var lines: [SpokenLine] = []
        for verbosity in Verbosity.allCases {
            var mode = LineMode(narration: ChapterNarration(chapter: chapter), verbosity: verbosity, columns: 80)
            lines += [mode.openingLine, mode.focusLine()]
            while true {
                let before = (mode.verse, mode.word)
                guard case .line(let line) = mode.handle(.right) else { break }
                lines.append(line)
                if (mode.verse, mode.word) == before { break }
                if verbosity == .normal {
                    for key in ["s", "d"] {
                        if case .line(let line) = mode.handle(.character(Character(key))) { lines.append(line) }
                    }
                }
            }
        }
        var mode = LineMode(narration: ChapterNarration(chapter: chapter), columns: 80)
        for key in ["?", "o", "o", "v"] {
            if case .line(let line) = mode.handle(.character(Character(key))) { lines.append(line) }
        }
        while true {
            let before = mode.verse
            for key in ["r", "R", "t"] {
                if case .line(let line) = mode.handle(.character(Character(key))) { lines.append(line) }
            }
            guard case .line(let line) = mode.handle(.down) else { break }
            lines.append(line)
            if mode.verse == before { break }
        }
        return lines.flatMap(englishMessages)
    }

    /// The English names and descriptions of every element of the chapter's a11y dump: names whose language is
    /// English or a transliteration (read by the English voice), descriptions in English.
    static func a11yUtterances(_ reference: String, granularity: String) throws -> [String] {
        let result = try interlinear("a11y", reference, "--screen-reader", "on", "--all", "--granularity", granularity)
        try #require(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: result.stdout)
        var utterances: [String] = []
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if let name = object["name"] as? String, let language = object["language"] as? String,
                    language == "en" || language.hasSuffix("-Latn")
                {
                    utterances.append(name)
                }
                if let description = object["description"] as? String, object["descriptionLanguage"] as? String == "en"
                {
                    utterances.append(description)
                }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        visit(json)
        return utterances
    }
}
