import InterlinearAccessibility
import InterlinearCorpus
import InterlinearHTML

/// The key to the codes for sighted readers: what a Strong's number is, and each morphology code of the chapter in
/// words (`Speakable.morphology`, the words a listener hears). A native disclosure, closed until asked for. Screen
/// readers hear every code in words already (each word's spoken form), so the codes themselves are hidden from them
/// here: read out, "V-IAI-3S" would be spelled letter by letter.
struct CodeKey {
    let chapter: Chapter

    func html() -> String {
        var codes: [String] = []
        var seen = Set<String>()
        for word in chapter.words {
            let code = chapter.text(word.morphology)
            if !code.isEmpty, seen.insert(code).inserted { codes.append(code) }
        }
        codes.sort()
        let language = chapter.language
        let strongs = language == .greek ? "G" : "H"
        var out = "<details class=\"codes\"><summary>Key to the codes</summary>\n"
        out += "<p>\(strongs) and a number (\(language == .greek ? "G3056" : "H430")): the word's entry in Strong's "
        out += "\(language == .greek ? "Greek" : "Hebrew") dictionary, which a word's “define” opens. "
        out += "The morphology codes of this chapter:</p>\n<ul class=\"code-list\">\n"
        for code in codes {
            let words = Speakable.morphology(code, language: language)
            out +=
                "<li><span class=\"code\" aria-hidden=\"true\">\(Markup.text(code))</span> \(Markup.text(words))</li>\n"
        }
        return out + "</ul>\n</details>\n"
    }
}
