import Foundation
import InterlinearBraille
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// The International Hebrew Braille Code (1946) through the project's own liblouis table: each sign class against
/// the code chart (the expected cells are the chart's dot numbers, written here), and whole chapters read back
/// through the same table.
@Suite("International Hebrew Braille Code (the project's liblouis table)", .serialized)
struct IHBCTests {
    /// Cells from the chart's dot numbers: "1236-3" is ⠧⠄.
    static func cells(_ dots: String) -> String {
        String(
            String.UnicodeScalarView(
                dots.split(separator: "-").map { cell in
                    let bits = cell.reduce(0) { $1 == "0" ? $0 : $0 | (1 << (Int(String($1))! - 1)) }
                    return Unicode.Scalar(0x2800 + UInt32(bits))!
                }))
    }

    private func braille(_ hebrew: String) throws -> String {
        try BrailleTables().translate(hebrew, .hebrew, output: .unicode)
    }

    private func check(_ cases: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (hebrew, dots) in cases {
            #expect(try braille(hebrew) == Self.cells(dots), "\(hebrew)", sourceLocation: sourceLocation)
        }
    }

    @Test("consonants: one cell each; bet, kaf, pe and tav with dagesh are letters of their own; shin and sin")
    func consonants() throws {
        try check([
            ("א", "1"), ("ב", "1236"), ("בּ", "12"), ("ג", "1245"), ("ד", "145"), ("ה", "125"), ("ו", "2456"),
            ("ז", "1356"), ("ח", "1346"), ("ט", "2345"), ("י", "245"), ("כ", "16"), ("כּ", "13"), ("ל", "123"),
            ("מ", "134"), ("נ", "1345"), ("ס", "234"), ("ע", "1246"), ("פ", "124"), ("פּ", "1234"),
            ("צ", "2346"), ("ק", "12345"), ("ר", "1235"), ("שׁ", "146"), ("שׂ", "156"), ("ת", "1456"),
            ("תּ", "1256"),
        ])
    }

    @Test("final forms share the cells of the medial letters")
    func finalForms() throws {
        try check([("ך", "16"), ("ךּ", "13"), ("ם", "134"), ("ן", "1345"), ("ף", "124"), ("ץ", "2346")])
    }

    @Test("every vowel after its letter, hatefs included; shureq is not qibbuts; vowel letters in one cell")
    func vowels() throws {
        try check([
            ("בְ", "1236-3"), ("בֱ", "1236-26"), ("בֲ", "1236-25"), ("בֳ", "1236-345"), ("בִ", "1236-24"),
            ("בֵ", "1236-34"), ("בֶ", "1236-15"), ("בַ", "1236-14"), ("בָ", "1236-126"), ("בֹ", "1236-135"),
            ("בֻ", "1236-136"), ("בוּ", "1236-346"), ("בׇ", "1236-126"), ("בִי", "1236-35"), ("בֵי", "1236-3456"),
            ("בוֹ", "1236-246"),
        ])
        #expect(try braille("בֻ") != braille("בוּ"))
    }

    @Test("dagesh: dot 5 before its letter, whatever order the Codex writes it in; vav with dagesh and a vowel")
    func dagesh() throws {
        try check([
            ("גּ", "5-1245"), ("גָּ", "5-1245-126"), ("בְּ", "12-3"), ("שָּׁ", "5-146-126"),
            // צִוָּה: a doubled vav (dagesh forte) is a consonant, not shureq.
            ("צִוָּה", "2346-24-5-2456-126-125"),
        ])
    }

    @Test("mappiq: dots 45 before he")
    func mappiq() throws {
        try check([("לָהּ", "123-126-45-125"), ("אַרְצָהּ", "1-14-1235-3-2346-126-45-125")])
    }

    @Test("maqaf, sof pasuq and paseq")
    func punctuation() throws {
        try check([
            ("עַל־פְּנֵי", "1246-14-123-36-1234-3-1345-3456"), ("הָאָרֶץ׃", "125-126-1-126-1235-15-2346-256"),
            ("אֵל ׀ אֵל", "1-34-123-0-456-0-1-34-123"),
        ])
    }

    @Test("etnahta and zaqef qatan after their word; the other accents and meteg are not written")
    func accents() throws {
        try check([
            // Genesis 1:1 אֱלֹהִ֑ים (etnahta), 1:2 וָבֹ֔הוּ (zaqef qatan), בְּרֵאשִׁ֖ית (tipeha, not written).
            ("אֱלֹהִ֑ים", "1-26-123-135-125-35-134-23"), ("וָבֹ֔הוּ", "2456-126-1236-135-125-346-2"),
            ("בְּרֵאשִׁ֖ית", "12-3-1235-34-1-146-35-1456"), ("הָֽאָרֶץ", "125-126-1-126-1235-15-2346"),
        ])
    }

