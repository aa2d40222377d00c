import InterlinearCorpus
import InterlinearShaping

/// Text drawn beside a chapter's own labels (the overlay's captions and badges, a PDF's running header and page
/// numbers, the window's details pane): interned into a table that is not the chapter's, and shaped there. The
/// caller that owns the session supplies one (`ShapeCacheCaptions` over the session's shape cache) to what draws
/// captions (`ChapterRenderer`, `AccessibilityOverlay`, `ChapterPainter.drawCaption`); a `ChapterPainter` alone
/// draws labels, from runs and fonts only, so a render thread needs none. Used on the caller's thread only.
package protocol CaptionSource: AnyObject {
    /// The id of `text`, interned once.
    func intern(_ text: String) -> TextID
    /// The shaped run of an interned caption.
    func run(_ text: TextID) -> ShapedRun
    /// The advance, in ems, of `text` shaped as its run would be, without interning it: for measuring text that
    /// may not be drawn (a line being broken).
    func advance(of text: String) -> Float
    /// Calls `body` with the glyphs of one of this source's runs, valid during the call.
    func withGlyphs<R>(of run: ShapedRun, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> R) -> R
    /// The text of an interned caption.
    func text(_ id: TextID) -> String
}

/// Captions interned by `intern` (the session's `intern(_:)`) and shaped by `cache` (the session's shape cache,
/// whose table holds every id `intern` returns).
package final class ShapeCacheCaptions: CaptionSource {
    let cache: ShapeCache
    let interning: (String) -> TextID

    package init(cache: ShapeCache, intern: @escaping (String) -> TextID) {
        self.cache = cache
        interning = intern
    }

    package func intern(_ text: String) -> TextID { interning(text) }
    package func run(_ text: TextID) -> ShapedRun { cache.run(text) }
    package func advance(of text: String) -> Float { cache.advance(of: text) }
    package func withGlyphs<R>(of run: ShapedRun, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> R) -> R {
        cache.withGlyphs(of: run, body)
    }
    package func text(_ id: TextID) -> String { cache.strings[id] }
}
