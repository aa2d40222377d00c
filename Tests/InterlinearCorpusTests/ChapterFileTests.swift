import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

@Suite struct ChapterFileTests {
    static let sample = """
        # interlinear corpus 2
        @\t43\t1
        v\t1\tIn the beginning was the Word,
        w\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn [the]\t0
        w\t1\tἀρχῇ\tarchēi\tἀρχή\tG0746\tN-DSF\tbeginning\t1 2
        v\t2\tHe was.
        w\t2\tοὗτος\thoutos\tοὗτος\tG3778\tD-NSM\the\t0
        $\t2\t3

        """

    @Test func parsesVersesWordsAndAlignment() throws {
        let chapter = try ChapterFile.parse(Self.sample, path: "x.tsv", strings: StringTableBuilder())
        #expect(chapter.reference.description == "John 1")
        #expect(chapter.verses.map(\.number) == [1, 2])
        #expect(chapter.words.count == 3)
        #expect(chapter.verses[0].words == 0..<2)
        #expect(
            chapter.translationTokens[chapter.verses[0].translation].map { chapter.text($0) }
                == ["In", "the", "beginning", "was", "the", "Word,"])
        #expect(Array(chapter.alignment(of: chapter.words[1])) == [1, 2])
        #expect(chapter.text(chapter.words[2].transliteration) == "houtos")
    }

    @Test func renderRoundTrips() throws {
        let strings = StringTableBuilder()
        let chapter = try ChapterFile.parse(Self.sample, path: "x.tsv", strings: strings)
        let again = try ChapterFile.parse(
            ChapterFile.render(chapter, provenance: ["test"]), path: "y.tsv", strings: strings)
        #expect(again.words == chapter.words)
        #expect(again.verses == chapter.verses)
        #expect(again.translationTokens == chapter.translationTokens)
    }

    @Test func acceptsWindowsLineEndings() throws {
        let crlf = Self.sample.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try ChapterFile.parse(crlf, path: "x.tsv", strings: StringTableBuilder()).words.count == 3)
    }

    /// Each malformed line is reported with the file and its line number (line 1 is the format line, 2 the header).
    @Test(arguments: [
        ("w\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\t0\n", 3, "word before any verse line"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\n", 4, "needs 9 fields"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\t1722\tPREP\tIn\t0\n", 4, "bad Strong's"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\t\tPREP\tIn\t0\n", 4, "bad Strong's number ''"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\t5\n", 4, "alignment '5'"),
        ("v\t1\tIn\nw\t2\tἘν\tEn\tἐν\tG1722\tPREP\tIn\t0\n", 4, "inside verse 1"),
        ("v\t2\tIn\nv\t1\tIn\n", 4, "follows verse 2"),
        ("x\tfoo\n", 3, "unknown record"),
        ("v\tone\tIn\n", 3, "verse line must be"),
        ("v\t1\tIn\nw\t1\t\tEn\tἐν\tG1722\tPREP\tIn\t0\n", 4, "empty source word"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\t\tIn\t0\n", 4, "bad morphology"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tN NSM\tIn\t0\n", 4, "bad morphology code 'N NSM'"),
        ("v\t1\tIn  the\n", 3, "empty translation token"),
        ("v\t1\t In\n", 3, "empty translation token"),
        ("v\t1\tIn the\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\t0  1\n", 4, "empty alignment offset"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\t0\n$\t1\t2\n", 5, "counts 1 verses and 2 words"),
        ("v\t1\tIn\n$\t1\t0\nv\t2\tHe\n", 5, "after the end record"),
        ("v\t1\tIn\n$\t1\n", 4, "end record must be"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\t0\n", 4, "without its end record"),
        ("v\t1\tI\u{1B}[2Jn\n", 3, "control character \\e in the translation field 'I\\e[2Jn'"),
        ("v\t1\tIn\nw\t1\tἘν\tEn\tἐν\tG1722\tPREP\tIn\u{85}\t0\n", 4, "control character \\u{85} in the gloss"),
        ("v\t1\tIn\rthe\n", 3, "control character \\r"),
    ])
    func reportsFileAndLine(body: String, line: Int, message: String) {
        let text = ChapterFile.formatLine + "\n@\t43\t1\n" + body
        #expect {
            try ChapterFile.parse(text, path: "bad.tsv", strings: StringTableBuilder())
        } throws: { error in
            let e = error as? CorpusError
            return e?.file == "bad.tsv" && e?.line == line && e?.description.contains(message) == true
                && e?.description.hasPrefix("bad.tsv:\(line): ") == true
        }
    }

    @Test func rejectsMissingOrBadHeader() {
        let format = ChapterFile.formatLine + "\n"
        #expect(throws: CorpusError.self) {
            try ChapterFile.parse(format + "# nothing\n", path: "a", strings: StringTableBuilder())
        }
        #expect(throws: CorpusError.self) {
            try ChapterFile.parse(format + "@\t12\t1\n", path: "a", strings: StringTableBuilder())
        }
        #expect(throws: CorpusError.self) {
            try ChapterFile.parse(format + "@\t43\t1\n", path: "a", strings: StringTableBuilder())
        }
        #expect(throws: CorpusError.self) {
            try ChapterFile.parse(format + "@\t43\t22\nv\t1\tx\n$\t1\t0\n", path: "a", strings: StringTableBuilder())
        }
    }
}