    /// What the code keeps of a word, from the print alone: letters and points, dagesh and mappiq, the shin and
    /// sin dots, maqaf, sof pasuq and paseq, and etnahta and zaqef qatan moved after the word; not the other
    /// accents, meteg, rafe, the upper and lower dots or the combining grapheme joiner; qamets qatan as qamets and
    /// holam haser for vav as holam (one sign each).
    static func kept(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        var accents = String.UnicodeScalarView()
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x0591, 0x0594: accents.append(scalar)
            case 0x0592...0x05AF, 0x05BD, 0x05BF, 0x05C4, 0x05C5, 0x034F: continue
            case 0x05C7: scalars.append("\u{05B8}")
            case 0x05BA: scalars.append("\u{05B9}")
            default: scalars.append(scalar)
            }
        }
        return (String(scalars) + String(accents)).decomposedStringWithCanonicalMapping
    }

    /// Every word of a chapter brailled (BRF) and read back through the same table.
    private func roundTrip(_ chapter: Chapter) throws -> (words: Int, same: Int, different: [String]) {
        let tables = BrailleTables()
        var same = 0
        var different: [String] = []
        for word in chapter.words {
            let surface = chapter.text(word.surface)
            let braille = try tables.translate(surface, .hebrew, output: .ascii)
            let back = try BrailleTables.hebrewText(fromBraille: braille)
            if back == Self.kept(surface) {
                same += 1
            } else {
                different.append("\(surface) → \(braille) → \(back)")
            }
        }
        return (chapter.words.count, same, different)
    }

    @Test("Genesis 1 and Psalm 23 read back word for word (434/434 in Genesis 1)")
    func committedChaptersRoundTrip() throws {
        let genesis = try roundTrip(try readerChapter("Genesis 1"))
        #expect(genesis.words == 434)
        #expect(genesis.same == 434, "\(genesis.different.prefix(5))")
        let psalm = try roundTrip(try readerChapter("Psalm 23"))
        #expect(psalm.words > 50 && psalm.same == psalm.words, "\(psalm.different.prefix(5))")
    }

    static var hebrewSourcesPresent: Bool {
        FileManager.default.fileExists(
            atPath: SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile).path)
            && SourceData.isComplete(SourceData.defaultDirectory())
    }

    @Test(
        "Psalm 119 (from the Codex source data) reads back word for word",
        .enabled(if: hebrewSourcesPresent, "bible-alignments not downloaded (run scripts/setup)"))
    func psalm119RoundTrips() throws {
        let reference = try #require(ChapterReference(parsing: "Psalm 119"))
        let chapters = try HebrewImporter(
            hebrewData: SourceData.hebrewDirectory(), translationData: SourceData.defaultDirectory()
        )
        .importChapters([reference], strings: StringTableBuilder())
        let chapter = try #require(chapters.first)
        let result = try roundTrip(chapter)
        #expect(result.words > 1_000)
        #expect(result.same == result.words, "\(result.words - result.same) differ: \(result.different.prefix(5))")
    }

    @Test("the comparison fails on a changed word, so the round trip can fail")
    func comparisonCanFail() throws {
        let braille = try BrailleTables().translate("בֻּ", .hebrew, output: .ascii)
        #expect(try BrailleTables.hebrewText(fromBraille: braille) != Self.kept("בּוּ"))
    }

    @Test("`braille` writes IHBC by default and Israeli braille when asked; a wrong code is a usage error")
    func commandLineCode() throws {
        let ihbc = try interlinear("braille", "Genesis 1:1")
        let israeli = try interlinear("braille", "Genesis 1:1", "--hebrew-code", "israeli")
        #expect(ihbc.status == 0 && israeli.status == 0, "\(ihbc.stderr)\(israeli.stderr)")
        #expect(ihbc.stdout != israeli.stdout)
        // בְּרֵאשִׁית in IHBC, in BRF (12-3-1235-34-1-146-35-1456 = B'R/A%9?): the Genesis 1:1 source line holds it.
        #expect(ihbc.stdoutText.contains("B'R/A%9?"), "\(ihbc.stdoutText)")
        let wrong = try interlinear("braille", "Genesis 1:1", "--hebrew-code", "modern")
        #expect(wrong.status == 64 && wrong.stdout.isEmpty)
        #expect(wrong.stderr.contains("hebrew-code"), "\(wrong.stderr)")
    }

    @Test("the table is written to a private folder and removed when the process ends")
    func tableLeavesNothingBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ihbc-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = testEnvironment
        environment["TMPDIR"] = folder.path
        let result = try interlinear("braille", "Psalm 23:1", environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // A TMPDIR liblouis could not take in a table list (a comma) falls back to /tmp.
        let comma = folder.appendingPathComponent("a,b")
        try FileManager.default.createDirectory(at: comma, withIntermediateDirectories: true)
        environment["TMPDIR"] = comma.path
        let withComma = try interlinear("braille", "Psalm 23:1", environment: environment)
        #expect(withComma.status == 0 && withComma.stdout == result.stdout, "\(withComma.stderr)")
    }
}
