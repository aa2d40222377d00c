import InterlinearCorpus
import InterlinearNotes
import InterlinearTestSupport
import Testing

@testable import InterlinearWeb

/// WCAG 2.2 contrast of every theme's colours against its page (`WCAGContrast`: the standard's formula): text 7:1
/// (1.4.6, enhanced: what axe-core's color-contrast-enhanced checks), borders 3:1 (1.4.11).
@Suite("Web themes meet enhanced contrast")
struct WebStyleTests {
    static let themes: [(String, WebAssets.Theme)] = [
        ("light", WebAssets.light), ("dark", WebAssets.dark), ("contrast", WebAssets.contrastLight),
        ("contrast-dark", WebAssets.contrastDark),
    ]

    static func ratio(_ a: UInt32, _ b: UInt32) -> Double {
        WCAGContrast.ratio(WCAGContrast.luminance(hex: a), WCAGContrast.luminance(hex: b))
    }

    @Test("Every text colour of every theme is at least 7:1, every border 3:1")
    func contrast() {
        for (name, theme) in Self.themes {
            var texts: [(String, UInt32)] = [("text", theme.text), ("link", theme.link)]
            for tier in Tier.allCases { texts.append((tier.name, theme.tiers[tier] ?? theme.text)) }
            for (what, colour) in texts {
                let ratio = Self.ratio(colour, theme.background)
                #expect(ratio >= 7, "\(name) \(what): \(ratio):1")
            }
            #expect(Self.ratio(theme.border, theme.background) >= 3, "\(name) border")
            // A highlight's words are the theme's text on the highlight's colour: 7:1 too (asked: 4.5:1).
            #expect(theme.highlights.count == HighlightColor.allCases.count, "\(name) highlights")
            for (color, background) in theme.highlights {
                let ratio = Self.ratio(theme.text, background)
                #expect(ratio >= 7, "\(name) highlight \(color): \(ratio):1")
            }
        }
    }

    @Test("The style sheet sets each theme's properties, and follows the reader's preferences")
    func sheet() {
        let sheet = WebAssets.style
        for (_, theme) in Self.themes { #expect(sheet.contains(theme.properties)) }
        #expect(sheet.contains("prefers-color-scheme:dark") && sheet.contains("prefers-contrast:more"))
        #expect(sheet.contains("forced-colors:active"))
    }
}
