/// The records of one chapter file, read in order: `ChapterFile.parse` splits the lines and checks each at the door
/// (its length, UTF-8, control characters); this builds the chapter record by record and checks what each record
/// must agree with (the header before any verse, words in their verse, morphemes spelling their word, the end
/// record's counts). The chapter is appended to in place (`chapter?.…`), never copied, and never force-unwrapped:
/// every record that needs it has checked it is there.
struct ChapterFileRecords {
    typealias Field = ChapterFile.Field

    let path: String
    let strings: StringTableBuilder
    /// The line being read, for messages.
    var lineNumber = 0
    private var chapter: Chapter?
    /// Whether the end record was read: nothing but comments may follow it.
    private(set) var ended = false
    /// The Hebrew word whose morpheme lines are being read: its line, its surface, how much of it they spelled.
    private var openWord: (line: Int, surface: Field, matched: Int)?

    init(path: String, strings: StringTableBuilder) {
        self.path = path
        self.strings = strings
    }

    func fail(_ message: String) -> CorpusError { CorpusError(file: path, line: lineNumber, message) }

    /// One record line, split into its fields (at least one).
    mutating func read(_ fields: [Field]) throws {
        // Records are one byte; compared as bytes, not as a `String` made for every line.
        let record = fields[0].count == 1 ? fields[0][0] : 0
        if record != ChapterFile.morphemeRecord, let open = openWord {
            try closeWord(open)
            openWord = nil
        }
        switch record {
        case UInt8(ascii: "@"): try header(fields)
        case ChapterFile.morphemeRecord: try morpheme(fields)
        case UInt8(ascii: "v"): try verse(fields)
        case UInt8(ascii: "w"): try word(fields)
        case UInt8(ascii: "$"): try end(fields)
        default: throw fail("unknown record \(ChapterFile.quoted(fields[0])) (expected @, v, w, m or $)")
        }
    }

    /// After the last line: the chapter, when the file held one whole.
    mutating func finish() throws -> Chapter {
        if let open = openWord { try closeWord(open) }
        guard let chapter else { throw CorpusError(file: path, line: nil, "no '@' header") }
        guard !chapter.verses.isEmpty else { throw CorpusError(file: path, line: nil, "no verses") }
        guard ended else {
            throw CorpusError(
                file: path, line: lineNumber,
                "the file ends here without its end record ('$<TAB>verses<TAB>words'): it is truncated")
        }
        return chapter
    }

    private mutating func header(_ fields: [Field]) throws {
        guard chapter == nil else { throw fail("a second '@' header") }
        guard fields.count == 3 || fields.count == 4, let bookNumber = ChapterFile.integer(fields[1]),
            let book = Book.numbered(bookNumber), let number = ChapterFile.integer(fields[2]), number > 0
        else { throw fail("header must be '@<TAB>book number 1–66<TAB>chapter[<TAB>language grc|hbo]'") }
        guard number <= book.chapterCount else {
            throw fail(
                "\(book.name) has \(book.chapterCount) chapter\(book.chapterCount == 1 ? "" : "s"), not \(number)")
        }
        var language = book.language
        if fields.count == 4 {
            guard let named = SourceLanguage(rawValue: ChapterFile.string(fields[3])) else {
                throw fail("unknown language \(ChapterFile.quoted(fields[3])) (expected grc or hbo)")
            }
            language = named
        }
        chapter = Chapter(reference: ChapterReference(book: book, chapter: number), language: language)
    }

    private mutating func morpheme(_ fields: [Field]) throws {
        guard let current = chapter?.verses.last, chapter?.language == .hebrew, let open = openWord else {
            throw fail("morpheme line outside a Hebrew word")
        }
        guard fields.count == 7 else { throw fail("morpheme line needs 7 fields, found \(fields.count)") }
        guard ChapterFile.integer(fields[1]) == current.number else {
            throw fail("morpheme of verse \(ChapterFile.quoted(fields[1])) inside verse \(current.number)")
        }
        guard !fields[2].isEmpty else { throw fail("empty morpheme") }
        guard FieldSyntax.isHebrewStrongs(fields[4]) else {
            throw fail("bad Strong's number \(ChapterFile.quoted(fields[4]))")
        }
        guard FieldSyntax.isMorphology(fields[5]) else {
            throw fail("bad morphology code \(ChapterFile.quoted(fields[5]))")
        }
        // The morphemes must spell the word: each continues the word's surface where the last one stopped.
        let end = open.matched + fields[2].count
        guard end <= open.surface.count, open.surface[open.matched..<end].elementsEqual(fields[2]) else {
            throw fail("morpheme \(ChapterFile.quoted(fields[2])) does not continue the word's surface")
        }
        openWord = (open.line, open.surface, end)
        let morpheme = Morpheme(
            surface: strings.intern(utf8: fields[2]), transliteration: strings.intern(utf8: fields[3]),
            strongs: strings.intern(utf8: fields[4]), morphology: strings.intern(utf8: fields[5]),
            gloss: strings.intern(utf8: fields[6]))
        chapter?.appendMorpheme(morpheme)
    }

