import InterlinearCorpus

/// A chapter's strings as its import recorded them (`chapter.strings` and `chapter.ids`, schema version 9): the
/// distinct strings a load of the chapter interns, in the order it first meets them, and, for each string the load
/// interns — every verse's number, translation tokens, word fields, printed forms and morpheme fields, in the order
/// `CorpusStore.read` interns them — which of those strings it is.
///
/// Why: a chapter's first load looked every field up (hash, probe, compare) to find the few it had not met yet, and
/// that lookup was the largest part of reading a chapter (benchmark `typeset-warm`, docs/performance.md). With the
/// record, a load into a new builder copies the chapter's strings in at once (`StringTableBuilder.adopt`: each
/// checked as text once, all of them together) and gives each field the id its code names after comparing the
/// bytes, so no field is hashed or looked up.
///
/// The record vouches for nothing: every field still comes from the verse rows, bounded, checked and summed by the
/// chapter's checksum as before, and a code stands for a field only when the string it names is the field's bytes,
/// so the ids are the ones interning gives. When a code or a string does not agree (a damaged or hand-edited
/// record), the chapter is read again by interning, and refused as changed since its import when its rows pass.
/// The order of the load's interning is part of this format: a change to it is a new schema version.
///
/// `strings`: the number of strings (32 bits), each one's byte count (16 bits), then their bytes one after another,
/// numbers little-endian. `ids`: one code per string the load interns (unsigned LEB128, as in `VerseWords`), 0 for the next string of `strings`
/// (met for the first time), k for the id k − 1 met before (0 and 1 being the empty string and the space every
/// builder starts with).
enum ChapterStrings {
    /// The strings of `builder` after its first two, as `strings` holds them; nil when one is longer than a
    /// 16-bit count (a chapter with such a field is read by interning).
    static func strings(of builder: StringTableBuilder) -> [UInt8]? {
        let table = builder.freeze()
        let count = table.count - 2
        var blob: [UInt8] = []
        for shift in stride(from: 0, to: 32, by: 8) { blob.append(UInt8(truncatingIfNeeded: count >> shift)) }
        for id in 2..<table.count {
            let length = table.utf8Count(of: TextID(id))
            guard length <= Int(UInt16.max) else { return nil }
            blob.append(UInt8(truncatingIfNeeded: length))
            blob.append(UInt8(truncatingIfNeeded: length >> 8))
        }
        for id in 2..<table.count { table.withUTF8(of: TextID(id)) { blob.append(contentsOf: $0) } }
        return blob
    }

    /// Copies the strings of `blob` into `builder`, which holds only its first two: false (and the builder as new)
    /// when the blob is not strings as `strings(of:)` writes them, bounded as a chapter's fields are.
    static func adopt(_ blob: UnsafeBufferPointer<UInt8>, into builder: StringTableBuilder) -> Bool {
        guard blob.count >= 4, blob.count <= CorpusLimits.maxChapterFileBytes, let base = blob.baseAddress else {
            return false
        }
        let count = Int(UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)))
        // Each string takes two bytes of count and at least one of text.
        guard count <= (blob.count - 4) / 3 else { return false }
        let lengths = UnsafeRawBufferPointer(start: base + 4, count: count * 2)
        let bytes = UnsafeBufferPointer(start: base + 4 + count * 2, count: blob.count - 4 - count * 2)
        return builder.adopt(bytes, lengths: lengths)
    }

    /// A record that does not agree with the chapter's rows: the load starts again by interning.
    struct Mismatch: Error {}
}

/// The ids a chapter's load gives the strings it interns: interned as always, interned and recorded (the import,
/// `ChapterStrings`), or taken from the record.
struct FieldIDs {
    let strings: StringTableBuilder
    private let recording: Bool
    /// Whether the ids come from a record.
    let isReplaying: Bool
    /// The codes read (`isReplaying`).
    private var codes: RecordedCodes
    /// The codes written (`recording`).
    private(set) var recorded: [UInt8] = []

