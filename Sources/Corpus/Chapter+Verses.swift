extension Chapter {
    /// The chapter cut down to the verses whose numbers are in `range`, sharing the string table; the verses keep
    /// their numbers, so cell and node ids stay those of the whole chapter.
    public func selecting(verses range: ClosedRange<Int>) -> Chapter {
        var selected = Chapter(reference: reference, strings: strings)
        for verse in verses where range.contains(verse.number) {
            selected.beginVerse(verse.number)
            for token in translationTokens[verse.translation] { selected.appendTranslationToken(token) }
            for word in words[verse.words] {
                let start = Int32(selected.alignedTokens.count)
                for index in alignment(of: word) { selected.appendAlignedToken(index) }
                var copy = word
                copy.alignment = start..<Int32(selected.alignedTokens.count)
                selected.appendWord(copy)
            }
        }
        return selected
    }

    /// "1–51": the verse numbers the chapter holds, for messages.
    public var verseSpan: String {
        guard let first = verses.first?.number, let last = verses.last?.number else { return "none" }
        return first == last ? "\(first)" : "\(first)–\(last)"
    }
}
