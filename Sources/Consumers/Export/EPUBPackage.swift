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
        /// Its printed pages' labels, in order.
        let pages: [String]
        /// Its media overlay's file and its audio's (`--audio`), with the audio's length in milliseconds.
        var overlay: (file: String, audio: String, milliseconds: Int)?
    }

    let title: String
    let documents: [Document]
    let paper: Paper
    let modified: Date

    /// Starts the book's ZIP archive: `mimetype` first and stored, as OCF requires.
    static func start(_ zip: inout ZipArchive) throws {
        try zip.append("mimetype", text: "application/epub+zip")
    }

    /// Ends the book after its chapters' files: the container, the package and navigation documents.
    func finish(_ zip: inout ZipArchive) throws {
        try zip.append("META-INF/container.xml", text: Self.container)
        try zip.append("EPUB/package.opf", text: packageDocument)
        try zip.append("EPUB/nav.xhtml", text: navigation)
        try zip.finish()
    }

    /// Whether the book is narrated (`--audio`): every chapter has its overlay.
    var narrated: Bool { documents.contains { $0.overlay != nil } }

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
            + (narrated
                ? " Narrated: a synthesized English voice says each verse's reference and each word's spoken form, "
                    + "highlighted as it is said (media overlays)." : "")
    }

    var packageDocument: String {
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
            <meta property="dcterms:modified">\(Self.internetDateTime(modified))</meta>
            <meta property="schema:accessMode">textual</meta>
            <meta property="schema:accessModeSufficient">textual</meta>

            """
        if narrated { out += overlayMetadata }
        out += """
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
            guard let overlay = document.overlay else {
                out +=
                    "<item id=\"c-\(document.idPrefix)\" href=\"\(document.file)\" media-type=\"application/xhtml+xml\"/>\n"
                continue
            }
            let id = document.idPrefix
            out += "<item id=\"c-\(id)\" href=\"\(document.file)\" media-type=\"application/xhtml+xml\" "
            out += "media-overlay=\"o-\(id)\"/>\n"
            out += "<item id=\"o-\(id)\" href=\"\(overlay.file)\" media-type=\"application/smil+xml\"/>\n"
            out += "<item id=\"a-\(id)\" href=\"\(overlay.audio)\" media-type=\"audio/mpeg\"/>\n"
        }
        // The navigation document first: its landmarks link to its own table of contents, which must be in the spine.
        out += "</manifest>\n<spine>\n<itemref idref=\"nav\"/>\n"
        for document in documents { out += "<itemref idref=\"c-\(document.idPrefix)\"/>\n" }
        out += "</spine>\n</package>\n"
        return out
    }

    /// `date` as `ISO8601DateFormatter` with `.withInternetDateTime` in UTC writes it ("2026-11-29T14:30:05Z"), by
    /// the civil calendar's arithmetic: making the formatter (ICU's calendar and time zone) was 3 % of an export
    /// (benchmark `export-epub-cold`). A year past 9999 goes to the formatter still.
    static func internetDateTime(_ date: Date) -> String {
        // Milliseconds as CoreFoundation hands them to ICU, which floors them to its fields.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000).rounded(.down)
        guard milliseconds >= 0, milliseconds < 253_402_300_800_000 else {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: date)
        }
        let seconds = Int(milliseconds) / 1000
        let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        // Days since 1970-01-01 to year, month and day (the proleptic Gregorian calendar, counted from 0000-03-01
        // so that a leap day ends its year; eras of 400 years).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text = [UInt8]()
        text.reserveCapacity(20)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4); text.append(UInt8(ascii: "-")); digits(month, 2); text.append(UInt8(ascii: "-"))
        digits(day, 2); text.append(UInt8(ascii: "T")); digits(time / 3600, 2); text.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, 2); text.append(UInt8(ascii: ":")); digits(time % 60, 2); text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Media Overlays' metadata (EPUB 3.3 §9.3.2.2): each overlay's length and the book's, the sum of them, and the
    /// accessibility metadata the synchronized audio adds.
    var overlayMetadata: String {
        var out = ""
        var total = 0
        for document in documents {
            guard let overlay = document.overlay else { continue }
            total += overlay.milliseconds
            let clock = MediaOverlay.clock(milliseconds: overlay.milliseconds)
            out += "<meta property=\"media:duration\" refines=\"#o-\(document.idPrefix)\">\(clock)</meta>\n"
        }
        out += "<meta property=\"media:duration\">\(MediaOverlay.clock(milliseconds: total))</meta>\n"
        out += "<meta property=\"schema:accessMode\">auditory</meta>\n"
        out += "<meta property=\"schema:accessibilityFeature\">synchronizedAudioText</meta>\n"
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
