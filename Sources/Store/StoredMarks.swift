import InterlinearCorpus

/// The punctuation fields one chapter load has read, each parsed once, and the printed forms of its words built from
/// bytes. A chapter repeats a handful of fields ("," "." "·", sof pasuq), and reading one through `Character`
/// (`Punctuation(field:)`: grapheme breaking and Unicode properties), then joining `String`s for the printed form,
/// cost more than reading the rest of the word (benchmark `typeset-warm`, docs/performance.md).
struct StoredMarks {
    /// Fields by the id their bytes were interned as (equal ids, equal bytes), with what `Punctuation(field:)` made
    /// of them (nil: refused). At most `limit`: past it a field is parsed each time, as before, so a store holding
    /// many distinct fields costs no search through a long list.
    private var known: [(id: TextID, marks: Punctuation?)] = []
    /// The bytes of the last printed form, its room kept.
    private var printedBytes: [UInt8] = []
    static let limit = 32

    /// What `Punctuation(field:)` makes of `field`, whose bytes were interned as `id`.
    mutating func marks(_ id: TextID, field: UnsafeBufferPointer<UInt8>) -> Punctuation? {
        if let index = known.firstIndex(where: { $0.id == id }) { return known[index].marks }
        let marks = Punctuation(field: Substring(decoding: field, as: UTF8.self))
        if known.count < Self.limit { known.append((id, marks)) }
        return marks
    }

    /// The id of `marks.printed(surface)`: the same bytes (a `String` joins UTF-8 as it is, and `surface` is valid
    /// UTF-8, checked clean before), interned without making the `String`s.
    mutating func printed(
        _ marks: Punctuation, surface: UnsafeBufferPointer<UInt8>, into ids: inout FieldIDs
    ) -> TextID {
        printedBytes.removeAll(keepingCapacity: true)
        printedBytes.append(contentsOf: marks.before.utf8)
        printedBytes.append(contentsOf: surface)
        printedBytes.append(contentsOf: marks.after.utf8)
        return printedBytes.withUnsafeBufferPointer { ids.unchecked($0) }
    }
}
