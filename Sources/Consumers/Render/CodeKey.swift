import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The key to the codes a printed document or an image shows (issue 43: the codes explained to a sighted reader,
/// as they are to a screen reader): every morphology code its pages print, in words, and what a Strong's number
/// is. The words are `CodeList`'s, the ones a screen reader hears for the code (`Speakable.morphology`:
/// `Morphology` for Greek Robinson codes, `HebrewPartOfSpeech` for the Hebrew parts of speech), so the two never
/// disagree.
struct CodeKey {
    private(set) var language: SourceLanguage?
    /// The morphology codes printed, each once.
    private(set) var codes: Set<String> = []
    /// The first Strong's number printed: the example the key gives.
    private(set) var strongsExample: String?
    /// The word tiers printed, top to bottom.
    private(set) var tiers: [Tier] = []

    /// Adds the codes of the labels printed on `pages` of `painter`'s chapter.
    mutating func collect(_ painter: ChapterPainter, pages: [PageSlice]) {
        language = language ?? painter.chapter.language
        let layout = painter.layout
        if tiers.isEmpty { tiers = Tier.blockTiers.filter { layout.options.tiers.contains($0) } }
        for page in pages {
            for cell in page.cells {
                let index = VerseIndex(cell)
                let rows = page.rows(of: layout.cells[index])
                for label in layout.labels(in: index) where rows.contains(label.y) {
                    switch label.tier {
                    case .morphology: codes.insert(painter.runs.strings[label.text])
                    case .strongs where strongsExample == nil: strongsExample = painter.runs.strings[label.text]
                    default: break
                    }
                }
            }
        }
    }

    /// Whether there is anything to explain (the document prints morphology codes or Strong's numbers).
    var isEmpty: Bool { codes.isEmpty && strongsExample == nil }

    /// The paragraphs above the list: what a word block shows, top to bottom, and what a Strong's number is.
    var introduction: [String] {
        let hebrew = language == .hebrew
        let names = tiers.map { tier -> String in
            switch tier {
            case .source: hebrew ? "the Hebrew word" : "the Greek word"
            case .transliteration: "its transliteration"
            case .strongs: "Strong's number"
            case .morphology: hebrew ? "part of speech" : "morphology code"
            case .gloss: "gloss"
            case .lemma: "lemma"
            default: tier.name
            }
        }
        var lines = ["Each word, top to bottom: " + names.joined(separator: ", ") + "."]
        if let example = strongsExample {
            let first = example.split(separator: "-").first.map(String.init) ?? example
            // Bracketed, so no line of the key reads as a word block's Strong's number to a text extractor.
            var line =
                "Strong's number (\(example)): \(hebrew ? "H" : "G") for Strong's \(hebrew ? "Hebrew" : "Greek") "
                + "dictionary"
            if hebrew { line += ", a number per part of a word of several parts" }
            lines.append(line + "; \"interlinear define \(first)\" prints the entry.")
        }
        return lines
    }

    /// Each code and its words, sorted by code: the one list of codes and words (`CodeList`).
    var entries: [CodeList.Entry] { CodeList(codes: codes, language: language ?? .greek).entries }
}
