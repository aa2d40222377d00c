import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearHTML
import InterlinearStore
import InterlinearWording

/// A Strong's number's page (`/word/G3056`): its dictionary entry, and every other place the Bible has it, as
/// links. Reached from a word (`/word/H7225?ref=Gen.1.1.1`: Genesis 1:1, its first word), it gives that word in its
/// verse first — every tier, its morphology in words, and a Hebrew word's parts, each part's number a link.
///
/// The fragment (`&fragment=1`) is what a word's define disclosure loads: the entries and parts as a listener
/// hears them in the window and the terminal (`DefinitionSpeech.full`, `WordSpeech.parts`), and a link here.
struct WordPage {
    /// The number as the address gives it ("G3056", "H871a").
    let number: String
    let entry: LexiconEntry?
    /// The word the page was reached from, in its chapter read with morphemes.
    let place: Place?
    /// The first places the number is found, and how many there are.
    let occurrences: SearchResult
    /// The entries of the word's whole Strong's field (a Hebrew word's every part), for the fragment.
    let wordEntries: [LexiconEntry]
    /// The entry's word study (issue 43): counts per book, renderings, related entries; nil without an entry.
    let study: WordStudy?

    struct Place {
        let chapter: Chapter
        let verse: Int
        /// The word's place in its verse, counting from 1.
        let position: Int
        let word: Word

        /// "Gen.1.1.1".
        var reference: String { "\(chapter.reference.osisID).\(verse).\(position)" }
    }

    /// The most places the page lists (the search page lists them all).
    static let listed = 100

    private var title: String { "Strong's \(number)" }

    private var address: String {
        "/word/\(number)" + (place.map { "?ref=\($0.reference)" } ?? "")
    }

    func page(frame: SiteFrame) -> String {
        var main = "<h1>\(Markup.text(title))"
        if let entry, !entry.headword.isEmpty {
            main += " <span lang=\"\(entry.language.tag)\">\(Markup.text(entry.headword))</span>"
        }
        main += "</h1>\n"
        if let place { main += context(place) }
        main += entrySection()
        if let entry, let study { main += studySection(study, language: entry.language) }
        main += placesSection()
        var options = SiteFrame.Options()
        let language = entry?.language ?? (number.hasPrefix("H") ? .hebrew : .greek)
        options.greek = language == .greek
        options.hebrew = language == .hebrew
        return frame.page(title: title, main: main, options: options)
    }

    /// What a define disclosure shows.
    func fragment() -> String {
        let entries = place == nil ? (entry.map { [$0] } ?? []) : wordEntries
        var out = "<div class=\"def-body\">\n<p>" + Serialization.html.spans(DefinitionSpeech.full(entries)) + "</p>\n"
        if let place, place.chapter.language == .hebrew, !place.chapter.morphemes(of: place.word).isEmpty {
            let parts = WordSpeech().parts(of: place.word, in: place.chapter)
            out += "<p>" + Serialization.html.spans(parts) + "</p>\n"
        }
        let total = occurrences.total
        out += "<p><a href=\"\(address)\">The whole entry"
        out += place?.chapter.language == .hebrew ? ", the word's parts" : ""
        out += " and the \(total) place\(total == 1 ? "" : "s") with \(Markup.text(number))</a></p>\n</div>\n"
        return out
    }

