import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

/// The importer refuses source rows that would make a chapter the reader refuses (or reads differently), naming the
/// source file and line, and checks what it renders with the reader's own parser before anything is written.
@Suite struct ImporterValidationTests {
    static let goodSource = "n43001001001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\tPREP"
    static let goodTarget = "43001001001\t43001001\tIn\t\t\t\t"

    static func importing(source: [String] = [goodSource], target: [String] = [goodTarget]) throws -> [Chapter] {
        let data = try FakeAlignmentsData(sourceRows: source, targetRows: target)
        defer { data.remove() }
        return try BibleAlignmentsImporter(dataDirectory: data.root).importChapters(nil, strings: StringTableBuilder())
    }

    @Test func theFixtureImports() throws {
        #expect(try Self.importing().first?.words.count == 1)
    }

    @Test(arguments: [
        ("n43001001001\tἘν-1\tἘν\tG17x22\tIn\tin\tἐν\tprep\tPREP", "bad Strong's number 'G17x22'"),
        ("n43001001001\tἘν-1\tἘν\t\tIn\tin\tἐν\tprep\tPREP", "bad Strong's number ''"),
        ("n43001001001\tἘν-1\t\tG1722\tIn\tin\tἐν\tprep\tPREP", "empty Greek word"),
        ("n43001001001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\t", "bad morphology code ''"),
        ("n43001001001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\tN NSM", "bad morphology code 'N NSM'"),
        ("n43001001001\tἘν-1\tἘν\tG1722\tIn\u{1B}[2J\tin\tἐν\tprep\tPREP", "control character \\e in 'In\\e[2J'"),
        ("n43001000001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\tPREP", "bad word id 'n43001000001'"),
    ])
    func badSourceRowsAreRefusedAtTheirLine(row: String, message: String) throws {
        #expect {
            try Self.importing(source: [Self.goodSource, row])
        } throws: { error in
            let e = error as? CorpusError
            return e?.file.hasSuffix("sources/SBLGNT.tsv") == true && e?.line == 3 && e?.message == message
        }
    }

    @Test(arguments: [
        ("43001001002\t43001001\t\t\t\t\t", "empty English token"),
        (
            "43001001002\t43001001\tthe Word\t\t\t\t",
            "English token 'the Word' holds a space; it would shift the alignment of the words after it"
        ),
    ])
    func badTargetRowsAreRefusedAtTheirLine(row: String, message: String) throws {
        #expect {
            try Self.importing(target: [Self.goodTarget, row])
        } throws: { error in
            let e = error as? CorpusError
            return e?.file.hasSuffix("eng/targets/BSB/nt_BSB.tsv") == true && e?.line == 3 && e?.message == message
        }
    }

    @Test func anEmptyGreekSourceGivesNoEnglishOnlyChapters() throws {
        #expect {
            try Self.importing(source: [])
        } throws: { String(describing: $0).contains("has no Greek words for John 1; the source data is incomplete") }
    }

    @Test func invalidUTF8InASourceRowNamesItsLine() throws {
        let data = try FakeAlignmentsData(sourceRows: [Self.goodSource])
        defer { data.remove() }
        let file = data.root.appendingPathComponent("sources/SBLGNT.tsv")
        var bytes = try Data(contentsOf: file)
        bytes.append(contentsOf: [0x6E, 0xFE, 0x0D, 0x0A])
        try bytes.write(to: file)
        #expect {
            try BibleAlignmentsImporter(dataDirectory: data.root).importChapters(nil, strings: StringTableBuilder())
        } throws: {
            ($0 as? CorpusError)?.line == 3 && String(describing: $0).contains("invalid UTF-8: byte 0xFE at column 2")
        }
    }

    @Test func aVerseOfMoreTokensThanTheLabelFormatIndexesIsRefused() throws {
        let tokens = (0..<65_537).map { "43001001\(String(format: "%03d", $0 % 1000))\t43001001\tw\t\t\t\t" }
        #expect {
            try Self.importing(target: tokens)
        } throws: { error in
            let e = error as? CorpusError
            // The 65,537th token is on line 65,538 (line 1 is the header).
            return e?.line == 65_538
                && e?.message == "verse 1 has more than 65,536 translation tokens, the most a verse can hold"
        }
    }

    @Test func aVerseOfMoreWordsThanTheLabelFormatIndexesIsRefused() throws {
        let words = (0..<65_537).map { "n43001001\(String(format: "%03d", $0 % 1000))\tx\tλ\tG1\tw\tw\tλ\tnoun\tN" }
        #expect {
            try Self.importing(source: words)
        } throws: { error in
            (error as? CorpusError)?.line == 65_538
                && (error as? CorpusError)?.message.contains("more than 65,536 words") == true
        }
    }

    /// The last line of defence: a chapter the reader would refuse, or read differently, is not rendered.
    @Test func renderCheckedRefusesWhatTheReaderWouldNotReadBack() throws {
        let strings = StringTableBuilder()
        let john1 = try #require(ChapterReference(parsing: "John 1"))
        var shifted = Chapter(reference: john1)
        shifted.beginVerse(1, strings: strings)
        // A space inside one token: every offset after it would shift.
        shifted.appendTranslationToken(strings.intern("In the"))
        shifted.appendTranslationToken(strings.intern("beginning"))
        shifted.appendWord(
            surface: "Ἐν", transliteration: "En", lemma: "ἐν", strongs: "G1722", morphology: "PREP",
            gloss: "in", alignment: [1], strings: strings)
        shifted.freeze(strings)
        #expect {
            try ChapterFile.renderChecked(shifted, provenance: [], path: "out/01.tsv")
        } throws: { String(describing: $0).contains("the reader would read it back differently") }

        var refused = Chapter(reference: john1)
        refused.beginVerse(1, strings: strings)
        refused.appendTranslationToken(strings.intern("In"))
        refused.appendWord(
            surface: "Ἐν", transliteration: "En", lemma: "ἐν", strongs: "1722", morphology: "PREP",
            gloss: "in", alignment: [0], strings: strings)
        refused.freeze(strings)
        #expect {
            try ChapterFile.renderChecked(refused, provenance: [], path: "out/01.tsv")
        } throws: {
            String(describing: $0)
                == "out/01.tsv:4: refusing to write a chapter the reader would refuse: bad Strong's number '1722'"
        }
    }
}
