import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

@Suite struct ImporterTests {
    @Test func importsWordsTokensAndAlignment() throws {
        let data = try FakeAlignmentsData()
        defer { data.remove() }
        let chapters = try BibleAlignmentsImporter(dataDirectory: data.root).importChapters(
            nil, strings: StringTableBuilder())
        let chapter = try #require(chapters.first)
        #expect(chapters.count == 1)
        #expect(chapter.reference.description == "John 1")
        #expect(chapter.verses.map(\.number) == [1, 2])
        // Punctuation glues to the word before it; an opening quote glues to the word after it.
        let tokens = chapter.translationTokens[chapter.verses[0].translation].map { chapter.text($0) }
        #expect(tokens == ["In", "the", "beginning,", "“Word.”"])
        let words = chapter.words
        #expect(words.map { chapter.text($0.transliteration) } == ["En", "archēi", "ton", "houtos"])
        #expect(Array(chapter.alignment(of: words[0])) == [0])
        #expect(Array(chapter.alignment(of: words[1])) == [1, 2])
        // A target in another verse is not an index into this verse's tokens: it is dropped.
        #expect(Array(chapter.alignment(of: words[3])) == [0])
        // "-" means no gloss: gloss2 (empty here) is used instead.
        #expect(chapter.text(words[2].gloss) == "")
        #expect(chapter.text(words[1].strongs) == "G0746")
    }

    @Test func importsOnlyWantedChaptersAndNamesMissingOnes() throws {
        let data = try FakeAlignmentsData()
        defer { data.remove() }
        let importer = BibleAlignmentsImporter(dataDirectory: data.root)
        let john1 = try #require(ChapterReference(parsing: "John 1"))
        #expect(try importer.importChapters([john1], strings: StringTableBuilder()).count == 1)
        #expect {
            try importer.importChapters([#require(ChapterReference(parsing: "Mark 3"))], strings: StringTableBuilder())
        } throws: { String(describing: $0).contains("has no chapter Mark 3") }
    }

    @Test func malformedSourceRowNamesFileAndLine() throws {
        let data = try FakeAlignmentsData(sourceRows: [
            "n43001001001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\tPREP",
            "n43001001002\tbroken row",
        ])
        defer { data.remove() }
        #expect {
            try BibleAlignmentsImporter(dataDirectory: data.root).importChapters(nil, strings: StringTableBuilder())
        } throws: { error in
            let e = error as? CorpusError
            return e?.line == 3 && e?.file.hasSuffix("sources/SBLGNT.tsv") == true
        }
    }

    @Test func missingDataFolderIsAnError() {
        let importer = BibleAlignmentsImporter(dataDirectory: URL(fileURLWithPath: "/nonexistent/data"))
        #expect(throws: CorpusError.self) { try importer.importChapters(nil, strings: StringTableBuilder()) }
    }

    /// With the real package installed (the test script installs it), importing reproduces the committed chapters.
    @Test func realPackageReproducesCommittedChapters() throws {
        guard let data = Self.installedData() else {
            Issue.record("the bible-alignments 0.4.2 data is not downloaded (scripts/setup fetches it)")
            return
        }
        let printed = SourceData.printedGreekDirectory()
        guard SourceData.hasPrintedGreek(printed) else {
            Issue.record("the py-sblgnt 0.10 files are not at \(printed.path) (scripts/setup fetches them)")
            return
        }
        let refs = ["John 1", "Matthew 1", "Romans 8", "Revelation 22"].compactMap(ChapterReference.init(parsing:))
        let chapters = try BibleAlignmentsImporter(dataDirectory: data, printedText: printed).importChapters(
            Set(refs), strings: StringTableBuilder())
        #expect(chapters.count == 4)
        for chapter in chapters {
            let committed = corpusDirectory.appendingPathComponent(
                "chapters/" + CorpusLibrary.relativePath(of: chapter.reference))
            let text = try String(contentsOf: committed, encoding: .utf8)
            #expect(
                try ChapterFile.renderChecked(
                    chapter, provenance: BibleAlignmentsImporter.provenance, path: committed.path) == text,
                "\(chapter.reference) differs from \(committed.path)")
        }
    }

    /// The downloaded package data (`scripts/setup` fetches it), or nil.
    static func installedData() -> URL? {
        let directory = SourceData.defaultDirectory()
        return SourceData.isComplete(directory) ? directory : nil
    }
}

/// The distinct values of one column of the installed package's SBLGNT token table (scripts/setup installs it).
func sblgntColumn(_ name: String) throws -> Set<String> {
    let file = try #require(
        SourceColumns.sblgnt, "the bible-alignments 0.4.2 data is not downloaded (scripts/setup fetches it)")
    return Set(try SourceColumns.rows(of: file, columns: [name]).map { $0[0] })
}
