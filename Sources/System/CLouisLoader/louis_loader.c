// liblouis, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// Only `braille` and the reader's braille display translate to braille. Each liblouis function they call is defined
// here with liblouis's own prototype and forwards to the real one. Without liblouis they fail the way liblouis
// reports failure: lou_checkTable and the translations return 0, lou_setLogLevel does nothing; lou_charSize, which
// cannot fail, answers with the header's widechar size. The braille module checks louis_loader_failure first and
// says so in one line.
#include <liblouis/liblouis.h>
#include <lazy_library.h>
#include "louis_loader.h"

LAZY_LIBRARY(liblouis, "liblouis.so.20", "liblouis", "liblouis20");

const char *louis_loader_failure(void) { return lazy_library_failure(&liblouis); }

LAZY_FORWARD(liblouis, int, lou_backTranslateString, (const char *tableList, const widechar *inbuf, int *inlen,
        widechar *outbuf, int *outlen, formtype *typeform, char *spacing, int mode), (tableList, inbuf, inlen,
        outbuf, outlen, typeform, spacing, mode), 0)
LAZY_FORWARD(liblouis, int, lou_charSize, (void), (), (int)sizeof(widechar))
LAZY_FORWARD(liblouis, int, lou_checkTable, (const char *tableList), (tableList), 0)
LAZY_FORWARD_VOID(liblouis, lou_setLogLevel, (logLevels level), (level))
LAZY_FORWARD(liblouis, int, lou_translateString, (const char *tableList, const widechar *inbuf, int *inlen,
        widechar *outbuf, int *outlen, formtype *typeform, char *spacing, int mode), (tableList, inbuf, inlen,
        outbuf, outlen, typeform, spacing, mode), 0)