@Suite struct CorpusLibraryTests {
    let library = CorpusLibrary(corpusDirectory: corpusDirectory)

    @Test func committedChaptersLoad() throws {
        let expected: [(String, Int)] = [("John 1", 51), ("Matthew 1", 25), ("Romans 8", 39), ("Revelation 22", 21)]
        for (text, verses) in expected {
            let chapter = try library.load(#require(ChapterReference(parsing: text)), into: StringTableBuilder())
            #expect(chapter.verses.count == verses, "\(text)")
            #expect(chapter.verses.map(\.number) == Array(1...verses), "\(text)")
            #expect(chapter.verses.allSatisfy { !$0.words.isEmpty && !$0.translation.isEmpty }, "\(text)")
        }
        #expect(library.availableChapters().count >= 4)
    }

    @Test func johnOneOpensWithTheLogos() throws {
        let chapter = try library.load(#require(ChapterReference(parsing: "John 1")), into: StringTableBuilder())
        let first = chapter.words[chapter.verses[0].words].map { chapter.text($0.surface) }
        #expect(first.prefix(5) == ["Ἐν", "ἀρχῇ", "ἦν", "ὁ", "λόγος"])
        #expect(chapter.text(chapter.words[4].transliteration) == "logos")
        #expect(Morphology.expand(chapter.text(chapter.words[2].morphology)) != nil)
    }

    @Test func missingChapterIsAnError() throws {
        #expect {
            try library.load(#require(ChapterReference(parsing: "John 99")), into: StringTableBuilder())
        } throws: { String(describing: $0) == "John has 21 chapters; there is no John 99" }
        #expect {
            try CorpusLibrary(roots: [URL(fileURLWithPath: "/nonexistent")]).load(
                #require(ChapterReference(parsing: "John 2")), into: StringTableBuilder())
        } throws: { error in
            (error as? CorpusError)?.kind == .missing
                && (error as? CorpusError)?.remedy == .importChapter("John 2")
                && !String(describing: error).contains("interlinear import")
        }
    }

    @Test func fileForAnotherChapterIsRejected() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("chapters/43-John/02.tsv")
        try AtomicFile.write(Data(ChapterFileTests.sample.utf8), to: file, createDirectories: true)
        #expect {
            try CorpusLibrary(corpusDirectory: dir).load(
                #require(ChapterReference(parsing: "John 2")), into: StringTableBuilder())
        } throws: { error in String(describing: error).contains("holds John 1, expected John 2") }
    }
}

/// Several chapters loaded together share one frozen table.
@Suite struct CorpusLibraryBatchTests {
    @Test func chaptersLoadedTogetherShareOneTable() throws {
        let library = CorpusLibrary(corpusDirectory: corpusDirectory)
        let builder = StringTableBuilder()
        let refs = try ["John 1", "Romans 8"].map { try #require(ChapterReference(parsing: $0)) }
        let chapters = try library.load(refs, into: builder)
        #expect(chapters.map(\.reference) == refs)
        #expect(chapters[0].strings.count == chapters[1].strings.count)
        #expect(chapters[0].strings.extends(chapters[1].strings) && chapters[1].strings.extends(chapters[0].strings))
        // A word both chapters use has one id in both.
        let kai = try #require(chapters[0].strings.id(of: "καὶ"))
        #expect(chapters[0].words.contains { $0.surface == kai } && chapters[1].words.contains { $0.surface == kai })
    }
}
