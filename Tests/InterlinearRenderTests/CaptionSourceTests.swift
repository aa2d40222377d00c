import Foundation
import InterlinearCorpus
import InterlinearRender
import InterlinearShaping
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// The painter draws labels from a snapshot of their runs and the fonts alone; every caption of a rendering comes
/// through the `CaptionSource` its caller passes.
@Suite struct CaptionSourceTests {
    /// Serves captions from the session's shape cache and records every text it is asked to intern.
    final class RecordingCaptions: CaptionSource {
        let source: ShapeCacheCaptions
        private(set) var interned: [String] = []

        init(_ source: ShapeCacheCaptions) { self.source = source }

        func intern(_ text: String) -> TextID {
            interned.append(text)
            return source.intern(text)
        }
        func run(_ text: TextID) -> ShapedRun { source.run(text) }
        func advance(of text: String) -> Float { source.advance(of: text) }
        func withGlyphs<R>(of run: ShapedRun, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> R) -> R {
            source.withGlyphs(of: run, body)
        }
        func text(_ id: TextID) -> String { source.text(id) }
    }

    static func render(_ format: RenderFormat, verses: Int? = nil) throws -> (result: RenderResult, interned: [String])
    {
        let session = try makeSession()
        let chapter = try session.chapter(#require(ChapterReference(parsing: "John 1")))
        let layout = session.layout(chapter)
        let painter = try ChapterPainter(
            chapter: chapter, layout: layout, runs: session.cache.snapshot(of: ChapterPainter.texts(of: layout)),
            fonts: session.fonts)
        let captions = RecordingCaptions(ShapeCacheCaptions(cache: session.cache, intern: session.intern))
        let request = RenderRequest(
            format: format, cells: 0..<(verses ?? chapter.verses.count), title: "Captions of John 1")
        return (try ChapterRenderer(painter: painter, captions: captions).render(request), captions.interned)
    }

    /// A PDF's running heads (the verses of each page: "John 1:1–3") and page numbers (1, 2, …, the key's pages
    /// after the chapter's) are asked of the caption source, page after page: the numbers in order, the heads' verse ranges in
    /// order from verse 1 to the chapter file's last verse.
    @Test func aPDFsFurnitureComesFromTheCaptionSource() throws {
        let (result, interned) = try Self.render(.pdf)
        #expect(result.pages.count > 1)
        // Numbered pages: the chapter's (`result.pages`, the EPUB's page list) and then the key to the codes.
        let numbers = interned.compactMap { Int($0) }
        #expect(numbers == Array(1...max(numbers.count, 1)) && numbers.count > result.pages.count, "\(numbers)")
        let text = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv"), encoding: .utf8)
        let lastVerse = text.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: "\t")
            return fields.first == "w" && fields.count > 1 ? Int(fields[1]) : nil
        }.max()
        var ranges: [(Int, Int)] = []
        for head in interned where head.hasPrefix("John 1:") {
            let numbers = head.dropFirst("John 1:".count).split(separator: "–").compactMap { Int($0) }
            if let first = numbers.first { ranges.append((first, numbers.last ?? first)) }
        }
        #expect(ranges.first?.0 == 1 && ranges.last?.1 == lastVerse, "\(ranges)")
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.1 <= $1.0 && $1.0 <= $0.1 + 1 }, "\(ranges)")
    }

    /// A PNG without the overlay carries the key to the codes under the verses (issue 43), and its captions are
    /// the key's: its heading and every morphology code of John 1 in SBLGNT.tsv (the source data, not the program).
    @Test(SharedStore.needsSourceData)
    func aPicturesCaptionsAreItsKey() throws {
        let (result, interned) = try Self.render(.png)
        #expect(!result.data.isEmpty)
        let codes = Set(
            try SourceColumns.rows(of: try #require(SourceColumns.sblgnt), columns: ["id", "morph"]).filter {
                $0[0].hasPrefix("n43001")
            }.map { $0[1] })
        #expect(codes.count > 50)
        #expect(codes.isSubset(of: interned), "codes not drawn: \(codes.subtracting(interned).sorted())")
        #expect(interned.contains("Key to the codes"))
    }

    /// The key's lines are measured without being interned: every caption asked for is a line drawn, none the
    /// beginning of another cut at a space (as each candidate tried while breaking a paragraph into lines was), in
    /// the PDF's key pages and the PNG's key alike.
    @Test(arguments: [RenderFormat.pdf, .png])
    func onlyTheKeysLinesAreInterned(format: RenderFormat) throws {
        let (_, interned) = try Self.render(format, verses: 5)
        let captions = Set(interned)
        #expect(captions.contains { $0.hasPrefix("Each word, top to bottom") })
        let cut = captions.filter { caption in captions.contains { $0.hasPrefix(caption + " ") } }
        #expect(cut.isEmpty, "interned but not drawn: \(cut.sorted())")
    }
}
