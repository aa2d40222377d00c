/// Text attributes the grid uses. Colour is only ever added on top of an attribute or a position, never alone.
package struct TextStyle: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = TextStyle(rawValue: 1 << 0)
    package static let dim = TextStyle(rawValue: 1 << 1)
    package static let reverse = TextStyle(rawValue: 1 << 2)
    package static let underline = TextStyle(rawValue: 1 << 3)
    package static let italic = TextStyle(rawValue: 1 << 4)
    /// Foreground colours; dropped when `NO_COLOR` is set.
    package static let cyan = TextStyle(rawValue: 1 << 5)
    package static let green = TextStyle(rawValue: 1 << 6)
    package static let blue = TextStyle(rawValue: 1 << 7)
}

/// Builds a frame of terminal output: plain ECMA-48 escape sequences into one byte buffer, written with one
/// `write(2)` so the terminal never shows half a frame.
package struct ANSI {
    package private(set) var bytes: [UInt8] = []
    /// False when `NO_COLOR` is set (https://no-color.org): attributes stay, colours go.
    package let color: Bool

    package init(color: Bool) {
        self.color = color
        bytes.reserveCapacity(8192)
    }

    /// Whether the environment allows colour.
    package static func colorAllowed(environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }

    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends text, dropping control characters so corpus text can never inject escape sequences.
    package mutating func text<S: StringProtocol>(_ text: S) {
        for byte in text.utf8 where byte >= 0x20 && byte != 0x7F { bytes.append(byte) }
    }

    package mutating func raw(_ sequence: String) { bytes.append(contentsOf: sequence.utf8) }

    private mutating func csi(_ body: String) {
        bytes.append(0x1B); bytes.append(0x5B)
        bytes.append(contentsOf: body.utf8)
    }

    /// CUP: moves the cursor to a zero-based row and column.
    package mutating func move(row: Int, column: Int) { csi("\(row + 1);\(column + 1)H") }
    /// EL: erases from the cursor to the end of the line.
    package mutating func eraseToEndOfLine() { csi("K") }
    /// ED: erases the whole screen.
    package mutating func eraseScreen() { csi("2J") }
    package mutating func enterAlternateScreen() { csi("?1049h") }
    package mutating func hideCursor() { csi("?25l") }
    package mutating func showCursor() { csi("?25h") }

    /// SGR for a style; `reset` first so styles never leak from one span to the next.
    package mutating func style(_ style: TextStyle) {
        var codes = ["0"]
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.italic) { codes.append("3") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.reverse) { codes.append("7") }
        if color {
            if style.contains(.cyan) { codes.append("36") }
            if style.contains(.green) { codes.append("32") }
            if style.contains(.blue) { codes.append("34") }
        }
        csi(codes.joined(separator: ";") + "m")
    }

    package mutating func resetStyle() { csi("0m") }
}
