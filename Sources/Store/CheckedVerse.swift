import Foundation
import InterlinearCorpus

/// A verse a search shows, read by its key: its row vouched for by its own checksum or its chapter's
/// (`CorpusStore.vouchedVerses`), its packed words bounded as every read bounds them (`StoredChapterCheck`), and the
/// fields the search uses — the hit word's, the context's surfaces, a Hebrew hit's morphemes, the translation a text
/// criterion is matched in — checked as text where they are used.
///
/// Why not a `Chapter`: building one interned and checked every field of every word of the verse, when a search
/// shows five fields of one word and the surfaces of eight more; that was most of what a search cost (the `search`
/// benchmark in `Benchmarks/Thresholds`). The checksum covers every byte of the row either way.
struct CheckedVerse {
    let reference: ChapterReference
    let number: Int
    let language: SourceLanguage
    private let row: StoredVerse
    /// Where each word's fields start in the packed words.
    private let wordStarts: [Int]
    /// Where each word's surface starts and ends in the packed words, two numbers a word (the context shows
    /// surfaces). Plain `Int`s: an array of a type the program has not used before (`Range<Int>`) instantiated its
    /// metadata at run time (the `search` benchmark).
    private let surfaces: [Int]
    /// The chapter's check, to word a refusal.
    private let check: StoredChapterCheck

    /// The verse's key: book, chapter and verse as the store numbers them.
    var key: Int { reference.book.number * 1_000_000 + reference.chapter * 1000 + number }

    /// The number of words the verse holds.
    var wordCount: Int { wordStarts.count }

    /// Reads where each word and its surface start, checking the words' count, their bounds and sizes and their
    /// surfaces not empty, as a chapter's read does; `check` is the chapter's (it counts the bytes of all its
    /// verses).
    init(
        _ row: StoredVerse, of reference: ChapterReference, language: SourceLanguage, check: inout StoredChapterCheck
    ) throws {
        self.reference = reference
        self.number = row.number
        self.language = language
        self.row = row
        guard (language == .hebrew) == (row.morphemes != nil) else {
            throw check.damaged(
                "has \(language == .hebrew ? "no" : "") morphemes for the words of \(reference):\(row.number)")
        }
        var starts: [Int] = [], surfaces: [Int] = []
        // Room for the words a verse's bytes usually hold (about fifty bytes a word).
        starts.reserveCapacity(row.words.count / 32 + 1)
        surfaces.reserveCapacity(2 * (row.words.count / 32 + 1))
        try row.words.withUnsafeBufferPointer { bytes in
            var words = VerseWords.Reader(bytes)
            while !words.isAtEnd {
                try check.wordLimit(starts.count + 1, of: row.number)
                let start = words.offset
                guard let word = words.skipWord() else {
                    throw check.cutShort(word: starts.count + 1, of: row.number)
                }
                try check.word(
                    starts.count + 1, of: row.number, extent: word.extent, surfaceIsEmpty: word.surfaceCount == 0)
                starts.append(start)
                surfaces.append(word.surface)
                surfaces.append(word.surface + word.surfaceCount)
            }
        }
        wordStarts = starts
        self.surfaces = surfaces
        self.check = check
    }

    /// Calls `body` with the fields of the word at `position` (from 0, below `wordCount`) as stored.
    func withWord<Result>(
        _ position: Int, _ body: (StoredChapterCheck.WordRow) throws -> Result
    ) throws -> Result {
        try row.words.withUnsafeBufferPointer { bytes in
            var words = VerseWords.Reader(UnsafeBufferPointer(rebasing: bytes[wordStarts[position]...]))
            // Read whole once already (`init`).
            guard let word = words.next() else { throw check.cutShort(word: position + 1, of: number) }
            return try body(word)
        }
    }

    /// Whether the printed fields of the word at `position` are `surface`, `lemma`, `strongs`, `morphology` and
    /// `gloss`, byte for byte; when they are, its codes' syntax must be a chapter's.
    func fields(
        at position: Int, are surface: String, _ lemma: String, _ strongs: String, _ morphology: String,
        _ gloss: String
    ) throws -> Bool {
        try withWord(position) { word in
            guard Self.equal(surface, word.surface), Self.equal(lemma, word.lemma),
                Self.equal(strongs, word.strongs), Self.equal(morphology, word.morphology),
                Self.equal(gloss, word.gloss)
            else { return false }
            let strongsSyntax =
                language == .hebrew
                ? FieldSyntax.isHebrewStrongs(word.strongs) : FieldSyntax.isStrongs(word.strongs)
            guard strongsSyntax else {
                throw bad("word \(position + 1)", "has a bad Strong's number \(EscapedText.quoted(utf8: word.strongs))")
            }
            guard FieldSyntax.isMorphology(word.morphology) else {
                throw bad(
                    "word \(position + 1)", "has a bad morphology code \(EscapedText.quoted(utf8: word.morphology))")
            }
            return true
        }
    }

