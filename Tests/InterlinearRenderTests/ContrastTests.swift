import Foundation
import InterlinearCorpus
import InterlinearRender
import InterlinearTestSupport
import Testing

/// WCAG 2.2 contrast (success criterion 1.4.3, small text: 4.5:1) of every tier's colour against the page, for the
/// style `render` (PNG, SVG, PDF) and the window paint with (`WCAGContrast`: the standard's formula).
@Suite("Tier colours meet WCAG contrast")
struct ContrastTests {
    static func luminance(_ c: Colour) -> Double {
        WCAGContrast.luminance(red: c.red, green: c.green, blue: c.blue)
    }

    @Test(arguments: Tier.allCases)
    func everyTierMeetsFourPointFive(tier: Tier) {
        let style = PaintStyle.standard
        let colour = style.style(of: tier).colour
        #expect(colour.alpha == 1, "an opaque colour")
        let ratio = WCAGContrast.ratio(Self.luminance(colour), Self.luminance(style.background))
        #expect(ratio >= WCAGContrast.smallText, "\(tier.name): \(ratio):1")
    }

    /// The formula against WCAG's own figures: black on white is 21:1, and #767676 on white passes while #7A7A7A
    /// (the old Strong's and morphology grey) does not.
    @Test func formulaMatchesKnownValues() {
        let white = WCAGContrast.luminance(hex: 0xFFFFFF)
        #expect(abs(WCAGContrast.ratio(WCAGContrast.luminance(hex: 0), white) - 21) < 1e-9)
        #expect(WCAGContrast.ratio(WCAGContrast.luminance(hex: 0x767676), white) >= 4.5)
        #expect(WCAGContrast.ratio(WCAGContrast.luminance(hex: 0x7A7A7A), white) < 4.5)
    }
}
