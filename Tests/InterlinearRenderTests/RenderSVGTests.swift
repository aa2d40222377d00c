import Foundation
import InterlinearTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("interlinear render: SVG")
struct RenderSVGTests {
    /// Collects the text of `<text>` elements by enclosing verse group.
    final class TextCollector: NSObject, XMLParserDelegate {
        var verses: [String: [String]] = [:]
        var title = ""
        private var group: String?
        private var inText = false, inTitle = false
        private var current = ""
        var root = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if root.isEmpty { root = name }
            if name == "g", let id = attributes["id"], id.hasPrefix("John.") { group = id }
            if name == "text" { inText = true; current = "" }
            if name == "title" { inTitle = true }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { current += string }
            if inTitle { title += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let group { verses[group, default: []].append(current); inText = false }
            if name == "title" { inTitle = false }
            if name == "g", group != nil, !inText { group = nil }
        }
    }

    /// The SVG is well-formed XML and holds John 1:1's Greek text (and every other label) as real text.
    @Test func parsesAndHoldsTheGreekOfJohnOneOne() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = try RenderFixture.render(
            ["John 1", "--format", "svg", "--to", "3"], to: dir.appendingPathComponent("j.svg"))
        let parser = XMLParser(data: data)
        let collector = TextCollector()
        parser.delegate = collector
        #expect(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.root == "svg")
        #expect(collector.title == "John 1:1–3")
        let corpus = try RenderFixture.corpusJohnOne()
        let verseOne = try #require(collector.verses["John.1.1"])
        // The Greek of 1:1 is the first 17 words of the chapter.
        #expect(verseOne.filter { RenderFixture.isGreek(Substring($0)) } == Array(corpus.words.prefix(17)))
        #expect(verseOne.contains("G1722") && verseOne.contains("beginning"))
        #expect(Set(collector.verses.keys) == ["John.1.1", "John.1.2", "John.1.3"])
        // The glyphs themselves are cairo's outlines.
        #expect(String(decoding: data, as: UTF8.self).contains("<symbol overflow=\"visible\" id=\"glyph"))
    }
}
