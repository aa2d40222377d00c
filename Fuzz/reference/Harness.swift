// libFuzzer harness: the reference parser (`Passage(parsing:relativeTo:)`, Sources/Corpus/Passage.swift, and
// `ChapterReference(parsing:)` on top of it), the one parser every command uses for "John 1", "Jn 1:14-18",
// "1 Cor 13", "Jude 5", relative "1:5". Compiled with Book.swift and Passage.swift by scripts/fuzz.
//
// Whatever the text: no trap; ASCII parses on its bytes as by `Character`s; a parsed passage names a real book, a
// positive chapter and an ascending range of positive verses, and its printed form parses back to it (relative
// forms print absolute).

// John 1, for relative references.
private let current = Book.numbered(43).map { ChapterReference(book: $0, chapter: 1) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReference(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = Book.named(text)
    // ASCII is parsed on its bytes (`Passage.parsing(ascii:relativeTo:)`): the `Character` parser is its oracle.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
        precondition(Passage(parsing: text) == Passage(parsingCharacters: text, relativeTo: nil), "bytes differ")
        precondition(
            Passage(parsing: text, relativeTo: current) == Passage(parsingCharacters: text, relativeTo: current),
            "bytes differ relative to John 1")
    }
    for passage in [Passage(parsing: text), current.flatMap { Passage(parsing: text, relativeTo: $0) }].compactMap({
        $0
    }) {
        precondition(passage.chapter.chapter > 0, "chapter \(passage.chapter.chapter) accepted")
        precondition(Book.numbered(passage.chapter.book.number) == passage.chapter.book, "a book not in the table")
        if let verses = passage.verses { precondition(verses.lowerBound > 0, "verse \(verses.lowerBound) accepted") }
        precondition(Passage(parsing: passage.description) == passage, "\(passage) does not re-parse")
        _ = passage.chapter.exists
    }
    if let reference = ChapterReference(parsing: text) {
        precondition(ChapterReference(parsing: reference.description) == reference, "\(reference) does not re-parse")
        precondition(ChapterReference(parsing: reference.osisID) == reference, "\(reference.osisID) does not re-parse")
    }
    return 0
}
