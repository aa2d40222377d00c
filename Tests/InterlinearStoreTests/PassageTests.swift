import InterlinearCorpus
import Testing

@Suite struct PassageTests {
    private func parse(_ text: String, _ current: ChapterReference? = nil) -> String? {
        Passage(parsing: text, relativeTo: current)?.description
    }

    @Test func referencesAsPeopleWriteThem() {
        #expect(parse("John 1:14") == "John 1:14")
        #expect(parse("Jn 1:14–18") == "John 1:14–18")
        #expect(parse("Jn 1:14-18") == "John 1:14–18")
        #expect(parse("Jn 1:14—18") == "John 1:14–18")
        // Every dash people type (en, em, hyphen, non-breaking hyphen, minus); another character is no dash.
        for dash in ["\u{2013}", "\u{2014}", "\u{2010}", "\u{2011}", "\u{2212}"] {
            #expect(parse("Jn 1:14\(dash)18") == "John 1:14–18", "\(dash.unicodeScalars.first!.value)")
        }
        #expect(parse("Jn 1:14\u{2015}18") == nil)
        #expect(parse("Jn 1:14\u{2013}\u{301}18") == nil)
        #expect(parse("Rom 8:28") == "Romans 8:28")
        #expect(parse("1 Cor 13") == "1 Corinthians 13")
        #expect(parse("1Cor 13:4") == "1 Corinthians 13:4")
        #expect(parse("Revelation 22:1") == "Revelation 22:1")
        #expect(parse("john.1") == "John 1")
        #expect(parse("John.1.14") == "John 1:14")
        #expect(parse("  1 John 3:16 ") == "1 John 3:16")
        #expect(parse("Jude 5") == "Jude 1:5", "a single number after a one-chapter book is a verse")
        #expect(parse("Jude 1") == "Jude 1")
        // A range after a one-chapter book is verses too (the five books of one chapter: Obadiah, Philemon, 2 and
        // 3 John, Jude).
        #expect(parse("Jude 3-5") == "Jude 1:3–5")
        #expect(parse("Phlm 4–6") == "Philemon 1:4–6")
        #expect(parse("Obad 1-4") == "Obadiah 1:1–4")
        #expect(parse("3 John 2-4") == "3 John 1:2–4")
    }

    @Test func relativeToTheCurrentChapter() throws {
        let john = try #require(ChapterReference(parsing: "John 1"))
        #expect(parse("1:5", john) == "John 1:5")
        #expect(parse("3:16", john) == "John 3:16")
        #expect(parse("14", john) == "John 1:14")
        #expect(parse("14-18", john) == "John 1:14–18")
        #expect(parse("18-14", john) == nil)
        #expect(parse("Rom 8:28", john) == "Romans 8:28")
        #expect(parse("14") == nil, "no current chapter")
    }

    @Test func rejectsWhatIsNotAReference() {
        for text in [
            "", "John", "Johnny 1", "John 0", "John 1:0", "John 1:18-14", "John 1:14-2:3", "John 1 14",
            "John -1", "John 1:", "John 1:x", "John 1234", ":", "1 Cor", "John 1::3", "John 1-3", "Jude 5-3",
        ] {
            #expect(Passage(parsing: text) == nil, "\(text)")
        }
    }

    @Test func chapterReferenceIsAPassageWithoutVerses() {
        #expect(ChapterReference(parsing: "John 1")?.description == "John 1")
        #expect(ChapterReference(parsing: "John 1:14") == nil)
    }

    @Test func chapterCountsCoverTheNewTestament() {
        #expect(Book.newTestament.reduce(0) { $0 + $1.chapterCount } == 260)
        // The Old Testament in the Hebrew versification of the Westminster Leningrad Codex.
        #expect(Book.oldTestament.reduce(0) { $0 + $1.chapterCount } == 929)
        #expect(Book.named("Ps")?.chapterCount == 150 && Book.named("Joel")?.chapterCount == 4)
        #expect(Book.named("Mark")?.chapterCount == 16)
    }
}
