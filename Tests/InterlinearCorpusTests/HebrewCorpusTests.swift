import Foundation
import InterlinearSword
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

@Suite struct HebrewReferenceTests {
    @Test(arguments: [
        ("Genesis 1", 1, 1), ("Gen 1", 1, 1), ("gen.1", 1, 1), ("Ps 23", 19, 23), ("Psalm 23", 19, 23),
        ("Psalms 23", 19, 23), ("1 Sam 3", 9, 3), ("1Sam 3", 9, 3), ("Song 2", 22, 2),
        ("Song of Songs 2", 22, 2), ("Isa 53", 23, 53), ("Mal 4", 39, 4), ("Judg 5", 7, 5),
    ])
    func parsesOldTestamentReferences(_ text: String, _ book: Int, _ chapter: Int) throws {
        let reference = try #require(ChapterReference(parsing: text))
        #expect(reference.book.number == book)
        #expect(reference.chapter == chapter)
        #expect(reference.book.testament == .old)
        #expect(reference.book.language == .hebrew)
    }

    @Test func namesAndSlugs() throws {
        #expect(Book.all.count == 66)
        #expect(Book.oldTestament.count == 39)
        #expect(Book.all.map(\.number) == Array(1...66))
        #expect(ChapterReference(parsing: "Ps 23")?.description == "Psalm 23")
        #expect(ChapterReference(parsing: "Gen 1")?.osisID == "Gen.1")
        #expect(CorpusLibrary.relativePath(of: try #require(ChapterReference(parsing: "Genesis 1"))) == "01-Gen/01.tsv")
        #expect(CorpusLibrary.relativePath(of: try #require(ChapterReference(parsing: "Ps 119"))) == "19-Ps/119.tsv")
        // Every abbreviation names one book only.
        var seen: [String: Int] = [:]
        for book in Book.all {
            for key in book.abbreviations + [book.osis.lowercased()] {
                #expect(
                    seen[key] == nil || seen[key] == book.number,
                    "\(key) names books \(seen[key] ?? 0) and \(book.number)")
                seen[key] = book.number
            }
        }
    }
}

@Suite struct HebrewChapterFileTests {
    static let sample = """
        # interlinear corpus 2
        @\t1\t1\thbo
        v\t1\tIn the beginning God created the heavens and the earth.
        w\t1\tבְּרֵאשִׁ֖ית\tbə-rēʾšît\t\tH871a-H7225\tPrep-N\tin-beginning\t
        m\t1\tבְּ\tbə\tH871a\tPrep\tin
        m\t1\tרֵאשִׁ֖ית\trēʾšît\tH7225\tN\tbeginning
        w\t1\tבָּרָ֣א\tbārāʾ\t\tH1254\tV\tcreated\t
        m\t1\tבָּרָ֣א\tbārāʾ\tH1254\tV\tcreated
        $\t1\t2

        """

    @Test func parsesMorphemesAndDirection() throws {
        let chapter = try ChapterFile.parse(Self.sample, path: "g.tsv", strings: StringTableBuilder())
        #expect(chapter.language == .hebrew)
        #expect(chapter.direction == .rightToLeft)
        #expect(chapter.words.count == 2)
        #expect(chapter.morphemes.count == 3)
        let first = chapter.morphemes(of: chapter.words[0]).map { chapter.text($0.transliteration) }
        #expect(first == ["bə", "rēʾšît"])
        #expect(chapter.text(chapter.morphemes[1].strongs) == "H7225")
        #expect(chapter.morphemes(of: chapter.words[1]).count == 1)
    }

    @Test func renderRoundTrips() throws {
        let strings = StringTableBuilder()
        let chapter = try ChapterFile.parse(Self.sample, path: "g.tsv", strings: strings)
        let text = ChapterFile.render(chapter, provenance: ["test"])
        #expect(text.contains("@\t1\t1\thbo\n"))
        let again = try ChapterFile.parse(text, path: "g2.tsv", strings: strings)
        #expect(again.words == chapter.words)
        #expect(again.morphemes == chapter.morphemes)
        #expect(again.language == .hebrew)
    }

