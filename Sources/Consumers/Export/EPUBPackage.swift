import Foundation
import InterlinearCorpus
import InterlinearHTML
import InterlinearTable

/// An EPUB 3.2 package: the OCF container, the package document with EPUB Accessibility 1.1 metadata, the
/// navigation document (contents down to verses, the printed copy's page list, landmarks) and the chapters'
/// content documents.
struct EPUBPackage {
    /// One chapter's content document.
    struct Document {
        let chapter: Chapter
        /// Its file name inside `EPUB/`.
        let file: String
        /// The prefix of its element ids ("John.1").
        let idPrefix: String
        let xhtml: String
        /// Its printed pages' labels, in order.
        let pages: [String]
    }

    let title: String
    let documents: [Document]
    let paper: Paper
    let modified: Date

    /// The book as a ZIP archive, `mimetype` first and stored.
    func archive() -> Data {
        var zip = ZipArchive()
        zip.append("mimetype", Data("application/epub+zip".utf8))
        zip.append("META-INF/container.xml", Data(Self.container.utf8))
        zip.append("EPUB/package.opf", Data(packageDocument.utf8))
        zip.append("EPUB/nav.xhtml", Data(navigation.utf8))
        for document in documents { zip.append("EPUB/\(document.file)", Data(document.xhtml.utf8)) }
        return zip.finished()
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>

        """

    /// The reading systems' summary of what the book offers a reader who cannot see it.
    var summary: String {
        "Every word is a stack of its tiers, each tagged with its language, so screen readers switch voices; the "
            + "spoken form of each word (transliteration, gloss, parsing in words, dictionary form) is given to "
            + "screen readers and hidden on screen. Verses are headings; the page list follows the printed PDF "
            + "(\(paper.rawValue.uppercased()) paper). Text reflows at any width; colours meet WCAG 2.2 AA contrast."
    }

    var packageDocument: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let identifier = "interlinear:" + documents.map(\.idPrefix).joined(separator: "+")
        let languages = ["en"] + Set(documents.map(\.chapter.language)).map(\.tag).sorted()
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="uid">\(Markup.text(identifier))</dc:identifier>
            <dc:title>\(Markup.text(title))</dc:title>

            """
        for language in languages { out += "<dc:language>\(language)</dc:language>\n" }
        out += """
            <dc:source>interlinear render --format pdf --paper \(paper.rawValue)</dc:source>
            <meta property="dcterms:modified">\(formatter.string(from: modified))</meta>
            <meta property="schema:accessMode">textual</meta>
            <meta property="schema:accessModeSufficient">textual</meta>
            <meta property="schema:accessibilityFeature">structuralNavigation</meta>
            <meta property="schema:accessibilityFeature">tableOfContents</meta>
            <meta property="schema:accessibilityFeature">readingOrder</meta>
            <meta property="schema:accessibilityFeature">pageNavigation</meta>
            <meta property="schema:accessibilityFeature">pageBreakMarkers</meta>
            <meta property="schema:accessibilityFeature">displayTransformability</meta>
            <meta property="schema:accessibilityHazard">none</meta>
            <meta property="schema:accessibilitySummary">\(Markup.text(summary))</meta>
            <meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.2 Level AA</meta>
            <meta property="a11y:certifiedBy">interlinear export</meta>
            </metadata>
            <manifest>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>

            """
        for document in documents {
            out +=
                "<item id=\"c-\(document.idPrefix)\" href=\"\(document.file)\" media-type=\"application/xhtml+xml\"/>\n"
        }
        // The navigation document first: its landmarks link to its own table of contents, which must be in the spine.
        out += "</manifest>\n<spine>\n<itemref idref=\"nav\"/>\n"
        for document in documents { out += "<itemref idref=\"c-\(document.idPrefix)\"/>\n" }
        out += "</spine>\n</package>\n"
        return out
    }

    var navigation: String {
        var out = Serialization.xhtml.prologue(title: "Contents")
        out += "<nav epub:type=\"toc\" role=\"doc-toc\" id=\"toc\" aria-labelledby=\"toc-title\">\n"
        out += "<h1 id=\"toc-title\">Contents</h1>\n<ol>\n"
        for document in documents {
            let name = Markup.text(document.chapter.reference.description)
            out += "<li><a href=\"\(document.file)\">\(name)</a>\n<ol>\n"
            for verse in document.chapter.verses {
                out +=
                    "<li><a href=\"\(document.file)#\(document.idPrefix).\(verse.number)\">\(name):\(verse.number)</a></li>\n"
            }
            out += "</ol></li>\n"
        }
        out += "</ol>\n</nav>\n"
        out +=
            "<nav epub:type=\"page-list\" role=\"doc-pagelist\" id=\"page-list\" aria-labelledby=\"pages-title\" hidden=\"hidden\">\n"
        out += "<h2 id=\"pages-title\">Pages</h2>\n<ol>\n"
        for document in documents {
            for label in document.pages {
                out +=
                    "<li><a href=\"\(document.file)#\(document.idPrefix).page\(Markup.id(label))\">\(Markup.text(label))</a></li>\n"
            }
        }
        out += "</ol>\n</nav>\n"
        out += "<nav epub:type=\"landmarks\" id=\"landmarks\" aria-labelledby=\"landmarks-title\" hidden=\"hidden\">\n"
        out += "<h2 id=\"landmarks-title\">Landmarks</h2>\n<ol>\n"
        out += "<li><a epub:type=\"toc\" href=\"#toc\">Contents</a></li>\n"
        if let first = documents.first {
            out += "<li><a epub:type=\"bodymatter\" href=\"\(first.file)\">\(Markup.text(title))</a></li>\n"
        }
        out += "</ol>\n</nav>\n</body>\n</html>\n"
        return out
    }
}
