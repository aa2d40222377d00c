import InterlinearCorpus

/// A Hebrew verse's morphemes as the loader reads them: one BLOB per verse (`verse_words.morphemes`, schema version
/// 3; NULL for a Greek verse) holding, word after word in `position` order, the word's morpheme count and then each
/// morpheme's five fields — surface, transliteration, Strong's, morphology, gloss — in `VerseWords`' encoding (an
/// unsigned LEB128 byte count, then the bytes). The count 0 means one morpheme whose fields are the word's.
///
/// Why beside `verse_words.words` and not inside it: a Greek store written by version 2 keeps its blobs byte for
/// byte (the migration adds a column and rewrites nothing), and a Greek load reads one NULL more per verse.
enum VerseMorphemes {
    /// Appends one word's morphemes: their count, then each one's fields. A word that is one morpheme with the
    /// word's own fields — half the Old Testament's words — is the count 0 alone: the loader gives it the word's
    /// strings, interning nothing more.
    static func appendWord(_ word: Word, of chapter: Chapter, to blob: inout [UInt8]) {
        let morphemes = chapter.morphemes(of: word)
        if morphemes.count == 1, let only = morphemes.first, only.surface == word.surface,
            only.transliteration == word.transliteration, only.strongs == word.strongs,
            only.morphology == word.morphology, only.gloss == word.gloss
        {
            return VerseWords.append(count: 0, to: &blob)
        }
        VerseWords.append(count: morphemes.count, to: &blob)
        for morpheme in morphemes {
            for id in [
                morpheme.surface, morpheme.transliteration, morpheme.strongs, morpheme.morphology, morpheme.gloss,
            ] {
                chapter.strings.withUTF8(of: id) { VerseWords.append($0, to: &blob) }
            }
        }
    }

    /// A morpheme's fields as stored, borrowed until the statement's next step.
    struct Row {
        let surface, transliteration, strongs, morphology, gloss: UnsafeBufferPointer<UInt8>
        /// The five fields as the blob holds them, counts included: what `StringTableBuilder` remembers the
        /// morpheme by.
        let stored: UnsafeBufferPointer<UInt8>

        @inline(__always)
        var extent: StoredChapterCheck.FieldExtent {
            var extent = StoredChapterCheck.FieldExtent()
            extent.add(surface); extent.add(transliteration); extent.add(strongs); extent.add(morphology);
            extent.add(gloss)
            return extent
        }
    }

    /// Reads the morphemes of one blob, word by word, borrowing its bytes.
    struct Reader {
        private var fields: VerseWords.Reader

        init(_ bytes: UnsafeBufferPointer<UInt8>) { fields = VerseWords.Reader(bytes) }

        /// Whether every word's morphemes have been read.
        var isAtEnd: Bool { fields.isAtEnd }

        /// The number of morphemes of the next word; nil when the bytes end.
        mutating func nextWord() -> Int? { fields.count() }

        /// The next morpheme of the current word; nil when the bytes end inside it.
        mutating func next() -> Row? {
            let start = fields.offset
            guard let surface = fields.field(), let transliteration = fields.field(), let strongs = fields.field(),
                let morphology = fields.field(), let gloss = fields.field()
            else { return nil }
            return Row(
                surface: surface, transliteration: transliteration, strongs: strongs, morphology: morphology,
                gloss: gloss, stored: fields.bytes(from: start))
        }
    }
}
