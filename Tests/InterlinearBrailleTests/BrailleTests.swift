import Foundation
import InterlinearAccessibility
import InterlinearBraille
import InterlinearCorpus
import InterlinearReader
import InterlinearTestSupport
import Testing

/// Braille through liblouis: the BRF file `interlinear braille` writes, checked as an embosser and a braille reader
/// would meet it, and its Greek read back with liblouis's own back-translation.
@Suite("Braille (liblouis)", .serialized)
struct BrailleTests {
    private func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("braille-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The pages of a BRF file: split at form feeds, each page's lines split at CR LF.
    private func pages(_ data: Data) -> [[String]] {
        let text = String(decoding: data, as: UTF8.self)
        var pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        #expect(pages.last == "", "the file ends with a form feed")
        pages.removeLast()
        return pages.map { page in
            var lines = page.components(separatedBy: "\r\n")
            #expect(lines.last == "", "each line ends in CR LF")
            lines.removeLast()
            return lines
        }
    }

    @Test("interlinear braille \"John 1\": 40-cell lines, 25-line pages, only BRF characters, numbered pages")
    func embosserReady() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("John-1.brf")
        let result = try interlinear("braille", "John 1", "--output", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let data = try Data(contentsOf: file)
        #expect(
            data.allSatisfy { BRFDocument.isBRF($0) || [0x0D, 0x0A, 0x0C].contains($0) },
            "non-BRF bytes: \(Set(data.filter { !BRFDocument.isBRF($0) && ![0x0D, 0x0A, 0x0C].contains($0) }))")
        let pages = pages(data)
        #expect(pages.count > 10)
        let tables = BrailleTables()
        for (index, page) in pages.enumerated() {
            #expect(page.count == 25, "page \(index + 1) has \(page.count) lines")
            #expect(page.allSatisfy { $0.count <= 40 }, "page \(index + 1): \(page.filter { $0.count > 40 })")
            // The braille page number at the right margin of the last line.
            let number = try tables.translate(String(index + 1), .english, output: .ascii)
            #expect(page.last == String(repeating: " ", count: 40 - number.count) + number)
        }
        #expect(pages[0][0].trimmingCharacters(in: .whitespaces) == ",JOHN #A", "the title, in UEB")
        // The running head on every later page.
        #expect(pages.dropFirst().allSatisfy { $0[0].trimmingCharacters(in: .whitespaces) == ",JOHN #A" })

        // The file is the document the library builds (so the tests below check what the command writes).
        let chapter = try readerChapter("John 1")
        let document = try BRFDocument(
            try ChapterBraille(chapter, tables: tables, cells: 40), tables: tables, cells: 40, lines: 25)
        #expect(Data(document.data) == data)
    }

