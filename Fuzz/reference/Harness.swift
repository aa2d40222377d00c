// libFuzzer harness: the chapter-reference parser (`ChapterReference(parsing:)`, Sources/Corpus/Book.swift), the
// one parser every command uses for "John 1", "Jn 1", "john.1". Compiled with Book.swift alone by scripts/fuzz.
//
// Whatever the text: no trap; a parsed reference names a real book and a positive chapter, and both of its
// printed forms ("John 1", "John.1") parse back to it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReference(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = Book.named(text)
    guard let reference = ChapterReference(parsing: text) else { return 0 }
    precondition(reference.chapter > 0, "chapter \(reference.chapter) accepted")
    precondition(Book.numbered(reference.book.number) == reference.book, "a book that is not in the table")
    precondition(ChapterReference(parsing: reference.description) == reference, "\(reference) does not re-parse")
    precondition(ChapterReference(parsing: reference.osisID) == reference, "\(reference.osisID) does not re-parse")
    _ = reference.exists
    return 0
}
