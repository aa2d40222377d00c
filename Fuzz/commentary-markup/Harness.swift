// A commentary entry's markup as SWORD modules store it, turned into paragraphs (`CommentaryMarkup.paragraphs`).
// The first byte picks the syntax (0: OSIS, 1: ThML, 2+: GBF); the rest is the entry, any bytes.
// Checked beyond "no trap, no ASan report": no paragraph is empty, starts or ends with white space, holds a line
// break, a run of two spaces or a control character; there are at most `maxParagraphs`; the paragraphs hold no
// more characters than the entry (decoding and removing only shorten it, a table cell's space takes its tag's
// place); an entry without `<`, `&` or a control character gives its words back, one paragraph.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommentaryMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let syntax: CommentaryMarkup.Syntax = mode == 0 ? .osis : mode == 1 ? .thml : .gbf
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let paragraphs = CommentaryMarkup.paragraphs(text, syntax: syntax)
    precondition(paragraphs.count <= CommentaryMarkup.maxParagraphs, "at most maxParagraphs")
    for paragraph in paragraphs {
        precondition(!paragraph.isEmpty, "no empty paragraph")
        precondition(paragraph.first?.isWhitespace == false && paragraph.last?.isWhitespace == false, "trimmed")
        precondition(!paragraph.contains("\n") && !paragraph.contains("  "), "white space collapsed")
        precondition(
            !paragraph.unicodeScalars.contains(where: CommentaryMarkup.isControl), "no control character")
    }
    precondition(paragraphs.reduce(0) { $0 + $1.count } <= text.count, "never longer than the entry")
    if !text.contains("<") && !text.contains("&")
        && !text.unicodeScalars.contains(where: CommentaryMarkup.isControl)
    {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        precondition(paragraphs == (words.isEmpty ? [] : [words]), "plain text is its words")
    }
    return 0
}
