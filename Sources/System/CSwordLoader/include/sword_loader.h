// libsword loaded when a command first reads a SWORD module (see sword_loader.c). The flat C API functions the
// Sword module calls are defined there with SWORD's own prototypes, so Swift calls them as usual through CSword.
#pragma once

/// Why libsword (or one of its functions) could not be loaded, in one line naming the Debian package; NULL when it
/// is loaded. Loads it the first time.
const char *sword_loader_failure(void);
