import Foundation
import InterlinearTestSupport
import Testing

@Suite(
    "interlinear render: PDF (poppler)",
    .enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")))
struct RenderPDFTests {
    /// One PDF of John 1 (A4, default width) shared by the tests of this suite.
    static let johnOne: Result<URL, any Error> = Result {
        let dir = try RenderFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("John-1.pdf")
        let result = try run(
            interlinearBinary, ["render", "John 1", "--format", "pdf", "--output", file.path],
            directory: packageRoot)
        guard result.status == 0 else { throw RenderError(result.stderr) }
        return file
    }

    struct RenderError: Error { let message: String; init(_ m: String) { message = m } }

    /// Tokens of `pdftotext` output, in mode `mode` (e.g. "-raw"), for the given pages.
    static func tokens(_ file: URL, mode: [String], pages: ClosedRange<Int>? = nil) throws -> [Substring] {
        var arguments = mode
        if let pages { arguments += ["-f", "\(pages.lowerBound)", "-l", "\(pages.upperBound)"] }
        let text = try RenderFixture.poppler("pdftotext", arguments + [file.path, "-"])
        return text.split(whereSeparator: \.isWhitespace)
    }

    /// Every source word of John 1, accents and all, in reading order: in content order (`-raw`, which is also the
    /// structure tree's order), in the physical layout (`-layout`) and in poppler's default mode, which regroups
    /// the page into blocks of its own (each row of Greek words is one; see `ChapterPainter.showSpan`).
    @Test func sourceWordsInReadingOrder() throws {
        let file = try Self.johnOne.get()
        let corpus = try RenderFixture.corpusJohnOne()
        #expect(corpus.words.count == 826)
        for mode in [["-raw"], ["-layout"], []] {
            let greek = try Self.tokens(file, mode: mode).filter(RenderFixture.isGreek).map(String.init)
            #expect(greek == corpus.words, "pdftotext \(mode): \(greek.count) Greek tokens")
        }
    }

    /// The BSB translation of every verse, word for word and in order.
    @Test func translationWords() throws {
        let file = try Self.johnOne.get()
        let corpus = try RenderFixture.corpusJohnOne()
        let raw = try Self.tokens(file, mode: ["-raw"]).map(String.init)
        // Each verse's translation appears as a run of consecutive tokens, verses in order.
        var cursor = 0
        for verse in corpus.translations.keys.sorted() {
            let words = try #require(corpus.translations[verse])
            var found: Int?
            var start = cursor
            while start + words.count <= raw.count {
                if Array(raw[start..<(start + words.count)]) == words { found = start; break }
                start += 1
            }
            #expect(found != nil, "John 1:\(verse) translation not found after token \(cursor)")
            cursor = (found ?? cursor) + words.count
        }
    }

    /// Every page holds whole word blocks: on each page, the Greek words and the Strong's numbers pair up one to one
    /// and in order with the corpus words, so no block's tiers are on two pages.
    @Test func noWordBlockSplitAcrossPages() throws {
        let file = try Self.johnOne.get()
        let corpus = try RenderFixture.corpusJohnOne()
        let info = try RenderFixture.poppler("pdfinfo", [file.path])
        let pages = try #require(
            info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) })
        #expect(pages >= 2, "John 1 takes several pages")
        var word = 0
        for page in 1...pages {
            let tokens = try Self.tokens(file, mode: ["-raw"], pages: page...page)
            let greek = tokens.filter(RenderFixture.isGreek).map(String.init)
            let strongs = tokens.filter { $0.count == 5 && $0.first == "G" && $0.dropFirst().allSatisfy(\.isNumber) }
                .map(String.init)
            #expect(greek.count == strongs.count, "page \(page): \(greek.count) Greek words, \(strongs.count) Strong's")
            let expected = word..<min(word + greek.count, corpus.words.count)
            #expect(greek == Array(corpus.words[expected]), "page \(page)")
            #expect(strongs == Array(corpus.strongs[expected]), "page \(page)")
            word += greek.count
        }
        #expect(word == corpus.words.count)
    }

    /// `pdfinfo` shows the title, the page count and a tagged file; the catalog names the language, Greek words
    /// carry their own, and the structure tree has a paragraph per verse with the Greek as ruby base text and the
    /// other tiers as ruby text, a span each.
    @Test func titlePagesLanguageAndTags() throws {
        let file = try Self.johnOne.get()
        let info = try RenderFixture.poppler("pdfinfo", [file.path])
        #expect(info.contains("Title:           John 1\n"), "\(info)")
        #expect(info.contains("Tagged:          yes"), "\(info)")
        #expect(info.contains("A4"), "\(info)")
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        #expect(pages.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0 > 1)
        let bytes = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(bytes.contains("/Lang (en)") && bytes.contains("/Lang (grc)"))
        let structure = try RenderFixture.poppler("pdfinfo", ["-struct-text", file.path])
        #expect(
            structure.hasPrefix(
                "Document\n  H1 (block)\n    \"John 1 \"\n  P (block)\n    Lbl (block)\n      \"1 \"\n    Ruby (inline)\n      RB\n        \"Ἐν \"\n      RT\n        Span (inline)\n          \"En \"\n        Span (inline)\n          \"G1722 \"\n        Span (inline)\n          \"PREP \"\n        Span (inline)\n          \"In [the] \""
            ),
            "\(structure.prefix(300))")
        #expect(
            structure.contains("\"In the beginning was the Word, and the Word was with God, and the Word was God. \""))
    }

    /// Letter paper, a running header on every page (the chapter's heading beside it on the first), page numbers at
    /// the foot.
    @Test func letterPaperHeaderAndPageNumbers() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("j.pdf")
        _ = try RenderFixture.render(["John 1", "--format", "pdf", "--paper", "letter", "--width", "480"], to: file)
        let info = try RenderFixture.poppler("pdfinfo", [file.path])
        #expect(info.contains("612 x 792 pts (letter)"), "\(info)")
        let count = try #require(
            info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) })
        for page in [1, count] {
            let lines = try RenderFixture.poppler(
                "pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", file.path, "-"]
            )
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty && $0 != "\u{0C}"
            }
            // Page 1: the chapter's heading and the running head with the page's verses; the last: the key's.
            let head = page == 1 ? "John 1" : "Key to the codes"
            #expect(lines.first?.hasPrefix(head) == true, "page \(page) header: \(lines.first ?? "")")
            if page == 1 { #expect(lines.first?.contains("John 1:1–") == true, "\(lines.first ?? "")") }
            #expect(lines.last == "\(page)", "page \(page) number: \(lines.last ?? "")")
        }
    }

    /// The key to the codes after the chapter: every morphology code of John 1 in SBLGNT.tsv (the source data, not
    /// the program) once, sorted, each with its words; codes spelled out as Robinson's code list has them.
    @Test(.enabled(if: SharedStore.sourceMissing == nil, "needs SBLGNT.tsv (scripts/setup downloads it)"))
    func keyToTheCodes() throws {
        let file = try Self.johnOne.get()
        let expected = Set(
            try SourceColumns.rows(of: try #require(SourceColumns.sblgnt), columns: ["id", "morph"]).filter {
                $0[0].hasPrefix("n43001")
            }.map { $0[1] }
        ).sorted()
        let text = try RenderFixture.poppler("pdftotext", ["-layout", file.path, "-"])
        let key = try #require(text.range(of: "Key to the codes"), "no key")
        let lines = text[key.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // A key line: the code, then its words ("N-DSF   noun, dative singular feminine").
        var found: [String: String] = [:]
        var order: [String] = []
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, expected.contains(String(parts[0])) else { continue }
            found[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
            order.append(String(parts[0]))
        }
        #expect(order == expected, "codes in the key")
        #expect(found["N-DSF"] == "noun, dative singular feminine")
        #expect(found["V-IAI-3S"] == "verb, imperfect active indicative, third person singular")
        #expect(found["PREP"] == "preposition")
        #expect(text.contains("Strong's number (G1722): G for Strong's Greek dictionary"))
    }
}
