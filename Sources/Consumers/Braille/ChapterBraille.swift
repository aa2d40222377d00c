import InterlinearAccessibility
import InterlinearCorpus

/// A chapter as interlinear braille lines, before pagination: the title, then per verse its word blocks as in
/// print — each word's tiers on successive lines (the Greek, then its English gloss), blocks side by side in aligned
/// columns two cells apart, the verse number at the start of the verse's first Greek line — then the verse's
/// translation as a paragraph. All in North American ASCII braille (BRF).
public struct ChapterBraille {
    /// What a line holds, so tests and readers can tell the Greek apart.
    public enum Kind: Sendable, Equatable {
        case title, greek, gloss, translation, blank
    }

    public struct Line: Sendable, Equatable {
        public var kind: Kind
        public var text: String
        /// Lines that must stay on one page with the following one (a Greek line and its glosses).
        public var keepWithNext: Bool
    }

    public let lines: [Line]

    /// Brailles `chapter` for lines of `cells` cells.
    public init(_ chapter: Chapter, tables: BrailleTables, cells: Int) throws {
        var lines: [Line] = []
        func english(_ text: String) throws -> String { try tables.translate(text, .english, output: .ascii) }
        for row in BrailleWrap.rows(try english(chapter.reference.description), cells: cells) {
            lines.append(Line(kind: .title, text: BrailleWrap.centred(row, cells: cells), keepWithNext: false))
        }
        for verse in chapter.verses {
            lines.append(Line(kind: .blank, text: "", keepWithNext: false))
            // The verse number marks the verse: a braille number at the start of its first Greek line.
            let marker = try english(String(verse.number)) + " "
            var blocks: [[String]] = []
            for word in chapter.words[verse.words] {
                let greek = try tables.translate(chapter.text(word.surface), .greek, output: .ascii)
                let gloss = Speakable.gloss(chapter.text(word.gloss))
                blocks.append([greek, gloss.isEmpty ? "" : try english(gloss)])
            }
            for row in BlockRows(blocks: blocks, cells: cells, marker: marker).rows {
                for (tier, text) in row.enumerated() {
                    lines.append(Line(kind: tier == 0 ? .greek : .gloss, text: text, keepWithNext: tier + 1 < row.count))
                }
            }
            let tokens = chapter.translationTokens[verse.translation].map { chapter.text($0) }
            if !tokens.isEmpty {
                // A paragraph indented two cells, so it stands apart from the columns above.
                for row in BrailleWrap.rows(try english(tokens.joined(separator: " ")), cells: cells - 2) {
                    lines.append(Line(kind: .translation, text: "  " + row, keepWithNext: false))
                }
            }
        }
        self.lines = lines
    }
}

/// Word blocks laid out in rows of aligned columns, as an interlinear is printed: each block is one text per tier,
/// as wide as its widest tier; blocks follow each other two cells apart and wrap to a new row at the line width.
/// A tier too wide for a line (a long gloss on a narrow page) is broken over several lines of its block.
struct BlockRows {
    /// Rows of lines: per row, one line per tier line.
    private(set) var rows: [[String]] = []

    init(blocks: [[String]], cells: Int, marker: String) {
        let gap = 2
        let indent = marker.count
        let room = max(cells - indent, 1)
        var current: [[[String]]] = []  // blocks of the row being built: per block, per tier, its lines
        var width = 0
        func flush() {
            guard !current.isEmpty else { return }
            rows.append(Self.render(current, indent: indent, marker: rows.isEmpty ? marker : nil, gap: gap))
            current = []
            width = 0
        }
        for block in blocks {
            let tiers = block.map { BrailleWrap.rows($0, cells: room) }
            let blockWidth = tiers.flatMap { $0 }.map(\.count).max() ?? 0
            if !current.isEmpty, width + gap + blockWidth > room { flush() }
            width += (current.isEmpty ? 0 : gap) + blockWidth
            current.append(tiers)
        }
        flush()
    }

    /// One row: for each tier, as many lines as its tallest block needs; blocks padded to their column width. The
    /// verse's first row starts with `marker`, the others with as many spaces.
    private static func render(_ blocks: [[[String]]], indent: Int, marker: String?, gap: Int) -> [String] {
        let tierCount = blocks.map(\.count).max() ?? 0
        let widths = blocks.map { $0.flatMap { $0 }.map(\.count).max() ?? 0 }
        var lines: [String] = []
        for tier in 0..<tierCount {
            let height = blocks.map { tier < $0.count ? $0[tier].count : 0 }.max() ?? 0
            for sub in 0..<height {
                var line = lines.isEmpty ? marker ?? String(repeating: " ", count: indent) : String(repeating: " ", count: indent)
                for (index, block) in blocks.enumerated() {
                    let text = tier < block.count && sub < block[tier].count ? block[tier][sub] : ""
                    line += text + String(repeating: " ", count: widths[index] - text.count)
                    if index + 1 < blocks.count { line += String(repeating: " ", count: gap) }
                }
                lines.append(BrailleWrap.trimmingTrailingSpaces(line))
            }
        }
        return lines
    }
}

/// Line breaking and centring for BRF text, where every character is one cell.
enum BrailleWrap {
    /// `text` broken at spaces into lines of at most `cells` cells; a word longer than a line is cut.
    static func rows(_ text: String, cells: Int) -> [String] {
        let width = max(cells, 1)
        var rows: [String] = []
        var row = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            if !row.isEmpty, row.count + 1 + word.count <= width { row += " " + word; continue }
            if !row.isEmpty { rows.append(row) }
            while word.count > width {
                rows.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            row = String(word)
        }
        if !row.isEmpty || rows.isEmpty { rows.append(row) }
        return rows
    }

    static func centred(_ text: String, cells: Int) -> String {
        String(repeating: " ", count: max((cells - text.count) / 2, 0)) + text
    }

    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
