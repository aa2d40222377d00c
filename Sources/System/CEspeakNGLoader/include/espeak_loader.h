// espeak-ng loaded when `export --audio` first speaks (see espeak_loader.c). The functions the exporter calls are
// defined there with espeak-ng's own prototypes, so Swift calls them as usual through CEspeakNG.
#pragma once

/// Why libespeak-ng (or one of its functions) could not be loaded, in one line naming the Debian package; NULL when
/// it is loaded. Loads it the first time.
const char *espeak_loader_failure(void);
