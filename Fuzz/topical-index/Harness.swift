// Nave's Topical Bible's entries as libsword hands them to `interlinear import` (`TopicalIndex.topics`): the input is
// keys and TEI markup in turn, split at NUL bytes (key, markup, key, markup, …), any bytes.
// Checked beyond "no trap, no ASan report": nothing is refused below the reference bound (a 4 KiB input cannot
// reach it); every topic's name is one line of words, within its bound, without control characters, and names one
// topic only (case aside); every range lies in one book of the canon, chapters 1–150, verses 1–999, first ≤ last,
// each once in its topic; and each range's first chapter is cited ("Book.C") in the markup of an entry of its name.
import InterlinearCorpus

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTopicalIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    let entries = stride(from: 0, to: fields.count - 1, by: 2).map { (key: fields[$0], markup: fields[$0 + 1]) }
    let topics: [TopicalIndex.Topic]
    do { topics = try TopicalIndex.topics(entries) } catch { preconditionFailure("refused: \(error)") }
    var names: Set<String> = []
    let canon = Dictionary(uniqueKeysWithValues: Book.all.map { ($0.number, $0.osis) })
    for topic in topics {
        precondition(names.insert(topic.name.uppercased()).inserted, "one topic a name")
        precondition(!topic.name.isEmpty && topic.name.utf8.count <= TopicalIndex.maxNameBytes)
        precondition(topic.name.split(separator: " ").joined(separator: " ") == topic.name, "words, one space")
        precondition(!topic.name.unicodeScalars.contains { $0.properties.generalCategory == .control })
        precondition(!topic.name.contains(where: \.isNewline), "one line")
        precondition(!topic.ranges.isEmpty && Set(topic.ranges).count == topic.ranges.count, "each range once")
        let markup = entries.filter {
            $0.key.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased() == topic.name.uppercased()
        }.map(\.markup)
        for range in topic.ranges {
            let book = range.lowerBound / 1_000_000, chapter = range.lowerBound / 1_000 % 1_000
            precondition(book == range.upperBound / 1_000_000, "one book")
            for key in [range.lowerBound, range.upperBound] {
                precondition((1...150).contains(key / 1_000 % 1_000) && (1...999).contains(key % 1_000))
            }
            guard let osis = canon[book] else { preconditionFailure("a book of the canon: \(book)") }
            precondition(markup.contains { $0.contains("\(osis).\(chapter)") }, "cited by its topic's markup")
        }
    }
    return 0
}
