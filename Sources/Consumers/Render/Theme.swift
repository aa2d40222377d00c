import InterlinearCorpus

/// The window's themes: the chapter's `PaintStyle` and the colours of what the window draws around it (status bar,
/// details pane, help overlay, search hits). Every text colour here is at least 4.5:1 against the background it is
/// drawn on (WCAG 2.2, 1.4.3), in every theme: `ThemeContrastTests` computes each ratio. The light theme is the
/// render's own look (`PaintStyle.standard`), so a window and a PNG of the same chapter match.
public struct Theme: Sendable, Equatable {
    public enum Name: String, Sendable, CaseIterable {
        case light, dark
        case highContrast = "high-contrast"
    }

    public var name: Name
    public var paint: PaintStyle
    /// The status bar, the details pane and the help overlay: a background, its text, a rule above it.
    public var bar: Colour
    public var barText: Colour
    public var barRule: Colour
    /// The prompt being typed in the status bar (on `bar`).
    public var prompt: Colour
    /// The outline drawn around a search hit (outside the word: it never lies under text).
    public var hit: Colour

    public static func named(_ name: Name) -> Theme {
        switch name {
        case .light: light
        case .dark: dark
        case .highContrast: highContrast
        }
    }

    /// Every theme, in `Name` order.
    public static var all: [Theme] { Name.allCases.map(named) }

    public static let light = Theme(
        name: .light, paint: .standard, bar: Colour(hex: 0xECE8E1), barText: Colour(hex: 0x222222),
        barRule: Colour(hex: 0xC8C2B8), prompt: Colour(hex: 0x1558B0), hit: Colour(hex: 0xB35C00))

    public static let dark = Theme(
        name: .dark,
        paint: PaintStyle(
            tiers: Tier.allCases.map { tier in
                switch tier {
                case .verse: TierStyle(colour: Colour(hex: 0xFF8A80))
                case .source: TierStyle(colour: Colour(hex: 0xEEEEEE))
                case .lemma: TierStyle(colour: Colour(hex: 0xE0CFB5))  // light brown, as the light theme's dark brown
                case .transliteration: TierStyle(colour: Colour(hex: 0xD7C4A8), slant: 0.2)
                case .strongs, .morphology: TierStyle(colour: Colour(hex: 0xA8A8A8))
                case .gloss: TierStyle(colour: Colour(hex: 0x8AB4F8))
                case .translation: TierStyle(colour: Colour(hex: 0xDDDDDD))
                }
            },
            background: Colour(hex: 0x1E1E1E), rule: Colour(hex: 0x444444), ruleWidth: 0.5,
            missingGlyph: Colour(hex: 0xFF6E6E), focus: Colour(hex: 0x8AB4F8)),
        bar: Colour(hex: 0x2B2B2B), barText: Colour(hex: 0xE6E6E6), barRule: Colour(hex: 0x4A4A4A),
        prompt: Colour(hex: 0x8AB4F8), hit: Colour(hex: 0xFFB74D))

    public static let highContrast = Theme(
        name: .highContrast,
        paint: PaintStyle(
            tiers: Tier.allCases.map { tier in
                switch tier {
                case .verse: TierStyle(colour: Colour(hex: 0xFFFF00))
                case .transliteration: TierStyle(colour: Colour(hex: 0xFFFFFF), slant: 0.2)
                case .gloss: TierStyle(colour: Colour(hex: 0x00FFFF))
                default: TierStyle(colour: Colour(hex: 0xFFFFFF))
                }
            },
            background: Colour(hex: 0x000000), rule: Colour(hex: 0xFFFFFF), ruleWidth: 1,
            missingGlyph: Colour(hex: 0xFF4040), focus: Colour(hex: 0xFFFF00)),
        bar: Colour(hex: 0x000000), barText: Colour(hex: 0xFFFFFF), barRule: Colour(hex: 0xFFFFFF),
        prompt: Colour(hex: 0xFFFF00), hit: Colour(hex: 0x00FF00))
}
