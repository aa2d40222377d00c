// cairo, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// libcairo and what it needs (pixman, libpng, libX11, libxcb and its extensions) cost every `interlinear` process
// loading and relocating them (callgrind, benchmark `typeset-warm`), though only `render` and `view` draw.
// Each cairo function they call is defined here with cairo's own prototype and forwards to the real one. Without
// libcairo they fail the way cairo reports failure: constructors return NULL (the Swift callers guard on it), status
// queries return CAIRO_STATUS_DEVICE_ERROR, cairo_status_to_string says why the library is missing; the commands
// that draw check cairo_loader_failure first and say so in one line.
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#include "../CCairo/shim.h"  // after cairo's own headers: its declaration of the cairo-ft function must agree
#include <lazy_library.h>
#include "cairo_loader.h"

LAZY_LIBRARY(cairo, "libcairo.so.2", "cairo", "libcairo2");

const char *cairo_loader_failure(void) { return lazy_library_failure(&cairo); }

LAZY_FORWARD_VOID(cairo, cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1,
        double angle2), (cr, xc, yc, radius, angle1, angle2))
LAZY_FORWARD_VOID(cairo, cairo_clip, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_close_path, (cairo_t *cr), (cr))
LAZY_FORWARD(cairo, cairo_t *, cairo_create, (cairo_surface_t *target), (target), NULL)
LAZY_FORWARD_VOID(cairo, cairo_destroy, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_fill, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_font_face_destroy, (cairo_font_face_t *font_face), (font_face))
LAZY_FORWARD(cairo, cairo_status_t, cairo_font_face_set_user_data, (cairo_font_face_t *font_face,
        const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy), (font_face, key,
        user_data, destroy), CAIRO_STATUS_DEVICE_ERROR)
LAZY_FORWARD(cairo, cairo_font_options_t *, cairo_font_options_create, (void), (), NULL)
LAZY_FORWARD_VOID(cairo, cairo_font_options_destroy, (cairo_font_options_t *options), (options))
LAZY_FORWARD(cairo, cairo_hint_style_t, cairo_font_options_get_hint_style, (const cairo_font_options_t *options),
        (options), CAIRO_HINT_STYLE_DEFAULT)
LAZY_FORWARD_VOID(cairo, cairo_font_options_set_antialias, (cairo_font_options_t *options,
        cairo_antialias_t antialias), (options, antialias))
LAZY_FORWARD_VOID(cairo, cairo_font_options_set_hint_metrics, (cairo_font_options_t *options,
        cairo_hint_metrics_t hint_metrics), (options, hint_metrics))
LAZY_FORWARD_VOID(cairo, cairo_font_options_set_hint_style, (cairo_font_options_t *options,
        cairo_hint_style_t hint_style), (options, hint_style))
LAZY_FORWARD(cairo, cairo_font_face_t *, cairo_ft_font_face_create_for_ft_face, (FT_Face face, int load_flags),
        (face, load_flags), NULL)
LAZY_FORWARD_VOID(cairo, cairo_get_font_options, (cairo_t *cr, cairo_font_options_t *options), (cr, options))
LAZY_FORWARD_VOID(cairo, cairo_get_matrix, (cairo_t *cr, cairo_matrix_t *matrix), (cr, matrix))
LAZY_FORWARD_VOID(cairo, cairo_identity_matrix, (cairo_t *cr), (cr))
LAZY_FORWARD(cairo, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height),
        (format, width, height), NULL)
LAZY_FORWARD(cairo, cairo_surface_t *, cairo_image_surface_create_from_png, (const char *filename), (filename),
        NULL)
LAZY_FORWARD(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface), NULL)
LAZY_FORWARD(cairo, int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface), 0)
LAZY_FORWARD(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface), 0)
LAZY_FORWARD(cairo, int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface), 0)
LAZY_FORWARD_VOID(cairo, cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y))
LAZY_FORWARD_VOID(cairo, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))
LAZY_FORWARD_VOID(cairo, cairo_new_sub_path, (cairo_t *cr), (cr))
// The outline's entry ids are positive; 0, the root, when cairo is missing (nothing is written then).
LAZY_FORWARD(cairo, int, cairo_pdf_surface_add_outline, (cairo_surface_t *surface, int parent_id, const char *utf8,
        const char *link_attribs, cairo_pdf_outline_flags_t flags), (surface, parent_id, utf8, link_attribs, flags),
        0)
LAZY_FORWARD(cairo, cairo_surface_t *, cairo_pdf_surface_create_for_stream, (cairo_write_func_t write_func,
        void *closure, double width_in_points, double height_in_points), (write_func, closure, width_in_points,
        height_in_points), NULL)
