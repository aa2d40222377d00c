// espeak-ng's library, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's
// lazy_library.h): only `export --audio` synthesizes speech, so no other command (nor an export without audio)
// loads it. Without the library each function fails the way espeak-ng reports failure: EE_INTERNAL_ERROR, and -1
// from espeak_Initialize.
#include <espeak-ng/speak_lib.h>
#include <lazy_library.h>
#include "espeak_loader.h"

LAZY_LIBRARY(libespeak, "libespeak-ng.so.1", "espeak-ng", "libespeak-ng1");

const char *espeak_loader_failure(void) { return lazy_library_failure(&libespeak); }

LAZY_FORWARD(libespeak, int, espeak_Initialize, (espeak_AUDIO_OUTPUT output, int buflength, const char *path,
        int options), (output, buflength, path, options), -1)
LAZY_FORWARD_VOID(libespeak, espeak_SetSynthCallback, (t_espeak_callback * callback), (callback))
LAZY_FORWARD(libespeak, espeak_ERROR, espeak_SetVoiceByName, (const char *name), (name), EE_INTERNAL_ERROR)
LAZY_FORWARD(libespeak, espeak_ERROR, espeak_Synth, (const void *text, size_t size, unsigned int position,
        espeak_POSITION_TYPE position_type, unsigned int end_position, unsigned int flags,
        unsigned int *unique_identifier, void *user_data), (text, size, position, position_type, end_position, flags,
        unique_identifier, user_data), EE_INTERNAL_ERROR)
LAZY_FORWARD(libespeak, espeak_ERROR, espeak_Terminate, (void), (), EE_INTERNAL_ERROR)
