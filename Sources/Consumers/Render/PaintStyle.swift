import InterlinearCorpus
import InterlinearTypesetting

/// An sRGB colour with alpha, each component 0...1.
public struct Colour: Sendable, Equatable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
}

/// How one tier's labels are drawn. Sizes are not here: they come from the layout (`LayoutOptions.size(of:)`), so
/// what is drawn fills exactly the frame the typesetter measured.
public struct TierStyle: Sendable, Equatable {
    public var colour: Colour
    /// Horizontal shear of the glyphs (0.2 ≈ 11°): a slanted face drawn from the upright font file, because the
    /// glyph ids of the shaped run belong to that file and an italic file would have other glyphs.
    public var slant: Double

    public init(colour: Colour, slant: Double = 0) {
        self.colour = colour
        self.slant = slant
    }
}

/// The look of a painted chapter: one style per tier, the page and rule colours, and what extras to draw.
/// The default follows printed interlinears: the Greek largest and black, transliteration italic, Strong's and
/// morphology small and grey (every tier at least 4.5:1 on the page, WCAG 2.2), the gloss in a second colour, verse numbers in the rubric red, the translation in
/// plain dark text, and hairlines between verses.
public struct PaintStyle: Sendable, Equatable {
    /// Indexed by `Tier.rawValue`.
    public var tiers: [TierStyle]
    public var background: Colour
    /// The hairline between verses; nil draws none.
    public var rule: Colour?
    public var ruleWidth: Double
    /// The box drawn for a glyph no installed font has (.notdef).
    public var missingGlyph: Colour
    /// The focus ring (`FocusRing`).
    public var focus: Colour

    /// Traps unless `tiers` has one style per tier, in `Tier` order.
    public init(
        tiers: [TierStyle], background: Colour, rule: Colour?, ruleWidth: Double, missingGlyph: Colour,
        focus: Colour
    ) {
        precondition(tiers.count == Tier.allCases.count, "one style per tier")
        self.tiers = tiers
        self.background = background
        self.rule = rule
        self.ruleWidth = ruleWidth
        self.missingGlyph = missingGlyph
        self.focus = focus
    }

    /// The style of a tier.
    @inline(__always)
    public func style(of tier: Tier) -> TierStyle { tiers[Int(tier.rawValue)] }

    /// The printed-interlinear look on white paper.
    public static let standard = PaintStyle(
        tiers: Tier.allCases.map { tier in
            switch tier {
            case .verse: TierStyle(colour: Colour(hex: 0xA31F1A))  // rubric red
            case .source: TierStyle(colour: Colour(hex: 0x111111))
            case .lemma: TierStyle(colour: Colour(hex: 0x4A3A2A))  // dark brown: 10.9:1 on white
            case .transliteration: TierStyle(colour: Colour(hex: 0x5A4A3A), slant: 0.2)
            // #767676 is the lightest grey with 4.5:1 on white (WCAG 2.2 small text); #7A7A7A had 4.29:1.
            case .strongs: TierStyle(colour: Colour(hex: 0x767676))
            case .morphology: TierStyle(colour: Colour(hex: 0x767676))
            case .gloss: TierStyle(colour: Colour(hex: 0x1D4E89))  // blue, as in two-colour interlinears
            case .translation: TierStyle(colour: Colour(hex: 0x222222))
            }
        },
        background: Colour(hex: 0xFFFFFF),
        rule: Colour(hex: 0xC8C2B8),
        ruleWidth: 0.5,
        missingGlyph: Colour(hex: 0xD0021B),
        focus: Colour(hex: 0x1A73E8))
}
