/// A text made of language runs and paragraphs, with the units screen readers move by (AT-SPI's Text boundaries
/// and granularities): characters, words, sentences, lines and paragraphs, and the language of each run (Orca 50+
/// switches voices on the `language` attribute run). Offsets count Unicode scalars, as AT-SPI does. Pure: no
/// D-Bus here, so it is tested without a bus.
package struct TextRuns: Sendable, Equatable {
    package private(set) var scalars: [Unicode.Scalar] = []
    /// Each run's range and BCP 47 language, in order, covering the text.
    package private(set) var runs: [(range: Range<Int>, language: String)] = []
    /// Each paragraph's range, newline included, in order, covering the text.
    package private(set) var paragraphs: [Range<Int>] = []
    private var paragraphStart = 0

    package init() {}

    package static func == (a: TextRuns, b: TextRuns) -> Bool {
        a.scalars == b.scalars && a.paragraphs == b.paragraphs && a.runs.map(\.range) == b.runs.map(\.range)
            && a.runs.map(\.language) == b.runs.map(\.language)
    }

    package var count: Int { scalars.count }

    /// Appends text in a language (joined to the previous run when the language is the same).
    package mutating func append(_ text: String, language: String) {
        let start = scalars.count
        scalars.append(contentsOf: text.unicodeScalars)
        guard scalars.count > start else { return }
        if let last = runs.last, last.language == language, last.range.upperBound == start {
            runs[runs.count - 1].range = last.range.lowerBound..<scalars.count
        } else {
            runs.append((start..<scalars.count, language))
        }
    }

    /// Ends the current paragraph with a newline (in the language of the run before it).
    package mutating func endParagraph() {
        append("\n", language: runs.last?.language ?? "en")
        paragraphs.append(paragraphStart..<scalars.count)
        paragraphStart = scalars.count
    }

    /// The text of a range (clamped).
    package func string(_ range: Range<Int>) -> String {
        let a = max(0, min(range.lowerBound, count)), b = max(a, min(range.upperBound, count))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[a..<b])
        return String(view)
    }

    /// The run holding an offset (the last run at the end); nil for an empty text.
    package func run(at offset: Int) -> (range: Range<Int>, language: String)? {
        guard !runs.isEmpty else { return nil }
        let o = max(0, min(offset, count - 1))
        return runs[Self.lastIndex(count: runs.count, atMost: o) { runs[$0].range.lowerBound }]
    }

    /// The last index in `0..<count` whose key is at most `value` (keys ascending), or 0 when none is; O(log n).
    private static func lastIndex(count: Int, atMost value: Int, key: (Int) -> Int) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if key(mid) <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// A unit to move by, as AT-SPI names them.
    package enum Unit: Sendable, CaseIterable {
        case character, wordStart, wordEnd, sentenceStart, sentenceEnd, lineStart, lineEnd, paragraph

        /// `AtspiTextBoundaryType` (GetTextAtOffset and its siblings): 0 char … 6 line end.
        package init?(boundary: UInt32) {
            switch boundary {
            case 0: self = .character
            case 1: self = .wordStart
            case 2: self = .wordEnd
            case 3: self = .sentenceStart
            case 4: self = .sentenceEnd
            case 5: self = .lineStart
            case 6: self = .lineEnd
            default: return nil
            }
        }

        /// `AtspiTextGranularity` (GetStringAtOffset): 0 char, 1 word, 2 sentence, 3 line, 4 paragraph.
        package init?(granularity: UInt32) {
            switch granularity {
            case 0: self = .character
            case 1: self = .wordStart
            case 2: self = .sentenceStart
            case 3: self = .lineStart
            case 4: self = .paragraph
            default: return nil
            }
        }
    }

    /// The unit holding `offset` (shift 0), or the one before (−1) or after (+1) it; an empty range at the ends.
    /// Units follow AT-SPI: a "start" unit runs from one start to the next (a word with the spaces after it), an
    /// "end" unit from one end to the next (the spaces before a word with it). Lines are paragraphs here: the
    /// text has no visual lines of its own.
    package func unit(_ unit: Unit, at offset: Int, shift: Int = 0) -> Range<Int> {
        let marks = boundaries(unit)
        // The segment [marks[i], marks[i+1]) holding the offset.
        let o = max(0, min(offset, count))
        var i = Self.lastIndex(count: marks.count, atMost: o) { marks[$0] }
        if o == count && i > 0 && marks[i] == count { i -= 1 }  // the end belongs to the last unit
        i += shift
        guard i >= 0, i + 1 < marks.count else {
            let edge = i < 0 ? 0 : count
            return edge..<edge
        }
        return marks[i]..<marks[i + 1]
    }

    /// The sorted offsets where units of a kind begin, 0 and the end included.
    private func boundaries(_ unit: Unit) -> [Int] {
        var marks = [0]
        func isSpace(_ i: Int) -> Bool { scalars[i].properties.isWhitespace }
        switch unit {
        case .character:
            marks = Array(0...count)
            return marks
        case .wordStart:
            for i in 1..<max(1, count) where !isSpace(i) && isSpace(i - 1) { marks.append(i) }
        case .wordEnd:
            for i in 1..<max(1, count) where isSpace(i) && !isSpace(i - 1) { marks.append(i) }
        case .sentenceStart, .sentenceEnd:
            let paragraphStarts = Set(paragraphs.map(\.lowerBound))
            var afterStop = false
            for i in 0..<count {
                let s = scalars[i]
                // A closing quote or bracket after a stop still belongs to the sentence it closes.
                let closing = Self.closers.contains(s)
                if i > 0, paragraphStarts.contains(i) || (afterStop && !isSpace(i) && !closing) {
                    if unit == .sentenceStart { marks.append(i) }
                    afterStop = false
                }
                if Self.sentenceStops.contains(s) {
                    afterStop = true
                    if unit == .sentenceEnd { marks.append(i + 1) }
                } else if s == "\n", unit == .sentenceEnd, i > 0, !Self.sentenceStops.contains(scalars[i - 1]) {
                    marks.append(i)
                }
            }
        case .lineStart, .paragraph:
            marks += paragraphs.map(\.upperBound)
        case .lineEnd:
            marks += paragraphs.map { $0.upperBound - 1 }
        }
        if marks.last != count { marks.append(count) }
        return Array(Set(marks)).sorted()
    }

    /// What ends a sentence: full stop, question and exclamation marks, the Greek question mark, the Hebrew sof
    /// pasuq.
    static let sentenceStops: Set<Unicode.Scalar> = [".", "?", "!", "\u{037E}", "\u{05C3}"]
    static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "\u{2019}", "\u{201D}"]
}
