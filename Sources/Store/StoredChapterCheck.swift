import Foundation
import InterlinearCorpus

/// What the loader checks of a chapter's rows before building anything from them: the bounds and field syntax a
/// chapter file's parser keeps (`CorpusLimits`, `FieldSyntax`, `TextCheck`), so a store someone hands us — damaged,
/// hand-edited or hostile — is refused in one line naming the store and the verse, and whatever the store accepts a
/// chapter file could hold too.
struct StoredChapterCheck {
    /// A word's fields as stored (`VerseWords.Reader`), borrowed until the statement's next step.
    struct WordRow {
        var surface, transliteration, lemma, strongs, morphology, gloss, alignment,
            punctuation: UnsafeBufferPointer<UInt8>

        /// Every field empty (`VerseWords.Reader.next(into:)` fills them).
        init() {
            let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            (surface, transliteration, lemma, strongs, morphology, gloss, alignment, punctuation) =
                (empty, empty, empty, empty, empty, empty, empty, empty)
        }

        init(
            surface: UnsafeBufferPointer<UInt8>, transliteration: UnsafeBufferPointer<UInt8>,
            lemma: UnsafeBufferPointer<UInt8>, strongs: UnsafeBufferPointer<UInt8>,
            morphology: UnsafeBufferPointer<UInt8>, gloss: UnsafeBufferPointer<UInt8>,
            alignment: UnsafeBufferPointer<UInt8>, punctuation: UnsafeBufferPointer<UInt8>
        ) {
            (self.surface, self.transliteration, self.lemma, self.strongs) = (surface, transliteration, lemma, strongs)
            (self.morphology, self.gloss, self.alignment, self.punctuation) = (
                morphology, gloss, alignment, punctuation
            )
        }

        @inline(__always)
        var extent: FieldExtent {
            var extent = FieldExtent()
            extent.add(surface); extent.add(transliteration); extent.add(lemma); extent.add(strongs)
            extent.add(morphology); extent.add(gloss); extent.add(alignment); extent.add(punctuation)
            return extent
        }
    }

    /// A row's fields measured: their bytes together, and the first one longer than a chapter file's line (nil when
    /// none is). Plain values, not a closure over the row: passing a row's `forEachField` as a function value
    /// allocated a context for every word and morpheme, about a tenth of a whole-Bible load.
    struct FieldExtent {
        private(set) var bytes = 0
        private(set) var tooLong: UnsafeBufferPointer<UInt8>?

        @inline(__always)
        mutating func add(_ field: UnsafeBufferPointer<UInt8>) {
            bytes += field.count
            if tooLong == nil, field.count > CorpusLimits.maxChapterLineBytes { tooLong = field }
        }
    }

    let path: String
    let reference: ChapterReference
    /// Bytes of the chapter's fields read so far (bounded like a chapter file's size).
    private var total = 0

    init(path: String, reference: ChapterReference) {
        self.path = path
        self.reference = reference
    }

    /// A verse row: `number` is the verse part of its key (0…999).
    mutating func verse(_ number: Int, translation: UnsafeBufferPointer<UInt8>) throws {
        let book = reference.book
        guard (1...book.chapterCount).contains(reference.chapter) else {
            throw bad(
                "it holds rows for \(reference), but \(book.name) has \(book.chapterCount) chapter"
                    + (book.chapterCount == 1 ? "" : "s"))
        }
        guard number > 0 else { throw bad("verse 0 in \(reference)") }
        let reference = reference
        try Self.length(translation, path: path, what: "the translation of \(reference):\(number)")
        try count(translation)
    }

    /// The number of translation tokens a verse row holds.
    func translationTokens(_ count: Int, verse: Int) throws {
        guard count <= CorpusLimits.maxTranslationTokensPerVerse else {
            throw bad(
                "\(reference):\(verse) has more than \(CorpusLimits.maxTranslationTokensPerVerse) translation "
                    + "tokens, the most a verse can hold")
        }
    }

    /// Before the `count`-th word of a verse is read: within the per-verse limit.
    func wordLimit(_ count: Int, of verse: Int) throws {
        guard count <= CorpusLimits.maxWordsPerVerse else {
            throw bad(
                "\(reference):\(verse) has more than \(CorpusLimits.maxWordsPerVerse) words, the most a verse can hold")
        }
    }

