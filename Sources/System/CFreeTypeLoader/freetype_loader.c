// FreeType, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// libfreetype and what it needs (libpng16, libbrotlidec, libbrotlicommon) cost every `interlinear` process their
// loading and relocating (benchmark `typeset-warm`), though a run whose fonts come from the font cache opens no font
// file. Each FreeType function the engine calls is defined here with FreeType's own prototype and forwards to the
// real one. Without libfreetype they fail the way FreeType reports failure (FT_Err_Cannot_Open_Resource, a glyph
// index of 0); freetype_loader_failure says why. FreeType's headers come from the `freetype2` link beside this
// file (Debian's /usr/include/freetype2), for this file only; Package.swift says why.
#include <ft2build.h>
#include FT_FREETYPE_H
#include "../CFreeType/shim.h"  // after FreeType's own: a declaration there that disagrees does not compile
#include <lazy_library.h>
#include "freetype_loader.h"

LAZY_LIBRARY(freetype, "libfreetype.so.6", "FreeType", "libfreetype6");

const char *freetype_loader_failure(void) { return lazy_library_failure(&freetype); }

const char *freetype_loader_file(void) { return lazy_library_file(&freetype, "FT_Init_FreeType"); }

LAZY_FORWARD(freetype, FT_Error, FT_Init_FreeType, (FT_Library *alibrary), (alibrary), FT_Err_Cannot_Open_Resource)
LAZY_FORWARD(freetype, FT_Error, FT_Done_FreeType, (FT_Library library), (library), FT_Err_Invalid_Library_Handle)
LAZY_FORWARD(freetype, FT_Error, FT_New_Face, (FT_Library library, const char *filepathname, FT_Long face_index,
        FT_Face *aface), (library, filepathname, face_index, aface), FT_Err_Cannot_Open_Resource)
LAZY_FORWARD(freetype, FT_Error, FT_Done_Face, (FT_Face face), (face), FT_Err_Invalid_Face_Handle)
LAZY_FORWARD(freetype, FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong charcode), (face, charcode), 0)

void interlinear_freetype_face_metrics(FT_Face face, unsigned short *units_per_em, short *ascender, short *descender,
                                       short *height) {
    *units_per_em = face->units_per_EM;
    *ascender = face->ascender;
    *descender = face->descender;
    *height = face->height;
}
