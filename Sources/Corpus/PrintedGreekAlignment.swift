/// Aligns a verse of `SBLGNT.tsv` with the same verse as printed (`PrintedGreekText`), word by word, and decides
/// every disagreement: never zipped, since the two hold different words (the TSV has John 7:53–8:11, which the
/// SBLGNT prints only in its apparatus).
///
/// Words are matched by their search key (`Folding.key`: no accents, breathings or elision mark, οὐκ and οὐχ as
/// οὐ), as the longest common subsequence of the two verses' keys, so a word missing on either side shifts nothing
/// after it. A matched word takes the printed form and its marks; a run of unmatched words as long on both sides
/// is paired in order (the printed marks, the TSV's form: its Strong's number and morphology describe that form);
/// any other unmatched TSV word is kept as it is, without marks, and any other printed word is left out (the TSV
/// gives it no Strong's number, morphology or gloss).
package enum PrintedGreekAlignment {
    /// What the import decided for one TSV word, or one printed word it left out.
    package struct Decision: Sendable, Equatable {
        package enum Kind: String, Sendable, CaseIterable {
            /// οὐ in the TSV, οὐκ or οὐχ printed: the printed form.
            case negative = "negative particle as printed"
            /// The TSV's form without the elision mark the printed form has: the printed form.
            case elision = "elision mark restored"
            /// Another difference of accent or letters between matched words: the printed form.
            case spelling = "spelling as printed"
            /// A different word at the same place: the TSV's form, the printed marks.
            case different = "different word, the TSV's kept"
            /// A TSV word the printed text lacks: kept, without marks.
            case sourceOnly = "not in the printed text, kept"
            /// A printed word the TSV lacks: left out.
            case printedOnly = "not in SBLGNT.tsv, left out"
        }

        package var kind: Kind
        /// The verse key, BBCCCVVV.
        package var verse: Int
        /// The word's 1-based position in the TSV's verse; for a printed word left out, the position it would take.
        package var position: Int
        /// The TSV's form ("" for a printed word it lacks).
        package var source: String
        /// The printed form ("" for a TSV word the printed text lacks).
        package var printed: String
    }

    /// One TSV word as imported: its surface and marks.
    package struct Result: Sendable, Equatable {
        package var surface: String
        package var punctuation: Punctuation
    }

    /// Aligns one verse: a result for each TSV word, in order, and the decisions on every disagreement.
    package static func align(
        verse: Int, source: [String], printed: [PrintedGreekText.Word]
    ) -> (words: [Result], decisions: [Decision]) {
        let a = source.map(Folding.key)
        let b = printed.map { Folding.key($0.word) }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var words: [Result] = []
        var decisions: [Decision] = []
        var i = 0, j = 0
        var gapSource: [Int] = [], gapPrinted: [Int] = []
        func closeGap() {
            if gapSource.count == gapPrinted.count {
                for (s, p) in zip(gapSource, gapPrinted) {
                    words.append(Result(surface: source[s], punctuation: printed[p].punctuation))
                    decisions.append(
                        Decision(
                            kind: .different, verse: verse, position: s + 1, source: source[s],
                            printed: printed[p].word))
                }
            } else {
                for s in gapSource {
                    words.append(Result(surface: source[s], punctuation: .none))
                    decisions.append(
                        Decision(kind: .sourceOnly, verse: verse, position: s + 1, source: source[s], printed: ""))
                }
                for p in gapPrinted {
                    decisions.append(
                        Decision(
                            kind: .printedOnly, verse: verse, position: words.count + 1, source: "",
                            printed: printed[p].word))
                }
            }
            gapSource.removeAll()
            gapPrinted.removeAll()
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                closeGap()
                let form = printed[j].word
                words.append(Result(surface: form, punctuation: printed[j].punctuation))
                if form != source[i] {
                    decisions.append(
                        Decision(
                            kind: kind(source: source[i], printed: form), verse: verse, position: i + 1,
                            source: source[i], printed: form))
                }
                i += 1
                j += 1
            } else if j >= b.count || (i < a.count && lengths[i + 1][j] >= lengths[i][j + 1]) {
                gapSource.append(i)
                i += 1
            } else {
                gapPrinted.append(j)
                j += 1
            }
        }
        closeGap()
        return (words, decisions)
    }

    /// How two forms with the same search key differ.
    static func kind(source: String, printed: String) -> Decision.Kind {
        let negative = ["οὐκ", "οὐχ", "Οὐκ", "Οὐχ"]
        if (source == "οὐ" || source == "Οὐ") && negative.contains(printed) { return .negative }
        if printed == source + "\u{2019}" { return .elision }
        return .spelling
    }
}