    /// Ids by interning.
    init(interning strings: StringTableBuilder) {
        self.strings = strings
        (recording, isReplaying) = (false, false)
        codes = RecordedCodes(UnsafeBufferPointer(start: nil, count: 0), strings: strings)
    }

    /// Ids by interning into a new builder, each recorded as `ids` holds it.
    init(recording strings: StringTableBuilder) {
        self.strings = strings
        (recording, isReplaying) = (true, false)
        codes = RecordedCodes(UnsafeBufferPointer(start: nil, count: 0), strings: strings)
    }

    /// Ids from `codes` (`ChapterStrings`), into a builder that has adopted the chapter's strings.
    init(replaying codes: UnsafeBufferPointer<UInt8>, strings: StringTableBuilder) {
        self.strings = strings
        (recording, isReplaying) = (false, true)
        self.codes = RecordedCodes(codes, strings: strings)
    }

    /// Whether a code did not agree with the bytes it was given (the ids given since mean nothing).
    var mismatched: Bool { codes.mismatched }

    /// Whether every code was read and every adopted string named, all agreeing.
    var replayedAll: Bool { codes.isComplete }

    /// `StringTableBuilder.intern(checkedUTF8:)`: nil when the bytes are not clean text.
    @inline(__always)
    mutating func checked(_ bytes: UnsafeBufferPointer<UInt8>) -> TextID? {
        if isReplaying { return strings.replay(&codes, bytes) }
        guard recording else { return strings.intern(checkedUTF8: bytes) }
        let count = strings.count
        guard let id = strings.intern(checkedUTF8: bytes) else { return nil }
        record(id, new: strings.count > count)
        return id
    }

    /// `StringTableBuilder.intern(utf8:)`.
    @inline(__always)
    mutating func unchecked(_ bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        if isReplaying { return strings.replay(&codes, bytes) }
        guard recording else { return strings.intern(utf8: bytes) }
        let count = strings.count
        let id = strings.intern(utf8: bytes)
        record(id, new: strings.count > count)
        return id
    }

    private mutating func record(_ id: TextID, new: Bool) {
        VerseWords.append(count: new ? 0 : Int(id) + 1, to: &recorded)
    }
}

extension ChapterStrings {
    /// One verse row as the writer stores it.
    struct Row {
        let number: Int
        let translation: [UInt8]
        let words: [UInt8]
        let morphemes: [UInt8]?
        let outside: Bool
    }

    /// The record of a load of `rows` (a chapter's verse rows, in order) into a new builder with every morpheme, as
    /// `strings` and `ids` hold it; nil when the load refuses the rows (the chapter is then read by interning, and
    /// refused as it always was).
    static func record(
        of rows: [Row], reference: ChapterReference, language: SourceLanguage
    ) -> (strings: [UInt8], ids: [UInt8])? {
        let builder = StringTableBuilder()
        var ids = FieldIDs(recording: builder)
        var chapter = Chapter(reference: reference, language: language)
        var check = StoredChapterCheck(path: "", reference: reference)
        var gathering: [Morpheme] = []
        var marks = StoredMarks()
        do {
            for row in rows {
                try row.translation.withUnsafeBufferPointer { translation in
                    try row.words.withUnsafeBufferPointer { words in
                        try withMorphemes(row.morphemes) { morphemes in
                            try CorpusStore.appendVerse(
                                row.number, translation: translation, words: words, morphemes: morphemes,
                                outside: row.outside, into: &chapter, gathering: &gathering, marks: &marks, ids: &ids,
                                check: &check)
                        }
                    }
                }
            }
        } catch {
            return nil
        }
        guard let strings = strings(of: builder) else { return nil }
        return (strings, ids.recorded)
    }

    private static func withMorphemes(
        _ bytes: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Void
    ) rethrows {
        guard let bytes else { return try body(nil) }
        try bytes.withUnsafeBufferPointer { try body($0) }
    }
}
