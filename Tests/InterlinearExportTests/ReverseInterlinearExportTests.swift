import Foundation
import InterlinearTestSupport
import Testing

/// `export --order english` (issue 43), the reverse interlinear as a page and a book: the KJV's words in the
/// module's order, each over the Greek or Hebrew word it translates. The English words and their Strong's numbers
/// come from diatheke's OSIS output of the module (`Diatheke.verses`, `Diatheke.taggedWords`), each verse's source words and their numbers
/// from the committed chapter file; the page is read by Python's HTML parser (`Harness/english_order.py`), axe-core
/// in Chromium and EPUBCheck.
@Suite("interlinear export --order english")
struct ReverseInterlinearExportTests {
    static let kingJames = ["--order", "english", "--translation", "KJV"]

    static func export(_ reference: String, format: String) throws -> URL {
        let dir = try ExportFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("page.\(format)")
        try ExportFixture.interlinear(["export", reference, "--format", format] + kingJames, to: file)
        return file
    }

    static let johnOne = Result { try export("John 1", format: "html") }
    static let genesisOne = Result { try export("Genesis 1", format: "html") }

    /// One English word of the page as `english_order.py` read it.
    struct EnglishWord: Decodable {
        struct Source: Decodable { let src: String; let st: String }
        let id: String?
        let english: String
        let lang: String?
        let under: [Source]
        let mark: String?
        let hidden: Bool
        let sr: String
    }
    struct Reading: Decodable {
        let verses: [String: [EnglishWord]]
        let paragraphs: Int
    }

    static func read(_ file: URL) throws -> Reading {
        let script = packageRoot.appendingPathComponent("Tests/InterlinearExportTests/Harness/english_order.py")
        let result = try run(URL(fileURLWithPath: "/usr/bin/python3"), [script.path, file.path])
        try #require(result.status == 0, "english_order.py: \(result.stderr)")
        return try JSONDecoder().decode(Reading.self, from: result.stdout)
    }

    /// The numbers of a Strong's field: all of them, and those without a letter ("H871a-H7225" → 871 and 7225, of
    /// which 7225 unlettered; the KJV's tags have no letters).
    static func numbers(_ field: String) -> (all: Set<Int>, plain: Set<Int>) {
        var all = Set<Int>(), plain = Set<Int>()
        for match in field.matches(of: /[GH]0*([0-9]+)([a-z]?)/) {
            guard let number = Int(match.output.1) else { continue }
            all.insert(number)
            if match.output.2.isEmpty { plain.insert(number) }
        }
        return (all, plain)
    }

    /// A chapter file's words by verse: each word's printed form and the numbers of its Strong's field.
    static func sourceWords(_ path: String) throws -> [Int: [(printed: String, numbers: Set<Int>, plain: Set<Int>)]] {
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(path)"), encoding: .utf8)
        var verses: [Int: [(printed: String, numbers: Set<Int>, plain: Set<Int>)]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.first == "w", fields.count > 5, let verse = Int(fields[1]) else { continue }
            let (all, plain) = numbers(fields[5])
            verses[verse, default: []].append((ChapterFileWord.printed(fields), all, plain))
        }
        return verses
    }