    @Test func greekFilesKeepTheirHeader() throws {
        let chapter = try ChapterFile.parse(ChapterFileTests.sample, path: "j.tsv", strings: StringTableBuilder())
        #expect(chapter.language == .greek && chapter.direction == .leftToRight)
        #expect(ChapterFile.render(chapter, provenance: []).contains("@\t43\t1\n"))
    }

    /// Each malformed Hebrew line is reported with the file and its line number (line 1 is the format line).
    @Test(arguments: [
        ("m\t1\tבְּ\tbə\tH871a\tPrep\tin\n", 4, "morpheme line outside a Hebrew word"),
        ("w\t1\tבָּרָא\tbārāʾ\t\tH1254\tV\tcreated\t\nv\t2\tx\n", 4, "without morpheme lines"),
        ("w\t1\tבָּרָא\tbārāʾ\t\tH1254\tV\tcreated\t\nm\t1\tבָּ\tbā\tH1254\tV\tcreated\n", 4, "spell only part"),
        ("w\t1\tבָּרָא\tbārāʾ\t\tH1254\tV\tcreated\t\nm\t1\tרָא\trāʾ\tH1254\tV\tcreated\n", 5, "does not continue"),
        ("w\t1\tבָּרָא\tbārāʾ\t\tG1254\tV\tcreated\t\n", 4, "bad Strong's"),
        ("w\t1\tבָּרָא\tbārāʾ\t\tH1254\tV\tcreated\t\nm\t1\tבָּרָא\tbārāʾ\t1254\tV\tcreated\n", 5, "bad Strong's"),
        ("w\t1\tבָּרָא\tbārāʾ\t\tH1254\tV\tcreated\t\nm\t1\tבָּרָא\tbārāʾ\tH1254\tV\n", 5, "needs 7 fields"),
    ])
    func reportsFileAndLine(body: String, line: Int, message: String) {
        let text = ChapterFile.formatLine + "\n@\t1\t1\thbo\nv\t1\tIn\n" + body
        #expect {
            try ChapterFile.parse(text, path: "bad.tsv", strings: StringTableBuilder())
        } throws: { error in
            let e = error as? CorpusError
            return e?.line == line && e?.description.contains(message) == true
        }
    }

    @Test func rejectsUnknownLanguage() {
        #expect {
            try ChapterFile.parse(
                ChapterFile.formatLine + "\n@\t1\t1\txx\nv\t1\tIn\n", path: "a", strings: StringTableBuilder())
        } throws: {
            String(describing: $0).contains("unknown language 'xx'")
        }
    }
}

@Suite struct HebrewImporterTests {
    /// A miniature WLC-LEB.tsv and ot_BSB.tsv in the packages' own layout (CRLF, header rows).
    static func fakeData() throws -> (hebrew: URL, translation: URL, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wlc-\(UUID().uuidString)")
        let hebrew = [
            "identifier\talt-id\ttext\tstrongs\tgloss\tgloss2\tpos\tmorph",
            "010010010011\tבְּ-1\tבְּ\t0871a\tin\t\tpreposition\t",
            "010010010012\tרֵאשִׁ֖ית-1\tרֵאשִׁית\t7225\tbeginning\t\tnoun\t",
            "010010010021\tבָּרָ֣א-1\tבָּרָא\t1254\t\the.created\tverb\t",
            "010010020011\tוְ-1\tוְ\t2050b\tnow\t\tconjunction\t",
            "010010020012\tהָ-1\tהָ\t1886a\tthe\t\tparticle\t",
            "010010020013\tאָ֗רֶץ-1\tאָרֶץ\t0776\tearth\t\tnoun\t",
        ]
        let english = [
            "id\tsource_verse\ttext\tskip_space_after\texclude\tid_range_end\tsource_verse_range_end",
            "01001001001\t01001001\tIn\t\t\t\t", "01001001002\t01001001\tthe\t\t\t\t",
            "01001001003\t01001001\tbeginning\ty\t\t\t", "01001001004\t01001001\t.\t\ty\t\t",
            "01001002001\t01001002\tNow\t\t\t\t",
        ]
        let h = root.appendingPathComponent("hebrew"), t = root.appendingPathComponent("english")
        try AtomicFile.write(
            Data((hebrew.joined(separator: "\r\n") + "\r\n").utf8),
            to: h.appendingPathComponent(SourceData.hebrewFile), createDirectories: true)
        try AtomicFile.write(
            Data((english.joined(separator: "\n") + "\n").utf8),
            to: t.appendingPathComponent(SourceData.oldTestamentTranslationFile), createDirectories: true)
        return (h, t, root)
    }

