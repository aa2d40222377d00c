import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// A chapter from the committed corpus.
func readerChapter(_ reference: String) throws -> Chapter {
    let ref = try #require(ChapterReference(parsing: reference))
    return try CorpusLibrary(corpusDirectory: corpusDirectory).load(ref, into: StringTableBuilder())
}