LAZY_FORWARD_VOID(cairo, cairo_pdf_surface_set_metadata, (cairo_surface_t *surface, cairo_pdf_metadata_t metadata,
        const char *utf8), (surface, metadata, utf8))
LAZY_FORWARD_VOID(cairo, cairo_pdf_surface_set_page_label, (cairo_surface_t *surface, const char *utf8), (surface,
        utf8))
LAZY_FORWARD_VOID(cairo, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y,
        width, height))
LAZY_FORWARD_VOID(cairo, cairo_restore, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_save, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
LAZY_FORWARD(cairo, cairo_scaled_font_t *, cairo_scaled_font_create, (cairo_font_face_t *font_face,
        const cairo_matrix_t *font_matrix, const cairo_matrix_t *ctm, const cairo_font_options_t *options),
        (font_face, font_matrix, ctm, options), NULL)
LAZY_FORWARD_VOID(cairo, cairo_scaled_font_destroy, (cairo_scaled_font_t *scaled_font), (scaled_font))
LAZY_FORWARD_VOID(cairo, cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant,
        cairo_font_weight_t weight), (cr, family, slant, weight))
LAZY_FORWARD_VOID(cairo, cairo_set_dash, (cairo_t *cr, const double *dashes, int num_dashes, double offset), (cr,
        dashes, num_dashes, offset))
LAZY_FORWARD_VOID(cairo, cairo_set_font_face, (cairo_t *cr, cairo_font_face_t *font_face), (cr, font_face))
LAZY_FORWARD_VOID(cairo, cairo_set_font_matrix, (cairo_t *cr, const cairo_matrix_t *matrix), (cr, matrix))
LAZY_FORWARD_VOID(cairo, cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *options), (cr, options))
LAZY_FORWARD_VOID(cairo, cairo_set_font_size, (cairo_t *cr, double size), (cr, size))
LAZY_FORWARD_VOID(cairo, cairo_set_line_width, (cairo_t *cr, double width), (cr, width))
LAZY_FORWARD_VOID(cairo, cairo_set_scaled_font, (cairo_t *cr, const cairo_scaled_font_t *scaled_font), (cr,
        scaled_font))
LAZY_FORWARD_VOID(cairo, cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha),
        (cr, red, green, blue, alpha))
LAZY_FORWARD_VOID(cairo, cairo_show_glyphs, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs,
        num_glyphs))
LAZY_FORWARD_VOID(cairo, cairo_show_page, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))
LAZY_FORWARD_VOID(cairo, cairo_show_text_glyphs, (cairo_t *cr, const char *utf8, int utf8_len,
        const cairo_glyph_t *glyphs, int num_glyphs, const cairo_text_cluster_t *clusters, int num_clusters,
        cairo_text_cluster_flags_t cluster_flags), (cr, utf8, utf8_len, glyphs, num_glyphs, clusters, num_clusters,
        cluster_flags))
LAZY_FORWARD(cairo, cairo_status_t, cairo_status, (cairo_t *cr), (cr), CAIRO_STATUS_DEVICE_ERROR)
LAZY_FORWARD(cairo, const char *, cairo_status_to_string, (cairo_status_t status), (status),
        lazy_library_failure(&cairo))
LAZY_FORWARD_VOID(cairo, cairo_stroke, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_stroke_preserve, (cairo_t *cr), (cr))
LAZY_FORWARD_VOID(cairo, cairo_surface_destroy, (cairo_surface_t *surface), (surface))
LAZY_FORWARD_VOID(cairo, cairo_surface_finish, (cairo_surface_t *surface), (surface))
LAZY_FORWARD_VOID(cairo, cairo_surface_flush, (cairo_surface_t *surface), (surface))
LAZY_FORWARD(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface),
        CAIRO_STATUS_DEVICE_ERROR)
LAZY_FORWARD(cairo, cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface,
        cairo_write_func_t write_func, void *closure), (surface, write_func, closure), CAIRO_STATUS_DEVICE_ERROR)
LAZY_FORWARD(cairo, cairo_surface_t *, cairo_svg_surface_create_for_stream, (cairo_write_func_t write_func,
        void *closure, double width_in_points, double height_in_points), (write_func, closure, width_in_points,
        height_in_points), NULL)
LAZY_FORWARD_VOID(cairo, cairo_tag_begin, (cairo_t *cr, const char *tag_name, const char *attributes), (cr,
        tag_name, attributes))
LAZY_FORWARD_VOID(cairo, cairo_tag_end, (cairo_t *cr, const char *tag_name), (cr, tag_name))
LAZY_FORWARD_VOID(cairo, cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr,
        utf8, extents))
LAZY_FORWARD_VOID(cairo, cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty))
