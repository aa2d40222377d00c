import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Each verse's words packed in one blob (`VerseWords`, schema version 2): what the writer packs reads back field
/// for field, a store of version 1 is migrated to the same blobs, and a damaged blob is refused in one line.
@Suite struct VerseWordsTests {
    static let john = ChapterReference(parsing: "John 1") ?? ChapterReference(book: Book.all[0], chapter: 1)

    /// Fields of every size class of the byte count (one, two and three count bytes, and empty) read back as packed.
    @Test func packedFieldsReadBackInOrder() throws {
        let sizes = [0, 1, 127, 128, 300, 16_383, 16_384, 70_000, 2]
        let fields = sizes.enumerated().map { index, size in [UInt8](repeating: UInt8(0x41 + index), count: size) }
        // Two words: the first eight fields above, then the last eight (eight a word).
        let words = [Array(fields[0..<8]), Array(fields[1..<9])]
        var blob: [UInt8] = []
        for word in words {
            for field in word { field.withUnsafeBufferPointer { VerseWords.append($0, to: &blob) } }
        }
        // Each field is its count (7 bits a byte) and its bytes.
        let countBytes = [1, 1, 1, 2, 2, 2, 3, 3, 1]
        var expected = 0
        for index in Array(0..<8) + Array(1..<9) { expected += countBytes[index] + sizes[index] }
        #expect(blob.count == expected)
        try blob.withUnsafeBufferPointer { bytes in
            var reader = VerseWords.Reader(bytes)
            for word in words {
                #expect(!reader.isAtEnd)
                let next = reader.next()
                let row = try #require(next)
                let read = [
                    row.surface, row.transliteration, row.lemma, row.strongs, row.morphology, row.gloss, row.alignment,
                    row.punctuation,
                ]
                #expect(read.map(Array.init) == word)
            }
            #expect(reader.isAtEnd)
        }
    }

    /// The writer's packing of a real chapter reads back as the chapter's fields, word for word and in `Field`
    /// order: the pairing of `appendWord` and `Reader.next`, the two places the order is written down.
    @Test func appendWordIsWhatTheReaderReads() throws {
        let chapter = try CorpusLibrary(corpusDirectory: corpusDirectory).load(Self.john, into: StringTableBuilder())
        for verse in chapter.verses {
            var blob: [UInt8] = []
            let words = chapter.words[verse.words]
            let alignments = words.map { StoreWriter.alignmentText(of: $0, chapter) }
            for (word, alignment) in zip(words, alignments) {
                VerseWords.appendWord(word, alignment: alignment, of: chapter, to: &blob)
            }
            try blob.withUnsafeBufferPointer { bytes in
                var reader = VerseWords.Reader(bytes)
                for (word, alignment) in zip(words, alignments) {
                    let next = reader.next()
                    let row = try #require(next)
                    let read = [
                        row.surface, row.transliteration, row.lemma, row.strongs, row.morphology, row.gloss,
                        row.alignment, row.punctuation,
                    ].map { String(decoding: $0, as: UTF8.self) }
                    let expected =
                        [
                            word.surface, word.transliteration, word.lemma, word.strongs, word.morphology,
                            word.gloss,
                        ].map(chapter.text) + [alignment, chapter.text(word.punctuation)]
                    #expect(read == expected, "John 1:\(verse.number)")
                    #expect(read.count == VerseWords.fieldsPerWord)
                }
                #expect(reader.isAtEnd)
            }
        }
    }

    /// Bytes that end inside a word — inside a count, inside a field's bytes, after fewer than seven fields — or a
    /// count of more than five bytes give no word, and reading never goes past them.
    @Test(arguments: [
        [0x80] as [UInt8], [0x01], [0x02, 0x41], [0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
        [0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
        [0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
    ])
    func bytesEndingInsideAWordGiveNoWord(blob: [UInt8]) throws {
        blob.withUnsafeBufferPointer { bytes in
            var reader = VerseWords.Reader(bytes)
            #expect(!reader.isAtEnd)
            #expect(reader.next() == nil)
        }
    }

    /// A verse whose packed words are cut inside a word is refused in one line naming the verse and the word; cut
    /// between words, the verse holds the words before the cut (as a store missing those word rows did).
    @Test func cutPackedWordsAreRefused() throws {
        let url = try StoreFixture.copy(of: StoreFixture.committed.get(), named: "cut.sqlite")
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        // John 1:3's first word is "πάντα": 10 bytes, then its other six fields; cut after its count and 4 bytes.
        try database.execute("UPDATE verse_words SET words = substr(words, 1, 5) WHERE id = 43001003")
        database.close()
        #expect {
            try CorpusStore(url: url).load(Self.john, into: StringTableBuilder())
        } throws: { error in
            (error as? StoreError) == .badRow(path: url.path, what: "the words of John 1:3 are cut short in word 1")
        }
        let result = try interlinear("typeset", "John 1", "--corpus", url.path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr == "interlinear: error: the corpus store \(url.path) is damaged: the words of John 1:3 are "
                + "cut short in word 1; run `interlinear import` to rebuild it\n")
        #expect(result.stdout.isEmpty)
    }

    /// A store older than version 5 lacks the text's order and punctuation, which no migration can derive from its
    /// rows, and one older than the split into two files (`StoreIndex`) has its tables in one: it is refused even
    /// where it could be upgraded (an import of some chapters), with the command that rebuilds it, and left as it was.
    @Test(arguments: [1, 4, 5, 7, Schema.rebuildVersion - 1])
    func anOlderStoreIsRefusedEvenToUpgrade(version: Int) throws {
        let written = try StoreFixture.committed.get()
        let url = try StoreFixture.copy(of: written, named: "version-\(version).sqlite")
        try sqlite(url, "PRAGMA user_version = \(version)")
        let before = try Data(contentsOf: url)
        #expect(throws: StoreError.tooOld(path: url.path, version: version, supported: Schema.version)) {
            try CorpusStore(url: url)
        }
        let chapter = try CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")]).load(
            Self.john, into: StringTableBuilder())
        #expect(throws: StoreError.tooOld(path: url.path, version: version, supported: Schema.version)) {
            try StoreImport.write([chapter], to: url, replace: false, source: "test")
        }
        #expect(try Data(contentsOf: url) == before)
        // The library says what to do as a typed remedy, in words that name no command (the CLI names it).
        let refused = StoreError.tooOld(path: url.path, version: version, supported: Schema.version)
        #expect(
            refused.remedy == .rebuildOlder
                && refused.description.hasSuffix("; " + StoreError.Remedy.rebuildOlder.words))
        #expect(!refused.description.contains("interlinear import"))
    }
}