    /// The `count`-th word of a verse: its size and surface. Its coded fields' syntax is `codes`, once they are
    /// interned.
    mutating func word(_ count: Int, of verse: Int, _ row: WordRow) throws {
        try word(count, of: verse, extent: row.extent, surfaceIsEmpty: row.surface.isEmpty)
    }

    /// The `count`-th word of a verse measured (`VerseWords.Reader.skipWord`): what `word(_:of:_:)` checks.
    @inline(__always)
    mutating func word(_ count: Int, of verse: Int, extent: FieldExtent, surfaceIsEmpty: Bool) throws {
        if let tooLong = extent.tooLong {
            try Self.length(tooLong, path: path, what: "word \(count) of \(reference):\(verse)")
        }
        try self.count(extent.bytes)
        guard !surfaceIsEmpty else { throw bad("word \(count) of \(reference):\(verse) has an empty surface") }
    }

    /// The syntax of the `count`-th word's Strong's number and morphology code, interned as `strongs` and
    /// `morphology` (nil: not clean text). Each distinct string is tested once per
    /// builder (`StringTableBuilder.passes`): a word's codes recur across a chapter and the Bible.
    func codes(
        _ count: Int, of verse: Int, _ row: WordRow, hebrew: Bool, strongs: TextID?, morphology: TextID?,
        strings: StringTableBuilder
    ) throws {
        try codes(
            strongs, row.strongs, hebrew: hebrew, morphology, row.morphology, strings: strings,
            of: "word \(count) of \(reference):\(verse)")
    }

    /// The syntax of a field's Strong's number (Hebrew or Greek) and morphology code, interned as `strongs` and
    /// `morphology` and stored as the bytes beside them, refused as `what`'s (a word's or a morpheme's).
    private func codes(
        _ strongs: TextID?, _ strongsBytes: UnsafeBufferPointer<UInt8>, hebrew: Bool, _ morphology: TextID?,
        _ morphologyBytes: UnsafeBufferPointer<UInt8>, strings: StringTableBuilder, of what: @autoclosure () -> String
    ) throws {
        // A field that is not clean text has no id; its syntax is tested on its bytes, so the refusal is worded as
        // before (a morphology code with a control character is refused as unclean text, not as a bad code).
        let strongsPass =
            hebrew
            ? Self.passes(strongs, strongsBytes, .hebrewStrongs, strings, FieldSyntax.isHebrewStrongs)
            : Self.passes(strongs, strongsBytes, .greekStrongs, strings) { FieldSyntax.isStrongs($0) }
        guard strongsPass else {
            throw bad("\(what()) has a bad Strong's number \(EscapedText.quoted(utf8: strongsBytes))")
        }
        guard Self.passes(morphology, morphologyBytes, .morphology, strings, FieldSyntax.isMorphology) else {
            throw bad("\(what()) has a bad morphology code \(EscapedText.quoted(utf8: morphologyBytes))")
        }
    }

    /// One morpheme of the `word`-th word of a Hebrew verse, as every occurrence is checked: its bytes counted towards
    /// the chapter's, and its surface continuing the word's where the last morpheme stopped (`spelled` bytes of it so
    /// far), so the morphemes spell the word. What depends on its bytes alone is `morphemeFields`.
    mutating func morpheme(
        _ row: VerseMorphemes.Row, of word: Int, verse: Int, surface: UnsafeBufferPointer<UInt8>,
        spelled: inout Int
    ) throws {
        try count(row.extent.bytes)
        guard let part = row.surface.baseAddress, let whole = surface.baseAddress, !row.surface.isEmpty,
            row.surface.count <= surface.count - spelled, memcmp(whole + spelled, part, row.surface.count) == 0
        else { throw bad("a morpheme of word \(word) of \(reference):\(verse) does not continue the word's surface") }
        spelled += row.surface.count
    }

    /// A morpheme's fields bounded like a chapter file's line (before they are interned) and then, by
    /// `morphemeCodes`, their syntax checked as a chapter file's morpheme line's is: what depends on its bytes alone,
    /// so a morpheme with bytes that passed once needs neither a second time (`StringTableBuilder.morpheme(stored:)`).
    func morphemeFields(_ row: VerseMorphemes.Row, of word: Int, verse: Int) throws {
        if let tooLong = row.extent.tooLong {
            try Self.length(tooLong, path: path, what: "a morpheme of word \(word) of \(reference):\(verse)")
        }
    }

