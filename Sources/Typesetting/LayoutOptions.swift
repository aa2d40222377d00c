import InterlinearCorpus

/// What the typesetter varies on: width, size, visible tiers and spacing. All lengths are in points.
public struct LayoutOptions: Sendable, Equatable {
    public var width: Float = 390
    public var fontSize: Float = 17
    public var tiers: TierSet = .all
    /// Space left and right of the content.
    public var margin: Float = 8
    /// Horizontal space between word blocks, in ems of the source size.
    public var wordGap: Float = 0.6
    /// Space between the interlinear and translation columns.
    public var columnGap: Float = 16
    /// From this width on, the translation sits beside the interlinear column; below it, underneath.
    public var sideBySideMinimumWidth: Float = 600
    /// The interlinear column's share of the content width when side by side (gbible's 1.75 : 1.25).
    public var interlinearShare: Float = 1.75 / 3
    /// Which text leads: the source's words (the interlinear) or the translation's (the reverse interlinear).
    public var order: WordOrder = .source

    public init(width: Float = 390, fontSize: Float = 17, tiers: TierSet = .all) {
        self.width = width
        self.fontSize = fontSize
        self.tiers = tiers
    }

    /// Point size of a tier: non-Greek tiers are smaller, like gbible's "smaller non-Greek tiers".
    public func size(of tier: Tier) -> Float {
        switch tier {
        case .source: fontSize
        case .lemma: fontSize * 0.82
        case .transliteration, .gloss, .translation: fontSize * 0.82
        case .verse: fontSize * 0.82
        case .strongs, .morphology: fontSize * 0.7
        }
    }

    /// Whether the translation goes beside the interlinear column.
    public var sideBySide: Bool { width >= sideBySideMinimumWidth }
}
