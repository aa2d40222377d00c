// libFuzzer harness: the chapter-file parser (Sources/Corpus/ChapterFile.swift), compiled into one module with the
// Corpus sources by scripts/fuzz. Seeds: the committed chapters (Corpus/chapters).
//
// Whatever the bytes, the parser must either return a chapter that renders and re-reads to the same chapter, or
// throw a CorpusError whose message is one bounded line without control characters. Anything else — a trap, an
// address-sanitizer report, another error type, a broken round trip — is a crash libFuzzer records.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChapterFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    do {
        let strings = StringTableBuilder()
        var chapter = try ChapterFile.parse(utf8: bytes, path: "fuzz.tsv", strings: strings)
        chapter.freeze(strings)
        let again: Chapter
        do {
            again = try ChapterFile.parse(
                ChapterFile.render(chapter, provenance: []), path: "again.tsv",
                strings: StringTableBuilder())
        } catch {
            fatalError("a chapter the parser accepted does not re-read after rendering: \(error)")
        }
        precondition(again.verses.map(\.number) == chapter.verses.map(\.number), "verses differ after a round trip")
        precondition(again.verses.map(\.words) == chapter.verses.map(\.words), "words differ after a round trip")
        precondition(
            again.verses.map(\.translation) == chapter.verses.map(\.translation), "tokens differ after a round trip")
        precondition(again.alignedTokens == chapter.alignedTokens, "alignment differs after a round trip")
        precondition(
            chapter.verses.allSatisfy {
                $0.words.count <= CorpusLimits.maxWordsPerVerse
                    && $0.translation.count <= CorpusLimits.maxTranslationTokensPerVerse
            }, "a verse over the limits was accepted")
    } catch let error as CorpusError {
        let message = error.description
        precondition(
            !message.unicodeScalars.contains(where: EscapedText.needsEscape), "raw control character in: \(message)")
        precondition(message.unicodeScalars.count <= 400, "message of \(message.unicodeScalars.count) scalars")
        precondition(message.hasPrefix("fuzz.tsv"), "message without the file name: \(message)")
    } catch {
        fatalError("unexpected error type: \(error)")
    }
    return 0
}
