/// What reads a SWORD entry's markup (`OSISVerse`, `CommentaryMarkup`): its text runs and tags in document order.
protocol MarkupReader {
    /// Whether `&` starts an entity the walk decodes (`MarkupWalk.entity`) and hands over as a character; a reader
    /// that says no gets `&` in its text.
    static var decodesEntities: Bool { get }
    /// Whether the reader wants no more (a bound reached): the walk hands over the rest as text and ends.
    var isFull: Bool { get }
    mutating func add(_ text: Substring)
    mutating func add(_ character: Character)
    /// A tag's body, between `<` and `>`.
    mutating func tag(_ body: Substring)
}

extension MarkupReader {
    static var decodesEntities: Bool { false }
    var isFull: Bool { false }
    mutating func add(_ character: Character) { add(Substring(String(character))) }
}

/// The one walk over a SWORD entry's markup. The markup comes from a file on disk: an unclosed tag is text, an
/// unknown entity stays as typed, and the work is one pass over the text, whatever it holds.
enum MarkupWalk {
    static func walk<Reader: MarkupReader>(_ markup: String, into reader: inout Reader) {
        var rest = Substring(markup)
        while !reader.isFull,
            let open = rest.firstIndex(where: { $0 == "<" || (Reader.decodesEntities && $0 == "&") })
        {
            reader.add(rest[..<open])
            if rest[open] == "&" {
                let (character, after) = entity(at: open, in: rest)
                reader.add(character ?? "&")
                rest = rest[after...]
                continue
            }
            guard let close = rest[open...].firstIndex(of: ">") else {
                reader.add(rest[open...])
                rest = ""
                break
            }
            reader.tag(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        reader.add(rest)
    }

    /// The entity at `start` (an `&`) and where the text goes on after it; nil for one that is not an entity this
    /// reads (the `&` is then text, and the text goes on after it).
    static func entity(at start: Substring.Index, in text: Substring) -> (Character?, Substring.Index) {
        let after = text.index(after: start)
        let body = text[after...].prefix(12)
        guard let semicolon = body.firstIndex(of: ";") else { return (nil, after) }
        let name = body[..<semicolon]
        let next = text.index(after: semicolon)
        switch name {
        case "lt": return ("<", next)
        case "gt": return (">", next)
        case "amp": return ("&", next)
        case "quot": return ("\"", next)
        case "apos": return ("'", next)
        case "nbsp": return (" ", next)
        default: break
        }
        guard name.first == "#" else { return (nil, after) }
        let digits = name.dropFirst()
        let value =
            digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value), !CommentaryMarkup.isControl(scalar) || scalar == "\n"
        else {
            return (nil, after)
        }
        return (Character(scalar), next)
    }
}
