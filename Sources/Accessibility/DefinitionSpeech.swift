import InterlinearCorpus

/// What a listener hears of a word's Strong's dictionary entries (issue 29): the reader's define key and the
/// "define" action of a word element both say it through here, so it is worded once.
///
/// Brief first — the number, Strong's transliteration, and the meaning's first sense — and the whole entry on
/// request: pronunciation, derivation, meaning, the KJV's renderings. A number is said with its letter, as a user
/// types it to `define` ("Strong's G3056", "Strong's H430"); Strong's marks in the KJV list ("X", "+", braces) are
/// dropped by `Speakable.english`, which reads the English as a voice should. Nothing in Greek or Hebrew script
/// reaches an English voice: Strong's transliteration is said in plain letters (`spoken`: the module files a few
/// in Hebrew script, H5019's, which are respelled as the entry's text is), the headword
/// respelled, and the headword in its own script is in the full entry only when the listener asked for the
/// original script, tagged with its language so only a voice of that language reads it.
package enum DefinitionSpeech {
    /// The define key or action when the store refused the word's entry (a damaged row): why, in words.
    package static func definitionUnavailable(_ failure: String) -> SpokenLine {
        unreadable("The dictionary entry", failure)
    }

    /// The parts key or action when the word's parts could not be read (no store, or it failed to load): why.
    package static func partsUnavailable(_ failure: String?) -> SpokenLine { unreadable("The word's parts", failure) }

    private static func unreadable(_ what: String, _ failure: String?) -> SpokenLine {
        SpokenLine(what + " could not be read" + (failure.map { ": " + Speakable.english($0) } ?? "") + ".")
    }

    /// "Strong's G3056, logos: something said including the thought." — one sense per entry, entries in order.
    package static func brief(_ entries: [LexiconEntry]) -> SpokenLine {
        said(entries) { entry, line in
            line.append(spoken(entry.transliteration, entry.language), .transliteration(entry.language))
            line.append(": " + sentence(english(spoken(firstSense(entry), entry.language)), capitalised: false))
        }
    }

    /// The whole entry: "Strong's G3056, lo'gos, logos, pronounced log'os. From Strong's G3004. Meaning: … King
    /// James renderings: …". With `original` the headword is in its own script ("λόγος"), for a voice of its
    /// language; without, respelled for an English voice (a Hebrew headword, unpointed, is left out: Strong's
    /// transliteration that follows says it).
    package static func full(_ entries: [LexiconEntry], original: Bool = false) -> SpokenLine {
        said(entries) { entry, line in
            // Strong's left a few numbers unused: no headword.
            let respelled = original ? "" : Respelling.headword(entry.headword, entry.language)
            if original, !entry.headword.isEmpty {
                line.append(entry.headword, .source(entry.language))
                line.append(", ")
            } else if !respelled.isEmpty {
                line.append(respelled, .transliteration(entry.language))
                line.append(", ")
            }
            line.append(spoken(entry.transliteration, entry.language), .transliteration(entry.language))
            if !entry.pronunciation.isEmpty {
                line.append(", pronounced \(sayable(pronunciation: spoken(entry.pronunciation, entry.language)))")
            }
            line.append(".")
            // A few derivations and King James lists quote Hebrew ("the addition … is המּתאר hammethô'âr"):
            // said as the entry's text is, for the English voice these parts go to.
            let part = { (text: String) in sentence(english(spoken(text, entry.language))) }
            if !entry.derivation.isEmpty { line.append(" " + part(entry.derivation)) }
            if !entry.definition.isEmpty { line.append(" Meaning: " + part(entry.definition)) }
            if !entry.kjvUsage.isEmpty {
                line.append(" King James renderings: " + part(renderings(entry.kjvUsage, entry.language)))
            }
        }
    }

    /// What a word element's description holds after its "define" action (the window's AT-SPI adapter): the brief
    /// line, then each entry whole as Strong's printed it (`LexiconEntry.text`, diatheke's text without its
    /// markup) with its Greek and Hebrew said for an English voice (`spokenText`), for a screen reader's review or
    /// braille. A screen reader gives a description to its default voice (Orca 43 does), so it holds no script;
    /// the entry in its own script is `define`'s (its JSON tags the language). The brief alone is what the action
    /// announces.
    package static func details(_ entries: [LexiconEntry]) -> String {
        ([brief(entries).text] + entries.map(spokenText)).joined(separator: " ")
    }

    /// Each entry said by `body` after its number as `Speakable.strongs` words it ("Strong's G3056, "), the entries
    /// one after another; a line saying there is none for no entries.
    private static func said(_ entries: [LexiconEntry], _ body: (LexiconEntry, inout SpokenLine) -> Void) -> SpokenLine
    {
        guard !entries.isEmpty else { return SpokenLine("No dictionary entry.") }
        var line = SpokenLine()
        for entry in entries {
            if !line.isEmpty { line.append(" ") }
            line.append((Speakable.strongs(entry.strongs) ?? entry.strongs) + ", ")
            body(entry, &line)
        }
        return line
    }

    /// The definition up to its first ";" — Strong's separates senses with semicolons (`LexiconEntry.firstSense`).
    static func firstSense(_ entry: LexiconEntry) -> String { entry.firstSense }

    /// English with each Strong's reference said as `Speakable.strongs` words it ("G3004" → "Strong's G3004", "H0433"
    /// → "Strong's H433") and marks a voice would read out dropped; a lone "X" (Strong's sign for a rendering by
    /// idiom) is left out.
    static func english(_ text: String) -> String {
        var words: [String] = []
        for word in text.split(separator: " ") where word != "X" {
            var start = word.startIndex, end = word.endIndex
            while start < end, "(;,.)".contains(word[start]) { start = word.index(after: start) }
            while end > start, "(;,.)".contains(word[word.index(before: end)]) { end = word.index(before: end) }
            if let key = LexiconEntry.key(word[start..<end]) {
                words.append(word[..<start] + (Speakable.strongs(key) ?? key) + word[end...])
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
