import Foundation
import InterlinearCorpus
import InterlinearRender
import Testing

/// WCAG 2.2 contrast (1.4.3, 4.5:1 for text) of every colour text is drawn in, in every theme: each tier on the
/// page, and the status bar's, pane's and prompt's text on the bar. Computed here from the sRGB definition of
/// relative luminance, not by the code under test.
@Suite struct ThemeContrastTests {
    /// Relative luminance of an sRGB colour (WCAG 2.2, "relative luminance").
    func luminance(_ c: Colour) -> Double {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    func contrast(_ a: Colour, _ b: Colour) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test(arguments: Theme.Name.allCases) func everyTextColourIsAtLeast4point5To1(name: Theme.Name) {
        let theme = Theme.named(name)
        for tier in Tier.allCases {
            let ratio = contrast(theme.paint.style(of: tier).colour, theme.paint.background)
            #expect(ratio >= 4.5, "\(name) \(tier): \(ratio)")
        }
        for (what, colour) in [
            ("status text", theme.barText), ("prompt", theme.prompt),
            ("pane word", theme.paint.style(of: .source).colour),
        ] {
            #expect(contrast(colour, theme.bar) >= 4.5, "\(name) \(what): \(contrast(colour, theme.bar))")
        }
        // The focus ring and search outlines are not text: WCAG 1.4.11 asks 3:1 against the page.
        #expect(contrast(theme.paint.focus, theme.paint.background) >= 3, "\(name) focus ring")
        #expect(contrast(theme.hit, theme.paint.background) >= 3, "\(name) search outline")
    }

    /// `render` (PNG, SVG, PDF) paints with the standard style: the light theme's.
    @Test func theRendersStyleIsTheLightTheme() {
        #expect(Theme.light.paint == PaintStyle.standard)
        #expect(
            abs(contrast(Colour(hex: 0x767676), Colour(hex: 0xFFFFFF)) - 4.54) < 0.01,
            "the formula, checked on WCAG's grey")
        #expect(
            contrast(Colour(hex: 0x7A7A7A), Colour(hex: 0xFFFFFF)) < 4.5,
            "the old Strong's grey fails, as the issue says")
    }
}
