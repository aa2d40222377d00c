import InterlinearCorpus
import InterlinearTypesetting

/// Stable, content-derived node ids: `John.1` (the chapter), `John.1.3` (verse 3's container), `John.1.3.v` (its
/// verse number), `John.1.3.note`, `John.1.3.w2` (second Greek word), `John.1.3.w2.gloss` (a label, label
/// granularity), `John.1.3.t` (the whole translation), `John.1.3.t4` (its fourth word). Numbers in ids count from 1.
package enum NodeID {
    /// A node a text id names.
    package enum Target: Equatable, Sendable {
        case chapter
        case cell(VerseIndex)
        case element(ElementID)
    }
}

extension AccessibilityTree {
    /// A verse container's node id, `John.1.3`.
    package func nodeID(ofCell cell: VerseIndex) -> String {
        // Appended piece by piece: ids are short, so they stay small strings (no allocation) all the way.
        var id = rootNodeID
        id.append(".")
        id.append(String(verseNumber(ofCell: cell)))
        return id
    }

    /// An element's node id.
    package func nodeID(of id: ElementID) -> String {
        var node = nodeID(ofCell: id.cell)
        switch id.kind {
        case .verseNumber: node.append(".v")
        case .note: node.append(".note")
        case .word(let w):
            node.append(".w")
            node.append(String(Int(w) + 1))
        case .label(let w, let tier):
            node.append(".w")
            node.append(String(Int(w) + 1))
            node.append(".")
            node.append(tier.name)
        case .verseTranslation: node.append(".t")
        case .translation(let t):
            node.append(".t")
            node.append(String(Int(t) + 1))
        }
        return node
    }

    /// Parses a node id of this chapter (the book part case-insensitively). It does not check that the element
    /// exists; `element(_:)` does.
    package func target(parsing text: String) -> NodeID.Target? { target(parsing: text[...]) }

    /// Parses a node id whose parts are separated by `separator` ("." in ids; the AT-SPI adapter passes its object
    /// paths' "/" parts as they are, so a screen reader's every request parses without building a string).
    package func target(parsing text: Substring, separator: Character = ".") -> NodeID.Target? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        let root = rootNodeID.split(separator: ".")
        guard parts.count >= root.count,
            zip(parts, root).allSatisfy({ $0 == $1 || $0.lowercased() == $1.lowercased() })
        else { return nil }
        let rest = parts.dropFirst(root.count)
        guard let verseText = rest.first else { return .chapter }
        guard let number = Int(verseText), let cell = cellIndex(verseNumber: number) else { return nil }
        let tail = Array(rest.dropFirst())
        guard let head = tail.first else { return .cell(cell) }
        func ordinal<Unit>(_ s: Substring) -> VerseOffset<Unit>? {
            guard let n = Int(s), n >= 1 else { return nil }
            return VerseOffset(exactly: n - 1)
        }
        let kind: Element.Kind
        switch (head.first, tail.count) {
        case ("v", 1) where head == "v": kind = .verseNumber
        case ("n", 1) where head == "note": kind = .note
        case ("w", 1): guard let w: WordOffset = ordinal(head.dropFirst()) else { return nil }; kind = .word(w)
        case ("w", 2):
            guard let w: WordOffset = ordinal(head.dropFirst()), let tier = Tier(name: String(tail[1])),
                Tier.blockTiers.contains(tier)
            else { return nil }
            kind = .label(word: w, tier: tier)
        case ("t", 1) where head == "t": kind = .verseTranslation
        case ("t", 1): guard let t: TokenOffset = ordinal(head.dropFirst()) else { return nil }; kind = .translation(t)
        default: return nil
        }
        return .element(ElementID(cell: cell, kind: kind))
    }

    /// The cell showing a verse number (cells are verses).
    package func cellIndex(verseNumber number: Int) -> VerseIndex? { chapter.verseIndex(number: number) }
}
