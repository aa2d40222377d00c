/// The same pages as a Portable Embosser Format file (PEF 2008-1, DAISY Consortium): XML whose rows are Unicode
/// braille patterns (U+2800–U+283F), one volume of one section, each page's rows as the BRF has them, with the
/// Dublin Core metadata PEF requires (format, identifier) and the title.
public struct PEFDocument {
    public let document: BRFDocument
    public let title: String
    public let identifier: String

    public init(_ document: BRFDocument, title: String, identifier: String) {
        self.document = document
        self.title = title
        self.identifier = identifier
    }

    /// North American ASCII braille in the order of the Unicode braille patterns: the character at index n is
    /// the BRF character of the cell U+2800 + n (dots 1–6 as bits 0–5).
    static let brfOrder = Array(" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=".utf8)

    /// The Unicode braille pattern of each BRF byte (0x20…0x5F), nil for any other byte.
    static let unicodeOfBRF: [UInt8: Unicode.Scalar] = {
        var map: [UInt8: Unicode.Scalar] = [:]
        for (index, byte) in brfOrder.enumerated() { map[byte] = Unicode.Scalar(0x2800 + UInt32(index)) }
        return map
    }()

    /// A BRF line in Unicode braille (a space is the blank cell U+2800).
    static func unicode(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in line.utf8 { scalars.append(unicodeOfBRF[byte] ?? "\u{2800}") }
        return String(scalars)
    }

    /// The file's bytes (UTF-8).
    public var data: [UInt8] {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <pef version="2008-1" xmlns="http://www.daisy.org/ns/2008/pef">
            <head><meta xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:format>application/x-pef+xml</dc:format>
            <dc:identifier>\(Self.escaped(identifier))</dc:identifier>
            <dc:title>\(Self.escaped(title))</dc:title>
            <dc:language>en</dc:language>
            </meta></head>
            <body><volume cols="\(document.cells)" rows="\(document.lines)" rowgap="0" duplex="false"><section>

            """
        for page in document.pages {
            xml += "<page>\n"
            for line in page { xml += "<row>" + Self.unicode(line) + "</row>\n" }
            xml += "</page>\n"
        }
        xml += "</section></volume></body>\n</pef>\n"
        return Array(xml.utf8)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
