import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// `render --format pdf` against PDF/UA-1: the PyPI checker `pdfua` (machine-checkable rules, among them 7.1-3
/// "content tagged or artifact", 7.2-34 language, 5 identification) finds nothing, and poppler's `pdftotext`, in its
/// default and its raw mode, gives the chapter's source words in reading order with letters in logical order, and
/// pikepdf (the checker's PDF library) reads each Hebrew word's logical text as its structure element's `/ActualText`.
/// Expected words come from the downloaded source data.
@Suite("interlinear render: PDF/UA", .serialized)
struct RenderPDFUATests {
    static func pdf(_ reference: String) throws -> URL {
        let dir = try RenderFixture.temporaryDirectory()
        let file = dir.appendingPathComponent("out.pdf")
        _ = try RenderFixture.render([reference, "--format", "pdf"], to: file)
        return file
    }

    static let john = Result { try pdf("John 1") }
    static let genesis = Result { try pdf("Genesis 1") }

    static func isHebrew(_ token: Substring) -> Bool {
        token.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) }
    }

    // MARK: Expected words, from the downloaded source data

    /// John 1's words from SBLGNT.tsv (bible-alignments 0.4.2): the `text` of every row of an id `n43001…`.
    static func sblgntJohnOne() throws -> [String] {
        let file = try #require(SourceColumns.sblgnt)
        return try SourceColumns.rows(of: file, columns: ["id", "text"]).filter { $0[0].hasPrefix("n43001") }.map {
            $0[1]
        }
    }

    /// Genesis 1's words from WLC-LEB.tsv (bible-alignments 0.3.5), whose rows are morphemes: a word is the
    /// morphemes sharing an id's first 11 digits (book, chapter, verse, word), each morpheme's pointed and accented
    /// form being its `alt-id` less the "-N" occurrence suffix.
    static func wlcGenesisOne() throws -> [String] {
        let file = SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile)
        var words: [String] = []
        var current = ""
        // In identifier order (the text's), each verse's last word followed by sof pasuq, which the Codex prints and
        // the source drops.
        let rows = try SourceColumns.rows(of: file, columns: ["identifier", "alt-id"]).filter {
            $0[0].hasPrefix("01001")
        }
        .sorted { $0[0] < $1[0] }
        for (index, row) in rows.enumerated() {
            let morpheme = row[1].split(separator: "-", omittingEmptySubsequences: false).dropLast().joined(
                separator: "-")
            if row[0].prefix(11) == current { words[words.count - 1] += morpheme } else { words.append(morpheme) }
            current = String(row[0].prefix(11))
            if index + 1 == rows.count || rows[index + 1][0].prefix(8) != row[0].prefix(8) {
                words[words.count - 1] += "\u{05C3}"
            }
        }
        return words
    }

    static var hebrewSourceMissing: Bool {
        !FileManager.default.fileExists(
            atPath: SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile).path)
    }

    /// The words of `pdftotext` output: split at white space, with the bidi controls poppler writes around every
    /// right-to-left run (RLE U+202B … PDF U+202C) and the marks it may leave (U+200E, U+200F) taken out.
    static func words(_ text: String) -> [Substring] {
        let controls: ClosedRange<UInt32> = 0x202A...0x202E
        let kept = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    !controls.contains($0.value) && $0.value != 0x200E && $0.value != 0x200F
                }))
        return kept.split(whereSeparator: \.isWhitespace)
    }

    @Test(.enabled(if: Validators.pdfuaRequired, Validators.pdfuaReason), arguments: ["John 1", "Genesis 1"])
    func pdfuaFindsNothing(reference: String) throws {
        let file = try (reference == "John 1" ? Self.john : Self.genesis).get()
        let result = try run(Validators.pdfua, ["check", file.path])
        #expect(result.status == 0, "pdfua: \(result.stdoutText) \(result.stderr)")
    }

    /// Where two word lists first differ, for a short failure message.
    static func firstDifference(_ a: [String], _ b: [String]) -> String {
        let common = min(a.count, b.count)
        guard let i = (0..<common).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : common)
        else { return "none" }
        return
            "word \(i): \(i < a.count ? a[i] : "—") for \(i < b.count ? b[i] : "—") (\(a.count) words, \(b.count) expected)"
    }

    /// John 1's 826 Greek words, in reading order in both modes: `-raw` reads the content stream, whose order is the
    /// structure tree's; the default mode rebuilds lines from glyph positions, and each row of Greek words is drawn
    /// as touching text spans (`ChapterPainter.showSpan`), so each row is one line, read top to bottom. Compared
    /// in NFC; SBLGNT's `text` column has no punctuation, and neither has the drawn word.
    @Test(
        .enabled(
            if: RenderFixture.popplerRequired && SharedStore.sourceMissing == nil,
            SystemTool.reason("pdftotext", package: "poppler-utils")),
        arguments: [[String](), ["-raw"]])
    func greekWordsInReadingOrder(mode: [String]) throws {
        // The words as printed (punctuation and all), as the chapter file holds them.
        let expected = try RenderFixture.corpusJohnOne().words.map(\.precomposedStringWithCanonicalMapping)
        #expect(expected.count == 826)
        let text = try RenderFixture.poppler("pdftotext", mode + [try Self.john.get().path, "-"])
        let greek = Self.words(text).filter(RenderFixture.isGreek).map {
            String($0).precomposedStringWithCanonicalMapping
        }
        #expect(greek == expected, "pdftotext \(mode): \(Self.firstDifference(greek, expected))")
    }

    /// Genesis 1's 434 Hebrew words, in reading order and with letters, points and accents in logical order, in
    /// both modes. Compared in NFD (canonical equivalence: WLC-LEB.tsv and the chapter file order some marks of a
    /// letter differently, the same text), cantillation included. poppler reverses every right-to-left run, taking
    /// it for visual order; each Hebrew word's span carries its text reversed, so what comes out is logical.
    @Test(
        .enabled(
            if: RenderFixture.popplerRequired && !RenderPDFUATests.hebrewSourceMissing,
            SystemTool.reason("pdftotext", package: "poppler-utils")),
        arguments: [[String](), ["-raw"]])
    func hebrewWordsInReadingOrder(mode: [String]) throws {
        let expected = try Self.wlcGenesisOne().map(\.decomposedStringWithCanonicalMapping)
        #expect(expected.count == 434)
        let text = try RenderFixture.poppler("pdftotext", mode + [try Self.genesis.get().path, "-"])
        let hebrew = Self.words(text).filter(Self.isHebrew).map { String($0).decomposedStringWithCanonicalMapping }
        #expect(hebrew == expected, "pdftotext \(mode): \(Self.firstDifference(hebrew, expected))")
    }

    /// The `/ActualText` of every `RB` structure element (a word's source label), walking the structure tree depth
    /// first from `/StructTreeRoot` with pikepdf in the validators' environment (it comes with pdfua); nil where an
    /// element has none. Fails when qpdf (under pikepdf) finds the file's syntax or cross-reference table broken.
    static func wordActualTexts(_ file: URL) throws -> [String?] {
        let script = """
            import json, sys, pikepdf
            texts = []
            def walk(node):
                if isinstance(node, pikepdf.Array):
                    for child in node: walk(child)
                elif isinstance(node, pikepdf.Dictionary) and node.get("/Type") not in ("/MCR", "/OBJR"):
                    if node.get("/S") == "/RB":
                        texts.append(str(node.ActualText) if "/ActualText" in node else None)
                    if "/K" in node: walk(node.K)
            pdf = pikepdf.open(sys.argv[1])  # kept: its objects live only as long as it does
            problems = pdf.check_pdf_syntax()  # qpdf's check: xref offsets, object syntax, streams
            if problems: sys.exit("qpdf: " + "; ".join(map(str, problems)))
            walk(pdf.Root.StructTreeRoot.K)
            json.dump(texts, sys.stdout)
            """
        let result = try run(Validators.python, ["-c", script, file.path])
        #expect(result.status == 0, "pikepdf: \(result.stderr)")
        return try JSONDecoder().decode([String?].self, from: result.stdout)
    }

    /// Genesis 1's 434 Hebrew words as their `RB` elements' `/ActualText`, in order and in logical order (no
    /// right-to-left mark, no space: the content stream's spans carry the reversed text for poppler, the structure
    /// element the word for readers of the tagged PDF, ISO 32000-1 §14.9.4); compared in NFD with WLC-LEB.tsv.
    /// John 1's 826 Greek words, whose spans are logical already, have none.
    @Test(
        .enabled(
            if: Validators.pdfuaRequired && !RenderPDFUATests.hebrewSourceMissing
                && SharedStore.sourceMissing == nil, Validators.pdfuaReason))
    func structureElementsCarryLogicalHebrew() throws {
        let expected = try Self.wlcGenesisOne().map(\.decomposedStringWithCanonicalMapping)
        #expect(expected.count == 434)
        let hebrew = try Self.wordActualTexts(try Self.genesis.get()).map {
            $0?.decomposedStringWithCanonicalMapping ?? "—"
        }
        #expect(hebrew == expected, "ActualText: \(Self.firstDifference(hebrew, expected))")
        let greek = try Self.wordActualTexts(try Self.john.get())
        #expect(greek.count == 826)
        #expect(greek.allSatisfy { $0 == nil }, "a Greek word's structure element has an ActualText")
    }

    /// The lemma tier in the structure tree: rendered with `--tiers source,lemma`, every `Span` of a word's `RT` is
    /// its lemma, and each carries the source's language (`grc`, `hbo`) as the `RB` does, where the document's is
    /// English. Expected lemmas: `typeset`'s lemma labels of the chapter in order (checked against the Strong's
    /// dictionary and SBLGNT by `LemmaTierTests`); a Hebrew lemma's logical text is its element's `/ActualText`,
    /// a Greek one's is its content, read by poppler (`pdfinfo -struct-text`).
    @Test(
        .enabled(
            if: Validators.pdfuaRequired && RenderFixture.popplerRequired, Validators.pdfuaReason),
        arguments: ["John 1", "Genesis 1"])
    func lemmaSpansCarryTheirLanguage(reference: String) throws {
        let tiers = ["--tiers", "source,lemma"]
        let layout = try run(interlinearBinary, ["typeset", reference] + tiers, directory: packageRoot)
        try #require(layout.status == 0, "\(layout.stderr)")
        let lemmas = try JSONDecoder().decode(RenderFixture.Layout.self, from: layout.stdout).cells.flatMap {
            $0.labels.filter { $0.tier == "lemma" }.map(\.text)
        }
        #expect(lemmas.count > 400, "\(reference) has \(lemmas.count) lemma labels")
        let file = try RenderFixture.temporaryDirectory().appendingPathComponent("lemma.pdf")
        _ = try RenderFixture.render([reference, "--format", "pdf"] + tiers, to: file)
        let script = """
            import json, sys, pikepdf
            spans = []
            def walk(node, parent):
                if isinstance(node, pikepdf.Array):
                    for child in node: walk(child, parent)
                elif isinstance(node, pikepdf.Dictionary) and node.get("/Type") not in ("/MCR", "/OBJR"):
                    kind = str(node.get("/S", ""))
                    if kind == "/Span" and parent == "/RT":
                        spans.append({"lang": str(node.Lang) if "/Lang" in node else None,
                                      "text": str(node.ActualText) if "/ActualText" in node else None})
                    if "/K" in node: walk(node.K, kind)
            pdf = pikepdf.open(sys.argv[1])
            walk(pdf.Root.StructTreeRoot.K, "")
            json.dump({"document": str(pdf.Root.Lang), "spans": spans}, sys.stdout)
            """
        let result = try run(Validators.python, ["-c", script, file.path])
        try #require(result.status == 0, "pikepdf: \(result.stderr)")
        struct Span: Decodable { let lang: String?; let text: String? }
        struct Found: Decodable { let document: String; let spans: [Span] }
        let found = try JSONDecoder().decode(Found.self, from: result.stdout)
        let hebrew = reference.hasPrefix("Genesis")
        #expect(found.document == "en")
        #expect(found.spans.count == lemmas.count, "\(found.spans.count) RT spans for \(lemmas.count) lemmas")
        #expect(found.spans.allSatisfy { $0.lang == (hebrew ? "hbo" : "grc") }, "a lemma without its /Lang")
        if hebrew {
            let texts = found.spans.map { $0.text?.decomposedStringWithCanonicalMapping ?? "—" }
            let expected = lemmas.map(\.decomposedStringWithCanonicalMapping)
            #expect(texts == expected, "ActualText: \(Self.firstDifference(texts, expected))")
        } else {
            // pdfinfo's tree: each RT's one Span, its quoted text on the line after it (the separator's space last).
            let lines = try RenderFixture.poppler("pdfinfo", ["-struct-text", file.path]).split(separator: "\n")
            var texts: [String] = []
            for (index, line) in lines.enumerated()
            where line.trimmingCharacters(in: .whitespaces) == "RT" && index + 2 < lines.count {
                let text = lines[index + 2].trimmingCharacters(in: .whitespaces)
                texts.append(String(text.dropFirst().dropLast(2)).precomposedStringWithCanonicalMapping)
            }
            let expected = lemmas.map(\.precomposedStringWithCanonicalMapping)
            #expect(texts == expected, "pdfinfo -struct-text: \(Self.firstDifference(texts, expected))")
        }
    }
}