    /// The syntax of a morpheme's Strong's number and morphology code, interned as `strongs` and `morphology` (nil:
    /// not clean text): a code that passed for another morpheme or word is not tested again
    /// (`StringTableBuilder.passes`).
    func morphemeCodes(
        _ row: VerseMorphemes.Row, of word: Int, verse: Int, strongs: TextID?, morphology: TextID?,
        strings: StringTableBuilder
    ) throws {
        try codes(
            strongs, row.strongs, hebrew: true, morphology, row.morphology, strings: strings,
            of: "a morpheme of word \(word) of \(reference):\(verse)")
    }

    /// Whether a coded field interned as `id` passes `test`, tested once per string (`StringTableBuilder.passes`);
    /// a field that is not clean text has no id, and is tested on its bytes, so its refusal is worded as a bad code.
    @inline(__always)
    private static func passes(
        _ id: TextID?, _ bytes: UnsafeBufferPointer<UInt8>, _ check: FieldCheck, _ strings: StringTableBuilder,
        _ test: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        guard let id else { return test(bytes) }
        return strings.passes(id, bytes, check, test)
    }

    /// The morphemes of the `word`-th word spell only part of it.
    func unspelled(word: Int, of verse: Int) -> StoreError {
        bad("the morphemes of word \(word) of \(reference):\(verse) spell only part of it")
    }

    /// The chapter's rows do not agree with what the import recorded of them: the store was changed or damaged
    /// since. Says which command writes the chapter again.
    func damaged(_ what: String) -> StoreError {
        .damagedChapter(path: path, reference: reference.description, detail: what)
    }

    func badAlignment(verse: Int) -> StoreError {
        bad("an alignment in \(reference):\(verse) is not a token of its verse")
    }

    /// The verse's packed words end inside its `word`-th word (`VerseWords.Reader`).
    func cutShort(word: Int, of verse: Int) -> StoreError {
        bad("the words of \(reference):\(verse) are cut short in word \(word)")
    }

    /// Counts a field's bytes towards the chapter's, bounded like a chapter file's size.
    private mutating func count(_ field: UnsafeBufferPointer<UInt8>) throws {
        try count(field.count)
    }

    @inline(__always)
    private mutating func count(_ bytes: Int) throws {
        total += bytes
        guard total <= CorpusLimits.maxChapterFileBytes else { throw tooManyBytes() }
    }

    /// The chapter's rows hold more bytes than a chapter file may (worded apart, so `count` inlines as a test).
    private func tooManyBytes() -> StoreError {
        bad("the rows of \(reference) hold more than \(CorpusLimits.maxChapterFileBytes) bytes, the most a chapter may")
    }

    /// Refuses a stored field longer than a chapter file's line. The loader checks a field's text as it interns it —
    /// each distinct string once (`StringTableBuilder.intern(checkedUTF8:)`) — and words a refusal with `refuse`.
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, path: String, what: @autoclosure () -> String) throws {
        guard bytes.count <= CorpusLimits.maxChapterLineBytes else {
            throw StoreError.badRow(
                path: path,
                what: "a field of \(what()) is \(bytes.count) bytes; a field holds at "
                    + "most \(CorpusLimits.maxChapterLineBytes)")
        }
    }

    /// Refuses a stored field longer than a chapter file's line, invalid UTF-8 and control characters: they would
    /// reach the terminal raw, through the reader, a search result or an error message.
    static func field(_ bytes: UnsafeBufferPointer<UInt8>, path: String, what: @autoclosure () -> String) throws {
        try length(bytes, path: path, what: what())
        if TextCheck.isClean(bytes) { return }  // the common case in one pass; the detailed checks word a refusal
        try refuse(bytes, path: path, what: what())
    }

    /// Refuses a field that is not clean text (`TextCheck.isClean` failed), saying why.
    func refuse(_ bytes: UnsafeBufferPointer<UInt8>, _ what: String) throws -> Never {
        try Self.refuse(bytes, path: path, what: what)
    }

    static func refuse(_ bytes: UnsafeBufferPointer<UInt8>, path: String, what: String) throws -> Never {
        func bad(_ why: String) -> StoreError { .badRow(path: path, what: "\(what) \(why)") }
        if TextCheck.firstInvalidUTF8(bytes) != nil { throw bad("is not valid UTF-8") }
        if let control = TextCheck.firstControl(bytes) {
            throw bad("holds the control character " + EscapedText.escaped(String(Character(control))))
        }
        throw bad("is not clean text")
    }

    private func bad(_ what: String) -> StoreError { .badRow(path: path, what: what) }
}
