// LAME's MP3 encoder, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's
// lazy_library.h): only `export --audio` encodes. Without the library each function fails the way LAME reports
// failure: NULL from lame_init, -1 (or 0 bytes) from the others.
#include <lame/lame.h>
#include <lazy_library.h>
#include "lame_loader.h"

LAZY_LIBRARY(libmp3lame, "libmp3lame.so.0", "LAME (MP3 encoder)", "libmp3lame0");

const char *lame_loader_failure(void) { return lazy_library_failure(&libmp3lame); }

LAZY_FORWARD(libmp3lame, lame_global_flags *, lame_init, (void), (), NULL)
LAZY_FORWARD(libmp3lame, int, lame_set_in_samplerate, (lame_global_flags * flags, int rate), (flags, rate), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_out_samplerate, (lame_global_flags * flags, int rate), (flags, rate), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_num_channels, (lame_global_flags * flags, int count), (flags, count), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_mode, (lame_global_flags * flags, MPEG_mode mode), (flags, mode), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_VBR, (lame_global_flags * flags, vbr_mode mode), (flags, mode), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_brate, (lame_global_flags * flags, int rate), (flags, rate), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_quality, (lame_global_flags * flags, int quality), (flags, quality), -1)
LAZY_FORWARD(libmp3lame, int, lame_set_bWriteVbrTag, (lame_global_flags * flags, int on), (flags, on), -1)
LAZY_FORWARD_VOID(libmp3lame, lame_set_write_id3tag_automatic, (lame_global_flags * flags, int on), (flags, on))
LAZY_FORWARD(libmp3lame, int, lame_init_params, (lame_global_flags * flags), (flags), -1)
LAZY_FORWARD(libmp3lame, int, lame_encode_buffer, (lame_global_flags * flags, const short int left[],
        const short int right[], const int count, unsigned char *out, const int size), (flags, left, right, count,
        out, size), -1)
LAZY_FORWARD(libmp3lame, int, lame_encode_flush, (lame_global_flags * flags, unsigned char *out, int size), (flags,
        out, size), -1)
LAZY_FORWARD(libmp3lame, size_t, lame_get_lametag_frame, (const lame_global_flags *flags, unsigned char *out,
        size_t size), (flags, out, size), 0)
LAZY_FORWARD(libmp3lame, int, lame_close, (lame_global_flags * flags), (flags), -1)
