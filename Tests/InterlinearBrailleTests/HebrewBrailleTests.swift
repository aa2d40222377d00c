import Foundation
import InterlinearBraille
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// Braille of the Old Testament and the PEF file: Hebrew (IHBC by default, and liblouis's Israeli table) with no
/// escaped code points, the Israeli table read back with liblouis's own back-translation (IHBC's round trip is in
/// `IHBCTests`), and PEF checked by brailleutils' PEF validator.
@Suite("Braille of both testaments (liblouis, brailleutils)", .serialized)
struct HebrewBrailleTests {
    /// liblouis writes a character no table defines as an escape, `'\X05D1'` in BRF, its hex digits brailled as
    /// UEB's letters a–j without a numeric indicator through the UEB tables (`'\XJEDA'`): what `braille "Genesis 1"`
    /// wrote for 797 of its 1,601 lines.
    static func escapes(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "'\\\\X[0-9A-J]{2,8}'")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    @Test("the escape detector finds what liblouis writes for Hebrew through an English table")
    func detectorSeesEscapes() throws {
        let braille = try Louis.translate(
            "בְּרֵאשִׁית", tableList: BrailleTables.brfDisplay + ",en-ueb-g1.ctb", output: .ascii)
        #expect(!Self.escapes(braille).isEmpty, "\(braille)")
    }

    @Test("interlinear braille \"Genesis 1\": no escape; transcriber's note, code indicators, running heads")
    func genesisOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hebrew-braille-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Genesis-1.brf")
        let result = try interlinear("braille", "Genesis 1", "--transliteration", "--parsing", "--output", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(Self.escapes(text).isEmpty, "\(Self.escapes(text).prefix(5))")
        let pages = text.split(separator: "\u{0C}").map { $0.components(separatedBy: "\r\n") }
        // UEB §3.27 transcriber's note indicators, and §14.3 non-UEB passage indicators with the identifier "he".
        #expect(pages[0].joined().contains("@.<") && pages[0].joined().contains("@.>"))
        let hebrewLines = pages.flatMap { $0 }.filter { $0.contains("\"(HE'") }
        #expect(hebrewLines.count > 20)
        #expect(hebrewLines.allSatisfy { $0.hasSuffix(",\")") })
        // Every page after the first starts with the running head "Genesis 1" (UEB: ,GENESIS #A).
        for page in pages.dropFirst() {
            #expect(page[0].trimmingCharacters(in: .whitespaces) == ",GENESIS #A", "\(page[0])")
        }
    }

    /// A page that starts in the middle of a verse shows the verse number again: every page's first source line
    /// after the running head starts with a braille number.
    @Test func verseNumberAtTheTopOfEveryPage() throws {
        let chapter = try readerChapter("Genesis 1")
        let tables = BrailleTables()
        let braille = try ChapterBraille(
            chapter, tables: tables, cells: 40, tiers: .init(transliteration: true, parsing: true))
        let document = try BRFDocument(braille, tables: tables, cells: 40, lines: 25)
        var midVerse = 0
        for page in document.pages.dropFirst() {
            guard let first = page.dropFirst().first(where: { !$0.isEmpty }) else { continue }
            // Mid-verse when the first line is not the one starting a verse in the unpaginated chapter.
            if !braille.lines.contains(where: { $0.startsVerse && $0.text == first }) { midVerse += 1 }
            #expect(first.hasPrefix("#"), "page starts without a verse number: \(first)")
        }
        #expect(midVerse > 0, "no page of Genesis 1 starts mid-verse at 40×25 with four tiers")
    }

