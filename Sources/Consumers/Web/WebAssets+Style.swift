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
        PageStyle.css + "\n" + themes + "\n" + tierColours + "\n" + live + "\n" + notes + "\n" + tierSwitches

    /// A theme's colours, by custom property.
    struct Theme: Sendable {
        let background: UInt32
        /// Text, and a tier's colour by the class its spans carry.
        let text: UInt32
        let tiers: [Tier: UInt32]
        let link: UInt32
        let border: UInt32
        /// A highlight's background by its colour, under the theme's text.
        let highlights: [HighlightColor: UInt32]

        var properties: String {
            var out = "--bg:\(PageStyle.hex(background));--fg:\(PageStyle.hex(text));"
            for tier in Tier.allCases {
                out += "--\(PageStyle.className(of: tier)):\(PageStyle.hex(tiers[tier] ?? text));"
            }
            for color in HighlightColor.allCases {
                out += "--hl-\(color.rawValue):\(PageStyle.hex(highlights[color] ?? background));"
            }
            return out + "--link:\(PageStyle.hex(link));--border:\(PageStyle.hex(border))"
        }
    }

    static let light = Theme(
        background: 0xFFFFFF, text: 0x1A1A1A,
        tiers: [
            .verse: 0x8A1C17, .source: 0x111111, .transliteration: 0x4F3F2F, .strongs: 0x555555,
            .morphology: 0x555555, .gloss: 0x1A467A, .translation: 0x1A1A1A, .lemma: 0x43342A,
        ], link: 0x0A4A8A, border: 0x767676, highlights: lightHighlights)

    static let dark = Theme(
        background: 0x121212, text: 0xE8E8E8,
        tiers: [
            .verse: 0xFFA89E, .source: 0xFFFFFF, .transliteration: 0xE6CFAE, .strongs: 0xBDBDBD,
            .morphology: 0xBDBDBD, .gloss: 0xA9CDFF, .translation: 0xE8E8E8, .lemma: 0xE3D2B8,
        ], link: 0x9ECBFF, border: 0x8C8C8C, highlights: darkHighlights)

    /// High contrast: black on white, links navy.
    static let contrastLight = Theme(
        background: 0xFFFFFF, text: 0x000000, tiers: [:], link: 0x000080, border: 0x000000,
        highlights: lightHighlights)

    /// High contrast on a dark page: white on black, links yellow.
    static let contrastDark = Theme(
        background: 0x000000, text: 0xFFFFFF, tiers: [:], link: 0xFFFF00, border: 0xFFFFFF,
        highlights: darkHighlights)

    /// Highlights on a light page: pale, under dark text.
    static let lightHighlights: [HighlightColor: UInt32] = [
        .yellow: 0xFFF0A0, .green: 0xCDEFCB, .blue: 0xD2E4FF, .pink: 0xFFD6E5,
    ]
    /// Highlights on a dark page: deep, under light text.
    static let darkHighlights: [HighlightColor: UInt32] = [
        .yellow: 0x4D3F00, .green: 0x1D4426, .blue: 0x1A3560, .pink: 0x5E1E3E,
    ]

    static let themes = """
        :root{\(light.properties);color-scheme:light}
        @media (prefers-color-scheme:dark){:root:not([data-theme]){\(dark.properties);color-scheme:dark}}
        @media (prefers-contrast:more){:root:not([data-theme]){\(contrastLight.properties);color-scheme:light}}
        @media (prefers-contrast:more) and (prefers-color-scheme:dark){:root:not([data-theme]){\
        \(contrastDark.properties);color-scheme:dark}}
        :root[data-theme=light]{\(light.properties);color-scheme:light}
        :root[data-theme=dark]{\(dark.properties);color-scheme:dark}
        :root[data-theme=contrast]{\(contrastLight.properties);color-scheme:light}
        :root[data-theme=contrast-dark]{\(contrastDark.properties);color-scheme:dark}
        """

    /// The exported sheet's fixed colours replaced by the theme's.
    static var tierColours: String {
        var out = "html{background:var(--bg);color:var(--fg)}\nh2{color:var(--vn)}\n"
        for tier in Tier.blockTiers + [.translation] {
            let name = PageStyle.className(of: tier)
            out += ".\(name){color:var(--\(name))}\n"
        }
        return out
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
            return ".hide-\(name) .w>.\(name),.hide-\(name) .verse>.\(name){display:none}"
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
        .pager{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5em 1em;margin:1em 0}
        .reading,.pager.bottom,footer{overflow-anchor:none}
        details.def{font-size:.85em;max-width:24em}
        details.def>summary{color:var(--link);text-decoration:underline;text-underline-offset:.15em}
        details.def>summary,details.def>a{box-sizing:border-box;min-height:24px;padding:.25em 0}
        details.def>a{display:inline-block}
        .def-body{border-left:2px solid var(--border);padding-left:.5em;overflow-wrap:anywhere}
        details.codes{margin:.4em 0 .8em}
        .code-list{columns:18em;padding-left:1.2em}
        .code{font-family:ui-monospace,monospace;margin-right:.3em}
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
