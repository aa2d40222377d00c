/// The rows of a word block, top to bottom, plus the verse number and the translation.
public enum Tier: UInt8, CaseIterable, Sendable, Codable {
    case verse, source, transliteration, strongs, morphology, gloss, translation
    /// The dictionary form (the Greek lemma; a Hebrew word's Strong's headword, issue 29). Last, so the raw values
    /// of the others (bits of `TierSet`) stay as they were; shown only when asked for (`--tiers …,lemma`).
    case lemma

    /// The name used on the command line and in JSON.
    public var name: String {
        switch self {
        case .verse: "verse"
        case .source: "source"
        case .transliteration: "transliteration"
        case .strongs: "strongs"
        case .morphology: "morphology"
        case .gloss: "gloss"
        case .translation: "translation"
        case .lemma: "lemma"
        }
    }

    public init?(name: String) {
        guard let tier = Tier.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = tier
    }

    /// The tiers stacked in a word block, in order.
    /// The lemma comes last, under the gloss, as it is last in `allCases` (the two orders agree).
    public static let blockTiers: [Tier] = [.source, .transliteration, .strongs, .morphology, .gloss, .lemma]

    /// Whether the tier is a row of a word block (not the verse number or the translation).
    @inlinable public var isBlockTier: Bool { self != .verse && self != .translation }
}

extension Word {
    /// The text a word shows in a block tier; nil for the verse number and the translation, which are not a word's.
    /// The one tier → field mapping: the typesetter, the terminal grid and the accessibility layer all read it.
    @inlinable
    public func text(_ tier: Tier) -> TextID? {
        switch tier {
        case .source: printed
        case .transliteration: transliteration
        case .strongs: strongs
        case .morphology: morphology
        case .gloss: gloss
        case .lemma: lemma
        case .verse, .translation: nil
        }
    }
}

/// A set of tiers, one bit each.
public struct TierSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ tiers: [Tier]) { self.init(rawValue: tiers.reduce(0) { $0 | 1 << $1.rawValue }) }

    @inlinable public func contains(_ tier: Tier) -> Bool { rawValue & (1 << tier.rawValue) != 0 }

    /// The tiers shown unless others are asked for: every block tier but the lemma, and the translation.
    public static let all = TierSet([.source, .transliteration, .strongs, .morphology, .gloss, .translation])

    /// Parses "source,gloss,translation"; nil names the first unknown tier through `unknown`.
    package static func parse(_ list: String) -> Result<TierSet, TierListError> {
        var tiers: [Tier] = []
        for name in list.split(separator: ",").map({ String($0).trimmingWhitespace() }) where !name.isEmpty {
            guard let tier = Tier(name: name), tier != .verse else { return .failure(TierListError(name: name)) }
            tiers.append(tier)
        }
        guard
            tiers.contains(.source) || tiers.contains(.transliteration) || tiers.contains(.gloss)
                || tiers.contains(.strongs) || tiers.contains(.morphology) || tiers.contains(.lemma)
        else { return .failure(TierListError(name: list)) }
        return .success(TierSet(tiers))
    }
}

/// An unknown or empty tier list.
package struct TierListError: Error, CustomStringConvertible {
    public let name: String
    public var description: String {
        "unknown tier '\(name)'; use a comma-separated list of at least one block tier from: "
            + (Tier.blockTiers + [.translation]).map(\.name).joined(separator: ", ")
    }
}
