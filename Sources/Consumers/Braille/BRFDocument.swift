import InterlinearCorpus

/// An embosser-ready braille file (BRF): North American ASCII braille, pages of `lines` lines of at most `cells`
/// cells, lines ending in CR LF, each page ending in a form feed. The last line of every page holds only the braille
/// page number at the right margin (as BANA formats place it); a Greek line is never separated from its glosses by a
/// page break.
public struct BRFDocument {
    public let cells: Int
    public let lines: Int
    /// The pages, each a list of lines (the page number line included).
    public let pages: [[String]]

    /// The smallest page this layout can fill: a title or a verse number and a short word need room.
    public static let minimumCells = 12, minimumLines = 4

    /// Paginates a brailled chapter.
    public init(_ braille: ChapterBraille, tables: BrailleTables, cells: Int, lines: Int) throws {
        self.cells = cells
        self.lines = lines
        let body = lines - 1
        var pages: [[String]] = []
        var page: [String] = []
        var index = 0
        let content = braille.lines
        while index < content.count {
            // A group: a line and every line kept with it.
            var end = index
            while end < content.count - 1, content[end].keepWithNext { end += 1 }
            let group = content[index...end]
            if page.count + group.count > body, !page.isEmpty {
                pages.append(page)
                page = []
            }
            for line in group {
                // A blank line at the top of a page says nothing.
                if page.isEmpty, line.kind == .blank { continue }
                if page.count == body { pages.append(page); page = [] }
                page.append(line.text)
            }
            index = end + 1
        }
        if !page.isEmpty || pages.isEmpty { pages.append(page) }
        self.pages = try pages.enumerated().map { number, page in
            var page = page + Array(repeating: "", count: body - page.count)
            let label = try tables.translate(String(number + 1), .english, output: .ascii)
            page.append(String(repeating: " ", count: max(cells - label.count, 0)) + label)
            return page
        }
    }

    /// The file's bytes: CR LF after each line, a form feed after each page.
    public var data: [UInt8] {
        var bytes: [UInt8] = []
        for page in pages {
            for line in page {
                bytes += Array(line.utf8)
                bytes += [0x0D, 0x0A]
            }
            bytes.append(0x0C)
        }
        return bytes
    }

    /// Whether a byte may appear in a BRF line: North American ASCII braille uses the 64 characters from space
    /// (0x20) to underscore (0x5F).
    public static func isBRF(_ byte: UInt8) -> Bool { (0x20...0x5F).contains(byte) }
}
