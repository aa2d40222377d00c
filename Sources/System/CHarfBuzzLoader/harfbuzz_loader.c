// HarfBuzz, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// libharfbuzz and what it needs (glib, graphite2, pcre2) cost every `interlinear` process their loading and
// relocating (benchmark `typeset-warm`) (Debian links it `-z now`: 261 symbol bindings of its own, 249 of glib's),
// measured with callgrind, though a warm run serves every string from the shape cache file and shapes nothing. Each
// HarfBuzz function the shaping stage calls is defined here with HarfBuzz's own prototype and forwards to the real one.
// Without libharfbuzz they fail the way HarfBuzz reports failure: constructors return NULL (`Font` and `RunShaper`
// guard on it), queries return nothing; hb_version_string says the library is missing.
#include <harfbuzz/hb.h>
#include <lazy_library.h>
#include "harfbuzz_loader.h"

LAZY_LIBRARY(harfbuzz, "libharfbuzz.so.0", "HarfBuzz", "libharfbuzz0b");

const char *harfbuzz_loader_failure(void) { return lazy_library_failure(&harfbuzz); }

LAZY_FORWARD(harfbuzz, hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *file_name), (file_name), NULL)
LAZY_FORWARD_VOID(harfbuzz, hb_blob_destroy, (hb_blob_t *blob), (blob))
LAZY_FORWARD(harfbuzz, hb_buffer_t *, hb_buffer_create, (void), (), NULL)
LAZY_FORWARD_VOID(harfbuzz, hb_buffer_destroy, (hb_buffer_t *buffer), (buffer))
LAZY_FORWARD_VOID(harfbuzz, hb_buffer_clear_contents, (hb_buffer_t *buffer), (buffer))
LAZY_FORWARD_VOID(harfbuzz, hb_buffer_add_utf8, (hb_buffer_t *buffer, const char *text, int text_length,
        unsigned int item_offset, int item_length), (buffer, text, text_length, item_offset, item_length))
LAZY_FORWARD_VOID(harfbuzz, hb_buffer_set_direction, (hb_buffer_t *buffer, hb_direction_t direction),
        (buffer, direction))
LAZY_FORWARD_VOID(harfbuzz, hb_buffer_set_script, (hb_buffer_t *buffer, hb_script_t script), (buffer, script))
LAZY_FORWARD_VOID(harfbuzz, hb_buffer_set_language, (hb_buffer_t *buffer, hb_language_t language),
        (buffer, language))
LAZY_FORWARD(harfbuzz, hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t *buffer, unsigned int *length),
        (buffer, length), NULL)
LAZY_FORWARD(harfbuzz, hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t *buffer,
        unsigned int *length), (buffer, length), NULL)
LAZY_FORWARD(harfbuzz, hb_face_t *, hb_face_create, (hb_blob_t *blob, unsigned int index), (blob, index), NULL)
LAZY_FORWARD_VOID(harfbuzz, hb_face_destroy, (hb_face_t *face), (face))
LAZY_FORWARD(harfbuzz, hb_font_t *, hb_font_create, (hb_face_t *face), (face), NULL)
LAZY_FORWARD_VOID(harfbuzz, hb_font_destroy, (hb_font_t *font), (font))
LAZY_FORWARD_VOID(harfbuzz, hb_font_set_scale, (hb_font_t *font, int x_scale, int y_scale), (font, x_scale, y_scale))
LAZY_FORWARD(harfbuzz, hb_bool_t, hb_font_get_nominal_glyph, (hb_font_t *font, hb_codepoint_t unicode,
        hb_codepoint_t *glyph), (font, unicode, glyph), 0)
LAZY_FORWARD(harfbuzz, hb_language_t, hb_language_from_string, (const char *str, int len), (str, len), NULL)
LAZY_FORWARD_VOID(harfbuzz, hb_shape, (hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
        unsigned int num_features), (font, buffer, features, num_features))
LAZY_FORWARD(harfbuzz, const char *, hb_version_string, (void), (), "missing")
