/// Broken copies of a real input, for tests that feed a parser what a damaged or hostile file could hold: every cut
/// (each prefix, the empty one and the whole included), then every element replaced by each of `marks` in turn —
/// the parser's own markup characters, so the copies reach its corners.
public func cutsAndReplacements<Element>(of items: [Element], with marks: [Element]) -> [[Element]] {
    var copies = (0...items.count).map { Array(items[..<$0]) }
    for index in items.indices {
        for mark in marks {
            var changed = items
            changed[index] = mark
            copies.append(changed)
        }
    }
    return copies
}
