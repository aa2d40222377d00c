/// The one line-wrap rule, shared by the typesetter (in points) and the terminal grid (in columns). Items — word
/// blocks, translation words — go left to right from `start`, `gap` apart; an item that would pass `end` begins a
/// new line at `start`, unless it is the first on its line (so it never breaks early and never loops); an item
/// longer than a line is clamped to the line's length. Lines begin at `start`, not at the margin: the caller puts
/// `start` past the verse-number gutter, so a verse's continuation lines indent under its first word, as printed
/// interlinears do.
public struct Flow<Length: Comparable & AdditiveArithmetic> {
    public let start: Length
    public let end: Length
    public let gap: Length
    /// Where the next item would go.
    public private(set) var x: Length
    /// The line the last item went on (0 is the first).
    public private(set) var line = 0
    private var lineIsEmpty = true

    public init(start: Length, end: Length, gap: Length) {
        self.start = start
        self.end = end
        self.gap = gap
        x = start
    }

    /// The longest an item may be: the distance from `start` to `end` (zero if `end` is not past `start`).
    public var lineLength: Length { end > start ? end - start : .zero }

    /// Places the next item; returns its position, its length clamped to `lineLength`, and whether it began a
    /// line (the first item always does).
    public mutating func place(_ length: Length) -> (x: Length, length: Length, beginsLine: Bool) {
        let clamped = min(length, lineLength)
        var begins = lineIsEmpty
        if !lineIsEmpty && x + clamped > end {
            x = start
            line += 1
            begins = true
        }
        lineIsEmpty = false
        let at = x
        x += clamped + gap
        return (at, clamped, begins)
    }
}
