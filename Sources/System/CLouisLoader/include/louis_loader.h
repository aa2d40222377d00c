// liblouis loaded when a command first translates to braille (see louis_loader.c). The functions the braille
// module calls are defined there with liblouis's own prototypes, so Swift calls them as usual through CLouis.
#pragma once

/// Why liblouis (or one of its functions) could not be loaded, in one line naming the Debian package; NULL when it
/// is loaded. Loads it the first time.
const char *louis_loader_failure(void);
