extension Chapter {
    /// The chapter cut down to the verses whose numbers are in `range`, sharing the string table; the verses keep
    /// their numbers, so cell and node ids stay those of the whole chapter.
    public func selecting(verses range: ClosedRange<Int>) -> Chapter {
        var selected = Chapter(reference: reference, language: language)
        selected.strings = strings
        selected.omitsMorphemes = omitsMorphemes
        for verse in verses where range.contains(verse.number) {
            selected.beginVerse(verse.number, numberText: verse.numberText)
            if verse.outsideText { selected.markVerseOutsideText() }
            for token in translationTokens[verse.translation] { selected.appendTranslationToken(token) }
            for word in words[verse.words] {
                let start = Int32(selected.alignedTokens.count)
                for index in alignment(of: word) { selected.appendAlignedToken(index) }
                var copy = word
                copy.alignment = start..<Int32(selected.alignedTokens.count)
                copy.morphemes = 0..<0
                selected.appendWord(copy)
                for morpheme in morphemes(of: word) { selected.appendMorpheme(morpheme) }
            }
        }
        return selected
    }

    /// The chapter cut down to a passage's verses (the whole chapter when it names none). Throws when a verse of
    /// the range is not in the chapter.
    public func selecting(_ passage: Passage) throws -> Chapter {
        guard let range = passage.verses else { return self }
        let numbers = Set(verses.map(\.number))
        guard let absent = range.first(where: { !numbers.contains($0) }) else { return selecting(verses: range) }
        throw CorpusError(file: "", line: nil, kind: .missing, noVerse(absent))
    }

    /// Why a verse number is not in the chapter, for messages: past its ends ("John 1 has no verse 52 (its verses are
    /// 1–51)"), or a verse the edition leaves out ("Acts 8 has no verse 37: the SBLGNT omits it (its verses are 1–36,
    /// 38–40)").
    public func noVerse(_ number: Int) -> String {
        guard let first = verses.first?.number, let last = verses.last?.number, first < number, number < last else {
            return "\(reference) has no verse \(number) (its verses are \(verseSpan))"
        }
        return "\(reference) has no verse \(number): the \(language.editionName) omits it (its verses are \(verseSpan))"
    }

    /// "1–51", or "1–36, 38–40" when verses are left out: the verse numbers the chapter holds, for messages.
    public var verseSpan: String {
        let numbers = verses.map(\.number)
        var spans: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            let a = numbers[index], b = numbers[end]
            spans.append(a == b ? "\(a)" : "\(a)–\(b)")
            index = end + 1
        }
        return spans.isEmpty ? "none" : spans.joined(separator: ", ")
    }
}