    /// The morphemes (surface and Strong's field) of a Hebrew word, as the chapter's read builds them: a word
    /// stored as one morpheme of its own fields gives its own. Each is bounded, checked as text and must continue the
    /// word's surface, the morphemes spelling all of it.
    func morphemes(at position: Int) throws -> [(surface: String, strongs: String)] {
        guard let packed = row.morphemes else { return [] }
        var check = self.check
        return try withWord(position) { word in
            try packed.withUnsafeBufferPointer { bytes in
                var morphemes = VerseMorphemes.Reader(bytes)
                for index in 0...position {
                    guard let count = morphemes.nextWord(), count <= CorpusLimits.maxMorphemesPerWord else {
                        throw check.cutShort(word: index + 1, of: number)
                    }
                    if index == position, count == 0 {
                        return [
                            (
                                String(decoding: word.surface, as: UTF8.self),
                                String(decoding: word.strongs, as: UTF8.self)
                            )
                        ]
                    }
                    var found: [(surface: String, strongs: String)] = []
                    var spelled = 0
                    for _ in 0..<count {
                        guard let part = morphemes.next() else { throw check.cutShort(word: index + 1, of: number) }
                        guard index == position else { continue }
                        try check.morphemeFields(part, of: index + 1, verse: number)
                        let what = "a morpheme of word \(index + 1) of \(reference):\(number)"
                        try StoredChapterCheck.field(part.surface, path: check.path, what: what)
                        try StoredChapterCheck.field(part.strongs, path: check.path, what: what)
                        try check.morpheme(part, of: index + 1, verse: number, surface: word.surface, spelled: &spelled)
                        let surface = String(decoding: part.surface, as: UTF8.self)
                        found.append((surface, String(decoding: part.strongs, as: UTF8.self)))
                    }
                    if index == position {
                        guard spelled == word.surface.count else { throw check.unspelled(word: index + 1, of: number) }
                        return found
                    }
                }
                return []
            }
        }
    }

    /// Four words either side of the word at `position`, the word in brackets, each surface checked as text. Its
    /// bytes are gathered and made a string once: a string per word appended to a growing one cost more than the
    /// rest of a hit's check.
    func context(of position: Int) throws -> String {
        let lower = max(position - 4, 0), upper = min(position + 5, wordCount)
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]  // "…"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + surfaces[2 * upper - 1] - surfaces[2 * lower])
        if lower > 0 {
            bytes.append(contentsOf: ellipsis)
            bytes.append(UInt8(ascii: " "))
        }
        try row.words.withUnsafeBufferPointer { words in
            for offset in lower..<upper {
                let surface = UnsafeBufferPointer(rebasing: words[surfaces[2 * offset]..<surfaces[2 * offset + 1]])
                guard TextCheck.isClean(surface) else {
                    try check.refuse(surface, "word \(offset + 1) of \(reference):\(number)")
                }
                if offset > lower { bytes.append(UInt8(ascii: " ")) }
                if offset == position { bytes.append(UInt8(ascii: "[")) }
                bytes.append(contentsOf: surface)
                if offset == position { bytes.append(UInt8(ascii: "]")) }
            }
        }
        if upper < wordCount {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: ellipsis)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The translation as the chapter's read tokenizes it — its space-separated tokens, one space between each —
    /// checked as text and bounded in tokens.
    func translation() throws -> String {
        try row.translation.withUnsafeBufferPointer { translation in
            guard TextCheck.isClean(translation) else {
                try check.refuse(translation, "the translation of \(reference):\(number)")
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(translation.count)
            var tokens = 0
            forEachItem(translation) { token in
                if tokens > 0 { bytes.append(UInt8(ascii: " ")) }
                tokens += 1
                bytes.append(contentsOf: token)
            }
            try check.translationTokens(tokens, verse: number)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private func bad(_ what: String, _ why: String) -> StoreError {
        .badRow(path: check.path, what: "\(what) of \(reference):\(number) \(why)")
    }

    /// Whether `text` is `bytes`, byte for byte (no string made of them).
    private static func equal(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { sameBytes($0, bytes) }
    }

    /// Whether two buffers hold the same bytes: their counts compared first, then their bytes at once.
    static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let one = first.baseAddress, let other = second.baseAddress else { return true }  // both empty
        return memcmp(one, other, first.count) == 0
    }
}