    @Test func importsWordsMorphemesAndTranslation() throws {
        let data = try Self.fakeData()
        defer { try? FileManager.default.removeItem(at: data.root) }
        let chapters = try HebrewImporter(hebrewData: data.hebrew, translationData: data.translation)
            .importChapters(nil, strings: StringTableBuilder())
        let chapter = try #require(chapters.first)
        #expect(chapters.count == 1 && chapter.reference.description == "Genesis 1")
        #expect(chapter.language == .hebrew)
        #expect(chapter.verses.map(\.number) == [1, 2])
        #expect(
            chapter.translationTokens[chapter.verses[0].translation].map { chapter.text($0) } == [
                "In", "the", "beginning.",
            ])
        let words = chapter.words
        #expect(words.count == 3)
        #expect(words.map { chapter.text($0.surface) } == ["בְּרֵאשִׁ֖ית", "בָּרָ֣א", "וְהָאָ֗רֶץ"])
        #expect(words.map { chapter.text($0.transliteration) } == ["bə-rēʾšît", "bārāʾ", "wə-hā-ʾāreṣ"])
        #expect(words.map { chapter.text($0.strongs) } == ["H871a-H7225", "H1254", "H2050b-H1886a-H776"])
        #expect(words.map { chapter.text($0.morphology) } == ["Prep-N", "V", "Conj-Part-N"])
        // An empty gloss falls back to gloss2.
        #expect(words.map { chapter.text($0.gloss) } == ["in-beginning", "he.created", "now-the-earth"])
        // No alignment is invented.
        #expect(chapter.alignedTokens.isEmpty)
        #expect(words.allSatisfy { $0.alignment.isEmpty })
        #expect(chapter.morphemes(of: words[2]).map { chapter.text($0.surface) } == ["וְ", "הָ", "אָ֗רֶץ"])
        // Without a lexicon, no lemma (the source has none).
        #expect(words.allSatisfy { chapter.text($0.lemma).isEmpty })
    }

    /// With a lexicon, a word's lemma is the headword of its first morpheme number that has an entry: H871a (bə-),
    /// H2050b (wə-) and H1886a (ha-) follow the last entries of א, ה and ד (as in Strong's), so they are affixes
    /// with no entry, and the stems give the lemmas. A lettered number whose base is not the last of its letter
    /// (H1254a, a homograph) resolves to the base.
    @Test func lemmasAreTheStemsHeadwords() throws {
        let data = try Self.fakeData()
        defer { try? FileManager.default.removeItem(at: data.root) }
        func entry(_ number: Int, _ headword: String) -> LexiconEntry {
            LexiconEntry(
                language: .hebrew, number: number, headword: headword, transliteration: "", pronunciation: "",
                derivation: "", definition: "", kjvUsage: "", text: headword)
        }
        let lexicon = Lexicon([
            entry(871, "אתרים"), entry(872, "בּאה"), entry(1254, "בּרא"), entry(1255, "בּראדך"),
            entry(1886, "דּתן"), entry(1887, "הא"), entry(2050, "התת"), entry(2051, "ודן"),
            entry(776, "ארץ"), entry(7225, "ראשׁית"),
        ])
        var importer = HebrewImporter(hebrewData: data.hebrew, translationData: data.translation)
        importer.lexicon = lexicon
        let chapter = try #require(try importer.importChapters(nil, strings: StringTableBuilder()).first)
        #expect(chapter.words.map { chapter.text($0.lemma) } == ["ראשׁית", "בּרא", "ארץ"])
        #expect(lexicon.entry("H871a") == nil && lexicon.entry("H2050b") == nil && lexicon.entry("H1886a") == nil)
        #expect(lexicon.entry("H1254a")?.headword == "בּרא")
        #expect(lexicon.entry("H871")?.headword == "אתרים")
    }

    @Test func rejectsBadRowsWithFileAndLine() throws {
        let data = try Self.fakeData()
        defer { try? FileManager.default.removeItem(at: data.root) }
        let file = data.hebrew.appendingPathComponent(SourceData.hebrewFile)
        try AtomicFile.write(
            Data(
                "identifier\talt-id\ttext\tstrongs\tgloss\tgloss2\tpos\tmorph\n010010010011\tבְּ-1\tבְּ\t0871a\tin\t\tmystery\t\n"
                    .utf8), to: file)
        #expect {
            try HebrewImporter(hebrewData: data.hebrew, translationData: data.translation).importChapters(
                nil, strings: StringTableBuilder())
        } throws: { String(describing: $0).contains("WLC-LEB.tsv:2: unknown part of speech 'mystery'") }
    }

    @Test(arguments: [("0871a", "H871a"), ("7225", "H7225"), ("", ""), ("1234|1234a", "H1234/H1234a")])
    func strongsNumbers(_ field: String, _ expected: String) {
        #expect(HebrewImporter.strongs(Substring(field)) == expected)
    }

    /// The committed Hebrew chapters are exactly what the importer makes from the downloaded data, and every
    /// morpheme of Genesis 1 in the source is in the chapter, in order.
    @Test(
        .enabled(
            if: SystemTool.isCI || Self.installed() != nil,
            "bible-alignments 0.3.5/0.4.2 not downloaded (run scripts/setup)"))
    func committedChaptersMatchTheSource() throws {
        let (hebrew, translation) = try #require(
            Self.installed(), "bible-alignments 0.3.5/0.4.2 not downloaded (run scripts/setup)")
        let refs = ["Genesis 1", "Psalm 23", "Isaiah 53"].compactMap(ChapterReference.init(parsing:))
        // With the lemmas from SWORD's Strong's Hebrew dictionary, as `interlinear import` writes them.
        var importer = HebrewImporter(hebrewData: hebrew, translationData: translation)
        importer.lexicon = Lexicon(try StrongsLexicon.entries(StrongsLexicon.hebrew, in: SwordLibrary()))
        let chapters = try importer.importChapters(Set(refs), strings: StringTableBuilder())
        #expect(chapters.count == 3)
        for chapter in chapters {
            let committed = corpusDirectory.appendingPathComponent(
                "chapters/" + CorpusLibrary.relativePath(of: chapter.reference))
            #expect(
                ChapterFile.render(chapter, provenance: HebrewImporter.provenance + [HebrewImporter.lemmaProvenance])
                    == (try String(contentsOf: committed, encoding: .utf8)), "\(chapter.reference)")
        }
        // Every Genesis 1 row of the source, in identifier order, against the committed chapter's morphemes.
        // The file (29 MB) is read as bytes and only Genesis 1's lines become strings: splitting all of it into
        // Swift strings cost more than the rest of the test. The source is in canonical order, so the rows are the
        // file's first run of "01001" lines; a row out of order elsewhere would make the count below fail.
        let data = try Data(contentsOf: hebrew.appendingPathComponent(SourceData.hebrewFile))
        let prefix = Array("01001".utf8)
        var rows: [[Substring]] = [], start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            if data[start..<end].starts(with: prefix) {
                rows.append(
                    String(decoding: data[start..<end], as: UTF8.self)
                        .split(separator: "\t", omittingEmptySubsequences: false))
            } else if !rows.isEmpty {
                break
            }
            start = end + 1
        }
        // The identifiers are the Codex's order; the file lists some verses' rows in another (Genesis 1:4).
        rows.sort { $0[0] < $1[0] }
        let genesis = try CorpusLibrary(corpusDirectory: corpusDirectory).load(
            #require(ChapterReference(parsing: "Gen 1")), into: StringTableBuilder())
        #expect(rows.count == genesis.morphemes.count)
        #expect(rows.count == 690)  // Genesis 1 has 690 morphemes in 434 written words
        for (row, morpheme) in zip(rows, genesis.morphemes) {
            let form = String(row[1][..<row[1].lastIndex(of: "-")!]).precomposedStringWithCanonicalMapping
            #expect(genesis.text(morpheme.surface) == form)
        }
        #expect(genesis.verses.count == 31)
    }

    static func installed() -> (URL, URL)? {
        let hebrew = SourceData.hebrewDirectory(), translation = SourceData.defaultDirectory()
        return SourceData.hasOldTestament(hebrew: hebrew, translation: translation) ? (hebrew, translation) : nil
    }
}
