import InterlinearCorpus

/// A note's anchor made from, and found again in, a chapter as the store holds it: what every front end that takes
/// notes (the command line, the web reader's forms) does the same way.
extension NoteAnchor {
    /// The anchor of verse `number` of `chapter` (the text's numbering), on its words `words` (1 is the verse's first
    /// word) when given, with the words' surfaces kept so the note finds them again after a new import.
    public init(verse number: Int, words: ClosedRange<Int>? = nil, of chapter: Chapter) throws(NoteError) {
        let reference = chapter.reference
        guard let index = chapter.verseIndex(number: number) else {
            throw NoteError(.notFound, "\(reference) has no verse \(number)")
        }
        self.init(book: reference.book.number, chapter: reference.chapter, verse: number)
        guard let words else { return }
        let verse = chapter.verses[index]
        guard words.lowerBound >= 1, words.upperBound <= verse.words.count else {
            throw NoteError(
                .notFound, "\(reference):\(number) has \(verse.words.count) words, not \(words.upperBound)")
        }
        self.words = words
        surfaces = words.map { chapter.text(chapter.words[verse.word(at: WordOffset(UInt16($0 - 1)))].surface) }
            .joined(separator: " ")
    }

    /// A word range as a reader types it: "4", or two positions in order, "4-6"; nil when it is neither.
    public static func words(parsing text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts.last ?? ""),
            first >= 1, first <= last
        else { return nil }
        return first...last
    }
}

extension Note {
    /// Where the note's words are in `chapter` as it is now: at the positions it keeps when the words there are the
    /// ones it was made on; else where the verse holds those words (a new import moved them), the nearest place
    /// first; else nil (the words changed). A whole-verse note, and a note whose chapter is not given, stays as kept.
    public func located(in chapter: Chapter?) -> NoteAnchor? {
        var anchor = self.anchor
        guard let words = anchor.words, let surfaces = anchor.surfaces, let chapter,
            let index = chapter.verseIndex(number: anchor.verse)
        else { return anchor }
        let verse = chapter.verses[index]
        let all = (0..<verse.words.count).map {
            chapter.text(chapter.words[verse.word(at: WordOffset(UInt16($0)))].surface)
        }
        let wanted = surfaces.split(separator: " ").map(String.init)
        func matches(at first: Int) -> Bool {
            first >= 1 && first - 1 + wanted.count <= all.count
                && Array(all[(first - 1)..<(first - 1 + wanted.count)]) == wanted
        }
        if matches(at: words.lowerBound) { return anchor }
        let found = (1...max(1, all.count)).filter(matches).min {
            abs($0 - words.lowerBound) < abs($1 - words.lowerBound)
        }
        guard let found else { return nil }
        anchor.words = found...(found + wanted.count - 1)
        return anchor
    }
}
