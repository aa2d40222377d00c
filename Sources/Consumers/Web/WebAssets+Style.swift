import InterlinearCorpus
import InterlinearHTML
import InterlinearNotes

/// The web reader's two files, built into the binary (nothing is read from the disk): the style sheet and the
/// script (`WebAssets+Script.swift`).
enum WebAssets {
    /// The exported pages' sheet (`PageStyle.css`: the same layout, sizes in `em`, words that wrap at 320 CSS px),
    /// then the themes as custom properties — light by default, dark with `prefers-color-scheme: dark`, black and
    /// white with `prefers-contrast: more`, or the reader's choice (`data-theme`, set by the script) — and what the
    /// live pages add (the banner, forms, disclosures, focus). Every text colour of every theme is at least 7:1
    /// against its page (WCAG 2.2 1.4.6, enhanced contrast; `WebStyleTests` computes each ratio), borders at least
    /// 3:1 (1.4.11). An open define disclosure's summary and link, one above the other, are each at least 24 CSS px
    /// tall (2.5.8, target size: axe-core's `target-size` fails them at 18 px with the link straight below).
    static let style: String =
        PageStyle.css + "\n" + themes + "\n" + live + "\n" + notes + "\n" + tierSwitches

    /// The pages' themes (`PageTheme`, shared with the exported page); the web reader adds highlight colours.
    typealias Theme = PageTheme
    static let light = PageTheme.light
    static let dark = PageTheme.dark
    static let contrastLight = PageTheme.contrastLight
    static let contrastDark = PageTheme.contrastDark

    /// Highlights on a light page: pale, under dark text.
    static let lightHighlights: [HighlightColor: UInt32] = [
        .yellow: 0xFFF0A0, .green: 0xCDEFCB, .blue: 0xD2E4FF, .pink: 0xFFD6E5,
    ]
    /// Highlights on a dark page: deep, under light text.
    static let darkHighlights: [HighlightColor: UInt32] = [
        .yellow: 0x4D3F00, .green: 0x1D4426, .blue: 0x1A3560, .pink: 0x5E1E3E,
    ]

    /// The themes' rules, each theme with its highlight colours.
    static let themes = PageTheme.sheet { theme in
        HighlightColor.allCases.map { color in
            ";--hl-\(color.rawValue):\(PageStyle.hex(theme.highlights[color] ?? theme.background))"
        }.joined()
    }

    /// The notes pages: each highlight's colour under the theme's text, the list, the forms.
    static var notes: String {
        var out = ""
        for color in HighlightColor.allCases {
            out += "mark.hl-\(color.rawValue){background:var(--hl-\(color.rawValue));color:var(--fg)}\n"
        }
        return out + """
            textarea{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--border);\
            border-radius:3px;padding:.2em .4em;max-width:100%}
            .notes{padding-left:1.2em}
            .note{margin:.6em 0}
            .note p{margin:.2em 0}
            .note-actions{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center}
            .note-actions form{display:inline}
            .note-form fieldset{border:1px solid var(--border);display:flex;flex-wrap:wrap;gap:.2em 1em}
            .problem,.done{border-left:3px solid var(--border);padding-left:.5em}
            @media (forced-colors:active){mark{forced-color-adjust:none;background:Mark;color:MarkText}}
            """
    }

    /// The tier switches' effect (`hide-tr` on the root hides the transliteration tier).
    static var tierSwitches: String {
        (Tier.blockTiers + [.translation]).map {
            let name = PageStyle.className(of: $0)
            return ".hide-\(name) .w>.\(name),.hide-\(name) .ws>.\(name),.hide-\(name) .verse>.\(name){display:none}"
        }.joined(separator: "\n")
    }

    /// The live page's own rules. Scroll anchoring is off for the chapters (the script keeps the view still itself
    /// when it removes one above) and for what follows them: at the foot of the page the browser anchored to the
    /// footer, so each chapter appended above it scrolled the reader into that chapter, the next was appended, and
    /// the page ran through the Bible by itself (found loading `/read/John.1#John.1.51`).
    static let live = """
        body{max-width:60em}
        a{color:var(--link);text-underline-offset:.15em}
        :focus-visible{outline:3px solid var(--link);outline-offset:2px}
        .skip{position:absolute;left:-999em;top:.5em;background:var(--bg);padding:.3em .6em}
        .skip:focus{left:1em;z-index:2}
        header.site{display:flex;flex-wrap:wrap;gap:.6em 1.6em;align-items:flex-start;padding:.6em 0;\
        border-bottom:1px solid var(--border)}
        .brand{font-weight:bold;margin:.2em 0}
        header form{display:flex;flex-wrap:wrap;gap:.3em;align-items:center;max-width:24em}
        input,button,select{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--border);\
        border-radius:3px;padding:.2em .4em}
        button,summary{cursor:pointer}
        .hint{flex-basis:100%;font-size:.85em}
        nav.order ul{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:.2em 1.2em}
        nav.order a[aria-current]{font-weight:bold}
        .pager{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5em 1em;margin:1em 0}
        .reading,.pager.bottom,footer{overflow-anchor:none}
        details.def{font-size:.85em;max-width:24em}
        details.def>summary{color:var(--link);text-decoration:underline;text-underline-offset:.15em}
        details.def>summary,details.def>a{box-sizing:border-box;min-height:24px;padding:.25em 0}
        details.def>a{display:inline-block}
        .def-body{border-left:2px solid var(--border);padding-left:.5em;overflow-wrap:anywhere}
        .settings{margin:.2em 0}
        .settings fieldset{border:1px solid var(--border);margin:.4em 0;display:flex;flex-wrap:wrap;gap:.2em 1em}
        .settings label{white-space:nowrap}
        .books{columns:11em;padding-left:1.2em}
        .books li,.hits li{padding:.2em 0}
        .ctx{margin-left:.4em}
        .hit-gloss{margin-left:.4em;font-style:italic}
        dl.word,dl.entry{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}
        dl.word dd,dl.entry dd{margin:0;overflow-wrap:anywhere}
        footer{border-top:1px solid var(--border)}
        @media (forced-colors:active){details.def>summary,a{color:LinkText}}
        """
}

extension PageTheme {
    /// A highlight's background by its colour, under the theme's text: pale on a light page, deep on a dark one.
    var highlights: [HighlightColor: UInt32] { isDark ? WebAssets.darkHighlights : WebAssets.lightHighlights }
}
