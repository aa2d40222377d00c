/// Misprints in Debian's commentary modules, corrected in what a listener hears; the printed paragraphs (`--json`'s
/// `paragraphs`) keep the module's text, which is what diatheke and every other SWORD front end show. Each erratum is
/// a phrase as the module prints it and as it should read, the phrase long enough to occur only where the misprint
/// is; Corpus/README.md ("SWORD modules") lists them with the reason each is a misprint.
package enum CommentaryErrata {
    struct Erratum {
        let module: String
        let printed: String
        let corrected: String
    }

    static let errata: [Erratum] = [
        // Psalm 45:8, Spurgeon's own exposition: "the anointing oil or ointment is of the most exquisite quality".
        Erratum(module: "TDavid", printed: "ointment os of the", corrected: "ointment is of the"),
        // Psalm 23:2, Explanatory Notes (Latin: "by a gentle spirit, not by a hard hand"; dura manu, the ablative
        // of durus, hard): the misprint is no word of any language.
        Erratum(module: "TDavid", printed: "Leni spiritu non durf manu", corrected: "Leni spiritu non dura manu"),
        // Psalm 15:1, Explanatory Notes (Augustine: "feigned equity is double iniquity, both because it is iniquity
        // and dissimulation", as Spurgeon translates it): iniquitas and simulatio, as the sentence before spells them.
        Erratum(
            module: "TDavid", printed: "quia et inquitas est, et similatio",
            corrected: "quia et iniquitas est, et simulatio"),
    ]

    /// `paragraph` of `module`'s text with its known misprints corrected.
    package static func corrected(_ paragraph: String, module: String) -> String {
        var text = paragraph
        for erratum in errata where erratum.module == module && text.contains(erratum.printed) {
            text = text.replacing(erratum.printed, with: erratum.corrected)
        }
        return text
    }
}
