// cairo with its FreeType font backend (cairo-ft is part of libcairo on Debian) and the PNG, SVG and PDF surfaces.
// Headers only: the functions are defined by CCairoLoader, which loads libcairo on first use.
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
