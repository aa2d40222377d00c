/// How many terminal columns text occupies: per grapheme cluster, combining marks 0, East Asian wide and
/// emoji 2, everything else 1. Terminals lay text out in cells, not font pixels, so this is what the grid uses.
/// (Swift's Glibc overlay does not expose `wcwidth`, and its answers depend on the locale anyway.)
package enum CellWidth {
    /// Columns of one grapheme cluster: the width of its first spacing scalar, 0 for marks and controls alone.
    package static func of(_ character: Character) -> Int {
        var width = 0
        var emojiVariant = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { emojiVariant = true; continue }
            if width == 0 { width = of(scalar) }
        }
        if emojiVariant, width == 1, character.unicodeScalars.first?.properties.isEmoji == true { return 2 }
        return width
    }

    /// Columns of a string.
    package static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text {
            // ASCII fast path: one column, except controls.
            if let ascii = character.asciiValue {
                total += ascii >= 0x20 && ascii != 0x7F ? 1 : 0
            } else {
                total += of(character)
            }
        }
        return total
    }

    /// Columns of one scalar on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the syllable.
        if (0x1160...0x11FF).contains(value) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The longest prefix of `text` that fits in `columns`, and its width. Never splits a grapheme cluster.
    package static func prefix(_ text: String, fitting columns: Int) -> (text: Substring, width: Int) {
        var width = 0
        var end = text.startIndex
        for index in text.indices {
            let w = of(text[index])
            if width + w > columns { return (text[text.startIndex..<index], width) }
            width += w
            end = text.index(after: index)
        }
        return (text[text.startIndex..<end], width)
    }

    /// `text` cut to `columns`, ending in "…" when something was cut.
    package static func truncated(_ text: String, to columns: Int) -> (text: String, width: Int) {
        let full = of(text)
        if full <= columns { return (text, full) }
        guard columns > 1 else { return columns == 1 ? ("…", 1) : ("", 0) }
        let cut = prefix(text, fitting: columns - 1)
        return (String(cut.text) + "…", cut.width + 1)
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, UAX #11), the blocks a Bible reader can meet.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
        0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
        0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound {
                hi = mid - 1
            } else if value > range.upperBound {
                lo = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
