/// Text attributes the grid uses. Colour is only ever added on top of an attribute or a position, never alone.
public struct TextStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let dim = TextStyle(rawValue: 1 << 1)
    public static let reverse = TextStyle(rawValue: 1 << 2)
    public static let underline = TextStyle(rawValue: 1 << 3)
    public static let italic = TextStyle(rawValue: 1 << 4)
    /// Foreground colours; dropped when `NO_COLOR` is set.
    public static let cyan = TextStyle(rawValue: 1 << 5)
    public static let green = TextStyle(rawValue: 1 << 6)
    public static let blue = TextStyle(rawValue: 1 << 7)
}

/// Builds a frame of terminal output: plain ECMA-48 escape sequences into one byte buffer, written with one
/// `write(2)` so the terminal never shows half a frame.
public struct ANSI {
    public private(set) var bytes: [UInt8] = []
    /// False when `NO_COLOR` is set (https://no-color.org): attributes stay, colours go.
    public let color: Bool

    public init(color: Bool) {
        self.color = color
        bytes.reserveCapacity(8192)
    }

    /// Whether the environment allows colour.
    public static func colorAllowed(environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends text, dropping control characters so corpus text can never inject escape sequences.
    public mutating func text<S: StringProtocol>(_ text: S) {
        for byte in text.utf8 where byte >= 0x20 && byte != 0x7F { bytes.append(byte) }
    }

    public mutating func raw(_ sequence: String) { bytes.append(contentsOf: sequence.utf8) }

    private mutating func csi(_ body: String) {
        bytes.append(0x1B); bytes.append(0x5B)
        bytes.append(contentsOf: body.utf8)
    }

    /// CUP: moves the cursor to a zero-based row and column.
    public mutating func move(row: Int, column: Int) { csi("\(row + 1);\(column + 1)H") }
    /// EL: erases from the cursor to the end of the line.
    public mutating func eraseToEndOfLine() { csi("K") }
    /// ED: erases the whole screen.
    public mutating func eraseScreen() { csi("2J") }
    public mutating func enterAlternateScreen() { csi("?1049h") }
    public mutating func hideCursor() { csi("?25l") }
    public mutating func showCursor() { csi("?25h") }

    /// SGR for a style; `reset` first so styles never leak from one span to the next.
    public mutating func style(_ style: TextStyle) {
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

    public mutating func resetStyle() { csi("0m") }
}
