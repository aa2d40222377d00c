import Foundation

/// The syntax of option values that are more than a number: `--viewport 390x844+0+20`, `--hit-test 120,300`. Pure
/// functions of the text, bounded (every number finite and within the range a screen can have), so the fuzz harness
/// `cli-values` checks the very parsers the commands use; the commands turn nil into their usage line.
enum ValueSyntax {
    /// The largest viewport side and origin coordinate accepted, in points.
    static let viewportLimit: Float = 100_000
    /// The largest hit-test coordinate accepted, in points.
    static let pointLimit: Float = 1_000_000

    /// "390x844" or "390x844+0+20" (the X may be upper case): a size of at least 1×1 and an optional origin.
    static func viewport(_ text: String) -> (x: Float, y: Float, width: Float, height: Float)? {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 3 else { return nil }
        let size = parts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Float(size[0]), let height = Float(size[1]),
            width.isFinite, height.isFinite, width >= 1, height >= 1, width <= viewportLimit, height <= viewportLimit
        else { return nil }
        guard parts.count == 3 else { return (0, 0, width, height) }
        guard let x = Float(parts[1]), let y = Float(parts[2]), x.isFinite, y.isFinite,
            abs(x) <= viewportLimit, abs(y) <= viewportLimit
        else { return nil }
        return (x, y, width, height)
    }

    /// "120,300" (spaces around either number allowed): screen coordinates.
    static func point(_ text: String) -> (x: Float, y: Float)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let x = Float(trimmingSpaces(parts[0])),
            let y = Float(trimmingSpaces(parts[1])),
            x.isFinite, y.isFinite, abs(x) <= pointLimit, abs(y) <= pointLimit
        else { return nil }
        return (x, y)
    }

    /// `text` without the spaces and tabs at either end: Unicode's space separators and U+0009, what Foundation's
    /// `CharacterSet.whitespaces` holds, compared scalar by scalar as Foundation does. Not Foundation's own
    /// `trimmingCharacters`: bridging to NSString was most of every `--tiers` check (benchmark `typeset-warm`).
    static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t"
                || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
