// speech-dispatcher's client library loaded when the reader first speaks (see speechd_loader.c). The functions the
// reader calls are defined there with libspeechd's own prototypes, so Swift calls them as usual through CSpeechd.
#pragma once

/// Why libspeechd (or one of its functions) could not be loaded, in one line naming the Debian package; NULL when it
/// is loaded. Loads it the first time.
const char *speechd_loader_failure(void);
