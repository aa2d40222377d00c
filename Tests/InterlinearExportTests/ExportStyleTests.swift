import Foundation
import InterlinearCorpus
import InterlinearHTML
import InterlinearTestSupport
import Testing

/// WCAG 2.2 enhanced contrast (1.4.6, small text: 7:1) of every tier colour of the exported pages against their page
/// (`WCAGContrast`: the standard's formula). axe-core checks the rendered page too (HTMLExportTests).
@Suite("Export colours meet WCAG contrast")
struct PageStyleTests {
    @Test(arguments: Tier.allCases)
    func everyTierMeetsSevenToOne(tier: Tier) {
        let ratio = WCAGContrast.ratio(
            WCAGContrast.luminance(hex: PageStyle.colour(of: tier)),
            WCAGContrast.luminance(hex: PageStyle.background))
        #expect(ratio >= WCAGContrast.enhancedSmallText, "\(tier.name): \(ratio):1")
    }
}
