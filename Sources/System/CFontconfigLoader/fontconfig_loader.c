// fontconfig, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// libfontconfig and what it needs (libexpat, and libfreetype with libpng16 and brotli) cost every `interlinear`
// process their loading and relocating (benchmark `typeset-warm`), though a run whose fonts come from the font cache
// asks fontconfig nothing. Each fontconfig function the engine calls is defined here with fontconfig's own prototype
// and forwards to the real one. Without libfontconfig they fail the way fontconfig reports failure: FcInit and the
// other FcBool functions return FcFalse, constructors and lists NULL, lookups FcResultNoMatch;
// fontconfig_loader_failure says why.
#include <fontconfig/fontconfig.h>
#include <lazy_library.h>
#include "fontconfig_loader.h"

LAZY_LIBRARY(fontconfig, "libfontconfig.so.1", "fontconfig", "libfontconfig1");

const char *fontconfig_loader_failure(void) { return lazy_library_failure(&fontconfig); }

const char *fontconfig_loader_file(void) { return lazy_library_file(&fontconfig, "FcInit"); }

LAZY_FORWARD(fontconfig, FcBool, FcInit, (void), (), FcFalse)
LAZY_FORWARD(fontconfig, int, FcGetVersion, (void), (), 0)
LAZY_FORWARD(fontconfig, FcConfig *, FcConfigCreate, (void), (), NULL)
LAZY_FORWARD_VOID(fontconfig, FcConfigDestroy, (FcConfig *config), (config))
LAZY_FORWARD(fontconfig, FcBool, FcConfigParseAndLoadFromMemory, (FcConfig *config, const FcChar8 *buffer,
        FcBool complain), (config, buffer, complain), FcFalse)
LAZY_FORWARD(fontconfig, FcBool, FcConfigBuildFonts, (FcConfig *config), (config), FcFalse)
LAZY_FORWARD(fontconfig, FcStrList *, FcConfigGetConfigFiles, (FcConfig *config), (config), NULL)
LAZY_FORWARD(fontconfig, FcStrList *, FcConfigGetConfigDirs, (FcConfig *config), (config), NULL)
LAZY_FORWARD(fontconfig, FcStrList *, FcConfigGetFontDirs, (FcConfig *config), (config), NULL)
LAZY_FORWARD(fontconfig, FcStrList *, FcConfigGetCacheDirs, (FcConfig *config), (config), NULL)
LAZY_FORWARD(fontconfig, FcChar8 *, FcStrListNext, (FcStrList *list), (list), NULL)
LAZY_FORWARD_VOID(fontconfig, FcStrListDone, (FcStrList *list), (list))
LAZY_FORWARD(fontconfig, FcPattern *, FcPatternCreate, (void), (), NULL)
LAZY_FORWARD_VOID(fontconfig, FcPatternDestroy, (FcPattern *p), (p))
LAZY_FORWARD(fontconfig, FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s),
        (p, object, s), FcFalse)
LAZY_FORWARD(fontconfig, FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n,
        FcChar8 **s), (p, object, n, s), FcResultNoMatch)
LAZY_FORWARD(fontconfig, FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i),
        (p, object, n, i), FcResultNoMatch)
LAZY_FORWARD(fontconfig, FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind),
        (config, p, kind), FcFalse)
LAZY_FORWARD_VOID(fontconfig, FcDefaultSubstitute, (FcPattern *pattern), (pattern))
LAZY_FORWARD(fontconfig, FcFontSet *, FcFontSort, (FcConfig *config, FcPattern *p, FcBool trim, FcCharSet **csp,
        FcResult *result), (config, p, trim, csp, result), NULL)
LAZY_FORWARD_VOID(fontconfig, FcFontSetDestroy, (FcFontSet *s), (s))
