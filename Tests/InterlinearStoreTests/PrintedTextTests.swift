import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// The text exactly (issue 38): Hebrew words in the Codex's order, and the Greek as the SBLGNT prints it with its
/// punctuation. Expected values come from the Python oracles beside this file, which read the source files alone.
@Suite(.serialized) struct PrintedTextTests {
    static let sourcesPresent = StoreFixture.sourceMissing == nil

    /// Every verse key's words as the store gives them, and the chapters' verses.
    static func storedVerses(_ store: URL, testament: Testament) throws -> (
        words: [String: [String]], chapters: [Chapter]
    ) {
        let corpus = try CorpusStore(url: store, upgrade: false)
        var words: [String: [String]] = [:]
        var chapters: [Chapter] = []
        for reference in try corpus.availableChapters() where reference.book.testament == testament {
            let chapter = try #require(try corpus.load(reference, into: StringTableBuilder(), morphemes: false))
            for verse in chapter.verses {
                let key = reference.book.number * 1_000_000 + reference.chapter * 1000 + verse.number
                words[String(key)] = chapter.words[verse.words].map { chapter.text($0.surface) }
            }
            chapters.append(chapter)
        }
        return (words, chapters)
    }

    @Test(
        "every Old Testament verse's words are the source's sorted by identifier, each verse ending with sof pasuq",
        .enabled(if: sourcesPresent, "\(StoreFixture.sourceMissing ?? "")"))
    func hebrewWordsInIdentifierOrder() throws {
        let store = try SharedStore.wholeBible.get()
        let hebrew = SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile)
        let expected = try BibleStoreTests.oracle("hebrew_order.py", [hebrew.path])
        let verses = try #require(expected["verses"] as? [String: [String]])
        #expect(verses.count == 23_213)
        #expect(expected["moved"] as? Int == 781, "the verses the file lists out of order")
        let stored = try Self.storedVerses(store, testament: .old)
        #expect(stored.words.count == verses.count)
        var wrong: [String] = []
        for (key, words) in verses where stored.words[key] != words { wrong.append(key) }
        #expect(wrong.isEmpty, "\(wrong.count) verses differ, first \(wrong.sorted().prefix(5))")
        // The Codex ends every verse with sof pasuq: the last word's marks, printed after it.
        var unmarked = 0
        for chapter in stored.chapters {
            for verse in chapter.verses {
                let last = chapter.words[verse.words.upperBound - 1]
                if chapter.text(last.punctuation) != "\u{05C3}"
                    || chapter.text(last.printed) != chapter.text(last.surface) + "\u{05C3}"
                {
                    unmarked += 1
                }
            }
        }
        #expect(unmarked == 0)
    }

    @Test(
        "every New Testament word is the SBLGNT's printed form; the punctuated verses are py-sblgnt's",
        .enabled(if: sourcesPresent, "\(StoreFixture.sourceMissing ?? "")"))
    func greekWordsAsPrinted() throws {
        let store = try SharedStore.wholeNewTestament.get()
        let data = try #require(SharedStore.sourceDirectory)
        let expected = try BibleStoreTests.oracle(
            "sblgnt_printed.py",
            [
                data.appendingPathComponent("sources/SBLGNT.tsv").path,
                SharedStore.printedDirectory.appendingPathComponent(SourceData.printedGreekFolder).path,
            ])
        let verses = try #require(expected["verses"] as? [String: [String]])
        let stored = try Self.storedVerses(store, testament: .new)
        // Verses the BSB numbers and the SBLGNT lacks (Matthew 17:21 …) hold a translation and no Greek word.
        #expect(stored.words.values.filter { !$0.isEmpty }.count == verses.count)
        var wrong: [String] = []
        for (key, words) in verses where stored.words[key] != words { wrong.append(key) }
        #expect(wrong.isEmpty, "\(wrong.count) verses differ, first \(wrong.sorted().prefix(5))")
        #expect(stored.words["40001025"]?.prefix(3) == ["καὶ", "οὐκ", "ἐγίνωσκεν"])
        // Elided words keep their apostrophe (Matthew 1:20 κατ’ ὄναρ).
        #expect(stored.words["40001020"]?.contains("κατ’") == true)

        var punctuated = 0
        var outside: [Int] = []
        for chapter in stored.chapters {
            for verse in chapter.verses {
                let key = chapter.reference.book.number * 1_000_000 + chapter.reference.chapter * 1000 + verse.number
                if chapter.words[verse.words].contains(where: { $0.punctuation != StringTable.emptyText }) {
                    punctuated += 1
                }
                if verse.outsideText { outside.append(key) }
                for word in chapter.words[verse.words] {
                    let marks = Punctuation(field: Substring(chapter.text(word.punctuation)))
                    #expect(marks?.printed(chapter.text(word.surface)) == chapter.text(word.printed))
                }
            }
        }
        #expect(punctuated == expected["punctuated"] as? Int)
        #expect(outside == expected["outside"] as? [Int], "John 7:53–8:11 is outside the SBLGNT's text")
        #expect(outside.count == 12)
    }

    /// The source labels of a typeset passage, in reading order.
    static func sourceLabels(_ arguments: [String]) throws -> [String] {
        let result = try run(interlinearBinary, ["typeset"] + arguments + ["--tiers", "source"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let cells = try #require(document["cells"] as? [[String: Any]])
        return cells.flatMap { cell in
            ((cell["labels"] as? [[String: Any]]) ?? []).filter { $0["tier"] as? String == "source" }.compactMap {
                $0["text"] as? String
            }
        }
    }

    @Test(
        "typeset: Genesis 1:4 and 30:2 in the Codex's order, John 1 and John 8 as the SBLGNT prints them",
        .enabled(if: sourcesPresent, "\(StoreFixture.sourceMissing ?? "")"))
    func typesetAsPrinted() throws {
        let store = try SharedStore.wholeBible.get().path
        // The Codex (maqaf aside, which neither source has): וַיַּרְא אֱלֹהִים אֶת־הָאוֹר כִּי־טוֹב …
        // Compared without cantillation (U+0591–U+05AF) and meteg (U+05BD), as the Codex's words are quoted here.
        func pointed(_ text: String) -> String {
            String(
                String.UnicodeScalarView(
                    text.unicodeScalars.filter { !(0x0591...0x05AF ~= $0.value || $0.value == 0x05BD) }))
        }
        let genesis = try Self.sourceLabels(["Genesis 1:4", "--corpus", store]).map(pointed)
        #expect(genesis.prefix(6) == ["וַיַּרְא", "אֱלֹהִים", "אֶת", "הָאוֹר", "כִּי", "טוֹב"])
        #expect(genesis.last == "הַחֹשֶׁךְ׃")
        let jacob = try Self.sourceLabels(["Genesis 30:2", "--corpus", store]).map(pointed)
        #expect(Array(jacob[5...7]) == ["הֲתַחַת", "אֱלֹהִים", "אָנֹכִי"], "\(jacob)")
        let john = try Self.sourceLabels(["John 1:1-5", "--corpus", store])
        #expect(john.prefix(5) == ["Ἐν", "ἀρχῇ", "ἦν", "ὁ", "λόγος,"])
        #expect(john.contains("θεόν,") && john.contains("λόγος.") && john.contains("ἀνθρώπων·"), "\(john)")
        let matthew = try Self.sourceLabels(["Matthew 1:25", "--corpus", store])
        #expect(matthew.prefix(3) == ["καὶ", "οὐκ", "ἐγίνωσκεν"])
        // John 7:53 is outside the SBLGNT's text: the layout says so, the reading says so.
        let result = try run(interlinearBinary, ["typeset", "John 7:53", "--corpus", store])
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((document["cells"] as? [[String: Any]])?.first?["outside"] as? Bool == true)
        #expect(try schemaViolation(result.stdout, schema: "layout-4") == nil)
        // `read` from John 7:1 and 8:1 on: the note under 7:53 alone, then under 8:1–11.
        let seven = try run(interlinearBinary, ["read", "John 7:1", "--corpus", store])
        #expect(seven.stdoutText.components(separatedBy: "(\(Verse.outsideTextNote))").count == 2)
        let eight = try run(interlinearBinary, ["read", "John 8:1", "--corpus", store])
        #expect(eight.stdoutText.components(separatedBy: "(\(Verse.outsideTextNote))").count == 12)
    }
}
