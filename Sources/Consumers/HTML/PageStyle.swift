import InterlinearCorpus

/// The look of an exported page (and the light theme's tier colours of the web reader's pages): one colour per tier
/// on a white page, the same palette as the painted chapter (`interlinear render`, the window) but for the smallest
/// tiers, every text colour at least 7:1 against the page (WCAG 2.2's enhanced contrast, 1.4.6, small text; the
/// tests compute each ratio). Sizes are in `em`, so the page follows the reader's text size, and the word
/// stacks wrap at any width: no horizontal scrolling at 320 CSS pixels or at 200 % text.
public enum PageStyle {
    /// The page behind every tier.
    public static let background: UInt32 = 0xFFFFFF

    /// The colour of a tier's text, `0xRRGGBB`.
    public static func colour(of tier: Tier) -> UInt32 {
        switch tier {
        case .verse: 0xA31F1A  // rubric red
        case .source: 0x111111
        case .transliteration: 0x5A4A3A
        case .strongs, .morphology: 0x585858  // a grey of 7.1:1 on white: the smallest text, so the enhanced ratio
        case .gloss: 0x1D4E89
        case .translation: 0x222222
        case .lemma: 0x4A3A2A  // as the painted lemma tier: 10.9:1 on white
        }
    }

    /// The class a tier's spans carry.
    public static func className(of tier: Tier) -> String {
        switch tier {
        case .verse: "vn"
        case .source: "src"
        case .transliteration: "tr"
        case .strongs: "st"
        case .morphology: "mo"
        case .gloss: "gl"
        case .translation: "tl"
        case .lemma: "lm"
        }
    }

    public static func hex(_ colour: UInt32) -> String {
        let digits = String(colour, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// The style sheet, inlined into every document (a self-contained page; EPUB content documents alike).
    public static var css: String {
        func c(_ tier: Tier) -> String { hex(colour(of: tier)) }
        return """
            html{background:\(hex(background));color:\(c(.translation))}
            body{font-family:"Gentium Plus","Ezra SIL","SBL Hebrew",serif;line-height:1.35;margin:0 auto;\
            max-width:48em;padding:0 1em 2em}
            h1{font-size:1.5em;margin:.8em 0 .4em}
            h2{font-size:1em;color:\(c(.verse));margin:1.1em 0 .3em}
            nav ol,.legend{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:.2em 1em}
            .legend li{display:inline-flex;flex-direction:column}
            .words{display:flex;flex-wrap:wrap;gap:.5em 1.1em;margin:0}
            .w{display:flex;flex-direction:column;position:relative;min-width:0}
            .w>span,.w>abbr,.legend span{overflow-wrap:anywhere}
            abbr[title]{text-decoration:none}
            .legend a{color:inherit}
            details.codes{margin:.4em 0 .8em}
            .code-list{columns:18em;padding-left:1.2em}
            .code{font-family:ui-monospace,monospace;margin-right:.3em}
            .src{font-size:1.3em;color:\(c(.source))}
            .tr{font-style:italic;color:\(c(.transliteration))}
            .st{font-size:.85em;color:\(c(.strongs))}
            .mo{font-size:.85em;color:\(c(.morphology))}
            .gl{color:\(c(.gloss))}
            .tl{color:\(c(.translation));margin:.5em 0 0;overflow-wrap:anywhere}
            .tlw{color:\(c(.translation));font-weight:bold;overflow-wrap:anywhere}
            .under{display:flex;flex-wrap:wrap;gap:0 .6em}
            .ws{display:flex;flex-direction:column;min-width:0}
            .ws>*{overflow-wrap:anywhere}
            .mark{font-size:1.3em;color:\(c(.source))}
            .sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;\
            clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0;\
            -webkit-user-select:none;user-select:none}
            footer{margin-top:2em;font-size:.85em}
            """
    }
}
