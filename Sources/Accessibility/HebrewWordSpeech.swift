import InterlinearCorpus

extension WordSpeech {
    /// A Hebrew word, morpheme by morpheme in reading order, each as its transliteration and gloss, then the parts
    /// of speech in words and (at full verbosity) the Strong's numbers: "bə, in; rēʾšît, beginning, preposition,
    /// noun, Strong's H871a, Strong's H7225". No Hebrew script unless `greek` (the source-script switch) is on, and
    /// no hyphens (a screen reader says "dash"): the parts are told apart by the semicolons between them.
    func hebrewLine(_ word: Word, in chapter: Chapter) -> SpokenLine {
        var line = SpokenLine()
        if greek { line.item(chapter.text(word.surface), .hebrew) }
        let morphemes = chapter.morphemes(of: word)
        var parts = SpokenLine()
        var codes: [String] = []
        var numbers: [String] = []
        for morpheme in morphemes {
            var part = SpokenLine(chapter.text(morpheme.transliteration), .hebrewTransliteration)
            part.item(Speakable.gloss(chapter.text(morpheme.gloss)))
            parts.append(part, separator: "; ")
            codes.append(chapter.text(morpheme.morphology))
            let number = chapter.text(morpheme.strongs)
            if !number.isEmpty { numbers.append(number) }
        }
        if morphemes.isEmpty {
            // A word without morpheme records: its own tiers.
            parts.append(Speakable.english(chapter.text(word.transliteration)), .hebrewTransliteration)
            parts.item(Speakable.gloss(chapter.text(word.gloss)))
            codes.append(chapter.text(word.morphology))
            numbers.append(chapter.text(word.strongs))
        }
        line.append(parts, separator: ", ")
        let code = codes.joined(separator: Morpheme.separator)
        if !code.isEmpty { line.item(Speakable.morphology(code, language: .hebrew)) }
        if verbosity == .full, let strongs = Speakable.strongs(numbers.joined(separator: Morpheme.separator)) {
            line.item(strongs)
        }
        return line
    }
}
