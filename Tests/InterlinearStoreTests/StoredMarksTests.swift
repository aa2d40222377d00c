import InterlinearCorpus
import Testing

@testable import InterlinearStore

/// A load's punctuation fields parsed once (`StoredMarks`): what it gives for each field, first time or remembered,
/// and past its limit, is what `Punctuation(field:)` gives, and the printed form's id is that of the `String` the
/// marks print around the surface.
@Suite struct StoredMarksTests {
    /// Fields as the sources hold them, ones `Punctuation(field:)` refuses, and more distinct ones than the limit.
    static let fields: [String] =
        [",", ".", "·", ";", "(_", "_),", "⟦_", "_⟧.", "—_", "\u{05C3}", "_\u{0301},", "a", "1,", "_,_", ", ,"]
        + (0..<(StoredMarks.limit + 8)).map { String(repeating: ",", count: $0 + 2) }

    @Test func marksAndPrintedFormsAreThoseOfTheStrings() {
        let strings = StringTableBuilder()
        var marks = StoredMarks()
        let surfaces = ["λόγος", "אֱלֹהִים", "x"]
        // Twice through, so the second pass meets remembered fields (and, past the limit, unremembered ones).
        for pass in 0..<2 {
            for (index, field) in Self.fields.enumerated() {
                let bytes = Array(field.utf8)
                let expected = Punctuation(field: Substring(field))
                let id = bytes.withUnsafeBufferPointer { strings.intern(checkedUTF8: $0) }
                guard let id else {
                    Issue.record("\(field) is clean text")
                    continue
                }
                let got = bytes.withUnsafeBufferPointer { marks.marks(id, field: $0) }
                #expect(got == expected, "pass \(pass): \(field)")
                guard let got else { continue }
                let surface = surfaces[index % surfaces.count]
                var ids = FieldIDs(interning: strings)
                let printed = Array(surface.utf8).withUnsafeBufferPointer {
                    marks.printed(got, surface: $0, into: &ids)
                }
                #expect(printed == strings.intern(got.before + surface + got.after), "\(field) around \(surface)")
            }
        }
    }
}