    /// Every Old Testament chapter in a sample of 50 (every 18th of the 929, so every part of the canon) brailles
    /// without an escape.
    @Test func fiftyOldTestamentChapters() throws {
        let hebrew = SourceData.hebrewDirectory(), translation = SourceData.defaultDirectory()
        try #require(
            FileManager.default.fileExists(atPath: hebrew.appendingPathComponent(SourceData.hebrewFile).path)
                && SourceData.isComplete(translation), "bible-alignments not downloaded (run scripts/setup)")
        let all = Book.oldTestament.flatMap { book in
            (1...book.chapterCount).map { ChapterReference(book: book, chapter: $0) }
        }
        let sample = stride(from: 7, to: all.count, by: 18).prefix(50).map { all[$0] }
        #expect(sample.count == 50)
        let chapters = try HebrewImporter(hebrewData: hebrew, translationData: translation)
            .importChapters(Set(sample), strings: StringTableBuilder())
        #expect(chapters.count == 50)
        let tables = BrailleTables()
        for chapter in chapters {
            let braille = try ChapterBraille(
                chapter, tables: tables, cells: 40, tiers: .init(transliteration: true, parsing: true))
            let escaped = braille.lines.flatMap { Self.escapes($0.text) }
            #expect(escaped.isEmpty, "\(chapter.reference): \(escaped.prefix(5))")
        }
    }

    /// A back-translation table made from Debian's `he-IL.utb` itself: its Hebrew letter and point definitions
    /// only, so liblouis reads each cell as Hebrew (the full table defines the Latin letters on the same cells first).
    private func hebrewBackTable() throws -> URL {
        let table = try String(contentsOfFile: "/usr/share/liblouis/tables/he-IL.utb", encoding: .utf8)
        let hebrew = table.split(separator: "\n").filter { line in
            (line.hasPrefix("letter") || line.hasPrefix("punctuation"))
                && (line.contains("\\x05") || line.contains("\\xfb"))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hebrew-back-\(UUID().uuidString).utb")
        try (["space \\s 0"] + hebrew.map(String.init)).joined(separator: "\n").appending("\n")
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// What Hebrew braille keeps of a word, computed from the print alone: the letters and vowel points, without
    /// cantillation, meteg, rafe or dots, in canonical order; with the distinctions it does not make folded (final
    /// letters as medial, the shin dot, shureq as qibbuts).
    static func kept(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x0591...0x05AF, 0x05BD, 0x05BF, 0x05C1, 0x05C4, 0x05C5: continue
            case 0x05DA: scalars.append("\u{05DB}")
            case 0x05DD: scalars.append("\u{05DE}")
            case 0x05DF: scalars.append("\u{05E0}")
            case 0x05E3: scalars.append("\u{05E4}")
            case 0x05E5: scalars.append("\u{05E6}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars).decomposedStringWithCanonicalMapping
            .replacingOccurrences(of: "\u{05D5}\u{05BC}", with: "\u{05BB}")
    }

    @Test(arguments: ["Genesis 1", "Psalm 23", "Isaiah 53"])
    func hebrewBackTranslates(reference: String) throws {
        let chapter = try readerChapter(reference)
        let tables = BrailleTables(hebrewCode: .israeli)
        let back = try hebrewBackTable()
        defer { try? FileManager.default.removeItem(at: back) }
        for word in chapter.words {
            let surface = chapter.text(word.surface)
            let braille = try tables.translate(surface, .hebrew, output: .ascii)
            let text = try Louis.backTranslate(braille, tableList: BrailleTables.brfDisplay + "," + back.path)
            #expect(Self.kept(text) == Self.kept(surface), "\(surface) → \(braille) → \(text)")
        }
    }

    private static let pefCheck = """
        import org.daisy.braille.pef.PEFValidator;
        public class PEFCheck {
            public static void main(String[] args) throws Exception {
                PEFValidator validator = new PEFValidator();
                boolean ok = validator.validate(new java.io.File(args[0]).toURI().toURL());
                if (!ok) System.out.write(validator.getReportStream().readAllBytes());
                System.out.println(ok ? "valid" : "invalid");
                System.exit(ok ? 0 : 1);
            }
        }
        """

    /// PEF 2008-1 checked by brailleutils' own validator (Relax NG schema and Schematron rules, full mode). Its
    /// command, `brailleutils validate`, fails before validating on Debian 12's Java 17 (it looks the validator up
    /// through ImageIO's service registry, which Java 9 and later refuse), so the test calls the same class,
    /// `org.daisy.braille.pef.PEFValidator` from brailleUtils-core.jar, from a three-line Java program. The rows
    /// read back through the North American ASCII braille table give the BRF file.
    @Test(
        .enabled(
            if: SystemTool.required("brailleutils", "java"), SystemTool.reason("brailleutils", package: "brailleutils")),
        arguments: ["John 1", "Genesis 1", "Psalm 23"])
    func pefValidates(reference: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pef-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pef = dir.appendingPathComponent("out.pef"), brf = dir.appendingPathComponent("out.brf")
        #expect(try interlinear("braille", reference, "--format", "pef", "--output", pef.path).status == 0)
        #expect(try interlinear("braille", reference, "--output", brf.path).status == 0)
        let check = dir.appendingPathComponent("PEFCheck.java")
        try Self.pefCheck.write(to: check, atomically: true, encoding: .utf8)
        let java = try #require(SystemTool.find("java"))
        let result = try run(
            java, ["-cp", "/usr/share/java/brailleUtils-core.jar", check.path, pef.path], directory: dir)
        #expect(
            result.status == 0 && result.stdoutText.hasSuffix("\nvalid\n") || result.stdoutText == "valid\n",
            "\(result.stdoutText)\(result.stderr)")

        // A broken file fails, so the check can fail.
        let broken = dir.appendingPathComponent("broken.pef")
        try String(decoding: try Data(contentsOf: pef), as: UTF8.self).replacingOccurrences(
            of: "<row>", with: "<line>", options: [], range: nil
        )
        .replacingOccurrences(of: "</row>", with: "</line>").write(to: broken, atomically: true, encoding: .utf8)
        #expect(
            try run(java, ["-cp", "/usr/share/java/brailleUtils-core.jar", check.path, broken.path], directory: dir)
                .status != 0)

        // Rows → BRF through the standard North American ASCII braille order of the 64 cells.
        let order = Array(" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=")
        let xml = String(decoding: try Data(contentsOf: pef), as: UTF8.self)
        let rows = xml.components(separatedBy: "<row>").dropFirst().map { $0.components(separatedBy: "</row>")[0] }
        var pages: [String] = []
        for chunk in xml.components(separatedBy: "</page>").dropLast() {
            let page = chunk.components(separatedBy: "<row>").dropFirst().map { row in
                var line = String(
                    row.components(separatedBy: "</row>")[0].unicodeScalars.map { order[Int($0.value) - 0x2800] })
                while line.last == " " { line.removeLast() }
                return line
            }
            pages.append(page.map { $0 + "\r\n" }.joined() + "\u{0C}")
        }
        #expect(rows.count == pages.count * 25)
        #expect(pages.joined() == String(decoding: try Data(contentsOf: brf), as: UTF8.self))
    }
}