    /// liblouis back-translation of every Greek line gives the chapter's words, in order, accents, breathings and
    /// iota subscripts included. Two things do not come back: the difference between medial σ and final ς (Greek
    /// braille writes both with one cell), and the diaeresis (liblouis's Greek table writes ϊ ϋ ΐ ΰ with the cells
    /// of ι υ ί ύ), so words are compared with every sigma written σ and without diaeresis.
    @Test(arguments: ["John 1", "Romans 8", "Revelation 22"])
    func greekLinesBackTranslate(reference: String) throws {
        let chapter = try readerChapter(reference)
        let tables = BrailleTables()
        let braille = try ChapterBraille(chapter, tables: tables, cells: 40)
        var words: [String] = []
        for line in braille.lines where line.kind == .source {
            // Each Greek line is enclosed in UEB's non-UEB passage indicators (§14.3), the opening one with the
            // identifier "gr" (dots 5, 12356, g, r, 3 = "(GR' in BRF), the closing one dots 6, 5, 23456 (,")).
            #expect(line.text.contains("\"(GR'") && line.text.hasSuffix(" ,\")"), "\(line.text)")
            // Every sign of the printed text has a cell: liblouis writes "\\X" and the code point for one it lacks.
            #expect(!line.text.contains("\\X"), "\(line.text)")
            let greek = line.text.replacingOccurrences(of: "\"(GR'", with: " ").replacingOccurrences(
                of: ",\")", with: "")
            let text = try Louis.backTranslate(greek, tableList: BrailleTables.greekBackTranslation)
            // The verse number (a braille number, "#A") starts a verse's first Greek line.
            words += text.split(separator: " ").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isNumber) }.map(
                String.init)
        }
        // Each word as printed, its punctuation with it.
        let expected = chapter.words.map { chapter.text($0.printed).precomposedStringWithCanonicalMapping }
        func sigma(_ word: String) -> String {
            // The Greek table writes elision's apostrophe with the koronis's cell, and reads it back as the koronis.
            String(
                String.UnicodeScalarView(
                    word.replacingOccurrences(of: "ς", with: "σ").replacingOccurrences(of: "\u{1FBD}", with: "’")
                        .decomposedStringWithCanonicalMapping
                        .unicodeScalars.filter { $0 != "\u{0308}" })
            ).precomposedStringWithCanonicalMapping
        }
        // Letters only: how the Greek table reads punctuation back (the raised dot, the question mark, the
        // apostrophe) is the table's, not the word's.
        func letters(_ word: String) -> String { String(word.filter { $0.isLetter }) }
        #expect(words.count == expected.count)
        #expect(words.map(sigma).map(letters) == expected.map(sigma).map(letters))
        // Exactly, letter for letter: every word without a medial σ (which comes back as ς, the letter liblouis
        // defines first) or a diaeresis; an elided word's letters come back whole (its apostrophe is punctuation).
        let exact = zip(words, expected).filter { letters($0) == letters($1) }.count
        let diaeresis = { (word: String) in
            word.decomposedStringWithCanonicalMapping.unicodeScalars.contains("\u{0308}")
        }
        #expect(exact == expected.filter { !$0.contains("σ") && !diaeresis($0) }.count)
    }

    @Test("Greek is normalised to NFC first: decomposed input gives the same braille")
    func normalisedGreek() throws {
        let tables = BrailleTables()
        for word in ["ἀρχῇ", "Ἰωάννης", "ῥῆμα", "λόγος"] {
            let nfc = try tables.translate(word.precomposedStringWithCanonicalMapping, .greek, output: .ascii)
            #expect(try tables.translate(word.decomposedStringWithCanonicalMapping, .greek, output: .ascii) == nfc)
            #expect(!nfc.contains("\\X"), "\(word) untranslated: \(nfc)")
        }
    }

    @Test("grade 2 contracts the English only; other page sizes hold")
    func gradeAndSize() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("g1.brf"), two = dir.appendingPathComponent("g2.brf")
        let small = dir.appendingPathComponent("small.brf")
        #expect(try interlinear("braille", "John 1", "--output", one.path).status == 0)
        #expect(try interlinear("braille", "John 1", "--grade", "2", "--output", two.path).status == 0)
        #expect(
            try interlinear(
                "braille", "John 1", "--grade", "2", "--cells", "32", "--lines", "20", "--output", small.path
            ).status == 0)
        #expect(pages(try Data(contentsOf: small)).allSatisfy { $0.count == 20 && $0.allSatisfy { $0.count <= 32 } })
        #expect(try Data(contentsOf: two).count < Data(contentsOf: one).count)

        let chapter = try readerChapter("John 1")
        let g1 = try ChapterBraille(chapter, tables: BrailleTables(english: BrailleTables.english(grade: 1)), cells: 40)
        let g2 = try ChapterBraille(chapter, tables: BrailleTables(english: BrailleTables.english(grade: 2)), cells: 40)
        // The Greek words, without the code indicators around each line (rows break differently with shorter
        // glosses, so whole lines are not compared).
        func words(_ braille: ChapterBraille) -> [[Substring]] {
            braille.lines.filter { $0.kind == .source }.map {
                $0.text.replacingOccurrences(of: "\"(GR'", with: " ").replacingOccurrences(of: ",\")", with: " ")
                    .split(separator: " ").filter { !$0.hasPrefix("#") }
            }
        }
        let greek1 = words(g1), greek2 = words(g2)
        #expect(greek1.flatMap { $0 } == greek2.flatMap { $0 }, "Greek is never contracted")
        // "the" is a one-cell word sign in grade 2 ("!"), spelt out in grade 1.
        #expect(g1.lines.contains { $0.kind == .translation && $0.text.contains("THE") })
        #expect(g2.lines.contains { $0.kind == .translation && $0.text.contains("!") })
    }

    @Test(arguments: [
        ["--cells", "5"], ["--lines", "4"], ["--format", "pdf"], ["--grade", "3"], ["--table", "no-such-table.ctb"],
        ["--greek-table", "no-such.utb"],
    ])
    func badInputFailsWithOneLine(extra: [String]) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.brf")
        let result = try run(
            interlinearBinary, ["braille", "John 1", "--output", file.path] + extra, directory: packageRoot)
        // A table that is not there is unavailable (69); every other case is a usage error.
        let missingTable = extra.first == "--table" || extra.first == "--greek-table"
        #expect(result.status == (missingTable ? 69 : 64), "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("interlinear: error: ") && result.stderr.filter { $0 == "\n" }.count == 1,
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no partial output")
    }

    @Test("--braille shows each line in Unicode braille, the Greek word in Greek braille, the SBL transliteration")
    func unicodeBrailleLines() throws {
        let tables = BrailleTables()
        var mode = LineMode(
            narration: ChapterNarration(chapter: try readerChapter("John 1")), original: true,
            academic: true)
        _ = mode.focusLine()
        guard case .line(let line) = mode.handle(.right) else { Issue.record("no line"); return }
        #expect(line.text.hasPrefix("ἀρχῇ, archēi, beginning"))
        let braille = tables.unicodeBraille(line)
        #expect(braille.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) })
        let greek = try Louis.translate("ἀρχῇ", tableList: tables.greek, output: .unicode)
        #expect(braille.contains(greek))
        #expect(
            try Louis.backTranslate(
                String(braille.prefix(greek.count)),
                tableList: "grc-international-decomposed.uti,grc-international-en.utb",
                input: .unicode) == "ἀρχῇ")
    }
}
