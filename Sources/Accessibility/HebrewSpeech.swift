import InterlinearCorpus

extension AccessibilityTree {
    /// A Hebrew word, morpheme by morpheme in reading order, each as its transliteration and gloss, then the parts
    /// of speech and the Strong's numbers: "bə-, in; rēʾšît, beginning, preposition, noun, Strong's H871a,
    /// Strong's H7225". A prefix is spoken with a trailing hyphen and a suffix with a leading one, so the listener
    /// hears where the word's parts join.
    func describeHebrew(_ word: Word) -> String {
        let morphemes = chapter.morphemes(of: word)
        var spoken: [String] = []
        var codes: [String] = []
        var numbers: [String] = []
        let stem = morphemes.lastIndex { chapter.text($0.morphology) != "Sfx" } ?? morphemes.startIndex
        for index in morphemes.indices {
            let morpheme = morphemes[index]
            var sound = chapter.text(morpheme.transliteration)
            if index < stem { sound += Morpheme.separator }
            if index > stem { sound = Morpheme.separator + sound }
            let gloss = chapter.text(morpheme.gloss)
            spoken.append(gloss.isEmpty ? sound : "\(sound), \(gloss)")
            codes.append(chapter.text(morpheme.morphology))
            let number = chapter.text(morpheme.strongs)
            if !number.isEmpty { numbers.append(number) }
        }
        if morphemes.isEmpty {
            // A word without morpheme records: its own tiers.
            spoken.append([word.transliteration, word.gloss].map { chapter.text($0) }.filter { !$0.isEmpty }
                .joined(separator: ", "))
            codes.append(chapter.text(word.morphology))
            numbers.append(chapter.text(word.strongs))
        }
        var parts = [spoken.joined(separator: "; ")]
        let code = codes.joined(separator: Morpheme.separator)
        if !code.isEmpty { parts.append(Speakable.morphology(code, language: .hebrew)) }
        if let strongs = Speakable.strongs(numbers.joined(separator: Morpheme.separator)) { parts.append(strongs) }
        return parts.joined(separator: ", ")
    }
}
