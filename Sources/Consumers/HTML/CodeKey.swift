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

    /// A code tier's text in words (the `abbr`'s title), or nil for a tier that prints no code; a morphology code's
    /// words come from the chapter's `codes` when it lists them (each code is expanded once a chapter).
    static func title(of tier: Tier, _ code: String, language: SourceLanguage, codes: CodeList?) -> String? {
        switch tier {
        case .morphology: return codes?.words(for: code) ?? Speakable.morphology(code, language: language)
        case .strongs:
            // "G0746" → "746", "H1886a-H120" → "1886a", "120": each number without its letter and leading zeros.
            var numbers: [Substring] = []
            for piece in code.split(whereSeparator: { $0 == "-" || $0 == "/" }) {
                let digits = piece.drop { !$0.isASCII || !$0.isNumber }.drop { $0 == "0" }
                if !digits.isEmpty { numbers.append(digits) }
            }
            guard let last = numbers.last else { return nil }
            let dictionary = "Strong's \(language == .hebrew ? "Hebrew" : "Greek") dictionary"
            return numbers.count == 1
                ? "\(dictionary), entry \(last)"
                : "\(dictionary), entries \(numbers.dropLast().joined(separator: ", ")) and \(last)"
        default: return nil
        }
    }

    func html(prefix: String, codes: CodeList) -> String {
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
