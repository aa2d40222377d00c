import InterlinearCorpus

/// Where printed pages begin in a chapter's text, for an EPUB page list (the exporter computes them from the PDF's
/// pagination, `PageMarks(layout:frame:prefix:)` in InterlinearExport); empty for a web page.
public struct PageMarks: Sendable {
    /// Where a page begins.
    public enum Place: Hashable, Sendable {
        case verse(VerseIndex)
        /// A word's stack; in English order (`ChapterDocument.order`), the English word's, its token's offset.
        case word(VerseIndex, WordOffset)
        case translation(VerseIndex)
    }

    /// Page labels ("1", "2", …) by the place their page begins; every place holds at most one page.
    public private(set) var labels: [Place: [String]] = [:]
    /// Every page label, in order.
    public private(set) var pages: [String] = []

    public init() {}

    /// Adds the next page, labelled `label`, beginning at `place`.
    public mutating func add(_ label: String, at place: Place) {
        pages.append(label)
        labels[place, default: []].append(label)
    }

    /// The labels of the pages that begin at `place`.
    public func pages(at place: Place) -> [String] { labels[place] ?? [] }
}
