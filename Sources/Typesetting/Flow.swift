import InterlinearCorpus

/// The one line-wrap rule, shared by the typesetter (in points) and the terminal grid (in columns). Items — word
/// blocks, translation words — go from `start` towards `end`, `gap` apart: left to right, or right to left for a
/// right-to-left script (Hebrew word blocks), where a line begins at `end` and fills leftwards. An item that would
/// pass the line's far edge begins a new line, unless it is the first on its line (so it never breaks early and
/// never loops); an item longer than a line is clamped to the line's length. Lines begin at the same edge every
/// time, not at the margin: the caller puts that edge past the verse-number gutter, so a verse's continuation
/// lines indent under its first word, as printed interlinears do.
package struct Flow<Length: Comparable & AdditiveArithmetic> {
    /// The left edge of every line.
    package let start: Length
    /// The right edge of every line.
    package let end: Length
    package let gap: Length
    /// Which way items go: left to right from `start`, or right to left from `end`.
    package let direction: ScriptDirection
    /// Where the next item would go: its left edge (left to right) or its right edge (right to left).
    private var x: Length
    /// The line the last item went on (0 is the first).
    package private(set) var line = 0
    private var lineIsEmpty = true

    package init(start: Length, end: Length, gap: Length, direction: ScriptDirection = .leftToRight) {
        self.start = start
        self.end = end
        self.gap = gap
        self.direction = direction
        x = direction == .leftToRight ? start : end
    }

    /// The longest an item may be: the distance from `start` to `end` (zero if `end` is not past `start`).
    package var lineLength: Length { end > start ? end - start : .zero }

    /// Places the next item; returns its left edge, its length clamped to `lineLength`, and whether it began a
    /// line (the first item always does).
    package mutating func place(_ length: Length) -> (x: Length, length: Length, beginsLine: Bool) {
        let clamped = min(length, lineLength)
        var begins = lineIsEmpty
        switch direction {
        case .leftToRight:
            if !lineIsEmpty && x + clamped > end {
                x = start
                line += 1
                begins = true
            }
            lineIsEmpty = false
            let at = x
            x += clamped + gap
            return (at, clamped, begins)
        case .rightToLeft:
            // `x - clamped < start`, written so an unsigned length (terminal columns) never goes below zero.
            if !lineIsEmpty && x < start + clamped {
                x = end
                line += 1
                begins = true
            }
            lineIsEmpty = false
            let at = x - clamped
            x = at > start + gap ? at - gap : start
            return (at, clamped, begins)
        }
    }
}