    private mutating func verse(_ fields: [Field]) throws {
        guard chapter != nil else { throw fail("verse before the '@' header") }
        guard fields.count == 3 || (fields.count == 4 && ChapterFile.string(fields[3]) == ChapterFile.outsideMark),
            let number = ChapterFile.integer(fields[1]), number > 0
        else {
            throw fail("verse line must be 'v<TAB>number<TAB>translation[<TAB>\(ChapterFile.outsideMark)]'")
        }
        if let last = chapter?.verses.last, last.number >= number {
            throw fail("verse \(number) follows verse \(last.number)")
        }
        chapter?.beginVerse(number, strings: strings)
        if fields.count == 4 { chapter?.markVerseOutsideText() }
        var tokens = 0
        try ChapterFile.forEachItem(fields[2], separatedBy: ChapterFile.space, what: "translation token") { token in
            tokens += 1
            guard tokens <= CorpusLimits.maxTranslationTokensPerVerse else {
                throw fail(
                    "verse \(number) has more than \(CorpusLimits.maxTranslationTokensPerVerse.grouped) "
                        + "translation tokens, the most a verse can hold")
            }
            chapter?.appendTranslationToken(strings.intern(utf8: token))
        } fail: {
            throw fail($0)
        }
    }

    private mutating func word(_ fields: [Field]) throws {
        guard let current = chapter?.verses.last, let language = chapter?.language else {
            throw fail("word before any verse line")
        }
        // Format 2 had no punctuation field: its words have no marks.
        guard fields.count == 9 || fields.count == 10 else {
            throw fail("word line needs 9 fields (10 with punctuation), found \(fields.count)")
        }
        guard ChapterFile.integer(fields[1]) == current.number else {
            throw fail("word of verse \(ChapterFile.quoted(fields[1])) inside verse \(current.number)")
        }
        guard current.words.count < CorpusLimits.maxWordsPerVerse else {
            throw fail(
                "verse \(current.number) has more than \(CorpusLimits.maxWordsPerVerse.grouped) words, "
                    + "the most a verse can hold")
        }
        guard !fields[2].isEmpty else { throw fail("empty source word") }
        let hebrew = language == .hebrew
        guard hebrew ? FieldSyntax.isHebrewStrongs(fields[5]) : FieldSyntax.isStrongs(fields[5]) else {
            throw fail("bad Strong's number \(ChapterFile.quoted(fields[5]))")
        }
        guard FieldSyntax.isMorphology(fields[6]) else {
            throw fail("bad morphology code \(ChapterFile.quoted(fields[6]))")
        }
        let marks = fields.count == 10 ? fields[9] : Field(start: nil, count: 0)
        guard
            let punctuation = marks.isEmpty
                ? Punctuation.none : Punctuation(field: Substring(ChapterFile.string(marks)))
        else {
            throw fail(
                "bad punctuation \(ChapterFile.quoted(marks)) (marks only, '_' for the word when some precede it)")
        }
        let tokenCount = current.translation.count
        let alignmentStart = Int32(chapter?.alignedTokens.count ?? 0)
        try ChapterFile.forEachItem(fields[8], separatedBy: ChapterFile.space, what: "alignment offset") { item in
            guard let index = ChapterFile.integer(item), index < tokenCount else {
                throw fail("alignment \(ChapterFile.quoted(item)) is not a token offset below \(tokenCount)")
            }
            // Cannot truncate: index < tokenCount ≤ 65,536.
            chapter?.appendAlignedToken(TokenOffset(UInt16(truncatingIfNeeded: index)))
        } fail: {
            throw fail($0)
        }
        let surface = strings.intern(utf8: fields[2])
        let word = Word(
            surface: surface, transliteration: strings.intern(utf8: fields[3]),
            lemma: strings.intern(utf8: fields[4]), strongs: strings.intern(utf8: fields[5]),
            morphology: strings.intern(utf8: fields[6]), gloss: strings.intern(utf8: fields[7]),
            alignment: alignmentStart..<Int32(chapter?.alignedTokens.count ?? 0),
            punctuation: marks.isEmpty ? StringTable.emptyText : strings.intern(utf8: marks),
            printed: punctuation.isEmpty ? surface : strings.intern(punctuation.printed(ChapterFile.string(fields[2]))))
        chapter?.appendWord(word)
        if hebrew { openWord = (lineNumber, fields[2], 0) }
    }

    private mutating func end(_ fields: [Field]) throws {
        guard let current = chapter else { throw fail("end record before the '@' header") }
        guard fields.count == 3, let verses = ChapterFile.integer(fields[1]), let words = ChapterFile.integer(fields[2])
        else {
            throw fail("end record must be '$<TAB>verse count<TAB>word count'")
        }
        guard verses == current.verses.count, words == current.words.count else {
            throw fail(
                "the end record counts \(verses.grouped) verses and \(words.grouped) words, the file holds "
                    + "\(current.verses.count.grouped) and \(current.words.count.grouped)")
        }
        ended = true
    }

    /// Checks that a Hebrew word's morpheme lines spelled all of it.
    private func closeWord(_ open: (line: Int, surface: Field, matched: Int)) throws {
        guard let word = chapter?.words.last else { return }
        guard !word.morphemes.isEmpty, open.matched == open.surface.count else {
            throw CorpusError(
                file: path, line: open.line,
                word.morphemes.isEmpty
                    ? "Hebrew word without morpheme lines" : "the word's morpheme lines spell only part of it")
        }
    }
}
