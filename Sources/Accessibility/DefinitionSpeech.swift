import InterlinearCorpus

/// What a listener hears of a word's Strong's dictionary entries (issue 29): the reader's define key and the
/// "define" action of a word element both say it through here, so it is worded once.
///
/// Brief first — the number, Strong's transliteration, and the meaning's first sense — and the whole entry on
/// request: pronunciation, derivation, meaning, the KJV's renderings. Raw codes are never spoken: "G3004" in a
/// derivation is "Strong's 3004"; Strong's marks in the KJV list ("X", "+", braces) are dropped by
/// `Speakable.english`, which reads the English as a voice should. The headword is said in its own script only in
/// the full entry, tagged with its language, so only a voice of that language reads it.
public enum DefinitionSpeech {
    /// "Strong's 3056, lógos: something said (including the thought)." — one sense per entry, entries in order.
    public static func brief(_ entries: [LexiconEntry]) -> SpokenLine {
        said(entries) { entry, line in
            line.append(entry.transliteration, .transliteration(entry.language))
            line.append(": " + sentence(english(firstSense(entry)), capitalised: false))
        }
    }

    /// The whole entry: "Strong's 3056, λόγος, lógos, pronounced log'-os. From Strong's 3004. Meaning: … King James
    /// renderings: …".
    public static func full(_ entries: [LexiconEntry]) -> SpokenLine {
        said(entries) { entry, line in
            if !entry.headword.isEmpty {  // Strong's left a few numbers unused: no headword
                line.append(entry.headword, .source(entry.language))
                line.append(", ")
            }
            line.append(entry.transliteration, .transliteration(entry.language))
            if !entry.pronunciation.isEmpty { line.append(", pronounced \(entry.pronunciation)") }
            line.append(".")
            if !entry.derivation.isEmpty { line.append(" " + sentence(english(entry.derivation))) }
            if !entry.definition.isEmpty { line.append(" Meaning: " + sentence(english(entry.definition))) }
            if !entry.kjvUsage.isEmpty { line.append(" King James renderings: " + sentence(english(entry.kjvUsage))) }
        }
    }

    /// What a word element's description holds after its "define" action (the window's AT-SPI adapter): the brief
    /// line, then each entry whole as Strong's printed it (`LexiconEntry.text`, diatheke's text without its markup),
    /// for a screen reader's review or braille. The brief alone is what the action announces.
    public static func details(_ entries: [LexiconEntry]) -> String {
        ([brief(entries).text] + entries.map(\.text)).joined(separator: " ")
    }

    /// Each entry said by `body` after "Strong's N, ", the entries one after another; a line saying there is none
    /// for no entries.
    private static func said(_ entries: [LexiconEntry], _ body: (LexiconEntry, inout SpokenLine) -> Void) -> SpokenLine
    {
        guard !entries.isEmpty else { return SpokenLine("No dictionary entry.") }
        var line = SpokenLine()
        for entry in entries {
            if !line.isEmpty { line.append(" ") }
            line.append("Strong's \(entry.number), ")
            body(entry, &line)
        }
        return line
    }

    /// The definition up to its first ";" — Strong's separates senses with semicolons.
    static func firstSense(_ entry: LexiconEntry) -> String {
        let definition = entry.definition.isEmpty ? entry.kjvUsage : entry.definition
        return String(definition.prefix { $0 != ";" && $0 != ":" })
    }

    /// English with each Strong's reference said as a number ("G3004" → "Strong's 3004") and marks a voice would
    /// read out dropped; a lone "X" (Strong's sign for a rendering by idiom) is left out.
    static func english(_ text: String) -> String {
        var words: [String] = []
        for word in text.split(separator: " ") where word != "X" {
            var start = word.startIndex, end = word.endIndex
            while start < end, "(;,.)".contains(word[start]) { start = word.index(after: start) }
            while end > start, "(;,.)".contains(word[word.index(before: end)]) { end = word.index(before: end) }
            if let key = LexiconEntry.key(word[start..<end]) {
                words.append(word[..<start] + "Strong's " + key.dropFirst() + word[end...])
            } else {
                words.append(String(word))
            }
        }
        return Speakable.english(words.joined(separator: " "))
    }

    /// `text` ending with one full stop ("etc." is not given another), and capitalised unless asked not to be.
    static func sentence(_ text: String, capitalised: Bool = true) -> String {
        var text = text
        while let last = text.last, last == " " || last == ";" || last == "," { text.removeLast() }
        guard let first = text.first else { return "" }
        if capitalised { text = first.uppercased() + text.dropFirst() }
        return text.hasSuffix(".") ? text : text + "."
    }
}
