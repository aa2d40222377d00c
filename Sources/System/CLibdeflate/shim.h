// libdeflate (Debian libdeflate-dev), the PNG encoder's whole-buffer zlib compressor: at level 1 it deflates a
// chapter's rows in about 40 % of zlib's instructions, to a smaller stream.
#include <libdeflate.h>
