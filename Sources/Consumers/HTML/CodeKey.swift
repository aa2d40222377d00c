import InterlinearAccessibility
import InterlinearCorpus

/// The key to the codes for sighted readers, in every page of the HTML vocabulary (an exported page, an EPUB
/// chapter, the web reader's chapter): what a Strong's number is, and each morphology code of the chapter in words
/// (`CodeList`: the words a listener hears). A native disclosure, closed until asked for, which the
/// legend's code tiers link to. Each code printed in a word's stack is an `abbr` whose title is its expansion
/// (`title(of:_:)`), the same words.
///
/// Screen readers hear every code in words already (each word's spoken form), so the codes themselves are hidden
/// from them: read out, "V-IAI-3S" would be spelled letter by letter.
struct CodeKey {
    let chapter: Chapter

    /// The key's element id: the chapter's id prefix and ".codes".
    static func id(prefix: String) -> String { prefix + ".codes" }

    /// A code tier's text in words (the `abbr`'s title), or nil for a tier that prints no code.
    static func title(of tier: Tier, _ code: String, language: SourceLanguage) -> String? {
        switch tier {
        case .morphology: return Speakable.morphology(code, language: language)
        case .strongs:
            let numbers = code.split { $0 == "-" || $0 == "/" }.map { number in
                String(number.drop { !$0.isNumber }.drop { $0 == "0" })
            }.filter { !$0.isEmpty }
            guard !numbers.isEmpty else { return nil }
            let dictionary = "Strong's \(language == .hebrew ? "Hebrew" : "Greek") dictionary"
            return numbers.count == 1
                ? "\(dictionary), entry \(numbers[0])"
                : "\(dictionary), entries \(numbers.dropLast().joined(separator: ", ")) and \(numbers[numbers.count - 1])"
        default: return nil
        }
    }

    func html(prefix: String) -> String {
        let codes = CodeList(chapter)
        // The legend's links lead inside the disclosure, not to it: a browser opens a closed `details` to show the
        // part a link leads to.
        var out = "<details class=\"codes\"><summary>Key to the codes</summary>\n"
        out += "<p id=\"\(Self.id(prefix: prefix))\">\(Markup.text(codes.strongsNote)) "
        out += "The morphology codes of this chapter:</p>\n<ul class=\"code-list\">\n"
        for entry in codes.entries {
            out += "<li><span class=\"code\" aria-hidden=\"true\">\(Markup.text(entry.code))</span> "
            out += "\(Markup.text(entry.words))</li>\n"
        }
        return out + "</ul>\n</details>\n"
    }
}
