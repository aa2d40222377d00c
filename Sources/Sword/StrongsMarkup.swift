import Foundation
import InterlinearCorpus

/// Reads one entry of SWORD's Strong's dictionaries (TEI: `<entryFree>` with `<orth>`, `<pron>`, `<def>`, `<orig>`,
/// `<ref>`, `<hi>`, `<lb/>`) into its plain text and its parts. The markup is data from a file on disk: an
/// unclosed tag or an unknown entity is read as text, never trusted to be well formed.
///
/// The two modules lay an entry out differently, so the parts are found differently:
/// - Greek: `<orth>λόγος</orth> <orth type="writing">LO/GOS</orth> <orth type="trans">lógos</orth>
///   <pron>log'-os</pron> <def><orig>from G3004;</orig> something said …:--account, cause, …</def>`: the derivation
///   is `<orig>`, the KJV renderings follow the last ":--" (a few entries have only "--"), as
///   `LexiconEntry.kingJamesMark` finds it.
/// - Hebrew: `<orth>אלהים</orth> <orth type="trans">'ĕlôhîym</orth> <pron>el-o-heem'</pron> <def>Plural of H433;
///   gods in the ordinary sense; … <hi rend="bold">superlative:</hi> - {angels} X {exceeding} God …</def>`: the
///   derivation is the definition up to its first ";" (through a leading "(Chaldee);"), the KJV renderings follow
///   the last ": - ". Braces mark the KJV's own words; the parts drop them, the plain text keeps them.
///   One entry of 8,674, H5019 (Nebuchadnezzar), is filed a part along: its `<orth type="trans">` holds Hebrew
///   (two more spellings), its `<pron>` the transliterations and its `<def>` opens with the pronunciations in
///   `<hi>` ("{neb-oo-kad-nets-tsar'} … neb-oo-kad-tsore"). Read by what they hold: a transliteration in Hebrew
///   letters makes the `<pron>` the transliteration and the `<hi>` that opens the definition the pronunciation.
enum StrongsMarkup {
    /// The entry numbered `number` of `language`'s dictionary, from its markup.
    static func entry(_ markup: String, language: SourceLanguage, number: Int) -> LexiconEntry {
        var parts = Parts()
        parts.read(markup)
        let body = collapsed(parts.definition)
        var derivation = collapsed(parts.origin)
        var meaning = body
        var usage = ""
        if let marker = LexiconEntry.kingJamesMark(in: body, language) {
            meaning = String(body[..<marker.lowerBound]) + (language == .hebrew ? ":" : "")
            usage = String(body[marker.upperBound...])
        }
        if language == .hebrew, let split = hebrewDerivationEnd(meaning) {
            derivation = String(meaning[..<split])
            meaning = String(meaning[meaning.index(after: split)...])
        }
        func clean(_ text: String) -> String {
            let unbraced = language == .hebrew ? text.filter { $0 != "{" && $0 != "}" } : text
            var trimmed = collapsed(unbraced)
            while trimmed.last == ";" || trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
        return LexiconEntry(
            language: language, number: number, headword: collapsed(parts.headword),
            transliteration: collapsed(parts.transliteration), pronunciation: clean(parts.pronunciation),
            derivation: clean(derivation), definition: clean(meaning), kjvUsage: clean(usage),
            text: collapsed(parts.all))
    }

    /// Where a Hebrew entry's derivation ends: its first ";", or the second when the first closes a bare
    /// "(Chaldee)" (the entry is Aramaic, and the derivation follows); nil when there is none.
    private static func hebrewDerivationEnd(_ text: String) -> String.Index? {
        guard let first = text.firstIndex(of: ";") else { return nil }
        if text[..<first].trimmingCharacters(in: .whitespaces) == "(Chaldee)",
            let second = text[text.index(after: first)...].firstIndex(of: ";")
        {
            return second
        }
        return first
    }

    /// `text` with every run of white space one space, and none at either end.
    /// In NFC, as the corpus's text is.
    static func collapsed<S: StringProtocol>(_ text: S) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").precomposedStringWithCanonicalMapping
    }

    /// The text of an entry, sorted by where it stands.
    private struct Parts {
        var all = "", headword = "", transliteration = "", pronunciation = "", origin = "", definition = ""
        /// Open elements, innermost last, each with the part its text goes to; `shown` is false for an element whose
        /// text is not the entry's at all (the Greek's Beta Code spelling).
        private var open: [(name: Substring, part: WritableKeyPath<Parts, String>?, shown: Bool)] = []
        private var seen: Set<String> = []
        /// The `<orth type="trans">` held Hebrew letters: the parts after it are filed one along (H5019).
        private var filedAlong = false

        mutating func read(_ markup: String) {
            var rest = Substring(markup)
            while let start = rest.firstIndex(of: "<") {
                text(rest[..<start])
                guard let end = rest[start...].firstIndex(of: ">") else {
                    rest = rest[start...]
                    break
                }
                tag(rest[rest.index(after: start)..<end])
                rest = rest[rest.index(after: end)...]
            }
            text(rest)
        }

        private mutating func text(_ raw: Substring) {
            guard !raw.isEmpty else { return }
            guard open.allSatisfy(\.shown) else { return }
            let text = StrongsMarkup.decodingEntities(raw)
            all += text
            if let part = open.last(where: { $0.part != nil })?.part { self[keyPath: part] += text }
        }

        private mutating func tag(_ body: Substring) {
            if body.hasPrefix("/") {
                let name = body.dropFirst()
                if let index = open.lastIndex(where: { $0.name == name }) { open.removeSubrange(index...) }
                return
            }
            if body.hasSuffix("/") { return }  // <lb/>: no text of its own
            let name = body.prefix { !$0.isWhitespace }
            let type = StrongsMarkup.attribute("type", in: body)
            var part: WritableKeyPath<Parts, String>?
            switch (name, type) {
            case ("orth", nil): part = first("headword", \.headword)
            case ("orth", "trans"): part = first("transliteration", \.transliteration)
            case ("pron", _) where transliteration.unicodeScalars.contains { HebrewTransliterator.isLetter($0.value) }:
                filedAlong = true
                transliteration = ""  // the Hebrew spellings stay in the text only
                part = \.transliteration
            case ("pron", _): part = first("pronunciation", \.pronunciation)
            case ("hi", _) where filedAlong && open.last?.part == \.definition && definition.allSatisfy(\.isWhitespace):
                part = first("pronunciation", \.pronunciation)
            case ("orig", _): part = \.origin
            case ("def", _): part = \.definition
            default: part = open.last?.part  // <hi>, <ref>, <foreign>: text of what holds them
            }
            // The Greek's Beta Code spelling ("LO/GOS", "H(" for ἡ) transcribes the headword for old software: not
            // text a reader is shown or told.
            let betaCode = name == "orth" && type == "writing"
            open.append((name, betaCode ? nil : part, !betaCode))
        }

        /// `part` the first time an element of this kind opens; nil (text of no part) after.
        private mutating func first(_ kind: String, _ part: WritableKeyPath<Parts, String>) -> WritableKeyPath<
            Parts, String
        >? {
            seen.insert(kind).inserted ? part : nil
        }
    }

    /// The value of `name="…"` in a tag's body, or nil.
    static func attribute(_ name: String, in body: Substring) -> Substring? {
        guard let range = body.range(of: " \(name)=\"") else { return nil }
        let value = body[range.upperBound...]
        return value.firstIndex(of: "\"").map { value[..<$0] }
    }

    /// XML's five predefined entities decoded; anything else after "&" is kept as written.
    static func decodingEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = String(text)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
