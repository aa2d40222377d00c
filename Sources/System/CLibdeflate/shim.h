// libdeflate (Debian libdeflate-dev), the PNG encoder's whole-buffer zlib compressor: at level 1 it deflates a
// chapter's rows for less than zlib, to a smaller stream (benchmark `render-png`, docs/performance.md).
#include <libdeflate.h>
