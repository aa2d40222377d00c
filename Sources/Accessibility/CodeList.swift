import InterlinearCorpus

/// A chapter's morphology codes, each once, sorted, with its words (`Speakable.morphology`): the key to the codes
/// that every front end showing codes to the eye prints (the HTML key, the window's help, the PDF's and the PNG's
/// key), made in one place so
/// that the codes a reader sees and the words a listener hears never disagree.
package struct CodeList {
    package struct Entry: Equatable {
        package let code: String
        package let words: String
    }

    package let entries: [Entry]
    /// What a Strong's number of the chapter's language is, with an example: "G and a number (G3056): the word's
    /// entry in Strong's Greek dictionary."
    package let strongsNote: String

    package init(_ chapter: Chapter) {
        var seen = Set<TextID>()
        var codes: [String] = []
        for word in chapter.words where seen.insert(word.morphology).inserted {
            codes.append(chapter.text(word.morphology))
        }
        self.init(codes: codes, language: chapter.language)
    }

    /// The list of `codes` (of `language`'s words; repeats and empty codes left out): what a document printing
    /// several chapters, or part of one, explains (the PDF's and the PNG's key).
    package init(codes: some Sequence<String>, language: SourceLanguage) {
        let greek = language == .greek
        strongsNote =
            "\(greek ? "G" : "H") and a number (\(greek ? "G3056" : "H430")): the word's entry in Strong's "
            + "\(greek ? "Greek" : "Hebrew") dictionary."
        entries = Set(codes.filter { !$0.isEmpty }).sorted().map {
            Entry(code: $0, words: Speakable.morphology($0, language: language))
        }
    }

    /// The words of one of the chapter's codes (a binary search: the entries are sorted), nil for another code.
    package func words(for code: String) -> String? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].code < code { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].code == code ? entries[low].words : nil
    }
}
