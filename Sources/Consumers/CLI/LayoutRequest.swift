import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTypesetting

/// The layout options (`LayoutSettings`) as plain values, without ArgumentParser's property wrappers: what the
/// engine reads, and what `ArgumentShortcut` fills in directly. Making a command's wrappers (each `@Option` builds
/// its names into a `Set`, each generic wrapper type is instantiated at first use) made the Swift runtime scan every
/// protocol conformance record twice, a visible part of a warm `typeset "John 1"` (benchmark `typeset-warm`,
/// docs/performance.md). The checks live here, so both parses check alike.
struct LayoutValues: Equatable {
    var width = LayoutSettings.defaultWidth
    var fontSize = LayoutSettings.defaultFontSize
    var tiers = LayoutSettings.defaultTiers
    var font = LayoutSettings.defaultFont
    var corpus: String?
    var hebrewMarks = HebrewMarks.all
    var noCache = false
    var translation = LayoutSettings.defaultTranslation
    /// `--order`: which text leads (set by the commands that take the option; source order otherwise).
    var order = WordOrder.source

    /// Every value in its range, with one line saying what is expected when not.
    func validate() throws {
        guard width.isFinite, LayoutSettings.widthRange.contains(width) else {
            throw ValidationError("--width must be between 100 and 10000 points, got \(width.plainText)")
        }
        guard fontSize.isFinite, LayoutSettings.fontSizeRange.contains(fontSize) else {
            throw ValidationError("--font-size must be between 6 and 96 points, got \(fontSize.plainText)")
        }
        _ = try TierList.parse(tiers)
        // Bounded before fontconfig sees it: a family name is a short line of text.
        guard (1...LayoutSettings.maximumFontNameBytes).contains(font.utf8.count),
            !font.unicodeScalars.contains(where: EscapedText.needsEscape)
        else {
            throw ValidationError(
                "--font must name a font family in 1 to \(LayoutSettings.maximumFontNameBytes) bytes without "
                    + "control characters (`fc-list : family` lists them)")
        }
        try TranslationChoice.validate(translation)
        // Paths go to open(2) and SQLite: longer than PATH_MAX cannot name a file.
        if let corpus, corpus.utf8.count >= Int(PATH_MAX) {
            throw ValidationError("--corpus is \(corpus.utf8.count) bytes long; a path is shorter than \(PATH_MAX)")
        }
    }

    /// The layout options the validated values give.
    func layoutOptions() throws -> LayoutOptions {
        var options = LayoutOptions(width: Float(width), fontSize: Float(fontSize), tiers: try TierList.parse(tiers))
        options.order = order
        return options
    }

    /// Whether and where the session keeps its caches (`--no-cache`, `$INTERLINEAR_CACHE`, `$XDG_CACHE_HOME`).
    var cachePolicy: CachePolicy { CachePolicy(noCache: noCache) }
}

/// `LayoutArguments` as plain values: the reference and the layout options.
struct LayoutRequest: Equatable {
    var reference: String
    var settings = LayoutValues()

    var font: String { settings.font }
    var corpus: String? { settings.corpus }
    var hebrewMarks: HebrewMarks { settings.hebrewMarks }
    var translation: String { settings.translation }

    /// The reference names a chapter or verses of one (the options are `settings.validate()`'s).
    func validate() throws {
        _ = try passage()
    }

    /// The passage the reference names, or a usage error (`parseReference`).
    func passage() throws -> Passage { try parseReference(reference) }

    func layoutOptions() throws -> LayoutOptions { try settings.layoutOptions() }

    func chapterReference() throws -> ChapterReference { try parseReference(reference).chapter }

    var cachePolicy: CachePolicy { settings.cachePolicy }
}
