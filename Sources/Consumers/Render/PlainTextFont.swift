import CCairo
import InterlinearShaping

/// One font for text cairo draws without shaping (`cairo_show_text`, `cairo_text_extents`): the window's status
/// line, details pane and help. Its file is found by the project's own font chain (`FontChain`: the font cache
/// remembers it, so a warm start asks fontconfig nothing) and opened in FreeType with cairo-ft, as the chapter's
/// fonts are (`FontFaces`). cairo's toy font API (`cairo_select_font_face`) found the same file by starting
/// fontconfig in full inside cairo, before the first frame.
///
/// Drawn as the toy API drew it under fontconfig's stock configuration (Debian's `10-hinting-slight.conf`, and
/// `20-unhint-small-dejavu-sans.conf` below 7.5 pixels): slight hinting, none at small sizes, unless the context's
/// own font options already choose a hint style (cairo lets those win over the font's, and so does this).
public final class PlainTextFont {
    /// The family as the font chain found it.
    public let family: String
    private let faces: FontFaces
    /// Scratch options for `select`, reused.
    private let options: OpaquePointer

    /// Throws `FontError` when `family` is not installed, `RenderError` when cairo is missing or the file cannot be
    /// opened. `cacheDirectory` is the session's cache folder (`CachePolicy.directory`), nil for none.
    public init(family: String, cacheDirectory: String?) throws {
        let chain = try FontChain(family: family, hebrewFamily: nil, cacheDirectory: cacheDirectory)
        faces = try FontFaces(chain: chain)
        guard let options = cairo_font_options_create() else { throw RenderError("cairo cannot allocate font options") }
        self.family = family
        self.options = options
    }

    deinit { cairo_font_options_destroy(options) }

    /// Makes the font current on `cr` at `size` user-space units; `pixelsPerUnit` is the context's scale (for the
    /// small-size rule).
    public func select(into cr: OpaquePointer, size: Double, pixelsPerUnit: Double) {
        cairo_set_font_face(cr, faces.face(at: 0))
        cairo_set_font_size(cr, size)
        cairo_get_font_options(cr, options)
        if size * pixelsPerUnit < Self.unhintedBelow {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        } else if cairo_font_options_get_hint_style(options) == CAIRO_HINT_STYLE_DEFAULT {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        } else {
            return
        }
        cairo_set_font_options(cr, options)
    }

    /// The pixel size below which fontconfig's stock configuration turns DejaVu Sans's hinting off.
    static let unhintedBelow = 7.5
}