    /// The word in its verse: its tiers, its morphology in words, its parts, the verse's translation.
    private func context(_ place: Place) -> String {
        let chapter = place.chapter, word = place.word
        let source = chapter.language.tag, latin = chapter.language.transliterationTag
        let dir = chapter.direction == .rightToLeft ? " dir=\"rtl\"" : ""
        let verseAddress = "/read/\(chapter.reference.osisID)#\(chapter.reference.osisID).\(place.verse)"
        let name = "\(chapter.reference):\(place.verse)"
        var out = "<section aria-labelledby=\"in-verse\">\n<h2 id=\"in-verse\">Word \(place.position) of "
        out += "<a href=\"\(verseAddress)\">\(Markup.text(name))</a></h2>\n<dl class=\"word\">\n"
        func row(_ term: String, _ value: String) { if !value.isEmpty { out += "<dt>\(term)</dt><dd>\(value)</dd>\n" } }
        func text(_ id: TextID) -> String { Markup.text(chapter.text(id)) }
        row("Word", "<span class=\"src\" lang=\"\(source)\"\(dir)>\(text(word.surface))</span>")
        row("Transliteration", "<span lang=\"\(latin)\">\(text(word.transliteration))</span>")
        row("Gloss", text(word.gloss))
        let code = chapter.text(word.morphology)
        if !code.isEmpty {
            let words = Speakable.morphology(code, language: chapter.language)
            row(
                "Morphology",
                "<span class=\"code\" aria-hidden=\"true\">\(Markup.text(code))</span> \(Markup.text(words))")
        }
        if !chapter.text(word.lemma).isEmpty {
            row("Dictionary form", "<span lang=\"\(source)\"\(dir)>\(text(word.lemma))</span>")
        }
        out += "</dl>\n"
        let morphemes = chapter.morphemes(of: word)
        if !morphemes.isEmpty {
            out += "<h3>Parts</h3>\n<ol class=\"parts\">\n"
            for part in morphemes {
                out += "<li><span class=\"src\" lang=\"\(source)\"\(dir)>\(text(part.surface))</span> "
                out += "<span lang=\"\(latin)\">\(text(part.transliteration))</span>: \(text(part.gloss))"
                let code = chapter.text(part.morphology)
                if !code.isEmpty { out += "; " + Markup.text(Speakable.morphology(code, language: chapter.language)) }
                let strongs = chapter.text(part.strongs)
                if LexiconEntry.key(strongs) != nil {
                    out += "; <a href=\"/word/\(Markup.text(strongs))\">Strong's \(Markup.text(strongs))</a>"
                }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        if let index = chapter.verseIndex(number: place.verse) {
            let verse = chapter.verses[index]
            let translation = chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(
                separator: " ")
            if !translation.isEmpty { out += "<p class=\"tl\">\(Markup.text(translation))</p>\n" }
        }
        return out + "</section>\n"
    }

    /// The dictionary entry, field by field.
    private func entrySection() -> String {
        var out = "<section aria-labelledby=\"entry\">\n<h2 id=\"entry\">Strong's dictionary</h2>\n"
        guard let entry else {
            out += "<p>Strong's dictionary has no entry \(Markup.text(number)). The Hebrew data numbers the prefixes "
            out += "and suffixes Strong's never numbered with a letter (H871a, “in”; H2050b, “and”).</p>\n"
            return out + "</section>\n"
        }
        out += "<dl class=\"entry\">\n"
        func row(_ term: String, _ value: String, lang: String? = nil) {
            guard !value.isEmpty else { return }
            let attribute = lang.map { " lang=\"\($0)\"" } ?? ""
            out += "<dt>\(term)</dt><dd\(attribute)>\(Self.linkingNumbers(value))</dd>\n"
        }
        row("Headword", entry.headword, lang: entry.language.tag)
        row("Transliteration", entry.transliteration)
        row("Pronunciation", entry.pronunciation)
        row("Derivation", entry.derivation)
        row("Meaning", entry.definition)
        row("King James renderings", entry.kjvUsage)
        return out + "</dl>\n</section>\n"
    }

    /// The study: the counts per book and the renderings in `StudyWording`'s sentences, then the renderings and the
    /// related entries as lists, each related entry a link to its page.
    private func studySection(_ study: WordStudy, language: SourceLanguage) -> String {
        var out = "<section aria-labelledby=\"study\">\n<h2 id=\"study\">Word study</h2>\n"
        out += "<p>\(Markup.text(StudyWording.occurrences(study)))</p>\n"
        if study.translation == nil || study.renderings.isEmpty {
            out += "<p>\(Markup.text(StudyWording.renderings(study, language: language)))</p>\n"
        } else {
            out += "<h3>Berean Standard Bible renderings</h3>\n<p>\(study.rendered) of the \(study.places.count) "
            out += "words have English aligned.</p>\n<ol class=\"renderings\">\n"
            for rendering in study.renderings {
                out += "<li>\(Markup.text(rendering.text)): \(StudyWording.times(rendering.count))</li>\n"
            }
            out += "</ol>\n"
        }
        if !study.related.isEmpty {
            out += "<h3>Related words</h3>\n<ul class=\"related\">\n"
            for entry in study.related {
                out += "<li><a href=\"/word/\(entry.strongs)\">Strong's \(entry.strongs)</a>"
                if !entry.headword.isEmpty {
                    out += " <span lang=\"\(entry.language.tag)\">\(Markup.text(entry.headword))</span>"
                }
                if !entry.transliteration.isEmpty { out += ", " + Markup.text(entry.transliteration) }
                let sense = entry.firstSense
                if !sense.isEmpty { out += ": " + Markup.text(sense) }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// Every place, the count first.
    private func placesSection() -> String {
        let total = occurrences.total
        var out = "<section aria-labelledby=\"places\">\n<h2 id=\"places\">Places</h2>\n"
        out += "<p>\(total) word\(total == 1 ? "" : "s") in the Bible \(total == 1 ? "has" : "have") "
        out += "Strong's \(Markup.text(number)).</p>\n"
        out += HitList.html(occurrences.hits.prefix(Self.listed))
        if total > Self.listed {
            out += "<p><a href=\"/search?q=\(QueryString.encode(number))\">All \(total) places, in search</a></p>\n"
        }
        return out + "</section>\n"
    }

    /// Escaped text with each Strong's number in it ("from G3004") a link to that number's page.
    static func linkingNumbers(_ text: String) -> String {
        var out = ""
        for (index, token) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { out += " " }
            let core = token.trimmingCharacters(in: CharacterSet(charactersIn: "(),;.:"))
            if core.count > 1, LexiconEntry.key(core) != nil, core.first?.isUppercase == true,
                let range = token.range(of: core)
            {
                out += Markup.text(String(token[..<range.lowerBound]))
                out += "<a href=\"/word/\(core)\">\(core)</a>"
                out += Markup.text(String(token[range.upperBound...]))
            } else {
                out += Markup.text(String(token))
            }
        }
        return out
    }
}
