import InterlinearCorpus

/// Nave's Topical Bible (Debian's `sword-dict-naves`, the SWORD module Nave) as an index from verses to topics: each
/// topic's entry (TEI) cites verses in `<ref osisRef="John.1.1">`, verse ranges ("Exod.6.16-Exod.6.20") and whole
/// chapters ("1Chr.24"), which are read here into verse-key ranges (BBCCCVVV, the module's KJV numbering). A
/// topic's other marks (`<ref target="Nave:JESUS">`, a cross-reference to a topic) and its words are not kept.
///
/// Read once, at `interlinear import`, into the store (`StoreTopics`): asking which topics cite a verse needs every
/// entry read, which the module's own index (by topic name) cannot answer.
public enum TopicalIndex {
    /// The module's name.
    public static let module = "Nave"
    /// The Debian package that installs it, for messages.
    public static let package = "sword-dict-naves"

    /// One topic and the verse ranges its entry cites, in the entry's order (repeats left out).
    public struct Topic: Sendable, Equatable {
        public let name: String
        public let ranges: [ClosedRange<Int>]
    }

    /// The most topics and references read: Debian's Nave has 5,322 topics and 77,935 references.
    static let maxTopics = 50_000
    static let maxReferences = 1_000_000
    /// The longest topic name kept (Debian's longest is under 60 bytes).
    static let maxNameBytes = 200

    /// The topics of the module's entries (key, TEI markup), read as `topics(reader:)` reads them: any bytes
    /// libsword hands back (the module is untrusted), within `maxTopics` and `maxReferences`.
    static func topics(_ entries: [(key: String, markup: String)]) throws -> [Topic] {
        var topics: [Topic] = []
        var index: [String: Int] = [:]
        var references = 0
        for (key, markup) in entries.prefix(maxTopics) {
            let name = key.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !name.isEmpty, name.utf8.count <= maxNameBytes,
                !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            else { continue }
            let ranges = verseRanges(in: markup)
            references += ranges.count
            guard references <= maxReferences else {
                throw ModuleDamage(module: module, file: nil, "cites more than \(maxReferences) verses")
            }
            guard !ranges.isEmpty else { continue }
            // Two entries may share a name (Debian's has two SINs, the wilderness and the sin, and two
            // REVERENCEs): one topic, the second's verses after the first's.
            if let earlier = index[name.uppercased()] {
                let known = Set(topics[earlier].ranges)
                topics[earlier] = Topic(
                    name: name, ranges: topics[earlier].ranges + ranges.filter { !known.contains($0) })
            } else {
                index[name.uppercased()] = topics.count
                topics.append(Topic(name: name, ranges: ranges))
            }
        }
        return topics
    }

    /// The verse ranges of an entry's `osisRef` attributes, each once, in order.
    static func verseRanges(in markup: String) -> [ClosedRange<Int>] {
        var found: [ClosedRange<Int>] = []
        var seen: Set<ClosedRange<Int>> = []
        var rest = Substring(markup)
        let attribute = "osisRef=\""
        while let start = rest.range(of: attribute) {
            let value = rest[start.upperBound...].prefix { $0 != "\"" && $0 != "<" && $0 != ">" }
            rest = rest[value.endIndex...]
            for item in value.split(separator: " ") {
                guard let range = verseRange(item), seen.insert(range).inserted else { continue }
                found.append(range)
            }
        }
        return found
    }

    /// "John.1.1" → John 1:1…1:1, "Exod.6.16-Exod.6.20" → 6:16…6:20, "1Chr.24" → 24:1…24:999 (the chapter); nil
    /// for a reference that is not a verse, a range within one book, or a chapter.
    static func verseRange(_ text: Substring) -> ClosedRange<Int>? {
        let ends = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = verse(ends[0], last: false),
            let last = verse(ends.count == 2 ? ends[1] : ends[0], last: true),
            first / 1_000_000 == last / 1_000_000, first <= last
        else { return nil }
        return first...last
    }

    private static let books: [Substring: Int] = Dictionary(
        uniqueKeysWithValues: Book.all.map { (Substring($0.osis), $0.number) })

    /// A verse key of "Book.C.V" or, for "Book.C", the chapter's first (or `last`: its last possible) verse.
    private static func verse(_ text: Substring, last: Bool) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let book = books[parts[0]], let chapter = number(parts[1]),
            (1...150).contains(chapter)
        else { return nil }
        let verse: Int
        if parts.count == 3 {
            guard let number = number(parts[2]), (1...999).contains(number) else { return nil }
            verse = number
        } else {
            verse = last ? 999 : 1
        }
        return book * 1_000_000 + chapter * 1_000 + verse
    }

    /// A number as OSIS writes one: digits only, no sign and no leading zero ("08" and "+8" name no chapter).
    private static func number(_ text: Substring) -> Int? {
        guard text.first != "0" else { return nil }
        var text = text
        return text.withUTF8 { FieldSyntax.decimal($0) }
    }
}
