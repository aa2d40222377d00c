// speech-dispatcher's client library, loaded on first use instead of at process start (the mechanism is in
// CLazyLibrary's lazy_library.h).
//
// Only the reader with speech on (`read --speech`) talks to speech-dispatcher. Each libspeechd function it calls is
// defined here with libspeechd's own prototype and forwards to the real one. Without libspeechd they fail the way
// libspeechd reports failure: spd_open2 returns NULL with *error_result saying why (the reader prints it), the others
// return -1.
#include <speech-dispatcher/libspeechd.h>
#include <stdlib.h>
#include <string.h>
#include <lazy_library.h>
#include "speechd_loader.h"

LAZY_LIBRARY(libspeechd, "libspeechd.so.2", "speech-dispatcher's client library", "libspeechd2");

const char *speechd_loader_failure(void) { return lazy_library_failure(&libspeechd); }

// spd_open2's failure: NULL, and a malloc'ed reason in *error_result (the caller frees it, as libspeechd's own).
static SPDConnection *refused(char **error_result) {
    if (error_result) {
        const char *failure = lazy_library_failure(&libspeechd);
        *error_result = strdup(failure ? failure : "speech-dispatcher's client library is unavailable");
    }
    return NULL;
}

LAZY_FORWARD(libspeechd, int, spd_cancel, (SPDConnection * connection), (connection), -1)
LAZY_FORWARD_VOID(libspeechd, spd_close, (SPDConnection * connection), (connection))
LAZY_FORWARD(libspeechd, SPDConnection *, spd_open2, (const char *client_name, const char *connection_name,
        const char *user_name, SPDConnectionMode mode, const SPDConnectionAddress * address, int autospawn,
        char **error_result), (client_name, connection_name, user_name, mode, address, autospawn, error_result),
        refused(error_result))
LAZY_FORWARD(libspeechd, int, spd_say, (SPDConnection * connection, SPDPriority priority, const char *text),
        (connection, priority, text), -1)
LAZY_FORWARD(libspeechd, int, spd_set_language, (SPDConnection * connection, const char *language), (connection,
        language), -1)
