// cairo with its FreeType font backend (cairo-ft is part of libcairo on Debian) and the PNG, SVG and PDF surfaces.
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
