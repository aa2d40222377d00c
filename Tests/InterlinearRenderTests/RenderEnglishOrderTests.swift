import Foundation
import InterlinearTestSupport
import Testing

/// `render --order english` (issue 43), the reverse interlinear drawn: the King James words in the module's order,
/// left to right, each with the Greek it translates under it. Read back as a reader of the file meets it: poppler's
/// text (its default mode, which rebuilds lines from the glyphs' places, and content order) and the tagged PDF's
/// structure tree (`pdfinfo -struct-text`). The expected words come from diatheke's OSIS text of the module
/// (`Diatheke.kingJamesWords`).
@Suite(
    "interlinear render --order english: the reverse interlinear",
    .enabled(if: RenderFixture.popplerRequired, SystemTool.reason("pdftotext", package: "poppler-utils")),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
struct RenderEnglishOrderTests {
    /// A chapter's (or book's) KJV words in order, verse after verse.
    static func kingJames(_ chapter: String) throws -> [String] {
        let verses = try Diatheke.kingJamesWords(chapter)
        return verses.keys.sorted().flatMap { verses[$0]!.map(\.text) }
    }

    /// The texts of the structure elements that are a paragraph's own `Span`s (a verse's English words in English
    /// order), in document order, trailing separators removed.
    static func paragraphSpans(_ structure: String) -> [String] {
        var spans: [String] = []
        var inSpan = false
        for line in structure.split(separator: "\n", omittingEmptySubsequences: false) {
            if inSpan {
                inSpan = false
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                    spans.append(String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces))
                }
                continue
            }
            // A paragraph's (`P`, two spaces in) children are four spaces in.
            inSpan = line == "    Span (inline)"
        }
        return spans
    }

    /// A word of the structure tree's text as the word expected: poppler's structure reader gives a ligature glyph
    /// drawn outside a text span of its own (the last English word of a row, "flesh,") as U+FFFD, where its text
    /// extraction reads the cluster's text; so U+FFFD stands for one of the Latin ligatures' letters.
    static func same(_ read: String, _ expected: String) -> Bool {
        guard read.contains("\u{FFFD}") else { return read == expected }
        let pattern =
            "^"
            + read.split(separator: "\u{FFFD}", omittingEmptySubsequences: false)
            .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "(ffi|ffl|ff|fi|fl)") + "$"
        return expected.range(of: pattern, options: .regularExpression) != nil
    }

    static func render(_ arguments: [String], name: String) throws -> URL {
        let file = try RenderFixture.temporaryDirectory().appendingPathComponent(name)
        _ = try RenderFixture.render(arguments + ["--output", file.path], to: file)
        return file
    }

    /// John 1 in the KJV: every English word, and only those, stands in the tagged PDF's paragraphs as a `Span` of
    /// its own, in the module's order; poppler's text has them in that order too, each row of English words one line
    /// (its default mode) and each English word before the Greek under it (content order).
    @Test func johnOneInTheKingJamesOrder() throws {
        let expected = try Self.kingJames("John 1")
        #expect(expected.count > 800)
        let file = try Self.render(
            ["John 1", "--order", "english", "--translation", "KJV", "--format", "pdf"], name: "John-1-english.pdf")
        let structure = try RenderFixture.poppler("pdfinfo", ["-struct-text", file.path])
        let spans = Self.paragraphSpans(structure)
        #expect(spans.count == expected.count)
        for (index, (span, word)) in zip(spans, expected).enumerated() {
            #expect(Self.same(span, word), "English word \(index + 1): \(span), expected \(word)")
        }
        // Poppler's lines: the English words of a row are one line; a line of English words holds no Greek, and
        // the Latin-letter tokens of the lines that head a row of source words (or marks) are the KJV words.
        for mode in [[], ["-raw"]] {
            let text = try RenderFixture.poppler("pdftotext", mode + [file.path, "-"])
            let english = Self.englishTokens(text, mode: mode)
            #expect(english == expected, "pdftotext \(mode): \(english.count) English words of \(expected.count)")
        }
    }

    /// A book's PDF in English order (Jude, one chapter, from the New Testament store): the title page says what it
    /// is, and the paragraphs' `Span`s are the book's KJV words in the module's order.
    @Test(SharedStore.needsSourceData) func aBookInTheKingJamesOrder() throws {
        let store = try SharedStore.wholeNewTestament.get()
        let file = try Self.render(
            ["Jude", "--order", "english", "--translation", "KJV", "--format", "pdf", "--corpus", store.path],
            name: "Jude-english.pdf")
        let title = try RenderFixture.poppler("pdftotext", ["-f", "1", "-l", "1", file.path, "-"])
        #expect(title.contains("Reverse interlinear: English (KJV) with Greek (SBLGNT)"), "\(title)")
        let expected = try Self.kingJames("Jude 1")
        #expect(expected.count > 500)
        let spans = Self.paragraphSpans(try RenderFixture.poppler("pdfinfo", ["-struct-text", file.path]))
        #expect(spans.count == expected.count)
        #expect(zip(spans, expected).allSatisfy(Self.same))
        let text = try RenderFixture.poppler("pdftotext", [file.path, "-"])
        #expect(Self.englishTokens(text, mode: []) == expected)
    }

    /// The reverse interlinear's marks stand in a source word's place (`RB`) but are no Greek: each `RB` whose text
    /// is Greek is tagged `grc`, each dash or ditto mark the document's English, so a screen reader reading the
    /// tagged PDF does not switch to a Greek voice for a dash. Texts from poppler's structure reader, languages from
    /// the structure tree read with pikepdf, both in document order.
    @Test(.enabled(if: Validators.pdfuaRequired, Validators.pdfuaReason))
    func marksAreInTheDocumentsLanguage() throws {
        let file = try Self.render(
            ["John 1", "--order", "english", "--translation", "KJV", "--format", "pdf"], name: "John-1-marks.pdf")
        let structure = try RenderFixture.poppler("pdfinfo", ["-struct-text", file.path])
        let lines = structure.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let texts = zip(lines, lines.dropFirst()).filter { $0.0 == "RB" }.map {
            $0.1.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }
        let script = """
            import json, sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            languages = []
            def walk(node):
                if isinstance(node, pikepdf.Array):
                    for child in node: walk(child)
                elif isinstance(node, pikepdf.Dictionary) and node.get("/Type") not in ("/MCR", "/OBJR"):
                    if str(node.get("/S", "")) == "/RB": languages.append(str(node.Lang) if "/Lang" in node else "")
                    if "/K" in node: walk(node.K)
            walk(pdf.Root.StructTreeRoot.K)
            json.dump(languages, sys.stdout)
            """
        let result = try run(Validators.python, ["-c", script, file.path])
        try #require(result.status == 0, "pikepdf: \(result.stderr)")
        let languages = try JSONDecoder().decode([String].self, from: result.stdout)
        #expect(languages.count == texts.count, "\(languages.count) RB languages, \(texts.count) RB texts")
        var marks = 0
        for (text, language) in zip(texts, languages) {
            if text == "—" || text == "″" {
                marks += 1
                #expect(language == "en", "the mark \(text) is tagged \(language)")
            } else {
                #expect(RenderFixture.isGreek(Substring(text)) && language == "grc", "\(text) is tagged \(language)")
            }
        }
        // John 1 in the KJV has hundreds of English words with no Greek word or a ditto mark under them.
        #expect(marks > 100, "\(marks) marks")
    }

    /// The English words read from pdftotext's output: in its default mode, each line followed by a line of source
    /// words or the reverse interlinear's marks (the row under it), its tokens after the verse number; in content
    /// order (`-raw`), every token drawn just before a source word or mark.
    static func englishTokens(_ text: String, mode: [String]) -> [String] {
        func isSource(_ token: Substring) -> Bool { RenderFixture.isGreek(token) || token == "—" || token == "″" }
        if mode == ["-raw"] {
            let tokens = text.split(whereSeparator: \.isWhitespace)
            var english: [String] = []
            for (token, next) in zip(tokens, tokens.dropFirst()) where isSource(next) && !isSource(token) {
                english.append(String(token))
            }
            return english
        }
        let lines = text.split(separator: "\n").map { $0.split(separator: " ") }.filter { !$0.isEmpty }
        var english: [String] = []
        for (line, next) in zip(lines, lines.dropFirst())
        where next.allSatisfy(isSource) && !line.contains(where: isSource) {
            english += line.drop { $0.allSatisfy(\.isNumber) }.map(String.init)
        }
        return english
    }

    /// PNG and SVG draw the reverse interlinear too: the SVG's text layer holds the KJV words in order, and both
    /// are as wide as asked.
    @Test func svgTextLayerInTheKingJamesOrder() throws {
        let expected = try Self.kingJames("John 1")
        let file = try Self.render(
            ["John 1", "--order", "english", "--translation", "KJV", "--format", "svg"], name: "John-1-english.svg")
        let svg = try String(contentsOf: file, encoding: .utf8)
        // The layer's English texts (the translation's words, the glosses) that stand above the source word or mark
        // drawn next: the English words heading their blocks (a gloss stands below the next block's Greek).
        let texts = svg.matches(of: /<text [^>]*y="([0-9.]+)"[^>]*xml:lang="([^"]+)">([^<]*)<\/text>/).map {
            (y: Double($0.output.1) ?? 0, language: String($0.output.2), text: String($0.output.3))
        }
        var english: [String] = []
        for (text, next) in zip(texts, texts.dropFirst())
        where text.language == "en" && next.language == "grc" && next.y > text.y {
            english.append(text.text)
        }
        #expect(english == expected)
        let png = try Self.render(
            ["John 1:1-3", "--order", "english", "--translation", "KJV", "--format", "png", "--scale", "1"],
            name: "John-1-english.png")
        #expect(try RenderFixture.pngSize(Data(contentsOf: png)).width == 390)
    }
}
