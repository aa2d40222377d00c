/// Each verse row's own checksum (column `checksum` of `verse`, schema version 7): the verse mixed alone as its
/// chapter's checksum mixes it (`ChapterDigest.addVerse`: its key, translation, packed words and morphemes, and
/// whether it is outside the edition's text). A search checks the verses it shows by their own checksums
/// (`CorpusStore.vouchedVerses`) instead of reading and hashing every row of their chapters (the
/// `search` benchmark in `Benchmarks/Thresholds`): a changed row in a verse it shows is refused as before, and a verse
/// it does not show is left to the commands that show it, which check the whole chapter as always.
///
/// A verse without one — a store migrated from version 6, or a row added by hand — is checked by its chapter's
/// checksum instead. Like the chapter's, it guards against damage and edits, not an adversary who computes the
/// checksum too: against that, what a search prints or compares is checked as text and syntax where it is used
/// (`CheckedVerse`).
enum VerseChecksum {
    /// The checksum of one verse row as stored.
    static func of(
        key: Int, translation: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt8>,
        morphemes: UnsafeBufferPointer<UInt8>?, outside: Bool
    ) -> Int {
        var digest = ChapterDigest()
        digest.addVerse(key: key, translation: translation, words: words, morphemes: morphemes, outside: outside)
        return digest.value
    }
}
