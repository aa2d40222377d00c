import InterlinearCorpus

/// The pages' colour themes, one set for the exported page and the web reader (one HTML vocabulary): light by
/// default, dark where the reader's system prefers it (`prefers-color-scheme`), black and white where it asks for
/// more contrast (`prefers-contrast`), or the theme the reader chose on the page. Every text colour of every theme
/// is at least 7:1 against its page (WCAG 2.2 1.4.6, enhanced contrast: the smallest tiers too), borders at least
/// 3:1 (1.4.11); the tests compute each ratio.
package struct PageTheme: Sendable {
    /// The name a page's switch and `data-theme` use.
    package let name: String
    /// What the page's switch says.
    package let label: String
    package let background: UInt32
    /// Text, and a tier's colour by the class its spans carry.
    package let text: UInt32
    package let tiers: [Tier: UInt32]
    package let link: UInt32
    package let border: UInt32
    /// Light text on a dark page.
    package let isDark: Bool

    /// The theme's custom properties: `--bg`, `--fg`, one per tier class, `--link`, `--border`.
    package var properties: String {
        var out = "--bg:\(PageStyle.hex(background));--fg:\(PageStyle.hex(text));"
        for tier in Tier.allCases {
            out += "--\(PageStyle.className(of: tier)):\(PageStyle.hex(tiers[tier] ?? text));"
        }
        return out + "--link:\(PageStyle.hex(link));--border:\(PageStyle.hex(border))"
    }

    package static let light = PageTheme(
        name: "light", label: "Light", background: 0xFFFFFF, text: 0x1A1A1A,
        tiers: [
            .verse: 0x8A1C17, .source: 0x111111, .transliteration: 0x4F3F2F, .strongs: 0x555555,
            .morphology: 0x555555, .gloss: 0x1A467A, .translation: 0x1A1A1A, .lemma: 0x43342A,
        ], link: 0x0A4A8A, border: 0x767676, isDark: false)

    package static let dark = PageTheme(
        name: "dark", label: "Dark", background: 0x121212, text: 0xE8E8E8,
        tiers: [
            .verse: 0xFFA89E, .source: 0xFFFFFF, .transliteration: 0xE6CFAE, .strongs: 0xBDBDBD,
            .morphology: 0xBDBDBD, .gloss: 0xA9CDFF, .translation: 0xE8E8E8, .lemma: 0xE3D2B8,
        ], link: 0x9ECBFF, border: 0x8C8C8C, isDark: true)

    /// High contrast: black on white, links navy.
    package static let contrastLight = PageTheme(
        name: "contrast", label: "High contrast", background: 0xFFFFFF, text: 0x000000, tiers: [:],
        link: 0x000080, border: 0x000000, isDark: false)

    /// High contrast on a dark page: white on black, links yellow.
    package static let contrastDark = PageTheme(
        name: "contrast-dark", label: "High contrast, dark", background: 0x000000, text: 0xFFFFFF, tiers: [:],
        link: 0xFFFF00, border: 0xFFFFFF, isDark: true)

    package static let all = [light, dark, contrastLight, contrastDark]

    /// The themes as rules: the reader's preferences while the page sets no `data-theme`, then each theme by its
    /// `data-theme` (the web reader's script sets it) and, with `switchable`, by the page's own radio buttons
    /// (`switchMarkup`, no script: an exported page works with JavaScript off). `extra` adds a theme's further
    /// properties (the web reader's highlight colours).
    package static func sheet(switchable: Bool = false, extra: (PageTheme) -> String = { _ in "" }) -> String {
        func rule(_ theme: PageTheme) -> String {
            "\(theme.properties)\(extra(theme));color-scheme:\(theme.isDark ? "dark" : "light")"
        }
        var out = """
            :root{\(rule(light))}
            @media (prefers-color-scheme:dark){:root:not([data-theme]){\(rule(dark))}}
            @media (prefers-contrast:more){:root:not([data-theme]){\(rule(contrastLight))}}
            @media (prefers-contrast:more) and (prefers-color-scheme:dark){:root:not([data-theme]){\
            \(rule(contrastDark))}}

            """
        for theme in all { out += ":root[data-theme=\(theme.name)]{\(rule(theme))}\n" }
        if switchable {
            for theme in all { out += ":root:has(#theme-\(theme.name):checked){\(rule(theme))}\n" }
        }
        return out + tierColours
    }

    /// The exported sheet's fixed colours replaced by the theme's.
    static var tierColours: String {
        var out = "html{background:var(--bg);color:var(--fg)}\nh2{color:var(--vn)}\n"
        for tier in Tier.blockTiers + [.translation] {
            let name = PageStyle.className(of: tier)
            out += ".\(name){color:var(--\(name))}\n"
        }
        // The reverse interlinear's English words and marks (`ChapterDocument+EnglishOrder`).
        out += ".tlw{color:var(--tl)}\n.mark{color:var(--src)}\n"
        return out + ".theme{border:1px solid var(--border);display:flex;flex-wrap:wrap;gap:.2em 1em;margin:.6em 0}"
    }

    /// The exported page's theme switch: a radio group, "Automatic" (the reader's system preferences) checked.
    package static var switchMarkup: String {
        var out = "<fieldset class=\"theme\"><legend>Colours</legend>\n"
        out += "<label><input type=\"radio\" name=\"theme\" id=\"theme-auto\" checked=\"checked\"/> Automatic</label>\n"
        for theme in all {
            out += "<label><input type=\"radio\" name=\"theme\" id=\"theme-\(theme.name)\"/> \(theme.label)</label>\n"
        }
        return out + "</fieldset>\n"
    }
}
