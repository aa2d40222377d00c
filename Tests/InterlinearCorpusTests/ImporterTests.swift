import Foundation
import Testing
@testable import InterlinearCorpus
import InterlinearTestSupport

/// A miniature bible-alignments data folder, in the package's own layout and line endings.
struct FakeAlignmentsData {
    let root: URL

    init(sourceRows: [String]? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ba-\(UUID().uuidString)")
        let source = ["id\taltId\ttext\tstrongs\tgloss\tgloss2\tlemma\tpos\tmorph"] + (sourceRows ?? [
            "n43001001001\tἘν-1\tἘν\tG1722\tIn [the]\tin\tἐν\tprep\tPREP",
            "n43001001002\tἀρχῇ-1\tἀρχῇ\tG0746\tbeginning\tbeginning\tἀρχή\tnoun\tN-DSF",
            "n43001001003\tτὸν-1\tτὸν\tG3588\t-\t\tὁ\tdet\tT-ASM",
            "n43001002001\tοὗτος-1\tοὗτος\tG3778\tHe\the\tοὗτος\tpron\tD-NSM",
        ])
        let target = ["id\tsource_verse\ttext\tskip_space_after\texclude\tid_range_end\tsource_verse_range_end",
                      "43001001001\t43001001\tIn\t\t\t\t", "43001001002\t43001001\tthe\t\t\t\t",
                      "43001001003\t43001001\tbeginning\ty\t\t\t", "43001001004\t43001001\t,\t\ty\t\t",
                      "43001001005\t43001001\t“\ty\t\t\t", "43001001006\t43001001\tWord\ty\t\t\t",
                      "43001001007\t43001001\t.”\t\ty\t\t",
                      "43001002001\t43001002\tHe\t\t\t\t"]
        let json = #"{"records": [{"source": ["n43001001001"], "target": ["43001001001"]}, "#
            + #"{"source": ["n43001001002"], "target": ["43001001002", "43001001003", "43001001004"]}, "#
            + #"{"source": ["n43001002001"], "target": ["43001002001", "43001001006"]}]}"#
        try write(source, "sources/SBLGNT.tsv")
        try write(target, "eng/targets/BSB/nt_BSB.tsv")
        try AtomicFile.write(Data(json.utf8), to: root.appendingPathComponent("eng/alignments/BSB/SBLGNT-BSB-manual.json"),
                             createDirectories: true)
    }

    private func write(_ lines: [String], _ path: String) throws {
        try AtomicFile.write(Data((lines.joined(separator: "\r\n") + "\r\n").utf8), to: root.appendingPathComponent(path),
                             createDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite struct ImporterTests {
    @Test func importsWordsTokensAndAlignment() throws {
        let data = try FakeAlignmentsData()
        defer { data.remove() }
        let chapters = try BibleAlignmentsImporter(dataDirectory: data.root).importChapters(nil, strings: StringTableBuilder())
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
        let data = try FakeAlignmentsData(sourceRows: ["n43001001001\tἘν-1\tἘν\tG1722\tIn\tin\tἐν\tprep\tPREP",
                                                       "n43001001002\tbroken row"])
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
        let refs = ["John 1", "Matthew 1", "Romans 8", "Revelation 22"].compactMap(ChapterReference.init(parsing:))
        let chapters = try BibleAlignmentsImporter(dataDirectory: data).importChapters(Set(refs), strings: StringTableBuilder())
        #expect(chapters.count == 4)
        for chapter in chapters {
            let committed = corpusDirectory.appendingPathComponent("chapters/" + CorpusLibrary.relativePath(of: chapter.reference))
            let text = try String(contentsOf: committed, encoding: .utf8)
            #expect(ChapterFile.render(chapter, provenance: BibleAlignmentsImporter.provenance) == text,
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
    let data = try #require(ImporterTests.installedData(), "the bible-alignments 0.4.2 data is not downloaded (scripts/setup fetches it)")
    let text = try String(contentsOf: data.appendingPathComponent("sources/SBLGNT.tsv"), encoding: .utf8)
    var lines = text.split(whereSeparator: \.isNewline)
    let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false)
    let column = try #require(header.firstIndex(of: Substring(name)), "no column \(name)")
    var values = Set<String>()
    for line in lines {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        if fields.count > column { values.insert(String(fields[column])) }
    }
    return values
}
