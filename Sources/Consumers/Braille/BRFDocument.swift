import InterlinearCorpus

/// A brailled chapter in pages: `lines` lines of at most `cells` cells, in North American ASCII braille. Each page
/// after the first starts with the running head (the chapter's reference, centred, as BANA's formats place it); the
/// last line of every page holds only the braille page number at the right margin; a source line is never separated
/// from its tiers by a page break; and a page that starts in the middle of a verse shows the verse's number again
/// at its start, so a reader who turns to it knows where they are. Written as a BRF file (`data`) or as PEF
/// (`PEFDocument`).
public struct BRFDocument {
    public let cells: Int
    public let lines: Int
    /// The pages, each a list of lines (the running head and the page number line included).
    public let pages: [[String]]

    /// The smallest page this layout can fill: a running head, a verse number and a short word need room.
    public static let minimumCells = 12, minimumLines = 5

    /// Paginates a brailled chapter.
    public init(_ braille: ChapterBraille, tables: BrailleTables, cells: Int, lines: Int) throws {
        self.cells = cells
        self.lines = lines
        let body = lines - 1
        let head = BrailleWrap.centred(String(braille.title.prefix(cells)), cells: cells)
        var pages: [[String]] = []
        var page: [String] = []
        let content = braille.lines
        func newPage() {
            pages.append(page)
            page = [head]
        }
        var index = 0
        while index < content.count {
            // A group: a line and every line kept with it.
            var end = index
            while end < content.count - 1, content[end].keepWithNext { end += 1 }
            var group = Array(content[index...end])
            index = end + 1
            let fresh = pages.isEmpty ? page.isEmpty : page.count == 1
            // A blank line at the top of a page says nothing.
            if fresh, group.count == 1, group[0].kind == .blank { continue }
            if page.count + group.count > body, !fresh {
                newPage()
            }
            if page.count == 1, !pages.isEmpty, let verse = group[0].verse, !group[0].startsVerse,
                group[0].kind != .blank, let number = braille.verseNumbers[verse]
            {
                group = Self.repeatingVerseNumber(number, in: group)
            }
            for line in group {
                if page.count == body { newPage() }
                page.append(line.text)
            }
        }
        if !page.isEmpty || pages.isEmpty { pages.append(page) }
        self.pages = try pages.enumerated().map { number, page in
            var page = page + Array(repeating: "", count: max(body - page.count, 0))
            let label = try tables.translate(String(number + 1), .english, output: .ascii)
            page.append(String(repeating: " ", count: max(cells - label.count, 0)) + label)
            return page
        }
    }

    /// A page's first lines, mid-verse, with the verse number: a source line continuing a verse is indented as
    /// far as the number and its space, so the number takes the indent's place; before any other line (the
    /// translation) it goes on a line of its own.
    private static func repeatingVerseNumber(_ number: String, in group: [ChapterBraille.Line]) -> [ChapterBraille.Line]
    {
        var group = group
        let marker = number + " "
        if group[0].kind == .source, group[0].text.hasPrefix(String(repeating: " ", count: marker.count)) {
            group[0].text = marker + group[0].text.dropFirst(marker.count)
        } else {
            group.insert(
                ChapterBraille.Line(kind: .source, text: number, keepWithNext: true, verse: group[0].verse),
                at: 0)
        }
        return group
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
