import Foundation

/// WCAG 2.2's contrast ratio, computed here from the standard's definitions (relative luminance of sRGB), so the
/// tests of every painted or published colour check it against the standard, not against the code under test.
public enum WCAGContrast {
    /// Relative luminance of an sRGB colour, each component 0...1.
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        func channel(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// Relative luminance of `0xRRGGBB`.
    public static func luminance(hex: UInt32) -> Double {
        luminance(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter luminance over the darker.
    public static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// Small text's minimum (success criterion 1.4.3, level AA).
    public static let smallText = 4.5

    /// Small text's enhanced minimum (success criterion 1.4.6, level AAA; axe-core's color-contrast-enhanced).
    public static let enhancedSmallText = 7.0
}
