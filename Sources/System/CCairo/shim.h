// cairo with its FreeType font backend (cairo-ft is part of libcairo on Debian) and the PNG, SVG and PDF surfaces.
// Headers only: the functions are defined by CCairoLoader, which loads libcairo on first use.
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>

// The one cairo-ft function the renderer calls, declared here instead of including <cairo/cairo-ft.h>, which
// includes FreeType's headers (CFreeType's shim.h says why those stay out of Swift's modules). CCairoLoader includes
// this file after cairo-ft.h, so a declaration that disagrees with cairo's does not compile.
struct FT_FaceRec_;
cairo_font_face_t *cairo_ft_font_face_create_for_ft_face(struct FT_FaceRec_ *face, int load_flags);