    /// Every KJV word of the chapter, in diatheke's order, is an English word of the page, in English; under it
    /// either the source words it translates — each a word of the verse (its printed form and Strong's field as
    /// the chapter file has them) carrying one of the numbers the module tags the KJV word with, each shown once —
    /// or the ditto mark (its words stood under an earlier English word), or, when no word of the verse carries
    /// any of its numbers, the dash. A screen reader hears after each word what the terminal reader and the
    /// accessibility tree say: "translation of" the words, "ditto, translation of" them, or "no Greek word" ("no
    /// Hebrew word"); the words under it and the marks are hidden from it. No translation paragraph: the English
    /// is the stacks' top row.
    @Test(
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        arguments: [("John 1", "43-John/01.tsv", "Greek"), ("Genesis 1", "01-Gen/01.tsv", "Hebrew")])
    func everyKingJamesWordOverTheWordItTranslates(chapter: String, file: String, language: String) throws {
        let page = try Self.read(try (chapter == "John 1" ? Self.johnOne : Self.genesisOne).get())
        let markup = try Diatheke.verses(chapter, options: ["-o", "n", "-f", "OSIS"])
        let source = try Self.sourceWords(file)
        #expect(page.paragraphs == 0)
        #expect(page.verses.count == markup.count, "\(chapter): \(page.verses.count) verses")
        var linked = 0, unaligned = 0, dittos = 0
        for (verse, text) in markup.sorted(by: { $0.key < $1.key }) {
            let kjv = Diatheke.taggedWords(text)
            let words = page.verses[String(verse)] ?? []
            #expect(words.map(\.english) == kjv.map(\.text), "\(chapter):\(verse) in the module's order")
            let verseWords = source[verse] ?? []
            let inVerse = verseWords.reduce(into: Set<Int>()) { $0.formUnion($1.numbers) }
            let plainInVerse = verseWords.reduce(into: Set<Int>()) { $0.formUnion($1.plain) }
            var shown: [Int] = []
            for (word, tagged) in zip(words, kjv) {
                let place = "\(chapter):\(verse) \(tagged.text)"
                #expect(word.lang == "en" && word.hidden, "\(place)")
                if tagged.numbers.isDisjoint(with: inVerse) {
                    #expect(word.mark == "—" && word.under.isEmpty, "\(place): the dash")
                    #expect(word.sr == "no \(language) word", "\(place): \(word.sr)")
                    unaligned += 1
                    continue
                }
                if word.mark == "—" {
                    // Only a lettered number (a Hebrew prefix's, "H871a" in) may be left unpaired.
                    #expect(tagged.numbers.isDisjoint(with: plainInVerse), "\(place): aligned")
                    #expect(word.sr == "no \(language) word", "\(place): \(word.sr)")
                    unaligned += 1
                    continue
                }
                if word.mark == "″" {
                    #expect(word.sr.hasPrefix("ditto, translation of "), "\(place): \(word.sr)")
                    dittos += 1
                    continue
                }
                #expect(word.mark == nil && !word.under.isEmpty, "\(place): a word under it")
                #expect(word.sr.hasPrefix("translation of "), "\(place): \(word.sr)")
                #expect(!containsGreek(word.sr) && !containsHebrew(word.sr), "\(place): \(word.sr)")
                for under in word.under {
                    // The verse's words with that printed form and Strong's field, not yet shown.
                    let numbers = Self.numbers(under.st).all
                    let match = verseWords.indices.first {
                        verseWords[$0].printed == under.src && verseWords[$0].numbers == numbers
                            && !shown.contains($0)
                    }
                    let index = try #require(match, "\(place): \(under.src) \(under.st) is a word of the verse")
                    shown.append(index)
                    #expect(
                        !tagged.numbers.isDisjoint(with: verseWords[index].numbers),
                        "\(place): \(under.src) (\(under.st)) carries one of \(tagged.numbers)")
                    linked += 1
                }
            }
        }
        print("\(chapter) (KJV, English order, HTML): \(linked) linked, \(dittos) ditto marks, \(unaligned) unaligned")
        #expect(linked > 300)
        #expect(unaligned > 100)
    }

    /// John 1 and Genesis 1 in English order in Chromium: no axe violation, the chapter and verse headings in
    /// order, no tier exposed that should be hidden, no sideways scrolling at 320 CSS px.
    @Test(
        .enabled(if: ExportFixture.browserRequired, ExportFixture.browserReason),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        arguments: ["John 1", "Genesis 1"])
    func axeFindsNothing(chapter: String) throws {
        let report = try ExportFixture.browse(try (chapter == "John 1" ? Self.johnOne : Self.genesisOne).get())
        #expect(report.violations.isEmpty, "axe: \(report.violations.map { "\($0.id) \($0.nodes ?? [])" })")
        #expect(report.axePasses > 0, "axe ran its rules")
        #expect(report.headings.first?.text == chapter)
        #expect(report.headings.dropFirst().allSatisfy { $0.level == 2 && !$0.name.isEmpty })
        #expect(report.exposedHiddenTiers == 0)
        #expect(!report.overflow320)
    }

    /// The book passes EPUBCheck, its John 1 content document holds the KJV's words in the module's order, and its
    /// page list names places that are there (EPUBCheck checks each link).
    @Test(
        .enabled(if: SystemTool.required("epubcheck", "java"), SystemTool.reason("epubcheck", package: "epubcheck")),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func theBookPassesEPUBCheck() throws {
        let book = try Self.export("John 1", format: "epub")
        let result = try EPUBExportTests.epubcheck(book)
        let output = result.stdoutText + result.stderr
        #expect(result.status == 0, "epubcheck: \(output)")
        #expect(output.contains("No errors or warnings detected"), "epubcheck: \(output)")
        let document = try ExportFixture.temporaryDirectory().appendingPathComponent("John.1.xhtml")
        try EPUBExportTests.entry("EPUB/John.1.xhtml", of: book).write(to: document, atomically: true, encoding: .utf8)
        let page = try Self.read(document)
        let markup = try Diatheke.verses("John 1", options: ["-o", "n", "-f", "OSIS"])
        for (verse, text) in markup {
            #expect(
                page.verses[String(verse)]?.map(\.english) == Diatheke.taggedWords(text).map(\.text),
                "John 1:\(verse)")
        }
    }

    /// The option is checked: an order that is neither is a usage error naming both, and nothing is written.
    @Test func anUnknownOrderIsAUsageError() throws {
        let result = try run(interlinearBinary, ["export", "John 1", "--order", "greek"], directory: packageRoot)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("greek") && result.stderr.contains("english"), "\(result.stderr)")
    }
}
