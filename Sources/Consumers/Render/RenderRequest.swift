import Foundation
import InterlinearTable

/// The file formats `ChapterRenderer` writes.
public enum RenderFormat: String, CaseIterable, Sendable {
    /// A bitmap at `RenderRequest.scale` pixels per point.
    case png
    /// Vector outlines of the exact glyphs, plus an invisible text layer of the labels (selectable, searchable).
    case svg
    /// Paginated, with real text (exact extraction), title, language and structure tags.
    case pdf
}

/// What to render: format, which cells, at what scale or on what paper, with or without the overlay.
public struct RenderRequest: Sendable {
    public var format: RenderFormat
    /// The cells (verses) to show; clamped to the chapter.
    public var cells: Range<Int>
    /// Pixels per point (PNG only).
    public var scale: Double = 2
    /// Page size and margin in points (PDF only).
    package var paper: Paper = .a4
    public var margin: Double = PageFrame.defaultMargin
    /// Draw the accessibility overlay (`AccessibilityOverlay`).
    public var overlay = false
    /// The document title (PDF metadata, SVG title, running header), e.g. "John 1".
    public var title: String

    public init(format: RenderFormat, cells: Range<Int>, title: String) {
        self.format = format
        self.cells = cells
        self.title = title
    }
}

/// A rendered document, not yet written anywhere.
public struct RenderResult {
    public var data: Data
    /// Pixels (PNG) or points (SVG; a PDF's page size).
    public var width: Int
    public var height: Int
    /// The chapter slices shown: one per PDF page, one for PNG and SVG.
    package var pages: [PageSlice]
    /// The overlay's frames, in focus order (empty without the overlay).
    public var overlayFrames: [OverlayFrame]
    /// .notdef glyphs drawn as boxes.
    public var missingGlyphs: Int
}
